import type { Logger } from 'pino';
import { ENDED_SUBSCRIPTION_STATUSES } from '../../events/billing.ts';
import { streams } from '../../events/streams.ts';
import { AppError } from '../core/errors.ts';
import type { EventLog } from '../core/event-log.ts';
import type { Config } from '../http/config.ts';
import { billingDecider } from './business-logic.ts';
import { createStripeClient, type Stripe } from './stripe-client.ts';

export const STRIPE_CANCEL_FAILED = 'We could not cancel your subscription at Stripe, so your account was not deleted. Try again in a few minutes.';

/**
 * Account deletion (docs/accounts-and-security.md "Deleting an account"): cancels, at once, every
 * subscription of the user that has not ended by our records (`DELETE /v1/subscriptions/:id`, Stripe's
 * immediate cancellation: no further invoice, no proration credit). One Stripe no longer knows
 * (`resource_missing`) counts as cancelled. Any other failure is a 502 and the account is not deleted, so
 * the user can try again. Answers the ids cancelled. Nothing is appended to `billing-<userId>`: Stripe's
 * `customer.subscription.deleted` webhook that follows finds no user any more and is ignored.
 */
export async function cancelSubscriptionsForDeletion(
  deps: { log: EventLog; config: Config; logger: Logger; stripe?: Stripe },
  userId: string,
): Promise<string[]> {
  const { state } = await deps.log.aggregate(streams.billing(userId), billingDecider);
  const running = [...state.subscriptions].filter(([, s]) => !ENDED_SUBSCRIPTION_STATUSES.has(s.status)).map(([id]) => id);
  if (running.length === 0) return [];
  const stripe = deps.stripe ?? (deps.config.stripe ? createStripeClient({ secretKey: deps.config.stripe.secretKey, apiUrl: deps.config.stripe.apiUrl }) : undefined);
  if (!stripe) {
    // A subscription on record but no Stripe key: the deletion cannot cancel it, so it does not go on.
    deps.logger.error({ userId }, 'account deletion: a subscription is running but Stripe is not configured');
    throw new AppError(503, STRIPE_CANCEL_FAILED);
  }
  for (const id of running) {
    try {
      await stripe.subscriptions.cancel(id);
    } catch (error) {
      const e = error as { type?: string; code?: string; statusCode?: number };
      if (e.code === 'resource_missing') continue;
      deps.logger.error({ userId, stripeCall: 'subscriptions.cancel', stripeErrorType: e.type, stripeErrorCode: e.code, stripeStatus: e.statusCode }, 'stripe call failed');
      throw new AppError(502, STRIPE_CANCEL_FAILED);
    }
  }
  return running;
}
