import type { NewsArticleEvent, NewsKeywordsChanged, NewsStatus } from '../../events/news.ts';
import type { CommandContext, Decider } from '../core/decider.ts';
import { notFound } from '../core/errors.ts';

/**
 * One news article (`news-<articleId>`): ingested once (a second ingestion of the same id appends
 * nothing, even after a deletion), moderated by the owner (edit, status, delete, purge by status), and
 * archived by the ingestion job after REVIEW_DAYS untouched in review. docs/news.md has the rules.
 */

/** An article that waits this long in review, untouched by the owner, is archived. */
export const REVIEW_DAYS = 30;

export interface ArticleState {
  /** null: never ingested. */
  status: NewsStatus | 'deleted' | null;
  title: string;
  summary: string;
  tags: string[];
  /** The last ingestion, status change or edit: when the article was last touched. */
  touchedAt: string | null;
}

export const initialArticleState = (): ArticleState => ({ status: null, title: '', summary: '', tags: [], touchedAt: null });

export function evolveArticle(state: ArticleState, event: NewsArticleEvent): ArticleState {
  switch (event.type) {
    case 'NewsArticleIngested':
      // an ingestion starts as a draft until its status change (in the same append)
      return { status: 'draft', title: event.data.title, summary: event.data.summary, tags: event.data.tags, touchedAt: event.data.ingestedAt };
    case 'NewsArticleStatusChanged':
      return state.status === 'deleted' ? state : { ...state, status: event.data.status, touchedAt: event.data.changedAt };
    case 'NewsArticleEdited': {
      const { title, summary, tags, editedAt } = event.data;
      return { ...state, ...(title !== undefined ? { title } : {}), ...(summary !== undefined ? { summary } : {}), ...(tags !== undefined ? { tags } : {}), touchedAt: editedAt };
    }
    case 'NewsArticleDeleted':
      return { ...state, status: 'deleted', touchedAt: event.data.deletedAt };
    default: {
      const never: never = event;
      throw new Error(`unhandled news event ${JSON.stringify(never)}`);
    }
  }
}

/** What ingestion found in a feed item, already cleaned and tagged (services/news/ingest.ts). */
export interface IngestedArticle {
  articleId: string;
  title: string;
  link: string;
  summary: string;
  source: string;
  tags: string[];
  publishedAt: string | null;
}

export type ArticleCommand =
  | { type: 'IngestArticle'; article: IngestedArticle; status: 'published' | 'review' }
  | { type: 'EditArticle'; articleId: string; title: string; summary: string; tags: string[]; status: 'draft' | 'review' | 'published' }
  | { type: 'DeleteArticle'; articleId: string }
  | { type: 'PurgeArticle'; articleId: string; status: NewsStatus }
  | { type: 'ArchiveStaleArticle'; articleId: string };

export const ARTICLE_NOT_FOUND = 'Article not found';

const sameTags = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((t, i) => t === b[i]);

/** The instant REVIEW_DAYS before `now`: an article in review untouched since then is archived. */
export function reviewCutoff(now: string): string {
  return new Date(Date.parse(now) - REVIEW_DAYS * 24 * 60 * 60 * 1000).toISOString();
}

export function decideArticle(command: ArticleCommand, state: ArticleState, ctx: CommandContext): NewsArticleEvent[] {
  switch (command.type) {
    case 'IngestArticle': {
      if (state.status !== null) return []; // each item once: already ingested (or deleted by the owner)
      const { article } = command;
      return [
        { type: 'NewsArticleIngested', data: { ...article, ingestedAt: ctx.now } },
        { type: 'NewsArticleStatusChanged', data: { articleId: article.articleId, status: command.status, changedAt: ctx.now } },
      ];
    }
    case 'EditArticle': {
      if (state.status === null || state.status === 'deleted') throw notFound(ARTICLE_NOT_FOUND);
      const { articleId, title, summary, tags, status } = command;
      const events: NewsArticleEvent[] = [];
      const changes = {
        ...(title !== state.title ? { title } : {}),
        ...(summary !== state.summary ? { summary } : {}),
        ...(!sameTags(tags, state.tags) ? { tags } : {}),
      };
      if (Object.keys(changes).length > 0) events.push({ type: 'NewsArticleEdited', data: { articleId, ...changes, editedAt: ctx.now } });
      if (status !== state.status) events.push({ type: 'NewsArticleStatusChanged', data: { articleId, status, changedAt: ctx.now } });
      return events;
    }
    case 'DeleteArticle': {
      if (state.status === null || state.status === 'deleted') throw notFound(ARTICLE_NOT_FOUND);
      return [{ type: 'NewsArticleDeleted', data: { articleId: command.articleId, reason: 'deleted', deletedAt: ctx.now } }];
    }
    case 'PurgeArticle': {
      // only while it is still in the purged status (the owner may have moved it meanwhile)
      if (state.status !== command.status) return [];
      return [{ type: 'NewsArticleDeleted', data: { articleId: command.articleId, reason: 'purged', deletedAt: ctx.now } }];
    }
    case 'ArchiveStaleArticle': {
      if (state.status !== 'review' || state.touchedAt === null || state.touchedAt > reviewCutoff(ctx.now)) return [];
      return [{ type: 'NewsArticleStatusChanged', data: { articleId: command.articleId, status: 'archived', changedAt: ctx.now } }];
    }
    default: {
      const never: never = command;
      throw new Error(`unhandled command ${JSON.stringify(never)}`);
    }
  }
}

export const articleDecider: Decider<ArticleCommand, ArticleState, NewsArticleEvent> = {
  initialState: initialArticleState,
  evolve: evolveArticle,
  decide: decideArticle,
  folds: { NewsArticleIngested: true, NewsArticleStatusChanged: true, NewsArticleEdited: true, NewsArticleDeleted: true },
};


// ---------------------------------------------------------------------------------------------------
// The keyword list (`newskeywords-site`)

export interface KeywordsState {
  saved: boolean;
  keywords: string[];
}

export type KeywordsCommand = { type: 'SaveKeywords'; keywords: string[] };

export const keywordsDecider: Decider<KeywordsCommand, KeywordsState, NewsKeywordsChanged> = {
  initialState: () => ({ saved: false, keywords: [] }),
  evolve: (_state, event) => ({ saved: true, keywords: event.data.keywords }),
  decide(command, state, ctx) {
    // saving the list already saved changes nothing
    if (state.saved && sameTags(state.keywords, command.keywords)) return [];
    return [{ type: 'NewsKeywordsChanged', data: { keywords: command.keywords, changedAt: ctx.now } }];
  },
  folds: { NewsKeywordsChanged: true },
};
