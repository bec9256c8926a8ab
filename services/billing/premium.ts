import type { RequestHandler } from 'express';
import type { UserDoc, UserSubscription } from '../../read-models/users/projection.ts';
import { forbidden, unauthorized } from '../core/errors.ts';
import type { AppDeps } from '../http/deps.ts';
import { currentAuth } from '../http/session.ts';

/** The answer of a Premium-only route to a signed-in user without Premium rights (403). */
export const PREMIUM_REQUIRED = 'This feature is part of Premium. Upgrade to Premium on the pricing page to use it.';

/** Stripe's statuses in which a subscription gives Premium rights (see `grantsPremium`). */
const GRANTING = new Set(['active', 'trialing', 'past_due']);

/**
 * Whether one subscription gives Premium rights at `now`. While Stripe's status is:
 * - `active` or `trialing`: in good standing (also when set to cancel at the period end: Stripe keeps
 *   it active to the end of the period paid for, the pricing FAQ's promise, then deletes it);
 * - `past_due`: a renewal charge failed and Stripe is retrying it (Smart Retries); access is kept
 *   during the retries, bounded by Stripe's own schedule: when they are exhausted Stripe moves the
 *   subscription to `canceled` or `unpaid` (the account's setting), which ends the rights;
 * - `canceled`: until Stripe says it ended (`endedAt`: at once for an immediate cancellation or a
 *   refund, the period end for a cancellation at the period end); Stripe reports the deletion at
 *   or after that moment, so the rights end with it.
 * Any other status (`incomplete`, `incomplete_expired`, `unpaid`, `paused`, unknown words, none): no rights.
 */
export function grantsPremium(subscription: UserSubscription, now: Date): boolean {
  if (subscription.status === null) return false;
  if (GRANTING.has(subscription.status)) return true;
  if (subscription.status !== 'canceled' || subscription.endedAt === null) return false;
  return now.getTime() < Date.parse(subscription.endedAt);
}

/**
 * THE rule for Premium rights (docs/billing.md), used by the favorites limit, `GET /api/user`'s
 * `subscriptionTier`, `requirePremium`, live updates and the Premium quote refresh: the user has them
 * while ANY of their subscriptions gives them (`grantsPremium`). A second subscription going unpaid or
 * ending never takes away what another one still gives (audit S1).
 */
export function hasPremiumRights(user: UserDoc, now: Date): boolean {
  return user.subscriptions.some((s) => grantsPremium(s, now));
}

/**
 * The subscription `GET /api/user` describes: of those giving Premium now, the one in good standing
 * before one with a failed payment; else the newest. Null without any.
 */
export function shownSubscription(user: UserDoc, now: Date): UserSubscription | null {
  const rank = (s: UserSubscription) => (grantsPremium(s, now) ? (s.status === 'past_due' ? 1 : 2) : 0);
  let shown: UserSubscription | null = null;
  for (const s of user.subscriptions) {
    if (!shown || rank(s) > rank(shown) || (rank(s) === rank(shown) && Date.parse(s.asOf) > Date.parse(shown.asOf))) shown = s;
  }
  return shown;
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

/**
 * The Premium rule for a request another guard authenticated (a personal API token's user in
 * `res.locals.auth`, services/tokens/token-auth.ts): 403 with the same message as the cookie's guard.
 */
export function requirePremiumOfAuthenticated(deps: Pick<AppDeps, 'now'>): RequestHandler {
  return (_req, res, next) => {
    const auth = res.locals['auth'] as { user: UserDoc } | undefined;
    if (!auth) throw unauthorized();
    if (!hasPremiumRights(auth.user, deps.now())) throw forbidden(PREMIUM_REQUIRED);
    next();
  };
}
