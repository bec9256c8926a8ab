import { parseStoredTypeName } from '../../events/define.ts';
import type { NewEvent, RecordedEvent } from '../../events/envelope.ts';
import { personalFieldsByType, type PersonalFields } from '../../events/personal-data.ts';
import type { AppendResult, EventStore, ExpectedRevision, ReadAllOptions, SubscribeOptions, Subscription } from '../event-store/port.ts';
import { isSealed, openField, sealField } from './pii-cipher.ts';
import type { KeyStore, UserKey } from './port.ts';

/** An append of a personal field for a user whose key is destroyed (a write that raced the deletion). */
export class DeletedAccountError extends Error {
  constructor(userId: string) {
    super(`the account ${userId} was deleted: its personal data is not written again`);
    this.name = 'DeletedAccountError';
  }
}

/**
 * The event store with crypto-shredding (docs/accounts-and-security.md "Deleting an account"): wraps
 * the configured store and, for the personal fields of events/personal-data.ts,
 * - on append, seals each field with its user's key (made on first use) before the store sees it;
 * - on every read (stream, all, subscription), opens the sealed fields with the key; a field whose key
 *   was destroyed reads as its placeholder, and so does a plain field (an event written before
 *   encryption) of a user whose key was destroyed (the tombstone).
 * Everything above it (the registry's validation and upcasters, the deciders, the projectors) sees plain
 * events and never knows; the store underneath never holds a new personal field in clear. Events with
 * no personal field pass untouched (one map lookup by type), and a read asks the key store once for all
 * the users of a batch.
 */
export class ShreddingEventStore implements EventStore {
  readonly kind: EventStore['kind'];
  /** The store underneath (sealed fields as stored). */
  readonly inner: EventStore;
  private readonly keys: KeyStore;

  constructor(inner: EventStore, keys: KeyStore) {
    this.inner = inner;
    this.keys = keys;
    this.kind = inner.kind;
  }

  async append(stream: string, events: NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
    const sealed: NewEvent[] = [];
    for (const event of events) {
      const personal = personalOf(event.type);
      const userId = personal ? userIdOf(event.data) : null;
      if (!personal || userId === null) {
        sealed.push(event);
        continue;
      }
      const key = await this.keys.keyFor(userId);
      if (!key) throw new DeletedAccountError(userId);
      sealed.push({ ...event, data: mapFields(event.data, personal, (value) => (isSealed(value) ? value : sealField(value, key, userId))) });
    }
    return this.inner.append(stream, sealed, expected);
  }

  async readStream(stream: string, options?: { fromRevision?: number }): Promise<RecordedEvent[]> {
    return this.reveal(await this.inner.readStream(stream, options));
  }

  async readAll(options?: ReadAllOptions): Promise<RecordedEvent[]> {
    return this.reveal(await this.inner.readAll(options));
  }

  headPosition(): Promise<number> {
    return this.inner.headPosition();
  }

  subscribe(options: SubscribeOptions): Subscription {
    return this.inner.subscribe({ ...options, onEvents: async (events) => options.onEvents(await this.reveal(events)) });
  }

  ping(): Promise<void> {
    return this.inner.ping();
  }

  close(): Promise<void> {
    return this.inner.close();
  }

  /** The events with their personal fields opened (or, for a deleted account, replaced by placeholders). */
  async reveal(events: RecordedEvent[]): Promise<RecordedEvent[]> {
    const users: string[] = [];
    for (const e of events) {
      const userId = personalOf(e.type) ? userIdOf(e.data) : null;
      if (userId !== null) users.push(userId);
    }
    if (users.length === 0) return events;
    const keys = await this.keys.lookup(users);
    return events.map((e) => {
      const personal = personalOf(e.type);
      const userId = personal ? userIdOf(e.data) : null;
      if (!personal || userId === null) return e;
      return { ...e, data: mapFields(e.data, personal, (value, placeholder) => shown(value, placeholder, keys.get(userId), userId)) };
    });
  }
}

/** What a stored personal field reads as, given its user's key (or tombstone, or nothing). */
export function shown(value: string, placeholder: string, key: UserKey | undefined, userId: string): string {
  if (key?.status === 'destroyed') return placeholder;
  if (!isSealed(value)) return value; // written before encryption, user not deleted
  // sealed without a key on record: the key store lost it (a restore without it): unreadable, as deleted
  if (!key) return placeholder;
  return openField(value, key.key, userId);
}

function personalOf(storedType: string): PersonalFields | undefined {
  return personalFieldsByType[parseStoredTypeName(storedType).type];
}

function userIdOf(data: unknown): string | null {
  const userId = (data as { userId?: unknown } | null)?.userId;
  return typeof userId === 'string' ? userId : null;
}

/** A copy of `data` with each personal string field (a path: `accounts.*.accountName`) passed through `change`. */
export function mapFields(data: unknown, personal: PersonalFields, change: (value: string, placeholder: string) => string): unknown {
  let result = data;
  for (const [field, placeholder] of Object.entries(personal.fields)) {
    result = mapPath(result, field.split('.'), (value) => change(value, placeholder));
  }
  return result;
}

function mapPath(node: unknown, path: readonly string[], change: (value: string) => string): unknown {
  if (path.length === 0) return typeof node === 'string' ? change(node) : node;
  const [head, ...rest] = path as [string, ...string[]];
  if (head === '*') return Array.isArray(node) ? node.map((item) => mapPath(item, rest, change)) : node;
  if (node === null || typeof node !== 'object' || !(head in node)) return node;
  const record = node as Record<string, unknown>;
  return { ...record, [head]: mapPath(record[head], rest, change) };
}
