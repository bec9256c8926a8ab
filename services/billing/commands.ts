import { streams } from '../../events/streams.ts';
import { handleCommand } from '../core/command-handler.ts';
import { WRITE_RETRIES, type CommandContext } from '../core/decider.ts';
import type { EventLog } from '../core/event-log.ts';
import { billingDecider, type StripeFact } from './business-logic.ts';

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
