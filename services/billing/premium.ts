import type { RequestHandler } from 'express';
import type { UserDoc } from '../../read-models/users/projection.ts';
import { forbidden, unauthorized } from '../core/errors.ts';
import type { AppDeps } from '../http/deps.ts';
import { currentAuth } from '../http/session.ts';

/** The answer of a Premium-only route to a signed-in user without Premium rights (403). */
export const PREMIUM_REQUIRED = 'This feature is part of Premium. Upgrade to Premium on the pricing page to use it.';

/**
 * THE rule for Premium rights (docs/billing.md), used by the favorites limit, `GET /api/user`'s
 * `subscriptionTier` and `requirePremium`. A user with a Premium subscription on record has the
 * rights while Stripe's status is:
 * - `active` or `trialing`: in good standing;
 * - `past_due`: a renewal charge failed and Stripe is retrying it (Smart Retries); access is kept
 *   during the retries, bounded by Stripe's own schedule: when they are exhausted Stripe moves the
 *   subscription to `canceled` or `unpaid` (the account's setting), which ends the rights;
 * - `canceled`: until the end of the last period paid for (`paidThrough`, the period end seen while
 *   the subscription was active or trialing), as the pricing FAQ promises; a subscription canceled
 *   after failed renewals has no paid period left.
 * Any other status (`incomplete`, `incomplete_expired`, `unpaid`, `paused`, unknown words): no rights.
 */
export function hasPremiumRights(user: UserDoc, now: Date): boolean {
  if (user.subscriptionTier !== 'premium') return false;
  switch (user.subscriptionStatus) {
    case 'active':
    case 'trialing':
    case 'past_due':
      return true;
    case 'canceled': {
      const paidThrough = user.paidThrough ? Date.parse(user.paidThrough) : Number.NaN;
      return Number.isFinite(paidThrough) && now.getTime() < paidThrough;
    }
    default:
      return false;
  }
}

/**
 * Guard of a Premium-only route: 401 `Not authenticated` when signed out, 403 with a message naming
 * Premium when the signed-in user has no Premium rights (`hasPremiumRights` at the gateway clock).
 * The user is then available through `authOf(res)`.
 */
export function requirePremium(deps: AppDeps): RequestHandler {
  return async (req, res, next) => {
    const auth = await currentAuth(req, res, deps);
    if (!auth) throw unauthorized();
    if (!hasPremiumRights(auth.user, deps.now())) throw forbidden(PREMIUM_REQUIRED);
    next();
  };
}
