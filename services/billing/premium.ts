import type { RequestHandler } from 'express';
import type { UserDoc } from '../../read-models/users/projection.ts';
import { forbidden, unauthorized } from '../core/errors.ts';
import type { AppDeps } from '../http/deps.ts';
import { currentAuth } from '../http/session.ts';

/**
 * PLACEHOLDER of the billing module's Premium rule (issue 14 builds the real `services/billing/premium.ts`
 * with these exports; its version replaces this file at merge). Today's rule, the one
 * `favoritesLimitFor` (services/favorites/business-logic.ts) applies: tier premium with status
 * `active` or `trialing`.
 */
const PREMIUM_STATUSES: readonly string[] = ['active', 'trialing'];

export const premiumMessages = {
  required: 'This feature is part of Premium. Upgrade to Premium to use it.',
} as const;

/** Whether the user has Premium's rights at `now`. */
export function hasPremiumRights(user: UserDoc, now: Date): boolean {
  void now;
  return user.subscriptionTier === 'premium' && user.subscriptionStatus !== null && PREMIUM_STATUSES.includes(user.subscriptionStatus);
}

/** 401 `Not authenticated` when signed out, 403 naming Premium for anyone without Premium's rights. */
export function requirePremium(deps: AppDeps): RequestHandler {
  return async (req, res, next) => {
    const auth = await currentAuth(req, res, deps);
    if (!auth) throw unauthorized();
    if (!hasPremiumRights(auth.user, deps.now())) throw forbidden(premiumMessages.required);
    next();
  };
}
