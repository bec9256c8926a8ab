import type { ArticleEdit } from '../../contracts/news.ts';
import type { NewsStatus } from '../../events/news.ts';
import { streams } from '../../events/streams.ts';
import type { ReadModels } from '../../read-models/runtime/read-models.ts';
import { articleIdsInStatus, staleReviewIds } from '../../read-models/news/queries.ts';
import { handleCommand } from '../core/command-handler.ts';
import type { CommandContext } from '../core/decider.ts';
import type { EventLog } from '../core/event-log.ts';
import { eachLimited } from '../core/provider-sync.ts';
import { articleDecider, keywordsDecider, reviewCutoff, type ArticleCommand, type IngestedArticle } from './business-logic.ts';

/**
 * Every write of the news module: the ingestion job, the owner's routes and the archive go through
 * these. Each answers the appended position (0 when nothing was appended) so callers can wait for the
 * read models.
 */

function send(log: EventLog, articleId: string, command: ArticleCommand, ctx: CommandContext) {
  return handleCommand(log, streams.news(articleId), articleDecider, command, ctx);
}

/** Ingests an article once: `created` is false when its id was ingested before (or deleted). */
export async function ingestArticle(log: EventLog, article: IngestedArticle, status: 'published' | 'review', ctx: CommandContext) {
  const result = await send(log, article.articleId, { type: 'IngestArticle', article, status }, ctx);
  return { created: result.events.length > 0, position: result.position };
}

/** The owner's edit; 404 for an unknown or deleted article. */
export async function editArticle(log: EventLog, articleId: string, edit: ArticleEdit, ctx: CommandContext) {
  return (await send(log, articleId, { type: 'EditArticle', articleId, ...edit }, ctx)).position;
}

/** The owner's delete; 404 for an unknown or deleted article. */
export async function deleteArticle(log: EventLog, articleId: string, ctx: CommandContext) {
  return (await send(log, articleId, { type: 'DeleteArticle', articleId }, ctx)).position;
}

/**
 * Deletes every article in `status` (the read model says which; each article's stream decides again,
 * so one the owner moved meanwhile stays). Answers how many were deleted.
 */
export async function purgeArticles(log: EventLog, readModels: ReadModels, status: NewsStatus, ctx: CommandContext) {
  const ids = await articleIdsInStatus(readModels, status);
  let deleted = 0;
  let position = 0;
  await eachLimited(ids, 8, async (articleId) => {
    const result = await send(log, articleId, { type: 'PurgeArticle', articleId, status }, ctx);
    if (result.events.length > 0) deleted++;
    position = Math.max(position, result.position);
  });
  return { deleted, position };
}

/** Archives the articles left in review, untouched, for 30 days (business-logic.ts REVIEW_DAYS) at `ctx.now`. */
export async function archiveStaleArticles(log: EventLog, readModels: ReadModels, ctx: CommandContext) {
  const ids = await staleReviewIds(readModels, reviewCutoff(ctx.now));
  let archived = 0;
  let position = 0;
  await eachLimited(ids, 8, async (articleId) => {
    const result = await send(log, articleId, { type: 'ArchiveStaleArticle', articleId }, ctx);
    if (result.events.length > 0) archived++;
    position = Math.max(position, result.position);
  });
  return { archived, position };
}

/** Saves the keyword list (already normalised by keywords.ts). */
export async function saveNewsKeywords(log: EventLog, keywords: string[], ctx: CommandContext) {
  return (await handleCommand(log, streams.newsKeywords(), keywordsDecider, { type: 'SaveKeywords', keywords }, ctx)).position;
}
