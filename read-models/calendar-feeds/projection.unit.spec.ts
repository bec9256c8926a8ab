import { describe, expect, it } from 'vitest';
import type { AccountDeletedEvent } from '../../events/accounts.ts';
import type { CalendarFeedEvent } from '../../events/calendar-feeds.ts';
import { project, recorded, sampleEvent, schemaCoverage, type CoverageCases, type GivenEvent } from '../runtime/projection-testing.ts';
import { CALENDAR_FEEDS, calendarFeedsProjection } from './projection.ts';

const ann = '4f6c1d3e-8a2b-4c5d-9e0f-1a2b3c4d5e6f';
const bob = '5f6c1d3e-8a2b-4c5d-9e0f-1a2b3c4d5e6f';
const at = (d: number) => `2026-01-0${d}T15:00:00.000Z`;
const A = 'AAAAAAAAAAAAAAAAAAAAAA';
const B = 'BBBBBBBBBBBBBBBBBBBBBB';
const C = 'CCCCCCCCCCCCCCCCCCCCCC';
const history: GivenEvent[] = [
  { stream: `calendarfeed-${ann}`, type: 'CalendarFeedIssued', data: { userId: ann, feedId: A, replacesFeedId: null, issuedAt: at(1) } },
  { stream: `calendarfeed-${bob}`, type: 'CalendarFeedIssued', data: { userId: bob, feedId: C, replacesFeedId: null, issuedAt: at(2) } },
  { stream: `calendarfeed-${ann}`, type: 'CalendarFeedIssued', data: { userId: ann, feedId: B, replacesFeedId: A, issuedAt: at(3) } },
];
const expected = [
  { _id: B, userId: ann, issuedAt: at(3), _position: 3 },
  { _id: C, userId: bob, issuedAt: at(2), _position: 2 },
];

describe('calendar-feeds projection', () => {
  it('keeps the live feed ids with their owners; a rotation removes the old id', async () => {
    const { all } = await project(calendarFeedsProjection, recorded(history));
    expect(await all(CALENDAR_FEEDS)).toEqual(expected);
  });

  it('gives the same documents when every event is delivered twice', async () => {
    const twice = await project(calendarFeedsProjection, recorded(history), { batchSize: 1, deliverTwice: true });
    expect(await twice.all(CALENDAR_FEEDS)).toEqual(expected);
  });
});

describe('calendar-feeds projection: schema coverage', () => {
  const replaced = sampleEvent('CalendarFeedIssued', { replacesFeedId: null });
  const cases: CoverageCases<CalendarFeedEvent | AccountDeletedEvent> = {
    // the user's documents are gone once the account is deleted (docs/accounts-and-security.md "Deleting an account")
    AccountDeleted: { given: (d) => [sampleEvent('CalendarFeedIssued', { userId: d.userId })] },
    // a rotation: the feed it replaces exists, so that replacesFeedId has something to delete
    CalendarFeedIssued: { data: { replacesFeedId: (replaced.data as { feedId: string }).feedId }, given: () => [replaced] },
  };

  it('carries every field of the events it handles into its documents', async () => {
    const { notReaching, documentFields } = await schemaCoverage(calendarFeedsProjection, cases);
    expect(notReaching).toEqual({
      // when the account was deleted is the log's: the documents are gone
      AccountDeleted: ['deletedAt'], CalendarFeedIssued: [] });
    // The fields of the documents of this version: a change to them is a new version (docs/architecture.md, "Where things go").
    expect({ version: calendarFeedsProjection.version, documentFields }).toEqual({ version: 1, documentFields: { [CALENDAR_FEEDS]: ['_id', '_position', 'issuedAt', 'userId'] } });
  });
});
