import { describe, expect, it } from 'vitest';
import type { MarketClockEvent } from '../../events/market-clock.ts';
import { fold } from '../core/decider.ts';
import { marketClockDecider, marketDayOf } from './business-logic.ts';

const ctx = { actor: 'job:market-clock', correlationId: 'c', now: '2025-06-27T04:05:00.000Z' };
const began = (date: string): MarketClockEvent => ({ type: 'MarketDayBegan', data: { date } });
const when = (given: MarketClockEvent[], date: string) =>
  marketClockDecider.decide({ type: 'BeginMarketDay', date }, fold(marketClockDecider, given), ctx);

describe('market-clock', () => {
  it('begins a new day', () => {
    expect(when([began('2025-06-26')], '2025-06-27')).toEqual([began('2025-06-27')]);
    expect(when([], '2025-06-27')).toEqual([began('2025-06-27')]);
  });
  it('is idempotent and never goes back', () => {
    expect(when([began('2025-06-27')], '2025-06-27')).toEqual([]);
    expect(when([began('2025-06-27')], '2025-06-26')).toEqual([]);
  });
  it('takes the day from the New York date of the clock (04:05 UTC is 00:05 EDT on the 27th; 03:59 UTC is still the 26th)', () => {
    expect(marketDayOf(ctx.now)).toBe('2025-06-27');
    expect(marketDayOf('2025-06-27T03:59:00Z')).toBe('2025-06-26');
  });
});
