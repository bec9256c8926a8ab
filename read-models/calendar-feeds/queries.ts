import type { ReadModels } from '../runtime/read-models.ts';
import { CALENDAR_FEEDS, calendarFeedsProjection, type CalendarFeedDoc } from './projection.ts';

/** The owner of a live feed id; null for an unknown or rotated-away id. */
export async function calendarFeedOwner(readModels: ReadModels, feedId: string): Promise<string | null> {
  const doc = await readModels.collection<CalendarFeedDoc>(calendarFeedsProjection, CALENDAR_FEEDS).findOne({ _id: feedId });
  return doc?.userId ?? null;
}
