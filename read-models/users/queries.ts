import type { ReadModels } from '../runtime/read-models.ts';
import { USERS, usersProjection, type UserDoc } from './projection.ts';

export function usersCollection(readModels: ReadModels) {
  return readModels.collection<UserDoc>(usersProjection, USERS);
}

export async function findUserById(readModels: ReadModels, userId: string): Promise<UserDoc | null> {
  return usersCollection(readModels).findOne({ _id: userId });
}

/** The user whose Stripe customer this is (StripeCustomerLinked), or null: the webhook's customer index. */
export async function findUserByStripeCustomerId(readModels: ReadModels, stripeCustomerId: string): Promise<UserDoc | null> {
  return usersCollection(readModels).findOne({ stripeCustomerId });
}

/** The account whose current verification link has this token hash (unverified accounts only). */
export async function findUserByVerificationTokenHash(readModels: ReadModels, tokenHash: string): Promise<UserDoc | null> {
  return usersCollection(readModels).findOne({ verificationTokenHash: tokenHash });
}
