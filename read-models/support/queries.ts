import type { ReadModels } from '../runtime/read-models.ts';
import { SUPPORT_REQUESTS, supportProjection, type SupportRequestDoc } from './projection.ts';

/**
 * The owner's inbox: open requests before answered ones, Premium ("Priority") first within each, then
 * the oldest first (the one waiting longest is answered next; the same instant: the log's order). At
 * most `limit` requests.
 */
export async function listSupportRequests(readModels: ReadModels, limit = 200): Promise<SupportRequestDoc[]> {
  const all = await readModels.collection<SupportRequestDoc>(supportProjection, SUPPORT_REQUESTS).find({}, { sort: { requestedAt: 1, _position: 1 } });
  const rank = (d: SupportRequestDoc) => (d.answeredAt === null ? 0 : 2) + (d.priority ? 0 : 1);
  return all.sort((a, b) => rank(a) - rank(b)).slice(0, limit);
}

/** One request, or null. */
export async function findSupportRequest(readModels: ReadModels, requestId: string): Promise<SupportRequestDoc | null> {
  return readModels.collection<SupportRequestDoc>(supportProjection, SUPPORT_REQUESTS).findOne({ _id: requestId });
}

/** One user's requests, the oldest first (their data export). */
export async function supportRequestsOf(readModels: ReadModels, userId: string): Promise<SupportRequestDoc[]> {
  return readModels.collection<SupportRequestDoc>(supportProjection, SUPPORT_REQUESTS).find({ userId }, { sort: { requestedAt: 1, _position: 1 } });
}
