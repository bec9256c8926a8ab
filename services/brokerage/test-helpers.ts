import { streams } from '../../events/streams.ts';
import { subscribe } from '../portfolio/test-helpers.ts';
import type { TestContext } from '../testing/harness.ts';

/**
 * Makes a user Premium for the brokerage specs. The one place to change when billing (issue 14) has
 * its own way: today `SubscriptionChanged` (events/accounts.ts) on `user-<id>`, active.
 */
export async function makePremium(ctx: TestContext, userId: string): Promise<void> {
  await subscribe(ctx, userId, 'premium', 'active');
}

/** Ends Premium the same way (the subscription canceled). */
export async function endPremium(ctx: TestContext, userId: string): Promise<void> {
  await subscribe(ctx, userId, 'premium', 'canceled');
}

/** The opaque id a user was registered under at SnapTrade (from `brokerage-<userId>`). */
export async function snaptradeIdOf(ctx: TestContext, userId: string): Promise<string> {
  const events = await ctx.deps.log.readStream(streams.brokerage(userId));
  const registered = events.find((e) => e.type === 'BrokerageUserRegistered');
  if (!registered) throw new Error(`user ${userId} is not registered with the brokerage`);
  return (registered.data as { snaptradeUserId: string }).snaptradeUserId;
}
