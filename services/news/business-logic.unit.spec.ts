import { describe, expect, it } from 'vitest';
import { NewsArticleUpdate, NewsKeywordsUpdate, normaliseKeywords, normaliseTags } from '../../contracts/news.ts';
import type { NewsArticleEvent, NewsKeywordsChanged } from '../../events/news.ts';
import type { CommandContext } from '../core/decider.ts';
import { validate } from '../http/validation.ts';
import { deciderSpec } from '../testing/decider-spec.ts';
import { articleDecider, keywordsDecider, reviewCutoff, type IngestedArticle } from './business-logic.ts';
import { DEFAULT_NEWS_KEYWORDS } from './keywords.ts';

const now = '2026-03-04T15:00:00.000Z';
const ctx: CommandContext = { actor: 'job:ingest-news', correlationId: 'run-1', now };
const given = deciderSpec(articleDecider, ctx);
const later = (days: number): CommandContext => ({ ...ctx, actor: 'user:owner', now: new Date(Date.parse(now) + days * 86_400_000).toISOString() });

const article: IngestedArticle = {
  articleId: 'a1',
  title: 'Roundhill NVDW declares a distribution',
  link: 'https://news.example.com/a1',
  summary: 'NVDW pays $0.41.',
  source: 'Example Wire',
  tags: ['Roundhill', 'NVDW'],
  publishedAt: '2026-03-04T12:00:00.000Z',
};
const ingested: NewsArticleEvent = { type: 'NewsArticleIngested', data: { ...article, ingestedAt: now } };
const status = (s: 'draft' | 'review' | 'published' | 'archived', at = now): NewsArticleEvent => ({ type: 'NewsArticleStatusChanged', data: { articleId: 'a1', status: s, changedAt: at } });
const deleted: NewsArticleEvent = { type: 'NewsArticleDeleted', data: { articleId: 'a1', reason: 'deleted', deletedAt: now } };

describe('news-<articleId>: ingestion', () => {
  it('ingests a new article with its status in the same decision', () => {
    given([]).when({ type: 'IngestArticle', article, status: 'published' }).then([ingested, status('published')]);
    given([]).when({ type: 'IngestArticle', article, status: 'review' }).then([ingested, status('review')]);
  });

  it('ingests each article once: again, or after the owner deleted it, nothing', () => {
    given([ingested, status('review')]).when({ type: 'IngestArticle', article, status: 'published' }).then([]);
    given([ingested, status('review'), deleted]).when({ type: 'IngestArticle', article, status: 'review' }).then([]);
  });
});

describe('news-<articleId>: the owner', () => {
  const edit = { type: 'EditArticle' as const, articleId: 'a1', title: article.title, summary: article.summary, tags: article.tags };

  it('edits only what changed, and the status when it differs', () => {
    const at = later(1);
    given([ingested, status('review')])
      .when({ ...edit, title: 'New title', tags: ['NVDW'], status: 'published' }, at)
      .then([
        { type: 'NewsArticleEdited', data: { articleId: 'a1', title: 'New title', tags: ['NVDW'], editedAt: at.now } },
        { type: 'NewsArticleStatusChanged', data: { articleId: 'a1', status: 'published', changedAt: at.now } },
      ]);
    given([ingested, status('review')]).when({ ...edit, status: 'review' }).then([]);
    given([ingested, status('published')]).when({ ...edit, summary: 'Shorter', status: 'published' }, at).then([
      { type: 'NewsArticleEdited', data: { articleId: 'a1', summary: 'Shorter', editedAt: at.now } },
    ]);
  });

  it('moves an archived article back to the status of the form', () => {
    given([ingested, status('review'), status('archived')]).when({ ...edit, status: 'review' }).then([status('review')]);
  });

  it('answers 404 for an unknown or deleted article', () => {
    given([]).when({ ...edit, status: 'review' }).thenThrows({ status: 404, message: 'Article not found' });
    given([ingested, status('review'), deleted]).when({ ...edit, status: 'review' }).thenThrows({ status: 404, message: 'Article not found' });
    given([]).when({ type: 'DeleteArticle', articleId: 'a1' }).thenThrows({ status: 404, message: 'Article not found' });
    given([ingested, deleted]).when({ type: 'DeleteArticle', articleId: 'a1' }).thenThrows({ status: 404 });
  });

  it('deletes; a purge deletes only an article still in the purged status', () => {
    given([ingested, status('published')]).when({ type: 'DeleteArticle', articleId: 'a1' }).then([deleted]);
    given([ingested, status('review')])
      .when({ type: 'PurgeArticle', articleId: 'a1', status: 'review' })
      .then([{ type: 'NewsArticleDeleted', data: { articleId: 'a1', reason: 'purged', deletedAt: now } }]);
    given([ingested, status('review'), status('published')]).when({ type: 'PurgeArticle', articleId: 'a1', status: 'review' }).then([]);
    given([ingested, status('review'), deleted]).when({ type: 'PurgeArticle', articleId: 'a1', status: 'review' }).then([]);
  });
});

describe('news-<articleId>: the 30-day archive', () => {
  const archive = { type: 'ArchiveStaleArticle' as const, articleId: 'a1' };

  it('archives an article untouched in review for 30 days, not a day sooner', () => {
    expect(reviewCutoff(now)).toBe('2026-02-02T15:00:00.000Z');
    given([ingested, status('review')]).when(archive, later(30)).then([status('archived', later(30).now)]);
    given([ingested, status('review')]).when(archive, later(29.99)).then([]);
  });

  it('counts from the owner last touching it, and never archives another status', () => {
    const edited: NewsArticleEvent = { type: 'NewsArticleEdited', data: { articleId: 'a1', title: 'Edited', editedAt: later(10).now } };
    given([ingested, status('review'), edited]).when(archive, later(30)).then([]);
    given([ingested, status('review'), edited]).when(archive, later(40)).then([status('archived', later(40).now)]);
    given([ingested, status('published')]).when(archive, later(90)).then([]);
    given([ingested, status('draft')]).when(archive, later(90)).then([]);
    given([]).when(archive, later(90)).then([]);
  });
});

describe('the edit form', () => {
  it('trims, splits comma-separated tags, drops empty and repeated ones; a missing status means review', () => {
    expect(validate(NewsArticleUpdate, { title: ' T ', summary: ' S ', tags: 'NVDW, , Roundhill,nvdw' })).toEqual({ title: 'T', summary: 'S', tags: ['NVDW', 'Roundhill'], status: 'review' });
    expect(validate(NewsArticleUpdate, { title: 'T', summary: '', tags: ['A', ' b ', 'A,c'], status: null })).toEqual({ title: 'T', summary: '', tags: ['A', 'b', 'c'], status: 'review' });
    expect(normaliseTags('')).toEqual([]);
  });

  it.each([
    [{ summary: '', tags: '' }, 'title', 'Required'],
    [{ title: '  ', summary: '', tags: '' }, 'title', 'Title is required'],
    [{ title: 'x'.repeat(301), summary: '', tags: '' }, 'title', 'Title must be at most 300 characters'],
    [{ title: 'T', summary: 5, tags: '' }, 'summary', 'Summary must be text'],
    [{ title: 'T', summary: 'x'.repeat(2001), tags: '' }, 'summary', 'Summary must be at most 2,000 characters'],
    [{ title: 'T', summary: '', tags: 7 }, 'tags', 'Tags must be comma-separated text or a list of text'],
    [{ title: 'T', summary: '', tags: 'x'.repeat(65) }, 'tags.0', 'A tag must be at most 64 characters'],
    [{ title: 'T', summary: '', tags: Array.from({ length: 101 }, (_, i) => `t${i}`) }, 'tags', 'At most 100 tags'],
    [{ title: 'T', summary: '', tags: '', status: 'archived' }, 'status', 'Status must be draft, review or published'],
  ])('refuses %j: %s', (body, field, message) => {
    expect(() => validate(NewsArticleUpdate, body)).toThrow(expect.objectContaining({ status: 400, fieldErrors: expect.objectContaining({ [field]: message }) }));
  });
});

describe('newskeywords-site', () => {
  const givenKeywords = deciderSpec(keywordsDecider, ctx);
  const changed = (keywords: string[]): NewsKeywordsChanged => ({ type: 'NewsKeywordsChanged', data: { keywords, changedAt: now } });

  it('saves a list, an empty one too; saving the same list again changes nothing', () => {
    givenKeywords([]).when({ type: 'SaveKeywords', keywords: ['weekly pay'] }).then([changed(['weekly pay'])]);
    givenKeywords([changed(['weekly pay'])]).when({ type: 'SaveKeywords', keywords: ['weekly pay'] }).then([]);
    givenKeywords([changed(['weekly pay'])]).when({ type: 'SaveKeywords', keywords: [] }).then([changed([])]);
    givenKeywords([]).when({ type: 'SaveKeywords', keywords: [] }).then([changed([])]);
  });

  it('normalises: trimmed, inner spaces collapsed, empty dropped, commas split, de-duplicated case-insensitively', () => {
    expect(normaliseKeywords(['  weekly   pay ', '', 'YieldMax, yieldmax ,Roundhill', 'WEEKLY PAY', ' , '])).toEqual(['weekly pay', 'YieldMax', 'Roundhill']);
    expect(validate(NewsKeywordsUpdate, { keywords: [' a ', 'A'] })).toEqual({ keywords: ['a'] });
  });

  it('limits the list: at most 100 keywords of at most 60 characters, text only', () => {
    const many = Array.from({ length: 101 }, (_, i) => `k${i}`);
    expect(() => validate(NewsKeywordsUpdate, { keywords: many })).toThrow(expect.objectContaining({ message: 'At most 100 keywords' }));
    expect(() => validate(NewsKeywordsUpdate, { keywords: ['x'.repeat(61)] })).toThrow(expect.objectContaining({ message: expect.stringMatching(/^A keyword must be at most 60 characters/) }));
    expect(() => validate(NewsKeywordsUpdate, { keywords: 'weekly' })).toThrow(expect.objectContaining({ message: 'Keywords must be a list of text' }));
    expect(() => validate(NewsKeywordsUpdate, { keywords: ['ok', 3] })).toThrow(expect.objectContaining({ fieldErrors: { 'keywords.1': 'Each keyword must be text' } }));
    expect(() => validate(NewsKeywordsUpdate, {})).toThrow(expect.objectContaining({ message: 'Required' }));
  });

  it('has a default list for weekly-pay ETFs that passes its own limits', () => {
    expect(validate(NewsKeywordsUpdate, { keywords: [...DEFAULT_NEWS_KEYWORDS] })).toEqual({ keywords: [...DEFAULT_NEWS_KEYWORDS] });
    expect(DEFAULT_NEWS_KEYWORDS).toContain('weekly distribution');
  });
});
