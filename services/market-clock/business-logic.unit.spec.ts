import { describe, expect, it } from 'vitest';
import type { MarketClockEvent } from '../../events/market-clock.ts';
import { deciderSpec } from '../testing/decider-spec.ts';
import { marketClockDecider, marketDayOf } from './business-logic.ts';

const ctx = { actor: 'job:market-clock', correlationId: 'c', now: '2025-06-27T04:05:00.000Z' };
const began = (date: string): MarketClockEvent => ({ type: 'MarketDayBegan', data: { date } });
const given = deciderSpec(marketClockDecider, ctx);
const begin = (date: string) => ({ type: 'BeginMarketDay', date }) as const;

describe('market-clock', () => {
  it('begins a new day', () => {
    given([began('2025-06-26')]).when(begin('2025-06-27')).then([began('2025-06-27')]);
    given([]).when(begin('2025-06-27')).then([began('2025-06-27')]);
  });
  it('is idempotent and never goes back', () => {
    given([began('2025-06-27')]).when(begin('2025-06-27')).then([]);
    given([began('2025-06-27')]).when(begin('2025-06-26')).then([]);
  });
  it('takes the day from the New York date of the clock (04:05 UTC is 00:05 EDT on the 27th; 03:59 UTC is still the 26th)', () => {
    expect(marketDayOf(ctx.now)).toBe('2025-06-27');
    expect(marketDayOf('2025-06-27T03:59:00Z')).toBe('2025-06-26');
  });
});
