import { streams } from '../../events/streams.ts';
import { handleCommand } from '../core/command-handler.ts';
import { WRITE_RETRIES, type CommandContext } from '../core/decider.ts';
import type { EventLog } from '../core/event-log.ts';
import { billingDecider, openCheckoutAt, type OpenCheckout, type StripeFact } from './business-logic.ts';

/**
 * Billing commands (the writes to `billing-<userId>`). `outcome` says what became of the Stripe
 * event: recorded, already handled (a redelivery), or older than the recorded subscription state.
 */
export async function recordStripeEvent(
  log: EventLog,
  input: { userId: string; stripeEventId: string; eventCreated: string; fact: StripeFact },
  ctx: CommandContext,
): Promise<{ outcome: 'recorded' | 'duplicate' | 'stale'; position: number }> {
  const stream = streams.billing(input.userId);
  const before = await log.aggregate(stream, billingDecider);
  if (before.state.handled.has(input.stripeEventId)) return { outcome: 'duplicate', position: 0 };
  const result = await handleCommand(log, stream, billingDecider, { type: 'RecordStripeEvent', data: input }, ctx, WRITE_RETRIES);
  if (result.events.length === 0) {
    // Decided on fresh state: either another delivery of the same event won the race, or the fact is stale.
    const after = await log.aggregate(stream, billingDecider);
    return { outcome: after.state.handled.has(input.stripeEventId) ? 'duplicate' : 'stale', position: 0 };
  }
  return { outcome: 'recorded', position: result.position };
}

/** The Checkout Session the app opened for the user that is still open at `now` (by our records), or null. */
export async function openCheckout(log: EventLog, userId: string, now: string): Promise<OpenCheckout | null> {
  const { state } = await log.aggregate(streams.billing(userId), billingDecider);
  return openCheckoutAt(state, now);
}

/**
 * Records a Checkout Session the app just opened. `superseded`: another request of the user recorded
 * one first (two tabs at once), which is still open: `open` names it.
 */
export async function startCheckout(
  log: EventLog,
  input: { userId: string; checkoutSessionId: string; expiresAt: string; replaces: string | null },
  ctx: CommandContext,
): Promise<{ outcome: 'started' } | { outcome: 'superseded'; open: OpenCheckout }> {
  const stream = streams.billing(input.userId);
  const result = await handleCommand(log, stream, billingDecider, { type: 'StartCheckout', data: input }, ctx, WRITE_RETRIES);
  if (result.events.length > 0) return { outcome: 'started' };
  const open = openCheckoutAt((await log.aggregate(stream, billingDecider)).state, ctx.now);
  // (none open any more: the other one expired in between; ours is then left unrecorded, and answered)
  return open ? { outcome: 'superseded', open } : { outcome: 'started' };
}
