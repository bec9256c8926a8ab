import { describe, expect, it } from 'vitest';
import type { CalendarFeedEvent } from '../../events/calendar-feeds.ts';
import type { CommandContext } from '../core/decider.ts';
import { deciderSpec } from '../testing/decider-spec.ts';
import { calendarFeedDecider } from './business-logic.ts';
import { FeedTokens } from './feed-token.ts';

const userId = '4f6c1d3e-8a2b-4c5d-9e0f-1a2b3c4d5e6f';
const ctx: CommandContext = { actor: `user:${userId}`, correlationId: 'c1', now: '2026-01-07T15:00:00.000Z' };
const A = 'AAAAAAAAAAAAAAAAAAAAAA';
const B = 'BBBBBBBBBBBBBBBBBBBBBB';
const issued = (feedId: string, replacesFeedId: string | null): CalendarFeedEvent => ({ type: 'CalendarFeedIssued', data: { userId, feedId, replacesFeedId, issuedAt: ctx.now } });
const given = deciderSpec(calendarFeedDecider, ctx);

describe('calendarfeed-<userId>', () => {
  it('issues the first feed once; asking again issues nothing', () => {
    given([]).when({ type: 'EnsureFeed', data: { userId, newFeedId: A } }).then([issued(A, null)]);
    given([issued(A, null)]).when({ type: 'EnsureFeed', data: { userId, newFeedId: B } }).then([]);
  });

  it('a rotation replaces the current feed (and works before any feed exists)', () => {
    given([issued(A, null)]).when({ type: 'RotateFeed', data: { userId, newFeedId: B } }).then([issued(B, A)]);
    given([]).when({ type: 'RotateFeed', data: { userId, newFeedId: B } }).then([issued(B, null)]);
  });

  it('ending every session replaces an issued feed, and issues none when there is none (audit I1)', () => {
    given([issued(A, null)]).when({ type: 'ReplaceIssuedFeed', data: { userId, newFeedId: B } }).then([issued(B, A)]);
    given([]).when({ type: 'ReplaceIssuedFeed', data: { userId, newFeedId: B } }).then([]);
  });
});

describe('FeedTokens', () => {
  const tokens = new FeedTokens('a-session-secret-of-at-least-32-characters');

  it('opens its own tokens only, and a token of another secret never', () => {
    const token = tokens.token(A);
    expect(token).toMatch(/^A{22}\.[A-Za-z0-9_-]{43}$/);
    expect(tokens.feedIdOf(token)).toBe(A);
    expect(tokens.feedIdOf(`${B}.${token.split('.')[1]}`)).toBeNull();
    expect(tokens.feedIdOf(A)).toBeNull();
    expect(new FeedTokens('another-session-secret-of-32-characters!').feedIdOf(token)).toBeNull();
  });
});
