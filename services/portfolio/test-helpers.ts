import { streams } from '../../events/streams.ts';
import { appendAll, bar, distribution, listed, marketDay, type FundFixture } from '../../read-models/market/fixtures.ts';
import type { GivenEvent } from '../../read-models/runtime/projection-testing.ts';
import type { TestContext } from '../testing/harness.ts';

/**
 * Market data for the user-area API specs, appended to the real log (the catalog, price and dividend
 * writes have their own specs), then waited for like a command's answer would.
 */
export async function given(ctx: TestContext, events: readonly GivenEvent[]): Promise<void> {
  const position = await appendAll(ctx.deps.log, events);
  await ctx.deps.readModels.waitFor(position);
}

/** Makes a user Premium (or changes the status) the way billing will: SubscriptionChanged on `user-<id>`. */
export async function subscribe(ctx: TestContext, userId: string, tier: 'free' | 'premium', status: string | null): Promise<void> {
  const result = await ctx.deps.log.append(
    streams.user(userId),
    [{ type: 'SubscriptionChanged', data: { userId, subscriptionTier: tier, subscriptionStatus: status, changedAt: ctx.deps.now().toISOString() } }],
    'any',
    { actor: 'test', correlationId: 'billing', now: ctx.deps.now().toISOString() },
  );
  await ctx.deps.readModels.waitFor(result.position);
}

let counter = 0;

/** A listed fund with a unique ticker (`T<n>W`) and id. */
export function fund(brand = 'Roundhill'): FundFixture {
  counter += 1;
  const n = String(counter).padStart(12, '0');
  return { etfId: `9f000000-0000-4000-8000-${n}`, ticker: `T${counter}W`, name: `Test Fund ${counter}`, brand, underlying: null };
}

/**
 * DRPW, the hand-computed fund of read-models/portfolio/views.unit.spec.ts: weekly, ex Tuesday, paid
 * Wednesday, market day Friday 2026-01-23, P = 22.
 */
export const DRPW: FundFixture = { etfId: '5e5e5e5e-0000-4000-8000-000000000005', ticker: 'DRPW', name: 'Drip Test WeeklyPay', brand: 'Roundhill', underlying: 'NVDA' };
export const MARKET_DAY = '2026-01-23';
export function drpwEvents(): GivenEvent[] {
  const id = DRPW.etfId;
  return [
    listed(DRPW),
    bar(id, '2026-01-02', '20'),
    bar(id, '2026-01-07', '20'),
    bar(id, '2026-01-14', '20.5'),
    bar(id, '2026-01-21', '20.9'),
    bar(id, '2026-01-23', '22'),
    distribution(id, '2026-01-06', '0.5', { payDate: '2026-01-07' }),
    distribution(id, '2026-01-13', '0.4', { payDate: '2026-01-14' }),
    distribution(id, '2026-01-20', '0.25', { payDate: '2026-01-21' }),
    distribution(id, '2026-01-27', '0.3', { payDate: '2026-01-28' }),
    marketDay(MARKET_DAY),
  ];
}

export { bar, distribution, listed, marketDay };
