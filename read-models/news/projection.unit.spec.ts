import { describe, expect, it } from 'vitest';
import type { NewsArticleEvent, NewsKeywordsChanged } from '../../events/news.ts';
import type { DocumentStore } from '../../infra/document-store/port.ts';
import { physicalName } from '../runtime/projection.ts';
import { project, recorded, sampleEvent, schemaCoverage, type CoverageCases, type GivenEvent } from '../runtime/projection-testing.ts';
import type { ReadModels } from '../runtime/read-models.ts';
import { NEWS, NEWS_KEYWORDS, newsKeywordsProjection, newsProjection, type NewsDoc } from './projection.ts';
import { adminNews, articleIdsInStatus, findArticle, knownArticleIds, publishedNews, publishedNewsForTicker, savedNewsKeywords, staleReviewIds, toAdminNewsArticle, toNewsItem } from './queries.ts';

const at = '2026-01-07T15:00:00.000Z';
const ingested = (id: string, title: string, tags: string[], publishedAt: string | null): GivenEvent => ({
  stream: `news-${id}`,
  type: 'NewsArticleIngested',
  data: { articleId: id, title, link: `https://news.example.com/${id}`, summary: `About ${id}`, source: 'Example Wire', tags, publishedAt, ingestedAt: at },
});
const status = (id: string, s: string): GivenEvent => ({ stream: `news-${id}`, type: 'NewsArticleStatusChanged', data: { articleId: id, status: s, changedAt: at } });

const history: GivenEvent[] = [
  ingested('a1', 'Roundhill launches NVDW weekly pay ETF', ['Roundhill', 'NVDA'], '2026-01-05T12:00:00.000Z'),
  status('a1', 'published'),
  ingested('a2', 'YieldMax MSTY declares distribution', ['YieldMax', 'msty'], '2026-01-06T12:00:00.000Z'),
  status('a2', 'published'),
  ingested('a3', 'Why (nvdw) beats NVDWX', [], null),
  status('a3', 'published'),
  ingested('a4', 'NVDW draft only', ['NVDW'], '2026-01-07T12:00:00.000Z'),
  status('a4', 'review'),
  ingested('a5', 'NVDW archived story', [], '2026-01-04T12:00:00.000Z'),
  status('a5', 'published'),
  status('a5', 'archived'),
  ingested('a6', 'Deleted NVDW story', [], '2026-01-06T18:00:00.000Z'),
  status('a6', 'published'),
  { stream: 'news-a6', type: 'NewsArticleDeleted', data: { articleId: 'a6', reason: 'deleted', deletedAt: at } },
  ingested('a7', 'Granite GraniteShares YieldBOOST', ['Granite'], '2026-01-03T12:00:00.000Z'),
  status('a7', 'published'),
  { stream: 'news-a7', type: 'NewsArticleEdited', data: { articleId: 'a7', title: 'GraniteShares adds TSYY to NVDW peers', tags: ['Granite', 'TSYY'], editedAt: at } },
];

function readModelsOf(docs: DocumentStore): ReadModels {
  return { collection: (p: typeof newsProjection, name: string) => docs.collection(physicalName(p, name)) } as unknown as ReadModels;
}

const keywordsChanged = (keywords: string[], changedAt: string): GivenEvent => ({ stream: 'newskeywords-site', type: 'NewsKeywordsChanged', data: { keywords, changedAt } });

describe('news projection and its public reads', () => {
  it('lists published articles newest first, an article without a date last; drafts, review, archived and deleted ones never', async () => {
    const { docs } = await project(newsProjection, recorded(history));
    const items = (await publishedNews(readModelsOf(docs))).map(toNewsItem);
    expect(items.map((i) => i.id)).toEqual(['a2', 'a1', 'a7', 'a3']);
    expect(items[0]).toEqual({
      id: 'a2',
      title: 'YieldMax MSTY declares distribution',
      link: 'https://news.example.com/a2',
      summary: 'About a2',
      source: 'Example Wire',
      tags: 'YieldMax, msty',
      publishedAt: '2026-01-06T12:00:00.000Z',
    });
    expect(items[2]).toMatchObject({ title: 'GraniteShares adds TSYY to NVDW peers', tags: 'Granite, TSYY' });
  });

  it('finds articles by ticker in tags or as a whole word of the title, case-insensitive', async () => {
    const { docs } = await project(newsProjection, recorded(history));
    const ids = async (t: string) => (await publishedNewsForTicker(readModelsOf(docs), t)).map((d) => d._id);
    expect(await ids('NVDW')).toEqual(['a1', 'a7', 'a3']); // a3: "(nvdw)" counts, "NVDWX" alone would not
    expect(await ids('msty')).toEqual(['a2']); // the tag "msty", and the title word
    expect(await ids('NVDA')).toEqual(['a1']); // tag only
    expect(await ids('NVDWX')).toEqual(['a3']);
    expect(await ids('NVD')).toEqual([]);
    expect(await ids('.*')).toEqual([]); // a pattern is taken literally
    expect(await ids('  ')).toEqual([]);
  });

  it('keeps a deleted article as a tombstone that a redelivered ingestion cannot revive', async () => {
    const once = await project(newsProjection, recorded(history), { batchSize: 1 });
    const twice = await project(newsProjection, recorded(history), { batchSize: 1, deliverTwice: true });
    expect(await twice.all(NEWS)).toEqual(await once.all(NEWS));
    const a6 = (await once.all<NewsDoc>(NEWS)).find((d) => d._id === 'a6');
    expect(a6).toMatchObject({ status: 'deleted', title: '', link: '' });
    // the whole history delivered again in one batch after the fact changes nothing either
    await project(newsProjection, recorded(history), { docs: once.docs });
    expect(await once.all(NEWS)).toEqual(await twice.all(NEWS));
  });

  it('answers empty lists before any article exists', async () => {
    const { docs } = await project(newsProjection, []);
    expect(await publishedNews(readModelsOf(docs))).toEqual([]);
    expect(await publishedNewsForTicker(readModelsOf(docs), 'NVDW')).toEqual([]);
  });

  it('lists every article that is not deleted for the owner, newest first, with its status and comma-separated tags', async () => {
    const { docs } = await project(newsProjection, recorded(history));
    const rm = readModelsOf(docs);
    const list = (await adminNews(rm)).map(toAdminNewsArticle);
    expect(list.map((a) => [a.id, a.status])).toEqual([
      ['a4', 'review'],
      ['a2', 'published'],
      ['a1', 'published'],
      ['a5', 'archived'],
      ['a7', 'published'],
      ['a3', 'published'],
    ]);
    expect(list[0]).toEqual({
      id: 'a4',
      status: 'review',
      source: 'Example Wire',
      title: 'NVDW draft only',
      link: 'https://news.example.com/a4',
      summary: 'About a4',
      tags: 'NVDW',
      publishedAt: '2026-01-07T12:00:00.000Z',
      ingestedAt: at,
    });
    expect(await findArticle(rm, 'a6')).toBeNull(); // deleted
    expect((await findArticle(rm, 'a4'))?._id).toBe('a4');
    expect(await articleIdsInStatus(rm, 'published')).toHaveLength(4);
    expect(await knownArticleIds(rm, ['a1', 'a6', 'zz'])).toEqual(new Set(['a1', 'a6'])); // a tombstone is known: never ingested again
  });

  it('keeps when each article was last touched: ingestion, status change or edit', async () => {
    const later = '2026-02-20T10:00:00.000Z';
    const events: GivenEvent[] = [
      ingested('r1', 'In review since ingestion', [], null),
      status('r1', 'review'),
      ingested('r2', 'Edited later', [], null),
      status('r2', 'review'),
      { stream: 'news-r2', type: 'NewsArticleEdited', data: { articleId: 'r2', summary: 'new', editedAt: later } },
      ingested('r3', 'Published', [], null),
      status('r3', 'published'),
    ];
    const once = await project(newsProjection, recorded(events));
    const twice = await project(newsProjection, recorded(events), { batchSize: 1, deliverTwice: true });
    expect(await twice.all(NEWS)).toEqual(await once.all(NEWS));
    const docs = await once.all<NewsDoc>(NEWS);
    expect(docs.find((d) => d._id === 'r2')?.touchedAt).toBe(later);
    const rm = readModelsOf(once.docs);
    expect(await staleReviewIds(rm, '2026-02-01T00:00:00.000Z')).toEqual(['r1']);
    expect((await staleReviewIds(rm, later)).sort()).toEqual(['r1', 'r2']);
  });
});

describe('news-keywords projection', () => {
  it('keeps the last saved list; each event twice changes nothing; none saved answers null', async () => {
    const events = [keywordsChanged(['weekly pay'], at), keywordsChanged(['YieldMax', 'Roundhill'], '2026-01-08T00:00:00.000Z')];
    const once = await project(newsKeywordsProjection, recorded(events));
    const twice = await project(newsKeywordsProjection, recorded(events), { batchSize: 1, deliverTwice: true });
    expect(await twice.all(NEWS_KEYWORDS)).toEqual(await once.all(NEWS_KEYWORDS));
    const rm = { collection: (p: typeof newsKeywordsProjection, name: string) => once.docs.collection(physicalName(p, name)) } as unknown as ReadModels;
    expect(await savedNewsKeywords(rm)).toEqual(['YieldMax', 'Roundhill']);
    const empty = await project(newsKeywordsProjection, []);
    const none = { collection: (p: typeof newsKeywordsProjection, name: string) => empty.docs.collection(physicalName(p, name)) } as unknown as ReadModels;
    expect(await savedNewsKeywords(none)).toBeNull();
  });
});

describe('news projections: schema coverage', () => {
  const ingested = (d: { articleId: string }) => [sampleEvent('NewsArticleIngested', { articleId: d.articleId })];
  const cases: CoverageCases<NewsArticleEvent> = {
    NewsArticleIngested: {},
    NewsArticleStatusChanged: { given: ingested },
    NewsArticleEdited: { given: ingested },
    NewsArticleDeleted: { given: ingested },
  };

  it('news: carries every field of the events it handles into its documents, but those listed with the reason', async () => {
    const { notReaching, documentFields } = await schemaCoverage(newsProjection, cases);
    // a deleted or purged article is the same tombstone; which of the two is the log's
    expect(notReaching).toEqual({ NewsArticleIngested: [], NewsArticleStatusChanged: [], NewsArticleEdited: [], NewsArticleDeleted: ['reason'] });
    // The fields of the documents of this version: a change to them is a new version (docs/architecture.md, "Where things go").
    expect({ version: newsProjection.version, documentFields }).toEqual({
      version: 2,
      documentFields: { [NEWS]: ['_id', '_position', 'ingestedAt', 'link', 'publishedAt', 'sortAt', 'source', 'status', 'summary', 'tags', 'title', 'touchedAt'] },
    });
  });

  it('news-keywords: carries every field of the event it handles into its document', async () => {
    const keywordCases: CoverageCases<NewsKeywordsChanged> = { NewsKeywordsChanged: {} };
    const { notReaching, documentFields } = await schemaCoverage(newsKeywordsProjection, keywordCases);
    expect(notReaching).toEqual({ NewsKeywordsChanged: [] });
    expect({ version: newsKeywordsProjection.version, documentFields }).toEqual({ version: 1, documentFields: { [NEWS_KEYWORDS]: ['_id', '_position', 'changedAt', 'keywords'] } });
  });
});
