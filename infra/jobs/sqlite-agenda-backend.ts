/**
 * An Agenda 6 backend on SQLite (`node:sqlite`, WAL), the default when MONGODB_URL is not set.
 *
 * It implements Agenda's `JobRepository` (agenda 6.2.6, `dist/types/JobRepository.d.ts`) with the
 * semantics of the official MongoDB and PostgreSQL backends:
 * - `getNextJobToRun` finds and locks one job in a single `UPDATE … WHERE id = (SELECT … LIMIT 1)
 *   RETURNING *` statement: a job is due when unlocked with `nextRunAt <= nextScanAt`, or when its
 *   lock is older than the lock deadline (the locking instance died); order `nextRunAt` ascending
 *   (nulls last), then `priority` descending. SQLite serialises writers, so two Agenda instances —
 *   in one process or in several on the same file — never lock the same job twice.
 * - `saveJob` inserts, updates by `_id`, upserts `type: 'single'` jobs by name (keeping a due
 *   `nextRunAt`), and upserts by a `unique` constraint with `insertOnly` and debounce handling, all
 *   inside `BEGIN IMMEDIATE` transactions.
 * - Updates by `_id` only write the fields present on the given job, so `job.save()` (which omits
 *   the processor-managed fields) never clears a running job's lock or its failure history.
 *   (The MongoDB backend 4.0.3 nulls them instead.)
 * - The `data` filter of queries, removals, enabling and disabling is a partial match (every field
 *   given must be equal; an array matches a scalar it contains), as in the MongoDB backend.
 *
 * Storage: one table `agenda_jobs`; dates as epoch milliseconds, `data`, `repeatInterval` and
 * `skipDays` as JSON (so Dates inside job data come back as ISO strings).
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { DatabaseSync, type SQLInputValue, type SQLOutputValue, type StatementSync } from 'node:sqlite';
import { registerCacheKind } from '../../domain/caches/registry.ts';
import {
  computeJobState,
  toJobId,
  type AgendaBackend,
  type JobId,
  type JobParameters,
  type JobRepository,
  type JobRepositoryOptions,
  type JobsOverview,
  type JobsQueryOptions,
  type JobsResult,
  type JobsSort,
  type JobWithState,
  type RemoveJobsOptions,
} from 'agenda';

const TABLE = 'agenda_jobs';
const SCHEMA_VERSION = 1;

const SCHEMA = `
CREATE TABLE IF NOT EXISTS ${TABLE} (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  priority REAL NOT NULL DEFAULT 0,
  next_run_at INTEGER,
  type TEXT NOT NULL DEFAULT 'normal' CHECK (type IN ('normal', 'single')),
  locked_at INTEGER,
  last_run_at INTEGER,
  last_finished_at INTEGER,
  failed_at INTEGER,
  fail_count INTEGER,
  fail_reason TEXT,
  repeat_interval TEXT,
  repeat_timezone TEXT,
  repeat_at TEXT,
  data TEXT NOT NULL DEFAULT 'null',
  disabled INTEGER NOT NULL DEFAULT 0,
  progress REAL,
  fork INTEGER NOT NULL DEFAULT 0,
  last_modified_by TEXT,
  debounce_started_at INTEGER,
  start_date INTEGER,
  end_date INTEGER,
  skip_days TEXT
) STRICT;
CREATE INDEX IF NOT EXISTS ${TABLE}_find_and_lock ON ${TABLE} (name, disabled, locked_at, next_run_at, priority DESC);
CREATE UNIQUE INDEX IF NOT EXISTS ${TABLE}_single ON ${TABLE} (name) WHERE type = 'single';
CREATE INDEX IF NOT EXISTS ${TABLE}_next_run_at ON ${TABLE} (next_run_at);
CREATE INDEX IF NOT EXISTS ${TABLE}_locked_at ON ${TABLE} (locked_at) WHERE locked_at IS NOT NULL;
`;

type Kind = 'text' | 'number' | 'date' | 'bool' | 'json';
type Field = Exclude<keyof JobParameters, '_id' | 'unique' | 'uniqueOpts'>;

/** Every persisted field of a job: its column and how it is encoded. */
const FIELDS: Readonly<Record<Field, readonly [column: string, kind: Kind]>> = {
  name: ['name', 'text'],
  priority: ['priority', 'number'],
  nextRunAt: ['next_run_at', 'date'],
  type: ['type', 'text'],
  lockedAt: ['locked_at', 'date'],
  lastFinishedAt: ['last_finished_at', 'date'],
  failedAt: ['failed_at', 'date'],
  failCount: ['fail_count', 'number'],
  failReason: ['fail_reason', 'text'],
  repeatTimezone: ['repeat_timezone', 'text'],
  lastRunAt: ['last_run_at', 'date'],
  repeatInterval: ['repeat_interval', 'json'],
  data: ['data', 'json'],
  repeatAt: ['repeat_at', 'text'],
  disabled: ['disabled', 'bool'],
  progress: ['progress', 'number'],
  debounceStartedAt: ['debounce_started_at', 'date'],
  lastModifiedBy: ['last_modified_by', 'text'],
  fork: ['fork', 'bool'],
  startDate: ['start_date', 'date'],
  endDate: ['end_date', 'date'],
  skipDays: ['skip_days', 'json'],
};
const FIELD_NAMES = Object.keys(FIELDS) as Field[];

type Row = Record<string, SQLOutputValue>;

function toMillis(value: unknown): number | null {
  if (value === null || value === undefined) return null;
  const ms = value instanceof Date ? value.getTime() : new Date(value as string | number).getTime();
  return Number.isNaN(ms) ? null : ms;
}

function encode(kind: Kind, value: unknown): SQLInputValue {
  switch (kind) {
    case 'date':
      return toMillis(value);
    case 'bool':
      return value ? 1 : 0;
    case 'json':
      return value === undefined ? (null as SQLInputValue) : JSON.stringify(value);
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? value : null;
    case 'text':
      return value === undefined || value === null ? null : String(value);
  }
}

/** A field's column value, with the defaults of NOT NULL columns. */
function encodeField(field: Field, value: unknown): SQLInputValue {
  switch (field) {
    case 'type':
      return value === 'single' ? 'single' : 'normal';
    case 'priority':
      return encode('number', value) ?? 0;
    case 'data':
      return JSON.stringify(value ?? null);
    default:
      return encode(FIELDS[field][1], value);
  }
}

function decode(kind: Kind, value: SQLOutputValue | undefined): unknown {
  if (value === null || value === undefined) return undefined;
  switch (kind) {
    case 'date':
      return new Date(Number(value));
    case 'bool':
      return Number(value) === 1;
    case 'json':
      return JSON.parse(String(value));
    case 'number':
      return Number(value);
    case 'text':
      return String(value);
  }
}

function rowToJob<DATA = unknown>(row: Row): JobParameters<DATA> {
  const job: Record<string, unknown> = { _id: toJobId(String(row.id)) };
  for (const field of FIELD_NAMES) {
    const [column, kind] = FIELDS[field];
    const value = decode(kind, row[column]);
    if (value !== undefined) job[field] = value;
  }
  job.nextRunAt ??= null;
  if (!('data' in job)) job.data = null;
  return job as unknown as JobParameters<DATA>;
}

/** The fields a job object carries (its own keys), restricted to persisted ones. */
function presentFields(job: object): Field[] {
  return FIELD_NAMES.filter((field) => Object.hasOwn(job, field));
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date);
}

const json = (value: unknown): string => JSON.stringify(value);

/** Partial match of job data, as the MongoDB backend flattens a data filter to dotted paths. */
export function matchesData(data: unknown, filter: unknown): boolean {
  if (!isPlainObject(filter)) return json(data) === json(filter);
  for (const [key, expected] of Object.entries(filter)) {
    const actual = isPlainObject(data) ? data[key] : undefined;
    if (isPlainObject(expected)) {
      if (!matchesData(actual, expected)) return false;
    } else if (!leafMatches(actual, expected)) {
      return false;
    }
  }
  return true;
}

function leafMatches(actual: unknown, expected: unknown): boolean {
  if (expected === null && actual === undefined) return true;
  if (json(actual) === json(expected)) return true;
  return Array.isArray(actual) && !Array.isArray(expected) && actual.some((element) => json(element) === json(expected));
}

function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const SORT_COLUMNS: Readonly<Record<keyof JobsSort, string>> = {
  nextRunAt: 'next_run_at',
  lastRunAt: 'last_run_at',
  lastFinishedAt: 'last_finished_at',
  priority: 'priority',
  name: 'name',
  data: 'data',
};

function orderBy(sort: JobsSort | undefined): string {
  const parts: string[] = [];
  for (const [key, direction] of Object.entries(sort ?? {})) {
    const column = SORT_COLUMNS[key as keyof JobsSort];
    if (column === undefined || direction === undefined) continue;
    parts.push(`${column} IS NULL, ${column} ${direction === 'desc' ? 'DESC' : 'ASC'}`);
  }
  return parts.length > 0 ? parts.join(', ') : 'next_run_at IS NULL, next_run_at DESC, last_run_at IS NULL, last_run_at DESC';
}

const camelToColumn = (key: string): string | undefined => (key in FIELDS ? FIELDS[key as Field][0] : undefined);

export interface SqliteJobRepositoryOptions {
  /** Database file (`<dataDir>/jobs.sqlite`), or ':memory:'. */
  file: string;
  /** How long a statement waits for another connection's write lock (ms). */
  busyTimeoutMs?: number;
}

/** In the cache registry (domain/caches/registry.ts): the prepared statements of each repository. */
const statementCaches = registerCacheKind<Map<string, StatementSync>>({
  name: 'job-statements',
  owner: 'infra/jobs/sqlite-agenda-backend.ts',
  key: 'SQL text',
  bound: 'none strictly: one per distinct SQL text, which varies with the columns an update sets and the length of an `IN` list (a handful in practice)',
  eviction: 'all when the repository disconnects',
  coherence: 'a statement is a pure function of its text (the schema does not change while connected)',
  clearable: true,
  clear: (statements) => statements.clear(),
  size: (statements) => statements.size,
});

export class SqliteJobRepository implements JobRepository {
  readonly file: string;
  readonly #busyTimeoutMs: number;
  #db: DatabaseSync | undefined;
  readonly #statements = new Map<string, StatementSync>();

  constructor(options: SqliteJobRepositoryOptions) {
    this.file = options.file;
    this.#busyTimeoutMs = options.busyTimeoutMs ?? 10_000;
    // held weakly by the registry: nothing to undo when the repository goes
    statementCaches.track(this.#statements);
  }

  async connect(): Promise<void> {
    if (this.#db) return;
    if (this.file !== ':memory:') mkdirSync(path.dirname(this.file), { recursive: true });
    const db = new DatabaseSync(this.file, { timeout: this.#busyTimeoutMs });
    try {
      db.exec('PRAGMA journal_mode = WAL');
      db.exec('PRAGMA synchronous = NORMAL');
      const version = Number((db.prepare('PRAGMA user_version').get() as Row | undefined)?.user_version ?? 0);
      if (version > SCHEMA_VERSION) throw new Error(`${this.file} has job schema ${version}, newer than this code (${SCHEMA_VERSION})`);
      db.exec(SCHEMA);
      if (version < SCHEMA_VERSION) db.exec(`PRAGMA user_version = ${SCHEMA_VERSION}`);
    } catch (error) {
      db.close();
      throw error;
    }
    this.#db = db;
  }

  async disconnect(): Promise<void> {
    this.#statements.clear();
    const db = this.#db;
    this.#db = undefined;
    db?.close();
  }

  #statement(sql: string): StatementSync {
    const db = this.#db;
    if (db === undefined) throw new Error('the SQLite job repository is not connected');
    let statement = this.#statements.get(sql);
    if (statement === undefined) {
      statement = db.prepare(sql);
      this.#statements.set(sql, statement);
    }
    return statement;
  }

  #get(sql: string, ...params: SQLInputValue[]): Row | undefined {
    return this.#statement(sql).get(...params) as Row | undefined;
  }

  #all(sql: string, ...params: SQLInputValue[]): Row[] {
    return this.#statement(sql).all(...params) as Row[];
  }

  #run(sql: string, ...params: SQLInputValue[]): number {
    return Number(this.#statement(sql).run(...params).changes);
  }

  /** Runs `fn` holding the database's write lock (other connections wait up to the busy timeout). */
  #transaction<T>(fn: () => T): T {
    const db = this.#db;
    if (db === undefined) throw new Error('the SQLite job repository is not connected');
    db.exec('BEGIN IMMEDIATE');
    try {
      const result = fn();
      db.exec('COMMIT');
      return result;
    } catch (error) {
      if (db.isTransaction) db.exec('ROLLBACK');
      throw error;
    }
  }

  #insert(job: JobParameters<unknown>, overrides: Partial<Record<Field, unknown>> = {}): Row {
    const values: Record<string, unknown> = { ...job, ...overrides };
    const columns = ['id', ...FIELD_NAMES.map((field) => FIELDS[field][0])];
    const params: SQLInputValue[] = [randomUUID()];
    for (const field of FIELD_NAMES) params.push(encodeField(field, values[field]));
    const sql = `INSERT INTO ${TABLE} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')}) RETURNING *`;
    return this.#get(sql, ...params) as Row;
  }

  /** Writes the given fields of a job to the row `id` (and `name`, when given); the row after. */
  #update(id: string, fields: readonly Field[], values: Record<string, unknown>, name?: string): Row | undefined {
    if (fields.length === 0) {
      return name === undefined ? this.#get(`SELECT * FROM ${TABLE} WHERE id = ?`, id) : this.#get(`SELECT * FROM ${TABLE} WHERE id = ? AND name = ?`, id, name);
    }
    const assignments = fields.map((field) => `${FIELDS[field][0]} = ?`);
    const params = fields.map((field) => encodeField(field, values[field]));
    const where = name === undefined ? 'id = ?' : 'id = ? AND name = ?';
    const whereParams = name === undefined ? [id] : [id, name];
    return this.#get(`UPDATE ${TABLE} SET ${assignments.join(', ')} WHERE ${where} RETURNING *`, ...params, ...whereParams);
  }

  async getJobById(id: string): Promise<JobParameters | null> {
    const row = this.#get(`SELECT * FROM ${TABLE} WHERE id = ?`, String(id));
    return row ? rowToJob(row) : null;
  }

  async queryJobs(options: JobsQueryOptions = {}): Promise<JobsResult> {
    const { name, names, state, id, ids, search, data, includeDisabled = true, sort, skip = 0, limit = 0 } = options;
    const conditions: string[] = [];
    const params: SQLInputValue[] = [];
    if (name) {
      conditions.push('name = ?');
      params.push(name);
    } else if (names && names.length > 0) {
      conditions.push(`name IN (${names.map(() => '?').join(', ')})`);
      params.push(...names);
    }
    if (id) {
      conditions.push('id = ?');
      params.push(String(id));
    } else if (ids && ids.length > 0) {
      conditions.push(`id IN (${ids.map(() => '?').join(', ')})`);
      params.push(...ids.map(String));
    }
    if (search) {
      conditions.push("name LIKE ? ESCAPE '\\'");
      params.push(likePattern(search));
    }
    if (!includeDisabled) conditions.push('disabled = 0');
    const where = conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '';
    const rows = this.#all(`SELECT * FROM ${TABLE} ${where} ORDER BY ${orderBy(sort)}`, ...params);
    const now = new Date();
    let jobs: JobWithState[] = rows
      .map((row) => rowToJob(row))
      .filter((job) => data === undefined || matchesData(job.data, data))
      .map((job) => ({ ...job, _id: job._id as JobId, state: computeJobState(job, now) }))
      .filter((job) => !state || (state === 'paused' ? job.disabled === true : job.state === state));
    const total = jobs.length;
    if (limit > 0) jobs = jobs.slice(skip, skip + limit);
    else if (skip > 0) jobs = jobs.slice(skip);
    return { jobs, total };
  }

  async getJobsOverview(): Promise<JobsOverview[]> {
    const now = new Date();
    const overviews = new Map<string, JobsOverview>();
    for (const row of this.#all(`SELECT * FROM ${TABLE} ORDER BY name`)) {
      const job = rowToJob(row);
      let overview = overviews.get(job.name);
      if (overview === undefined) {
        overview = { name: job.name, total: 0, running: 0, scheduled: 0, queued: 0, completed: 0, failed: 0, repeating: 0, paused: 0 };
        overviews.set(job.name, overview);
      }
      overview.total++;
      overview[computeJobState(job, now)]++;
      if (job.disabled === true) overview.paused++;
    }
    return [...overviews.values()];
  }

  async getDistinctJobNames(): Promise<string[]> {
    return this.#all(`SELECT DISTINCT name FROM ${TABLE} ORDER BY name`).map((row) => String(row.name));
  }

  async getQueueSize(): Promise<number> {
    return Number(this.#get(`SELECT COUNT(*) AS n FROM ${TABLE} WHERE next_run_at < ?`, Date.now())?.n ?? 0);
  }

  /** The ids selected by Agenda's removal/enable/disable options; null when the options select nothing. */
  #select(options: RemoveJobsOptions): { where: string; params: SQLInputValue[] } | null {
    const conditions: string[] = [];
    const params: SQLInputValue[] = [];
    if (options.id) {
      conditions.push('id = ?');
      params.push(String(options.id));
    } else if (options.ids && options.ids.length > 0) {
      conditions.push(`id IN (${options.ids.map(() => '?').join(', ')})`);
      params.push(...options.ids.map(String));
    }
    if (options.name) {
      conditions.push('name = ?');
      params.push(options.name);
    } else if (options.names && options.names.length > 0) {
      conditions.push(`name IN (${options.names.map(() => '?').join(', ')})`);
      params.push(...options.names);
    } else if (options.notNames && options.notNames.length > 0) {
      conditions.push(`name NOT IN (${options.notNames.map(() => '?').join(', ')})`);
      params.push(...options.notNames);
    }
    if (conditions.length === 0 && options.data === undefined) return null;
    return { where: conditions.length > 0 ? conditions.join(' AND ') : '1 = 1', params };
  }

  /** Applies `change` (an UPDATE/DELETE prefix) to the jobs the options select; how many changed. */
  #changeSelected(options: RemoveJobsOptions, change: string): number {
    const selection = this.#select(options);
    if (selection === null) return 0;
    if (options.data === undefined) return this.#run(`${change} WHERE ${selection.where}`, ...selection.params);
    return this.#transaction(() => {
      const ids = this.#all(`SELECT id, data FROM ${TABLE} WHERE ${selection.where}`, ...selection.params)
        .filter((row) => matchesData(JSON.parse(String(row.data)), options.data))
        .map((row) => String(row.id));
      let changed = 0;
      for (let i = 0; i < ids.length; i += 500) {
        const chunk = ids.slice(i, i + 500);
        changed += this.#run(`${change} WHERE id IN (${chunk.map(() => '?').join(', ')})`, ...chunk);
      }
      return changed;
    });
  }

  async removeJobs(options: RemoveJobsOptions): Promise<number> {
    return this.#changeSelected(options, `DELETE FROM ${TABLE}`);
  }

  async disableJobs(options: RemoveJobsOptions): Promise<number> {
    return this.#changeSelected(options, `UPDATE ${TABLE} SET disabled = 1`);
  }

  async enableJobs(options: RemoveJobsOptions): Promise<number> {
    return this.#changeSelected(options, `UPDATE ${TABLE} SET disabled = 0`);
  }

  async purgeAllJobs(): Promise<number> {
    return this.#run(`DELETE FROM ${TABLE}`);
  }

  async saveJob<DATA = unknown>(job: JobParameters<DATA>, options: JobRepositoryOptions | undefined): Promise<JobParameters<DATA>> {
    const { _id, unique, uniqueOpts, ...props } = job;
    const values: Record<string, unknown> = { ...props, lastModifiedBy: options?.lastModifiedBy };
    const fields: Field[] = [...presentFields(props).filter((field) => field !== 'lastModifiedBy'), 'lastModifiedBy'];
    const generic = props as JobParameters<unknown>;

    if (_id) {
      const row = this.#update(String(_id), fields, values, props.name);
      return row ? rowToJob<DATA>(row) : job; // removed meanwhile: give the job back unchanged
    }

    if (props.type === 'single') {
      return this.#transaction(() => {
        const existing = this.#get(`SELECT * FROM ${TABLE} WHERE name = ? AND type = 'single'`, props.name);
        if (existing === undefined) return rowToJob<DATA>(this.#insert(generic, { lastModifiedBy: options?.lastModifiedBy }));
        // A due nextRunAt (every() at start-up) must not push back the schedule already stored.
        const protect = props.nextRunAt instanceof Date && props.nextRunAt.getTime() <= Date.now() && existing.next_run_at !== null;
        const written = protect ? fields.filter((field) => field !== 'nextRunAt') : fields;
        return rowToJob<DATA>(this.#update(String(existing.id), written, values) as Row);
      });
    }

    if (unique) {
      return this.#transaction(() => this.#saveUnique<DATA>(generic, unique, uniqueOpts, fields, values, options));
    }

    return rowToJob<DATA>(this.#insert(generic, { lastModifiedBy: options?.lastModifiedBy }));
  }

  #saveUnique<DATA>(
    props: JobParameters<unknown>,
    unique: Record<string, unknown>,
    uniqueOpts: JobParameters['uniqueOpts'],
    fields: Field[],
    values: Record<string, unknown>,
    options: JobRepositoryOptions | undefined,
  ): JobParameters<DATA> {
    const conditions = ['name = ?'];
    const params: SQLInputValue[] = [props.name];
    for (const [key, expected] of Object.entries(unique)) {
      if (key === 'name') continue; // the job's own name always applies
      const [condition, ...conditionParams] = uniqueCondition(key, expected);
      conditions.push(condition);
      params.push(...conditionParams);
    }
    const existing = this.#get(`SELECT * FROM ${TABLE} WHERE ${conditions.join(' AND ')} LIMIT 1`, ...params);
    const debounce = uniqueOpts?.debounce;
    const now = new Date();
    if (existing !== undefined) {
      if (uniqueOpts?.insertOnly && !debounce) return rowToJob<DATA>(existing);
      const written = new Set(fields);
      if (debounce) {
        const startedAt = existing.debounce_started_at === null ? now : new Date(Number(existing.debounce_started_at));
        if (debounce.strategy === 'leading') {
          values.nextRunAt = existing.next_run_at === null ? null : new Date(Number(existing.next_run_at));
          values.debounceStartedAt = startedAt;
        } else if (debounce.maxWait && now.getTime() - startedAt.getTime() >= debounce.maxWait) {
          values.nextRunAt = now;
          values.debounceStartedAt = null;
        } else {
          values.nextRunAt = new Date(now.getTime() + debounce.delay);
          values.debounceStartedAt = startedAt;
        }
        written.add('nextRunAt').add('debounceStartedAt');
      }
      return rowToJob<DATA>(this.#update(String(existing.id), [...written], values) as Row);
    }
    const overrides: Partial<Record<Field, unknown>> = { lastModifiedBy: options?.lastModifiedBy };
    if (debounce) {
      overrides.debounceStartedAt = now;
      if (debounce.strategy !== 'leading') overrides.nextRunAt = new Date(now.getTime() + debounce.delay);
    }
    return rowToJob<DATA>(this.#insert(props, overrides));
  }

  async saveJobState(job: JobParameters, options: JobRepositoryOptions | undefined): Promise<void> {
    if (!job._id) throw new Error('Cannot save job state without job ID');
    const changes = this.#run(
      `UPDATE ${TABLE} SET locked_at = ?, next_run_at = ?, last_run_at = ?, progress = ?, fail_reason = ?, fail_count = ?,
         failed_at = ?, last_finished_at = ?, last_modified_by = ?
       WHERE id = ? AND name = ?`,
      toMillis(job.lockedAt),
      toMillis(job.nextRunAt),
      toMillis(job.lastRunAt),
      encode('number', job.progress),
      encode('text', job.failReason),
      encode('number', job.failCount),
      toMillis(job.failedAt),
      toMillis(job.lastFinishedAt),
      options?.lastModifiedBy ?? null,
      String(job._id),
      job.name,
    );
    if (changes !== 1) {
      throw new Error(`job ${job._id} (name: ${job.name}) cannot be updated in the database, maybe it does not exist anymore?`);
    }
  }

  async lockJob(job: JobParameters, options: JobRepositoryOptions | undefined): Promise<JobParameters | undefined> {
    if (!job._id) return undefined;
    const row = this.#get(
      `UPDATE ${TABLE} SET locked_at = ?, last_modified_by = ?
       WHERE id = ? AND name = ? AND locked_at IS NULL AND next_run_at IS ? AND disabled = 0
       RETURNING *`,
      Date.now(),
      options?.lastModifiedBy ?? null,
      String(job._id),
      job.name,
      toMillis(job.nextRunAt),
    );
    return row ? rowToJob(row) : undefined;
  }

  async unlockJob(job: JobParameters): Promise<void> {
    if (!job._id) return;
    // Only jobs that are not being processed (a running one-off job has nextRunAt null).
    this.#run(`UPDATE ${TABLE} SET locked_at = NULL WHERE id = ? AND next_run_at IS NOT NULL`, String(job._id));
  }

  async unlockJobs(jobIds: (JobId | string)[]): Promise<void> {
    for (let i = 0; i < jobIds.length; i += 500) {
      const chunk = jobIds.slice(i, i + 500).map(String);
      this.#run(`UPDATE ${TABLE} SET locked_at = NULL WHERE id IN (${chunk.map(() => '?').join(', ')})`, ...chunk);
    }
  }

  async getNextJobToRun(
    jobName: string,
    nextScanAt: Date,
    lockDeadline: Date,
    now: Date | undefined,
    options: JobRepositoryOptions | undefined,
  ): Promise<JobParameters | undefined> {
    const row = this.#get(
      `UPDATE ${TABLE} SET locked_at = ?, last_modified_by = ?
       WHERE id = (
         SELECT id FROM ${TABLE}
         WHERE name = ? AND disabled = 0
           AND ((locked_at IS NULL AND next_run_at <= ?) OR locked_at <= ?)
         ORDER BY next_run_at IS NULL, next_run_at ASC, priority DESC
         LIMIT 1
       )
       RETURNING *`,
      (now ?? new Date()).getTime(),
      options?.lastModifiedBy ?? null,
      jobName,
      nextScanAt.getTime(),
      lockDeadline.getTime(),
    );
    return row ? rowToJob(row) : undefined;
  }
}

/** A `unique` constraint entry as SQL: `data.<path>` against the JSON data, other keys against columns. */
function uniqueCondition(key: string, expected: unknown): [string, ...SQLInputValue[]] {
  if (isPlainObject(expected) && Object.keys(expected).some((k) => k.startsWith('$'))) {
    throw new Error(`unique constraint '${key}': query operators are not supported by the SQLite backend`);
  }
  if (key === 'data' || key.startsWith('data.')) {
    const segments = key === 'data' ? [] : key.slice('data.'.length).split('.');
    if (segments.some((segment) => segment === '' || segment.includes('"'))) throw new Error(`unsupported unique key '${key}'`);
    const jsonPath = `$${segments.map((segment) => `."${segment}"`).join('')}`;
    if (expected === null || expected === undefined) return ['(json_type(data, ?) IS NULL OR json_type(data, ?) = \'null\')', jsonPath, jsonPath];
    if (typeof expected === 'boolean') return ['json_type(data, ?) = ?', jsonPath, expected ? 'true' : 'false'];
    if (typeof expected === 'number') return ["json_type(data, ?) IN ('integer', 'real') AND json_extract(data, ?) = ?", jsonPath, jsonPath, expected];
    if (typeof expected === 'string') return ["json_type(data, ?) = 'text' AND json_extract(data, ?) = ?", jsonPath, jsonPath, expected];
    if (expected instanceof Date) return ["json_type(data, ?) = 'text' AND json_extract(data, ?) = ?", jsonPath, jsonPath, expected.toISOString()];
    return ["json_type(data, ?) IN ('object', 'array') AND json_extract(data, ?) = json(?)", jsonPath, jsonPath, JSON.stringify(expected)];
  }
  if (key === '_id' || key === 'id') return ['id = ?', String(expected)];
  const column = camelToColumn(key);
  if (column === undefined) throw new Error(`unsupported unique key '${key}'`);
  const value = encodeField(key as Field, expected);
  return value === null ? [`${column} IS NULL`] : [`${column} = ?`, value];
}

export type SqliteAgendaBackendOptions = SqliteJobRepositoryOptions;

/** Agenda backend: storage only (Agenda polls every `processEvery`). */
export class SqliteAgendaBackend implements AgendaBackend {
  readonly name = 'SQLite';
  readonly repository: SqliteJobRepository;
  readonly notificationChannel = undefined;
  readonly ownsConnection = true;

  constructor(options: SqliteAgendaBackendOptions) {
    this.repository = new SqliteJobRepository(options);
  }

  connect(): Promise<void> {
    return this.repository.connect();
  }

  disconnect(): Promise<void> {
    return this.repository.disconnect();
  }
}

/** The jobs database of a data directory. */
export function sqliteJobsFile(dataDir: string): string {
  return path.join(dataDir, 'jobs.sqlite');
}
