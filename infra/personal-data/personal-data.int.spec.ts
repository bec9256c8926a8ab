import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { NewEvent, RecordedEvent } from '../../events/envelope.ts';
import { registry } from '../../events/registry.ts';
import { project } from '../../read-models/runtime/projection-testing.ts';
import { USERS, usersProjection } from '../../read-models/users/projection.ts';
import { MemoryDocumentStore } from '../document-store/memory-document-store.ts';
import { openSqliteEventStore } from '../event-store/sqlite-event-store.ts';
import type { EventStore } from '../event-store/port.ts';
import { DocumentKeyStore } from './document-key-store.ts';
import { isSealed, openField, PII_MARKER, sealField } from './pii-cipher.ts';
import { EMAIL_INDEX_KEY_ID, KEY_BYTES, type KeyStore } from './port.ts';
import { deletedAccountsInLog, scrubDeletedUsers } from './scrub-sqlite-log.ts';
import { ShreddingEventStore } from './shredding-event-store.ts';
import { SqliteKeyStore } from './sqlite-key-store.ts';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const step of cleanups.splice(0).reverse()) await step();
});

function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'weeklydiv-keys-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

describe('pii cipher (AES-256-GCM, pii:v1:)', () => {
  const key = randomBytes(32);
  const userId = randomUUID();

  it('seals to a marked string that opens again with the same key and user', () => {
    const sealed = sealField('ann@example.com', key, userId);
    expect(sealed.startsWith(PII_MARKER)).toBe(true);
    expect(isSealed(sealed)).toBe(true);
    expect(isSealed('ann@example.com')).toBe(false);
    expect(sealed).not.toContain('ann');
    expect(openField(sealed, key, userId)).toBe('ann@example.com');
    // a fresh IV each time: equal values do not give equal ciphertexts
    expect(sealField('ann@example.com', key, userId)).not.toBe(sealed);
  });

  it('does not open with another key, for another user, or once changed', () => {
    const sealed = sealField('Ann', key, userId);
    expect(() => openField(sealed, randomBytes(32), userId)).toThrow();
    expect(() => openField(sealed, key, randomUUID())).toThrow();
    const bytes = Buffer.from(sealed.slice(PII_MARKER.length), 'base64');
    bytes[bytes.length - 1]! ^= 1;
    expect(() => openField(PII_MARKER + bytes.toString('base64'), key, userId)).toThrow();
  });
});

const keyStores: [string, () => KeyStore][] = [
  [
    'SQLite',
    () => {
      const store = new SqliteKeyStore(path.join(tempDir(), 'keys.sqlite'));
      cleanups.push(() => store.close());
      return store;
    },
  ],
  ['document store', () => new DocumentKeyStore(new MemoryDocumentStore())],
];

describe.each(keyStores)('key store contract: %s', (_name, make) => {
  it('answers the readiness ping, before and after keys exist', async () => {
    const keys = make();
    await expect(keys.ping()).resolves.toBeUndefined();
    await keys.keyFor(randomUUID());
    await expect(keys.ping()).resolves.toBeUndefined();
  });

  it('makes a 32-byte key on first use and answers the same key after', async () => {
    const keys = make();
    const user = randomUUID();
    const first = await keys.keyFor(user);
    expect(first).toHaveLength(KEY_BYTES);
    expect((await keys.keyFor(user))!.equals(first!)).toBe(true);
    expect((await keys.keyFor(randomUUID()))!.equals(first!)).toBe(false);
  });

  it('looks up several users at once: keys, tombstones, and nothing for an unknown user', async () => {
    const keys = make();
    const [a, b, c] = [randomUUID(), randomUUID(), randomUUID()];
    const keyA = await keys.keyFor(a);
    await keys.keyFor(b);
    await keys.destroy(b, '2026-03-02T15:00:00.000Z');
    const found = await keys.lookup([a, b, c, a]);
    expect(found.get(a)).toEqual({ status: 'active', key: keyA });
    expect(found.get(b)).toEqual({ status: 'destroyed', destroyedAt: '2026-03-02T15:00:00.000Z' });
    expect(found.has(c)).toBe(false);
    expect((await keys.lookup([])).size).toBe(0);
  });

  it('destroys for good: no key is made again, a second destroy keeps the first time, a user without a key gets a tombstone', async () => {
    const keys = make();
    const [a, never] = [randomUUID(), randomUUID()];
    await keys.keyFor(a);
    await keys.destroy(a, '2026-03-02T15:00:00.000Z');
    await keys.destroy(a, '2026-03-03T15:00:00.000Z');
    expect(await keys.keyFor(a)).toBeNull();
    expect((await keys.lookup([a])).get(a)).toEqual({ status: 'destroyed', destroyedAt: '2026-03-02T15:00:00.000Z' });
    await keys.destroy(never, '2026-03-02T16:00:00.000Z');
    expect((await keys.lookup([never])).get(never)).toEqual({ status: 'destroyed', destroyedAt: '2026-03-02T16:00:00.000Z' });
  });

  it('keeps the email index key (the reservation streams\' names) beside the users\' keys: made once, then always the same', async () => {
    const keys = make();
    const [first, second] = await Promise.all([keys.keyFor(EMAIL_INDEX_KEY_ID), keys.keyFor(EMAIL_INDEX_KEY_ID)]);
    expect(first).toHaveLength(KEY_BYTES);
    expect(second!.equals(first!)).toBe(true);
    // a user's deletion never touches it
    const user = randomUUID();
    await keys.keyFor(user);
    await keys.destroy(user, '2026-03-02T15:00:00.000Z');
    expect((await keys.keyFor(EMAIL_INDEX_KEY_ID))!.equals(first!)).toBe(true);
  });
});

describe('the SQLite key store file', () => {
  it('keeps the keys over a reopen, and a destroyed key is nowhere in the file any more', async () => {
    const file = path.join(tempDir(), 'keys.sqlite');
    const user = randomUUID();
    const first = new SqliteKeyStore(file);
    const key = await first.keyFor(user);
    await first.close();
    const second = new SqliteKeyStore(file);
    cleanups.push(() => second.close());
    expect((await second.keyFor(user))!.equals(key!)).toBe(true);
    await second.destroy(user, '2026-03-02T15:00:00.000Z');
    const { readFileSync } = await import('node:fs');
    expect(readFileSync(file).includes(key!)).toBe(false);
  });

  it('answers the readiness ping while open, and rejects it once the file is closed', async () => {
    const keys = new SqliteKeyStore(path.join(tempDir(), 'keys.sqlite'));
    await expect(keys.ping()).resolves.toBeUndefined();
    await keys.close();
    await expect(keys.ping()).rejects.toThrow(/not open/i);
  });
});

const AT = '2026-03-02T15:00:00.000Z';
const metadata = { actor: 'spec', correlationId: 'c' };

function registered(userId: string, email: string, firstName = 'Ann', lastName = 'Lee'): NewEvent {
  const encoded = registry.encode({ type: 'UserRegistered', data: { userId, email, firstName, lastName, passwordHash: 'scrypt$x', registeredAt: AT } }, metadata);
  return encoded;
}

describe('the shredding event store', () => {
  async function stores(): Promise<{ inner: EventStore; store: ShreddingEventStore; keys: KeyStore }> {
    const dir = tempDir();
    const inner = await openSqliteEventStore(path.join(dir, 'events.sqlite'));
    const keys = new SqliteKeyStore(path.join(dir, 'keys.sqlite'));
    cleanups.push(() => inner.close(), () => keys.close());
    return { inner, store: new ShreddingEventStore(inner, keys), keys };
  }
  const decode = (events: RecordedEvent[]) => events.map((e) => registry.decode(e));

  it('stores the personal fields sealed, reads them plain, and leaves other fields and events as they are', async () => {
    const { inner, store } = await stores();
    const user = randomUUID();
    await store.append(`user-${user}`, [registered(user, 'ann@example.com')], 'no_stream');
    const raw = (await inner.readStream(`user-${user}`))[0]!.data as Record<string, string>;
    expect(isSealed(raw['email'])).toBe(true);
    expect(isSealed(raw['firstName'])).toBe(true);
    expect(raw['userId']).toBe(user);
    expect(raw['passwordHash']).toBe('scrypt$x');
    expect(JSON.stringify(raw)).not.toContain('ann@example.com');
    expect(decode(await store.readStream(`user-${user}`))[0]!.data).toMatchObject({ email: 'ann@example.com', firstName: 'Ann', lastName: 'Lee' });
    expect(decode(await store.readAll({ after: 0 }))[0]!.data).toMatchObject({ email: 'ann@example.com' });
  });

  it('after the key is destroyed: sealed fields read as the placeholders, the events still validate, other users are untouched', async () => {
    const { store, keys } = await stores();
    const [gone, kept] = [randomUUID(), randomUUID()];
    await store.append(`user-${gone}`, [registered(gone, 'gone@example.com')], 'no_stream');
    await store.append(`user-${kept}`, [registered(kept, 'kept@example.com', 'Kim', 'Kay')], 'no_stream');
    await keys.destroy(gone, AT);
    const all = decode(await store.readAll({ after: 0 }));
    expect(all.map((e) => e.data)).toMatchObject([
      { userId: gone, email: 'deleted-user', firstName: 'Deleted', lastName: 'user' },
      { userId: kept, email: 'kept@example.com', firstName: 'Kim', lastName: 'Kay' },
    ]);
    // a new personal field of the deleted user is refused (a write that raced the deletion)
    await expect(store.append(`user-${gone}`, [registry.encode({ type: 'UserNameChanged', data: { userId: gone, firstName: 'A', lastName: 'B', changedAt: AT } }, metadata)], 'any')).rejects.toThrow(/was deleted/);
  });

  it('old plain events (written before encryption) read as they are, and as the placeholders once the user is deleted (the tombstone)', async () => {
    const { inner, store, keys } = await stores();
    const user = randomUUID();
    await inner.append(`user-${user}`, [registered(user, 'old@example.com', 'Olga', 'Old')], 'no_stream');
    expect(decode(await store.readStream(`user-${user}`))[0]!.data).toMatchObject({ email: 'old@example.com', firstName: 'Olga' });
    await keys.destroy(user, AT);
    expect(decode(await store.readStream(`user-${user}`))[0]!.data).toMatchObject({ email: 'deleted-user', firstName: 'Deleted', lastName: 'user' });
    // the bytes are still in the file until scrub-deleted rewrites them (docs/accounts-and-security.md)
    expect(JSON.stringify((await inner.readStream(`user-${user}`))[0]!.data)).toContain('old@example.com');
  });

  it('a subscription hands projectors the events opened, and nested fields (brokerage account names) are sealed too', async () => {
    const { inner, store } = await stores();
    const user = randomUUID();
    const synced = registry.encode(
      {
        type: 'BrokerageSynced',
        data: { userId: user, trigger: 'user', accounts: [{ accountId: 'a1', brokerageName: 'Questrade', accountName: "Ann's TFSA", positions: 2, synced: 1 }], synced: 1, total: 2, syncedAt: AT },
      },
      metadata,
    );
    await store.append(`brokerage-${user}`, [synced], 'no_stream');
    expect(JSON.stringify((await inner.readStream(`brokerage-${user}`))[0]!.data)).not.toContain('TFSA');
    const seen = await new Promise<RecordedEvent[]>((resolve) => {
      const sub = store.subscribe({ after: 0, onEvents: (events) => void sub.stop().then(() => resolve(events)) });
    });
    expect(decode(seen)[0]!.data).toMatchObject({ accounts: [{ accountName: "Ann's TFSA", brokerageName: 'Questrade' }] });
  });

  it('a replay through the users projection after the deletion gives no document of the user and no address', async () => {
    const { store, keys } = await stores();
    const user = randomUUID();
    await store.append(`user-${user}`, [registered(user, 'replay@example.com')], 'no_stream');
    await store.append(`user-${user}`, [registry.encode({ type: 'AccountDeleted', data: { userId: user, deletedAt: AT } }, metadata)], 0);
    await keys.destroy(user, AT);
    const events = decode(await store.readAll({ after: 0 }));
    const { all } = await project(usersProjection, events);
    expect(await all(USERS)).toEqual([]);
    expect(JSON.stringify(events)).not.toContain('replay@example.com');
  });
});

describe('scrub-deleted on the embedded log', () => {
  it("rewrites a deleted user's old plain fields to the placeholders (the log reads the same), leaves other users and sealed fields alone", async () => {
    const dir = tempDir();
    const file = path.join(dir, 'events.sqlite');
    const inner = await openSqliteEventStore(file);
    const keys = new SqliteKeyStore(path.join(dir, 'keys.sqlite'));
    cleanups.push(() => inner.close(), () => keys.close());
    const store = new ShreddingEventStore(inner, keys);
    const [old, sealedUser, alive] = [randomUUID(), randomUUID(), randomUUID()];
    await inner.append(`user-${old}`, [registered(old, 'old-plain@example.com', 'Olga', 'Old')], 'no_stream');
    await inner.append(`user-${alive}`, [registered(alive, 'alive@example.com', 'Al', 'Ive')], 'no_stream');
    await store.append(`user-${sealedUser}`, [registered(sealedUser, 'sealed@example.com')], 'no_stream');
    await store.append(`user-${old}`, [registry.encode({ type: 'AccountDeleted', data: { userId: old, deletedAt: AT } }, metadata)], 0);
    await keys.destroy(sealedUser, AT);
    // the deletion of `old` stopped before its key was destroyed: scrub-deleted finishes it first
    expect(deletedAccountsInLog(file)).toEqual([old]);
    await keys.destroy(old, AT);
    const before = JSON.stringify(decode2(await store.readAll({ after: 0 })));
    const sealedRaw = JSON.stringify((await inner.readStream(`user-${sealedUser}`))[0]!.data);

    expect(scrubDeletedUsers(file, keys.destroyedUsers())).toEqual({ deletedUsers: 2, scanned: 2, rewritten: 1, legacyReservationsRemoved: 0 });
    expect(JSON.stringify(decode2(await store.readAll({ after: 0 })))).toBe(before);
    const { readFileSync } = await import('node:fs');
    expect(readFileSync(file).includes('old-plain@example.com')).toBe(false);
    expect(JSON.stringify((await inner.readStream(`user-${alive}`))[0]!.data)).toContain('alive@example.com');
    expect(JSON.stringify((await inner.readStream(`user-${sealedUser}`))[0]!.data)).toBe(sealedRaw);
    // a second run finds nothing to do
    expect(scrubDeletedUsers(file, keys.destroyedUsers())).toEqual({ deletedUsers: 2, scanned: 2, rewritten: 0, legacyReservationsRemoved: 0 });
  });

  it('removes the legacy useremail-<address> streams that only deleted accounts reserved; keeps a live account\'s, an interrupted registration\'s and the hashed ones', async () => {
    const dir = tempDir();
    const file = path.join(dir, 'events.sqlite');
    const inner = await openSqliteEventStore(file);
    cleanups.push(() => inner.close());
    const [gone, goneUnreleased, before, after, orphan] = [randomUUID(), randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    const reserved = (email: string, userId: string) => registry.encode({ type: 'EmailReserved', data: { email, userId, reservedAt: AT } }, metadata);
    const released = (userId: string) => registry.encode({ type: 'EmailReleased', data: { userId, releasedAt: AT } }, metadata);
    await inner.append('useremail-gone@example.com', [reserved('gone@example.com', gone), released(gone)], 'no_stream');
    await inner.append('useremail-unreleased@example.com', [reserved('unreleased@example.com', goneUnreleased)], 'no_stream');
    // deleted, then the address registered again by a live account (before the hashed names)
    await inner.append('useremail-again@example.com', [reserved('again@example.com', before), released(before), reserved('again@example.com', after)], 'no_stream');
    await inner.append('useremail-orphan@example.com', [reserved('orphan@example.com', orphan)], 'no_stream');
    await inner.append(`useremail-${'a'.repeat(64)}`, [reserved('hashed@example.com', gone), released(gone)], 'no_stream');

    const result = scrubDeletedUsers(file, new Set([gone, goneUnreleased, before]));
    expect(result.legacyReservationsRemoved).toBe(2);
    const { DatabaseSync } = await import('node:sqlite');
    const db = new DatabaseSync(file, { readOnly: true });
    const names = (db.prepare('SELECT DISTINCT stream FROM events ORDER BY stream').all() as { stream: string }[]).map((r) => r.stream);
    db.close();
    expect(names).toEqual([`useremail-${'a'.repeat(64)}`, 'useremail-again@example.com', 'useremail-orphan@example.com']);
    const { readFileSync } = await import('node:fs');
    expect(readFileSync(file).includes('gone@example.com')).toBe(false);
    expect(readFileSync(file).includes('unreleased@example.com')).toBe(false);
    expect(scrubDeletedUsers(file, new Set([gone, goneUnreleased, before])).legacyReservationsRemoved).toBe(0);
  });
});

const decode2 = (events: RecordedEvent[]) => events.map((e) => registry.decode(e));
