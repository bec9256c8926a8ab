import { z } from 'zod';
import type { RecordedEvent } from '../../events/envelope.ts';
import { registry as defaultRegistry, type EventRegistry } from '../../events/registry.ts';
import { MemoryDocumentStore } from '../../infra/document-store/memory-document-store.ts';
import type { Doc, DocumentStore } from '../../infra/document-store/port.ts';
import { applyBatch } from './batch-context.ts';
import { physicalName, type Projection } from './projection.ts';
import type { ReadModels } from './read-models.ts';

export interface GivenEvent {
  type: string;
  data: unknown;
  stream?: string;
  recordedAt?: string;
}

/** Wraps domain events in envelopes with positions 1..n (or from `firstPosition`), validated by the registry. */
export function recorded(events: GivenEvent[], options: { firstPosition?: number; registry?: EventRegistry } = {}): RecordedEvent[] {
  const reg = options.registry ?? defaultRegistry;
  const revisions = new Map<string, number>();
  let position = options.firstPosition ?? 1;
  return events.map((e) => {
    const stream = e.stream ?? 'test-1';
    const revision = (revisions.get(stream) ?? -1) + 1;
    revisions.set(stream, revision);
    const encoded = reg.encode(e, { actor: 'test', correlationId: 'test' });
    return reg.decode({ stream, revision, position: position++, type: encoded.type, data: encoded.data, metadata: encoded.metadata, recordedAt: e.recordedAt ?? '2026-01-05T15:00:00.000Z' });
  });
}

/**
 * Projection spec helper: applies events to a projection on an in-memory store, batch by batch, with
 * the runner's own `applyBatch` (afterBatch included). `deliverTwice` re-delivers every batch (at-least-once).
 */
export async function project(
  projection: Projection,
  events: RecordedEvent[],
  options: { docs?: DocumentStore; batchSize?: number; deliverTwice?: boolean } = {},
): Promise<{ docs: DocumentStore; all: <T extends Doc>(collection: string) => Promise<T[]> }> {
  const docs = options.docs ?? new MemoryDocumentStore();
  const batchSize = options.batchSize ?? events.length;
  const handled = new Set(projection.handles);
  for (let i = 0; i < events.length; i += Math.max(1, batchSize)) {
    const batch = events.slice(i, i + Math.max(1, batchSize));
    for (let round = 0; round < (options.deliverTwice ? 2 : 1); round++) {
      await applyBatch(docs, projection, batch.filter((event) => handled.has(event.type)));
    }
  }
  return {
    docs,
    all: <T extends Doc>(collection: string) => docs.collection<T>(physicalName(projection, collection)).find({}, { sort: { _id: 1 } }),
  };
}

/** An in-memory store with these projections' indexes created, as the runner does before their first batch (runner.ts `prepare`). */
export async function indexedStore(projections: readonly Projection[]): Promise<MemoryDocumentStore> {
  const docs = new MemoryDocumentStore();
  for (const projection of projections) {
    for (const [collection, indexes] of Object.entries(projection.collections)) {
      for (const index of indexes) await docs.collection(physicalName(projection, collection)).createIndex(index);
    }
  }
  return docs;
}

/** The read side over a store `project` wrote, for query specs (queries.ts): collections only. */
export function queriesOver(docs: DocumentStore): ReadModels {
  const unused = (what: string) => () => {
    throw new Error(`queriesOver: ${what} is not available in a query spec`);
  };
  return { collection: (projection, name) => docs.collection(physicalName(projection, name)), waitFor: unused('waitFor'), status: unused('status'), onAdvance: unused('onAdvance') };
}

// ---------------------------------------------------------------------------------------------------
// Schema coverage: every field of every event a projection handles reaches its documents.

type Schema = z.core.$ZodType;
type Path = readonly (string | number)[];

const defOf = (schema: Schema) => (schema as z.core.$ZodTypes)._zod.def;
const pathText = (path: Path) => path.map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? p : `.${p}`)).join('');

/** A small number per (field, variant): variants of one field differ, fields differ from each other. */
function seedOf(path: Path, variant: number): number {
  let h = 7;
  for (const c of pathText(path)) h = (h * 31 + c.charCodeAt(0)) % 997;
  return h * 4 + variant;
}

const letters = (n: number, length: number) => Array.from({ length }, (_, i) => String.fromCharCode(65 + (Math.floor(n / 26 ** i) % 26))).join('');
const two = (n: number) => String(n).padStart(2, '0');

/** Strings of the shapes our events use, tried in order until one passes the field's schema. */
function stringCandidates(seed: number): string[] {
  const day = two(1 + (seed % 28));
  return [
    `sample ${seed}`,
    `${seed.toString(16).padStart(8, '0')}-0000-4000-8000-${String(seed).padStart(12, '0')}`,
    `2026-01-${day}T15:${two(seed % 60)}:00.000Z`,
    `2026-01-${day}`,
    `${10 + (seed % 89)}.${1 + (seed % 9)}`,
    seed.toString(16).padStart(64, 'a'),
    `https://example.com/sample-${seed}`,
    letters(seed, 4),
    `/sample-${seed}`,
    `sample_${seed}`,
    `v1.s${seed}.iv.tag`,
    `sample-${seed}`.padEnd(20, 'x'),
    letters(seed, 3).toLowerCase(),
    seed.toString(16).padStart(32, 'b'),
  ];
}

/**
 * A value of `schema` with every optional field set: strings, numbers and ids made from the field's
 * path and `variant`, the `variant`-th enum value or literal, `true` for variant 0 and `false` for 1.
 * Variants of a field differ (unless it can hold one value only). Throws for a shape it cannot fill.
 */
export function sampleOf<S extends Schema>(schema: S, variant = 0, path: Path = []): z.output<S> {
  return sample(schema, variant, path) as z.output<S>;
}

function sample(schema: Schema, variant: number, path: Path): unknown {
  const def = defOf(schema);
  const seed = seedOf(path, variant);
  const valid = (v: unknown) => z.safeParse(schema, v).success;
  switch (def.type) {
    case 'object':
      return Object.fromEntries(Object.entries(def.shape).map(([key, s]) => [key, sample(s, variant, [...path, key])]));
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'nonoptional':
    case 'catch':
      return sample(def.innerType, variant, path);
    case 'lazy':
      return sample(def.getter(), variant, path);
    case 'pipe':
      return sample(defOf(def.in).type === 'transform' ? def.out : def.in, variant, path);
    case 'array':
      return [sample(def.element, variant, [...path, 0])];
    case 'record': {
      const key = ['key', ...stringCandidates(seedOf([...path, 'key'], 0))].find((k) => z.safeParse(def.keyType, k).success);
      if (key === undefined) break;
      return { [key]: sample(def.valueType, variant, [...path, key]) };
    }
    case 'union':
      return sample(def.options[variant % def.options.length]!, variant, path);
    case 'enum': {
      const values = Object.values(def.entries);
      return values[variant % values.length];
    }
    case 'literal':
      return def.values[variant % def.values.length];
    case 'boolean':
      return variant % 2 === 0;
    case 'null':
      return null;
    case 'unknown':
    case 'any':
      return `sample ${seed}`;
    case 'string': {
      const found = stringCandidates(seed).find(valid);
      if (found !== undefined) return found;
      break;
    }
    case 'number': {
      const found = [2 + (seed % 47), 1, 0].find(valid);
      if (found !== undefined) return found;
      break;
    }
    default:
      break;
  }
  throw new Error(`sampleOf: no sample for the ${def.type} at '${pathText(path)}': pass the value in the case's data`);
}

/** The schema's leaves (strings, numbers, flags, enums ...) present in `value`, with their paths. */
function leavesOf(schema: Schema, value: unknown, path: Path, out: { path: Path; schema: Schema }[]): typeof out {
  const def = defOf(schema);
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'nonoptional':
    case 'catch':
      return value === null || value === undefined ? out : leavesOf(def.innerType, value, path, out);
    case 'lazy':
      return leavesOf(def.getter(), value, path, out);
    case 'object':
      for (const [key, s] of Object.entries(def.shape)) if ((value as Record<string, unknown>)[key] !== undefined) leavesOf(s, (value as Record<string, unknown>)[key], [...path, key], out);
      return out;
    case 'array':
      (value as unknown[]).forEach((item, i) => leavesOf(def.element, item, [...path, i], out));
      return out;
    case 'record':
      for (const [key, item] of Object.entries(value as Record<string, unknown>)) leavesOf(def.valueType, item, [...path, key], out);
      return out;
    default:
      out.push({ path, schema });
      return out;
  }
}

function setAt(value: unknown, path: Path, leaf: unknown): unknown {
  if (path.length === 0) return leaf;
  const [head, ...rest] = path;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string | number, unknown>;
  copy[head!] = setAt(copy[head!], rest, leaf);
  return copy;
}

/** The data of an event type with every optional field set (sampleOf its schema), `over` on top. */
export function sampleData(type: string, over: Record<string, unknown> = {}, options: { variant?: number; registry?: EventRegistry } = {}): Record<string, unknown> {
  const schema = (options.registry ?? defaultRegistry).schemaOf(type);
  return { ...(sampleOf(schema, options.variant ?? 0) as Record<string, unknown>), ...over };
}

/**
 * A given event of a coverage case: `type` with sample data (variant 2 by default, so its values differ
 * from the case's own), `over` on top (the ids it shares with the case's event).
 */
export function sampleEvent(type: string, over: Record<string, unknown> = {}, options: { variant?: number; registry?: EventRegistry } = {}): GivenEvent {
  return { type, data: sampleData(type, over, { variant: 2, ...options }) };
}

/** How one event type is put to a projection in a coverage spec. */
export interface CoverageCase<D> {
  /** Values instead of samples (top-level fields), e.g. to take the branch that stores something. */
  data?: Partial<D>;
  /** The events before it, made from its data (e.g. the HoldingAdded that a HoldingUpdated changes). */
  given?: (data: D) => GivenEvent[];
}

/** A case for every event type of `E` (the projection's handled union): a new handled event fails the type-check until it has one. */
export type CoverageCases<E extends { type: string; data: unknown }> = { [T in E['type']]: CoverageCase<Extract<E, { type: T }>['data']> };

export interface CoverageResult {
  /** Per event type, the paths of its data whose value changes no document (`accounts[0].synced`, `changedAt`). */
  notReaching: Record<string, string[]>;
  /** Per collection, the paths of the fields its documents have (arrays as `[]`), over every case. */
  documentFields: Record<string, string[]>;
}

async function snapshot(projection: Projection, events: RecordedEvent[]): Promise<{ json: string; docs: Record<string, Doc[]> }> {
  const { all } = await project(projection, events);
  const docs: Record<string, Doc[]> = {};
  for (const name of Object.keys(projection.collections)) docs[name] = await all(name);
  return { json: JSON.stringify(docs), docs };
}

function fieldsOf(value: unknown, prefix: string, out: Set<string>): void {
  if (Array.isArray(value)) {
    for (const item of value) fieldsOf(item, `${prefix}[]`, out);
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const path = prefix === '' ? key : `${prefix}.${key}`;
      out.add(path);
      fieldsOf(item, path, out);
    }
  }
}

/**
 * The schema-coverage check of a projection: for each handled event type, the event with every
 * optional field set (sampleData, the case's data on top) after the case's given events, projected;
 * then, one leaf of its data at a time, the same with that leaf set to another value. A leaf whose
 * change leaves every document as it was does not reach the read model: the spec lists those, each
 * with the reason it is not stored, so a field added to an event and forgotten by the projection
 * fails it. A leaf that can hold one value only (a single literal) is not reported.
 */
export async function schemaCoverage(
  projection: Projection,
  cases: Readonly<Record<string, { data?: object; given?: (data: never) => GivenEvent[] }>>,
  options: { registry?: EventRegistry } = {},
): Promise<CoverageResult> {
  const reg = options.registry ?? defaultRegistry;
  const missing = projection.handles.filter((type) => !(type in cases));
  if (missing.length > 0) throw new Error(`schemaCoverage: no case for ${missing.join(', ')}`);
  const unhandled = Object.keys(cases).filter((type) => !projection.handles.includes(type));
  if (unhandled.length > 0) throw new Error(`schemaCoverage: ${projection.name} does not handle ${unhandled.join(', ')}`);
  const notReaching: Record<string, string[]> = {};
  const fields = new Map<string, Set<string>>();
  for (const [type, c] of Object.entries(cases as Record<string, CoverageCase<Record<string, unknown>>>)) {
    const schema = reg.schemaOf(type);
    const base = sampleData(type, c.data ?? {}, { registry: reg });
    const given = c.given?.(base) ?? [];
    const run = (data: unknown) => snapshot(projection, recorded([...given, { type, data }], { registry: reg }));
    const before = await run(base);
    for (const [name, docs] of Object.entries(before.docs)) {
      const set = fields.get(name) ?? new Set<string>();
      for (const doc of docs) fieldsOf(doc, '', set);
      fields.set(name, set);
    }
    const unchanged: string[] = [];
    for (const leaf of leavesOf(schema, base, [], [])) {
      const current = JSON.stringify(leaf.path.reduce<unknown>((v, key) => (v as Record<string | number, unknown>)[key], base));
      const other = [1, 2, 3].map((variant) => sampleOf(leaf.schema, variant, leaf.path)).find((v) => JSON.stringify(v) !== current);
      if (other === undefined) continue;
      if ((await run(setAt(base, leaf.path, other))).json === before.json) unchanged.push(pathText(leaf.path));
    }
    notReaching[type] = unchanged;
  }
  const documentFields = Object.fromEntries([...fields].map(([name, set]) => [name, [...set].sort()]));
  return { notReaching, documentFields };
}
