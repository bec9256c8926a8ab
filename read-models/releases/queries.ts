import type { PossibleNewFund, ReleaseJson, ReleaseStatus } from '../../contracts/declarations.ts';
import type { ReadModels } from '../runtime/read-models.ts';
import { RELEASES, releasesProjection, type ReleaseDoc } from './projection.ts';

/** The owner's view of a release: `listed` per row is the catalog's answer now (a fund listed since shows as listed). */
export function toReleaseJson(doc: ReleaseDoc, listedTickers: ReadonlySet<string>): ReleaseJson {
  return {
    id: doc._id,
    status: doc.status,
    url: doc.url,
    feedUrl: doc.feedUrl,
    title: doc.title,
    issuer: doc.issuer,
    publishedAt: doc.publishedAt,
    readAt: doc.readAt,
    complete: doc.complete,
    rows: doc.rows.map((row) => ({ ...row, listed: listedTickers.has(row.ticker) })),
    problems: doc.problems,
    unknownTickers: doc.unknownTickers,
    appliedAt: doc.appliedAt,
    appliedBy: doc.appliedBy,
    outcome: doc.outcome,
    dismissedAt: doc.dismissedAt,
  };
}

const collection = (readModels: ReadModels) => readModels.collection<ReleaseDoc>(releasesProjection, RELEASES);

/** The review queue (oldest first: the longest waiting on top), or every release read (newest first). */
export async function listReleases(readModels: ReadModels, which: 'review' | 'all', limit: number): Promise<ReleaseDoc[]> {
  if (which === 'review') return collection(readModels).find({ status: 'review' }, { sort: { readAt: 1, _id: 1 }, limit });
  return collection(readModels).find({}, { sort: { readAt: -1, _id: 1 }, limit });
}

export async function findRelease(readModels: ReadModels, releaseId: string): Promise<ReleaseDoc | null> {
  return collection(readModels).findOne({ _id: releaseId });
}

/** Where each of these releases stands (absent: never read), so the job skips what it read before. */
export async function releaseStatuses(readModels: ReadModels, releaseIds: readonly string[]): Promise<Map<string, ReleaseStatus>> {
  if (releaseIds.length === 0) return new Map();
  const docs = await collection(readModels).find({ _id: { $in: [...releaseIds] } }, { projection: { status: 1 } });
  return new Map(docs.map((d) => [d._id, d.status]));
}

/** The most releases the possible new funds are gathered from. */
export const POSSIBLE_FUNDS_RELEASES = 2000;

/**
 * The tickers releases named that the catalog does not list now (`listedTickers`), by ticker, each with
 * its latest row read and the releases that named it (newest first). A dismissed release counts too:
 * a ticker it names is still a fund that exists.
 */
export async function possibleNewFunds(readModels: ReadModels, listedTickers: ReadonlySet<string>): Promise<PossibleNewFund[]> {
  const docs = await collection(readModels).find({ unknownTickers: { $exists: true, $ne: [] } }, { sort: { readAt: -1, _id: 1 }, limit: POSSIBLE_FUNDS_RELEASES });
  const funds = new Map<string, PossibleNewFund>();
  for (const doc of docs) {
    for (const ticker of doc.unknownTickers) {
      if (listedTickers.has(ticker)) continue;
      const row = doc.rows.find((r) => r.ticker === ticker);
      if (!row) continue;
      const seen = doc.publishedAt ?? doc.readAt;
      const release = { id: doc._id, url: doc.url, title: doc.title, publishedAt: doc.publishedAt };
      const known = funds.get(ticker);
      if (!known) {
        // newest first: the first release met is the latest
        funds.set(ticker, {
          ticker,
          name: row.name,
          issuer: doc.issuer,
          frequency: row.frequency,
          latest: { amount: row.amount, exDate: row.exDate, payDate: row.payDate, kind: row.kind },
          firstSeenAt: seen,
          lastSeenAt: seen,
          releases: [release],
        });
        continue;
      }
      known.releases.push(release);
      if (seen < known.firstSeenAt) known.firstSeenAt = seen;
    }
  }
  return [...funds.values()].sort((a, b) => (a.ticker < b.ticker ? -1 : a.ticker > b.ticker ? 1 : 0));
}
