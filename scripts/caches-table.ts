/**
 * `npx node scripts/caches-table.ts`: writes the table of docs/architecture.md "Caches" (between the
 * markers) from the cache registry (domain/caches/registry.ts), as the server registers its caches
 * when its modules load. scripts/caches-table.unit.spec.ts fails when the document and the registry differ.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { registeredCaches, type RegisteredCache } from '../domain/caches/registry.ts';
// What `npm start` loads (the app, the stores, the jobs): every module that registers a cache.
import '../services/gateway/server.ts';

export const ARCHITECTURE_DOC = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'docs', 'architecture.md');
export const BEGIN = '<!-- caches:begin (npx node scripts/caches-table.ts writes this table from domain/caches/registry.ts) -->';
export const END = '<!-- caches:end -->';

const cell = (text: string): string => text.replaceAll('|', '\\|').replaceAll('\n', ' ');

/** The markdown table: one row per registered cache, by name. */
export function cachesTable(caches: readonly RegisteredCache[]): string {
  const rows = caches.map((c) =>
    [
      `\`${c.name}\``,
      `\`${c.owner}\``,
      c.key,
      c.bound,
      c.eviction,
      c.coherence,
      c.clearable ? 'yes' : `no: ${c.reason ?? ''}`,
    ].map(cell),
  );
  return [
    '| cache | owner | key | bound | eviction | coherence | clear-cache empties it |',
    '|---|---|---|---|---|---|---|',
    ...rows.map((row) => `| ${row.join(' | ')} |`),
  ].join('\n');
}

/** The text between the markers of the document (without them); throws when they are missing. */
export function tableIn(doc: string): string {
  const begin = doc.indexOf(BEGIN);
  const end = doc.indexOf(END);
  if (begin < 0 || end < begin) throw new Error(`${ARCHITECTURE_DOC} has no ${BEGIN} ... ${END} block`);
  return doc.slice(begin + BEGIN.length, end).trim();
}

/** The document with the block replaced by `table`. */
export function withTable(doc: string, table: string): string {
  tableIn(doc);
  return `${doc.slice(0, doc.indexOf(BEGIN) + BEGIN.length)}\n${table}\n${doc.slice(doc.indexOf(END))}`;
}

function main(): void {
  const doc = readFileSync(ARCHITECTURE_DOC, 'utf8');
  const caches = registeredCaches();
  writeFileSync(ARCHITECTURE_DOC, withTable(doc, cachesTable(caches)));
  console.log(`${path.relative(process.cwd(), ARCHITECTURE_DOC)}: ${caches.length} caches`);
}

if (import.meta.main) main();
