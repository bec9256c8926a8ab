/**
 * The store of per-user data keys (docs/accounts-and-security.md "Deleting an account"). It lives
 * outside the event log on purpose: the log is append-only and replicated into backups, so a key kept
 * in it could never be destroyed. Destroying a key leaves a tombstone (the user id and when), so the
 * reader knows the plain personal fields of the user's older events are to be hidden too.
 *
 * Adapters: SQLite (`DATA_DIR/keys.sqlite`, the embedded default) and the document store (MongoDB, the
 * collection `personal_data_keys`); one contract spec (key-store.int.spec.ts).
 */
export type UserKey = { status: 'active'; key: Buffer } | { status: 'destroyed'; destroyedAt: string };

export interface KeyStore {
  /** The user's key, made (32 random bytes) on first use; null when it was destroyed (a deleted account). */
  keyFor(userId: string): Promise<Buffer | null>;
  /** The keys and tombstones of these users, in one read; a user without either is absent. */
  lookup(userIds: readonly string[]): Promise<Map<string, UserKey>>;
  /** Destroys the user's key for good and leaves the tombstone (idempotent; works for a user without a key too). */
  destroy(userId: string, at: string): Promise<void>;
  /** Rejects when the store cannot be read (readiness: without the keys no personal field reads or writes). */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** The bytes of a new key: AES-256 (32 bytes). */
export const KEY_BYTES = 32;

/**
 * The id of the key that names the e-mail reservation streams (`useremail-<HMAC of the address>`,
 * services/accounts/email-reservation.ts): made once, like a user's key, and never destroyed. It is not
 * a uuid, so no user's key can share it.
 */
export const EMAIL_INDEX_KEY_ID = 'email-index';
