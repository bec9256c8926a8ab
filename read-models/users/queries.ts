import type { ReadModels } from '../runtime/read-models.ts';
import { USERS, usersProjection, type UserDoc } from './projection.ts';

function usersCollection(readModels: ReadModels) {
  return readModels.collection<UserDoc>(usersProjection, USERS);
}

export async function findUserById(readModels: ReadModels, userId: string): Promise<UserDoc | null> {
  return usersCollection(readModels).findOne({ _id: userId });
}

/** The user this Stripe customer is linked to (StripeCustomerLinked), or null: the webhook's customer index. */
export async function findUserByStripeCustomerId(readModels: ReadModels, stripeCustomerId: string): Promise<UserDoc | null> {
  return usersCollection(readModels).findOne({ stripeCustomerIds: stripeCustomerId });
}

/** The account whose current verification link has this token hash (unverified accounts only). */
export async function findUserByVerificationTokenHash(readModels: ReadModels, tokenHash: string): Promise<UserDoc | null> {
  return usersCollection(readModels).findOne({ verificationTokenHash: tokenHash });
}

/** These users' documents (those that exist; in no particular order). */
export async function usersByIds(readModels: ReadModels, userIds: readonly string[]): Promise<UserDoc[]> {
  return usersCollection(readModels).find({ _id: { $in: [...userIds] } });
}

/** Of these users, the documents written after log position `since` (the live updates' session checks). */
export async function usersWrittenAfter(readModels: ReadModels, userIds: readonly string[], since: number): Promise<UserDoc[]> {
  return usersCollection(readModels).find({ _id: { $in: [...userIds] }, _position: { $gt: since } });
}

/**
 * The users with any subscription on record (index `subscriptionTier`). Whether one of them still
 * gives the rights (each subscription's status and end) is `hasPremiumRights` (services/billing/premium.ts).
 */
export async function premiumUsers(readModels: ReadModels): Promise<UserDoc[]> {
  return usersCollection(readModels).find({ subscriptionTier: 'premium' });
}
