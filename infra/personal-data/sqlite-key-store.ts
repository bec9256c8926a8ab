import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { KEY_BYTES, type KeyStore, type UserKey } from './port.ts';

/**
 * Data keys in SQLite (`<dataDir>/keys.sqlite`, WAL): the embedded default. A destroyed key's row keeps
 * only the tombstone (`key` NULL, `destroyed_at`); `secure_delete` makes SQLite overwrite the freed
 * bytes, so the key does not linger in the file's free pages (the WAL is checkpointed at once too).
 */
export class SqliteKeyStore implements KeyStore {
  private readonly db: DatabaseSync;

  constructor(file: string) {
    mkdirSync(path.dirname(file), { recursive: true });
    this.db = new DatabaseSync(file);
    this.db.exec(`PRAGMA journal_mode = WAL; PRAGMA busy_timeout = 5000; PRAGMA secure_delete = ON;
      CREATE TABLE IF NOT EXISTS user_keys (
        user_id TEXT PRIMARY KEY, key BLOB, destroyed_at TEXT
      ) STRICT;`);
  }

  keyFor(userId: string): Promise<Buffer | null> {
    // INSERT OR IGNORE: of two first uses at once (or two processes), one key wins and both read it
    this.db.prepare('INSERT OR IGNORE INTO user_keys (user_id, key, destroyed_at) VALUES (?, ?, NULL)').run(userId, randomBytes(KEY_BYTES));
    const row = this.db.prepare('SELECT key FROM user_keys WHERE user_id = ?').get(userId) as { key: Uint8Array | null } | undefined;
    return Promise.resolve(row?.key ? Buffer.from(row.key) : null);
  }

  lookup(userIds: readonly string[]): Promise<Map<string, UserKey>> {
    const found = new Map<string, UserKey>();
    const unique = [...new Set(userIds)];
    for (let i = 0; i < unique.length; i += 500) {
      const part = unique.slice(i, i + 500);
      const rows = this.db.prepare(`SELECT user_id, key, destroyed_at FROM user_keys WHERE user_id IN (${part.map(() => '?').join(',')})`).all(...part) as {
        user_id: string;
        key: Uint8Array | null;
        destroyed_at: string | null;
      }[];
      for (const r of rows) found.set(r.user_id, r.key ? { status: 'active', key: Buffer.from(r.key) } : { status: 'destroyed', destroyedAt: r.destroyed_at ?? '' });
    }
    return Promise.resolve(found);
  }

  destroy(userId: string, at: string): Promise<void> {
    this.db
      .prepare('INSERT INTO user_keys (user_id, key, destroyed_at) VALUES (?, NULL, ?) ON CONFLICT (user_id) DO UPDATE SET key = NULL, destroyed_at = COALESCE(destroyed_at, excluded.destroyed_at)')
      .run(userId, at);
    // the old key's bytes leave the write-ahead log too
    this.db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
    return Promise.resolve();
  }

  ping(): Promise<void> {
    try {
      this.db.prepare('SELECT 1 FROM user_keys LIMIT 1').get();
      return Promise.resolve();
    } catch (error) {
      return Promise.reject(error as Error);
    }
  }

  /** Every user whose key was destroyed (for `scrub-deleted`; not part of the port). */
  destroyedUsers(): Set<string> {
    const rows = this.db.prepare('SELECT user_id FROM user_keys WHERE key IS NULL').all() as { user_id: string }[];
    return new Set(rows.map((r) => r.user_id));
  }

  close(): Promise<void> {
    if (this.db.isOpen) this.db.close();
    return Promise.resolve();
  }
}
