import { DatabaseSync } from 'node:sqlite';
import { parseStoredTypeName } from '../../events/define.ts';
import { personalFieldsByType } from '../../events/personal-data.ts';
import { isSealed } from './pii-cipher.ts';
import { mapFields } from './shredding-event-store.ts';

export interface ScrubResult {
  /** Users with a tombstone (their key destroyed). */
  deletedUsers: number;
  /** Rows of personal events looked at. */
  scanned: number;
  /** Rows whose plain personal fields were overwritten by the placeholders. */
  rewritten: number;
  /** Legacy reservation streams (`useremail-<address>`) of deleted accounts removed, their names with them. */
  legacyReservationsRemoved: number;
}

/**
 * A reservation stream named by its address, as logs written before issue 29 have them: the hashed
 * names are hexadecimal, so an `@` in the id tells the two apart.
 */
const LEGACY_RESERVATION = "stream LIKE 'useremail-%@%'";

/**
 * `npm run wd -- scrub-deleted` (docs/accounts-and-security.md "Deleting an account"): rewrites, in the
 * embedded SQLite log (`DATA_DIR/events.sqlite`), the plain personal fields of the events of deleted
 * users: events written before the fields were encrypted, which no key can shred. Each such field gets
 * the placeholder the reader shows anyway, so no read model changes (the log reads the same before and
 * after). Sealed fields stay as they are (unreadable without the key). With `secure_delete` and a
 * checkpoint of the write-ahead log, the old bytes leave the file. Safe while the server runs (SQLite
 * serialises the writers; the server's writer notices another connection's commit).
 *
 * It also deletes the legacy reservation streams (`useremail-<address>`) whose every reserving account
 * is deleted: the address is in the stream's name, which no placeholder can hide. Their events are read
 * by nothing but the registration (no projection handles them), and with the stream gone the address is
 * free, as its release said; a new account reserves the hashed stream (services/accounts/email-reservation.ts).
 * A legacy stream that a live account holds, or an interrupted registration, stays.
 */
export function scrubDeletedUsers(eventsFile: string, deletedUserIds: ReadonlySet<string>): ScrubResult {
  const result: ScrubResult = { deletedUsers: deletedUserIds.size, scanned: 0, rewritten: 0, legacyReservationsRemoved: 0 };
  if (deletedUserIds.size === 0) return result;
  const db = new DatabaseSync(eventsFile);
  try {
    db.exec('PRAGMA busy_timeout = 5000; PRAGMA secure_delete = ON;');
    const types = Object.keys(personalFieldsByType);
    const rows = db.prepare(`SELECT position, type, data FROM events WHERE ${types.map(() => 'type LIKE ?').join(' OR ')}`).all(...types.map((t) => `${t}.v%`)) as {
      position: number;
      type: string;
      data: string;
    }[];
    const update = db.prepare('UPDATE events SET data = ? WHERE position = ?');
    db.exec('BEGIN IMMEDIATE');
    try {
      for (const row of rows) {
        const personal = personalFieldsByType[parseStoredTypeName(row.type).type];
        const data = JSON.parse(row.data) as { userId?: unknown };
        if (!personal || typeof data.userId !== 'string' || !deletedUserIds.has(data.userId)) continue;
        result.scanned += 1;
        const scrubbed = mapFields(data, personal, (value, placeholder) => (isSealed(value) ? value : placeholder));
        const text = JSON.stringify(scrubbed);
        if (text === row.data) continue;
        update.run(text, row.position);
        result.rewritten += 1;
      }
      result.legacyReservationsRemoved = removeLegacyReservations(db, deletedUserIds);
      db.exec('COMMIT');
    } catch (error) {
      if (db.isTransaction) db.exec('ROLLBACK');
      throw error;
    }
    db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
    return result;
  } finally {
    db.close();
  }
}

/** Deletes the legacy reservation streams that only deleted accounts ever reserved (in the caller's transaction); answers how many. */
function removeLegacyReservations(db: DatabaseSync, deletedUserIds: ReadonlySet<string>): number {
  const rows = db.prepare(`SELECT stream, data FROM events WHERE ${LEGACY_RESERVATION}`).all() as { stream: string; data: string }[];
  const holders = new Map<string, Set<string>>();
  for (const row of rows) {
    // EmailReserved and EmailReleased both name the account (userId is never sealed)
    const userId = (JSON.parse(row.data) as { userId?: unknown }).userId;
    const set = holders.get(row.stream) ?? new Set<string>();
    set.add(typeof userId === 'string' ? userId : '');
    holders.set(row.stream, set);
  }
  const remove = db.prepare('DELETE FROM events WHERE stream = ?');
  let removed = 0;
  for (const [stream, users] of holders) {
    if (![...users].every((id) => deletedUserIds.has(id))) continue;
    remove.run(stream);
    removed += 1;
  }
  return removed;
}

/** The users with `AccountDeleted` in the embedded log (to destroy the key of a deletion interrupted before that step). */
export function deletedAccountsInLog(eventsFile: string): string[] {
  const db = new DatabaseSync(eventsFile, { readOnly: true });
  try {
    const rows = db.prepare("SELECT data FROM events WHERE type LIKE 'AccountDeleted.v%'").all() as { data: string }[];
    return rows.map((r) => (JSON.parse(r.data) as { userId: string }).userId);
  } finally {
    db.close();
  }
}
