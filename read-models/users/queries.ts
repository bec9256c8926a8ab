import type { ReadModels } from '../runtime/read-models.ts';
import { USERS, usersProjection, type UserDoc } from './projection.ts';

export function usersCollection(readModels: ReadModels) {
  return readModels.collection<UserDoc>(usersProjection, USERS);
}

export async function findUserById(readModels: ReadModels, userId: string): Promise<UserDoc | null> {
  return usersCollection(readModels).findOne({ _id: userId });
}

/** The account whose current verification link has this token hash (unverified accounts only). */
export async function findUserByVerificationTokenHash(readModels: ReadModels, tokenHash: string): Promise<UserDoc | null> {
  return usersCollection(readModels).findOne({ verificationTokenHash: tokenHash });
}
