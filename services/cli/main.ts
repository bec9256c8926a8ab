import { createHash } from 'node:crypto';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { pino } from 'pino';
import type { RecordedEvent } from '../../events/envelope.ts';
import { parseStoredTypeName } from '../../events/define.ts';
import { registry } from '../../events/registry.ts';
import { allProjections } from '../../read-models/all.ts';
import { physicalName } from '../../read-models/runtime/projection.ts';
import { loadConfig, type Config } from '../http/config.ts';
import { createContainer } from '../gateway/container.ts';
import { handledEndpoints } from '../gateway/app.ts';
import { endpointRows, endpointsMarkdown, endpointsText } from '../gateway/endpoints-table.ts';
import { createDocumentStore } from '../../infra/document-store/create-document-store.ts';
import type { DocumentStore } from '../../infra/document-store/port.ts';
import { deletedAccountsInLog, scrubDeletedUsers } from '../../infra/personal-data/scrub-sqlite-log.ts';
import { SqliteKeyStore } from '../../infra/personal-data/sqlite-key-store.ts';

const HELP = `WeeklyDiv developer CLI (audit and replay)

Usage: npm run wd -- <command> [options]

Commands
  history <stream>              Every event of a stream: position, revision, time, type, actor, data
  events [--type T]... [--from ISO] [--to ISO] [--stream-prefix P] [--limit N]
                                Events of the whole log filtered by type and recorded time
  status                        Each read model: version, checkpoint, head, lag
  rebuild [name|--all]          Rebuild read models from position 0 and print a digest of their documents
  digest [name|--all]           Print the digest of the read models as they are stored (no rebuild)
  projections                   List read models with their versions and handled events
  scrub-deleted                 Embedded log only: overwrite the plain personal fields of deleted accounts'
                                events written before encryption, and remove their address reservation
                                streams named by the address (docs/accounts-and-security.md)
  endpoints [--markdown]        Every /api endpoint: method and path, access, the module that handles it,
                                the read models it reads and the ones a write waits for (from contracts/)

Options
  --json                        One JSON object per line instead of a table
  -h, --help                    This help

The CLI uses the same configuration as the server (DATA_DIR, EVENTSTORE_URL, MONGODB_URL ...).
On the embedded default the running server owns the read-model file (DATA_DIR/read-models.sqlite):
'rebuild' then replays into a private in-memory copy and reports the time and a digest, 'digest'
reads the server's stored read models (compare the two: they must be equal), and 'status' asks the
running server (APP_URL/readyz).`;

type Out = { json: boolean; write: (line: string) => void };

function formatEvent(e: RecordedEvent, withStream: boolean): string {
  const data = JSON.stringify(e.data);
  const cols = [String(e.position).padStart(7), withStream ? e.stream : `r${e.revision}`, e.recordedAt, e.type, e.metadata.actor, data.length > 160 ? `${data.slice(0, 157)}...` : data];
  return cols.join('  ');
}

export async function history(config: Config, stream: string, out: Out): Promise<number> {
  const container = await createContainer(config, pino({ level: 'silent' }), { projections: [] });
  try {
    const events = await container.deps.log.readStream(stream);
    if (events.length === 0) {
      out.write(`stream ${stream} has no events`);
      return 1;
    }
    for (const e of events) out.write(out.json ? JSON.stringify(e) : formatEvent(e, false));
    return 0;
  } finally {
    await container.stop();
  }
}

/** The endpoint table from the definitions the app handles (services/gateway/endpoints-table.ts). */
export async function endpoints(config: Config, markdown: boolean, out: Out): Promise<number> {
  const container = await createContainer(config, pino({ level: 'silent' }), { projections: [] });
  try {
    const rows = endpointRows(handledEndpoints(container.deps));
    if (out.json) for (const row of rows) out.write(JSON.stringify(row));
    else out.write(markdown ? endpointsMarkdown(rows) : endpointsText(rows));
    return 0;
  } finally {
    await container.stop();
  }
}

export interface EventFilter {
  types: string[];
  from?: string;
  to?: string;
  streamPrefix?: string;
  limit: number;
}

export async function listEvents(config: Config, filter: EventFilter, out: Out): Promise<number> {
  const container = await createContainer(config, pino({ level: 'silent' }), { projections: [] });
  const from = filter.from ? Date.parse(filter.from) : -Infinity;
  const to = filter.to ? Date.parse(filter.to) : Infinity;
  if (Number.isNaN(from) || Number.isNaN(to)) throw new Error('--from and --to take ISO dates, e.g. 2026-11-01 or 2026-11-01T12:00:00Z');
  const types = new Set(filter.types);
  let shown = 0;
  try {
    for (let after = 0; shown < filter.limit; ) {
      const batch = await container.eventStore.readAll({ after, limit: 5000 });
      if (batch.length === 0) break;
      for (const raw of batch) {
        if (types.size > 0 && !types.has(parseStoredTypeName(raw.type).type)) continue;
        if (filter.streamPrefix && !raw.stream.startsWith(filter.streamPrefix)) continue;
        const at = Date.parse(raw.recordedAt);
        if (at < from || at > to) continue;
        const e = registry.decode(raw);
        out.write(out.json ? JSON.stringify(e) : formatEvent(e, true));
        if (++shown >= filter.limit) break;
      }
      after = batch[batch.length - 1]!.position;
    }
    if (!out.json) out.write(`${shown} event(s)`);
    return 0;
  } finally {
    await container.stop();
  }
}

interface StatusRow {
  name: string;
  version: number;
  state: string;
  position: number;
  head: number;
  lag: number;
  error?: string;
}

/** One read model: its checkpoint (the last log position it has applied), the log's head and the lag between them. */
function writeStatus(rows: StatusRow[], out: Out): void {
  for (const r of rows) {
    out.write(
      out.json
        ? JSON.stringify(r)
        : `${r.name.padEnd(24)} v${r.version}  checkpoint ${r.position}  head ${r.head}  lag ${r.lag}  ${r.state}${r.error ? `  ${r.error}` : ''}`,
    );
  }
}

export async function status(config: Config, out: Out): Promise<number> {
  if (!config.mongoUrl) {
    // The embedded read models live in the server's memory: ask the running server (/readyz nests
    // them under checks.projections.details, whatever its 200 / 503).
    const url = `${config.appUrl}/readyz`;
    let rows: StatusRow[] | undefined;
    try {
      const res = await fetch(url);
      const body = (await res.json()) as { checks?: { projections?: { details?: StatusRow[] } } };
      rows = body.checks?.projections?.details;
    } catch {
      out.write(`the embedded read models live in the server's memory; no server answered at ${url}`);
      return 1;
    }
    if (!rows || rows.length === 0) {
      out.write(`the server at ${url} reported no read models`);
      return 1;
    }
    writeStatus(rows, out);
    return 0;
  }
  const container = await createContainer({ ...config, role: 'gateway' }, pino({ level: 'silent' }));
  try {
    writeStatus(await container.deps.readModels.status(), out);
    return 0;
  } finally {
    await container.stop();
  }
}

/**
 * Deterministic digest of a projection's documents (sorted by _id), for replay audits. The runtime's
 * `_position` stamp is left out: it records which batch last wrote a document (a document an
 * `afterBatch` rewrites is stamped with its batch's last event), so it depends on where the log was cut
 * into batches (a rebuild reads 2,000 events at a time, a running server one append at a time), while
 * the content must not.
 */
export async function digestProjection(docs: DocumentStore, name: string): Promise<{ documents: number; sha256: string }> {
  const projection = allProjections.find((p) => p.name === name);
  if (!projection) throw new Error(`unknown read model ${name}`);
  const hash = createHash('sha256');
  let documents = 0;
  for (const collection of Object.keys(projection.collections).sort()) {
    const stored = await docs.collection(physicalName(projection, collection)).find({}, { sort: { _id: 1 } });
    hash.update(`${collection}\n`);
    for (const { _position, ...content } of stored) {
      hash.update(JSON.stringify(content));
      hash.update('\n');
      documents++;
    }
  }
  return { documents, sha256: hash.digest('hex') };
}

function unknownNames(names: string[], out: Out): boolean {
  const unknown = names.filter((n) => !allProjections.some((p) => p.name === n));
  if (unknown.length === 0) return false;
  out.write(`unknown read model(s): ${unknown.join(', ')}; known: ${allProjections.map((p) => p.name).join(', ')}`);
  return true;
}

function writeDigest(row: { name: string; version: number; documents: number; sha256: string; ms?: number }, out: Out): void {
  const time = row.ms === undefined ? '' : `${String(row.ms).padStart(6)} ms  `;
  out.write(out.json ? JSON.stringify(row) : `${row.name.padEnd(24)} v${row.version}  ${time}${row.documents} docs  sha256 ${row.sha256.slice(0, 16)}`);
}

/** The digests of the stored read models (what a server on this configuration reads), without replaying. */
export async function digest(config: Config, names: string[], out: Out): Promise<number> {
  if (unknownNames(names, out)) return 1;
  const selected = names.length > 0 ? allProjections.filter((p) => names.includes(p.name)) : allProjections;
  if (!config.mongoUrl && config.readModelStore === 'memory') {
    out.write('READ_MODEL_STORE=memory: the read models live in the server process; nothing is stored to digest');
    return 1;
  }
  const docs = await createDocumentStore({ mongoUrl: config.mongoUrl, mongoDb: config.mongoDb, embedded: config.readModelStore, dataDir: config.dataDir, role: config.role });
  try {
    for (const projection of selected) writeDigest({ name: projection.name, version: projection.version, ...(await digestProjection(docs, projection.name)) }, out);
    return 0;
  } finally {
    await docs.close();
  }
}

export async function rebuild(config: Config, names: string[], out: Out): Promise<number> {
  if (unknownNames(names, out)) return 1;
  const selected = names.length > 0 ? allProjections.filter((p) => names.includes(p.name)) : allProjections;
  // The embedded store's file belongs to the running server: replay into a private copy in memory.
  const own: Config = { ...config, role: 'worker', readModelStore: config.mongoUrl ? config.readModelStore : 'memory' };
  const container = await createContainer(own, pino({ level: 'silent' }), { projections: selected });
  try {
    await container.start();
    for (const projection of selected) {
      const started = performance.now();
      await container.runner!.rebuild(projection.name);
      const ms = Math.round(performance.now() - started);
      writeDigest({ name: projection.name, version: projection.version, ms, ...(await digestProjection(container.docs, projection.name)) }, out);
    }
    return 0;
  } finally {
    await container.stop();
  }
}

/**
 * `scrub-deleted` (docs/accounts-and-security.md "Deleting an account"): first destroys the key of any
 * account whose deletion stopped before that step (AccountDeleted in the log, no tombstone), then
 * rewrites the deleted accounts' plain personal fields in the embedded SQLite log and removes their
 * legacy `useremail-<address>` reservation streams.
 */
export async function scrubDeleted(config: Config, out: Out): Promise<number> {
  if (config.eventStoreUrl || config.mongoUrl) {
    out.write(
      'scrub-deleted works on the embedded store only (DATA_DIR/events.sqlite and keys.sqlite). EventStoreDB never changes a written event: delete the old streams of a deleted account and scavenge; a useremail-<address> stream name stays even then (docs/accounts-and-security.md).',
    );
    return 1;
  }
  const eventsFile = path.join(config.dataDir, 'events.sqlite');
  const keys = new SqliteKeyStore(path.join(config.dataDir, 'keys.sqlite'));
  try {
    const tombstoned = keys.destroyedUsers();
    const unfinished = deletedAccountsInLog(eventsFile).filter((id) => !tombstoned.has(id));
    for (const userId of unfinished) await keys.destroy(userId, new Date().toISOString());
    const result = scrubDeletedUsers(eventsFile, keys.destroyedUsers());
    const line = { ...result, keysDestroyed: unfinished.length };
    out.write(
      out.json
        ? JSON.stringify(line)
        : `${line.deletedUsers} deleted account(s); ${line.keysDestroyed} key(s) of unfinished deletions destroyed; ${line.scanned} personal event(s) looked at, ${line.rewritten} rewritten; ${line.legacyReservationsRemoved} legacy address reservation stream(s) removed`,
    );
    return 0;
  } finally {
    await keys.close();
  }
}

export async function main(argv: string[], write: (line: string) => void = (l) => console.log(l)): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      json: { type: 'boolean', default: false },
      all: { type: 'boolean', default: false },
      type: { type: 'string', multiple: true },
      from: { type: 'string' },
      to: { type: 'string' },
      'stream-prefix': { type: 'string' },
      limit: { type: 'string' },
      markdown: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  const [command, ...rest] = positionals;
  const out: Out = { json: values.json ?? false, write };
  if (values.help || !command) {
    write(HELP);
    return command ? 0 : 1;
  }
  const config = loadConfig({ LOG_LEVEL: 'silent', ...process.env });
  switch (command) {
    case 'history':
      if (!rest[0]) {
        write('usage: history <stream>   e.g. history user-3f0c...');
        return 1;
      }
      return history(config, rest[0], out);
    case 'events':
      return listEvents(config, { types: values.type ?? [], from: values.from, to: values.to, streamPrefix: values['stream-prefix'], limit: values.limit ? Number(values.limit) : 1000 }, out);
    case 'status':
      return status(config, out);
    case 'rebuild':
      return rebuild(config, values.all ? [] : rest, out);
    case 'digest':
      return digest(config, values.all ? [] : rest, out);
    case 'endpoints':
      return endpoints(config, values.markdown ?? false, out);
    case 'scrub-deleted':
      return scrubDeleted(config, out);
    case 'projections':
      for (const p of allProjections) write(out.json ? JSON.stringify({ name: p.name, version: p.version, handles: p.handles }) : `${p.name.padEnd(24)} v${p.version}  ${p.handles.join(', ')}`);
      return 0;
    default:
      write(`unknown command ${command}\n\n${HELP}`);
      return 1;
  }
}

if (import.meta.main) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
