import type { Logger } from 'pino';
import { displayUrl, FeedReadError, type FeedDocument, type FeedReader } from '../../infra/news-feeds/port.ts';
import { eachLimited } from './provider-sync.ts';

/** How many feeds are read at once (the news and the issuer declarations alike). */
const FEEDS_AT_ONCE = 4;

export interface FeedsRead {
  /** Each feed's document, in the order of the list; null for a feed that could not be read. */
  documents: (FeedDocument | null)[];
  /** The feeds that could not be read (their address without credentials) and why. */
  failed: { url: string; reason: string }[];
}

/**
 * Reads every feed of a list, four at a time, each on its own: a broken one is logged (`'<what> feed not
 * read'`) and named with its reason, the others are read. `progress` is told after each feed
 * ("Read 2 of 5 <noun>").
 */
export async function readFeeds(
  urls: readonly string[],
  reader: FeedReader,
  options: { logger: Logger; what: string; noun: string; progress?: (p: { done: number; total: number; message: string }) => Promise<void> },
): Promise<FeedsRead> {
  const documents: (FeedDocument | null)[] = urls.map(() => null);
  const failed: FeedsRead['failed'] = [];
  let done = 0;
  await eachLimited(
    urls.map((url, index) => ({ url, index })),
    FEEDS_AT_ONCE,
    async ({ url, index }) => {
      try {
        documents[index] = await reader.read(url);
      } catch (error) {
        const reason = error instanceof FeedReadError ? error.message : 'unexpected error while reading the feed';
        failed.push({ url: displayUrl(url), reason });
        options.logger.warn({ feed: displayUrl(url), problem: error instanceof FeedReadError ? error.problem : 'unexpected', reason }, `${options.what} feed not read`);
      }
      done++;
      await options.progress?.({ done, total: urls.length, message: `Read ${done} of ${urls.length} ${options.noun}` });
    },
  );
  return { documents, failed };
}
