/**
 * The embedded document store: collections held in process memory with MongoDB's semantics.
 *
 * - Filters are evaluated by mingo (MongoDB's query language). Sorting, projection, upserts and the
 *   common update operators are implemented here to MongoDB's rules (mingo has no upsert, no
 *   `$setOnInsert`, and orders `null` and missing values differently from MongoDB).
 * - Documents live in a Map by `_id`, so `{ _id: x }` and `{ _id: { $in: [...] } }` are O(1) per id;
 *   every index keeps a Map from key to ids, used for equality lookups and to enforce `unique`.
 * - Isolation: a stored document is private to the store and never changed in place. Writes store a
 *   copy of what the caller passed (an update works on a copy of the stored document, which also
 *   makes a failed update leave nothing behind) and reads hand out copies, so callers may mutate
 *   what they get or gave. Cloning a JSON value is ~0.2 µs for a small document and ~2 µs for one
 *   with a dozen nested entries; deep-freezing instead costs more per write than cloning per read.
 * - Values are JSON-like (strings, numbers, booleans, null, arrays, plain objects); `undefined`
 *   is stored as `null`, as the MongoDB driver does. `_id` must be a string; a missing `_id` is
 *   generated as 24 hex digits, the shape of an ObjectId's hex string.
 */
import { randomBytes } from 'node:crypto';
import { Context } from 'mingo/core';
import * as booleanOperators from 'mingo/operators/expression/boolean';
import * as comparisonOperators from 'mingo/operators/expression/comparison';
import * as queryOperators from 'mingo/operators/query';
import * as updateOperators from 'mingo/operators/update';
import { Query } from 'mingo/query';
import { update as mingoUpdate } from 'mingo/updater';
import { registerCache } from '../../domain/caches/registry.ts';
import {
  DuplicateKeyError,
  type BulkOperation,
  type Collection,
  type Doc,
  type DocumentStore,
  type Filter,
  type FindOptions,
  type IndexSpec,
  type Projection,
  type Sort,
  type Update,
  type UpdateOptions,
  type UpdateResult,
  type AtomicWrite,
} from './port.ts';

type Plain = Record<string, unknown>;

/**
 * Only the operators filters need: building a Query copies the context's operator tables, so a
 * small context keeps that at a few microseconds (the full default context costs ~15 µs a query).
 */
const MINGO_OPTIONS = {
  context: Context.init({
    query: queryOperators as never,
    expression: { ...booleanOperators, ...comparisonOperators } as never,
  }),
};

function compileFilter(filter: Filter): Query {
  return new Query(filter, MINGO_OPTIONS);
}

// ---------------------------------------------------------------------------------------------
// Values

function isPlainObject(value: unknown): value is Plain {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Deep copy of a JSON-like value (and `Date`, for TTL fields); `undefined` becomes `null` (what the MongoDB driver stores). */
export function cloneValue<T>(value: T): T {
  if (typeof value !== 'object' || value === null) return (value === undefined ? null : value) as T;
  if (value instanceof Date) return new Date(value.getTime()) as T;
  if (Array.isArray(value)) {
    const n = value.length;
    const out = new Array<unknown>(n);
    for (let i = 0; i < n; i++) out[i] = cloneValue(value[i]);
    return out as T;
  }
  const out: Plain = {};
  for (const key in value) out[key] = cloneValue((value as Plain)[key]);
  return out as T;
}

/** Marks an empty array in sort and index keys: MongoDB orders it before null and missing. */
const EMPTY_ARRAY = Symbol('empty array');

/** MongoDB's order of BSON types, restricted to the JSON types documents hold. */
function typeRank(value: unknown): number {
  if (value === undefined || value === null) return 1;
  switch (typeof value) {
    case 'number':
      return 2;
    case 'string':
      return 3;
    case 'boolean':
      return 8;
    case 'symbol':
      return value === EMPTY_ARRAY ? 0 : 10;
    case 'object':
      return Array.isArray(value) ? 5 : 4;
    default:
      return 10;
  }
}

/** Strings compare by code point, which is the byte order of their UTF-8 form (MongoDB's). */
function compareStrings(a: string, b: string): number {
  if (a === b) return 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) {
      if (x < 0xd800 && y < 0xd800) return x < y ? -1 : 1;
      const cx = a.codePointAt(i) ?? x;
      const cy = b.codePointAt(i) ?? y;
      return cx < cy ? -1 : 1;
    }
  }
  return a.length < b.length ? -1 : a.length > b.length ? 1 : 0;
}

/** MongoDB's comparison of two values (missing equals null; objects by fields in order). */
export function compareValues(a: unknown, b: unknown): number {
  if (a === b) return 0;
  const ra = typeRank(a);
  const rb = typeRank(b);
  if (ra !== rb) return ra < rb ? -1 : 1;
  switch (ra) {
    case 2: {
      const x = a as number;
      const y = b as number;
      if (x !== x) return y !== y ? 0 : -1; // NaN sorts before every other number
      if (y !== y) return 1;
      return x < y ? -1 : x > y ? 1 : 0;
    }
    case 3:
      return compareStrings(a as string, b as string);
    case 4: {
      const x = a as Plain;
      const y = b as Plain;
      const kx = Object.keys(x);
      const ky = Object.keys(y);
      const n = Math.min(kx.length, ky.length);
      for (let i = 0; i < n; i++) {
        const fx = kx[i] as string;
        const fy = ky[i] as string;
        const vx = x[fx];
        const vy = y[fy];
        const r = typeRank(vx) - typeRank(vy);
        if (r !== 0) return r < 0 ? -1 : 1;
        const f = compareStrings(fx, fy);
        if (f !== 0) return f;
        const v = compareValues(vx, vy);
        if (v !== 0) return v;
      }
      return kx.length - ky.length < 0 ? -1 : kx.length > ky.length ? 1 : 0;
    }
    case 5: {
      const x = a as unknown[];
      const y = b as unknown[];
      const n = Math.min(x.length, y.length);
      for (let i = 0; i < n; i++) {
        const v = compareValues(x[i], y[i]);
        if (v !== 0) return v;
      }
      return x.length < y.length ? -1 : x.length > y.length ? 1 : 0;
    }
    case 8:
      return a === b ? 0 : a ? 1 : -1;
    default:
      return 0;
  }
}

/** Equal as MongoDB stores them (field order matters; an absent value is not equal to null). */
function sameValue(a: unknown, b: unknown): boolean {
  if (a === undefined || b === undefined) return a === b;
  return compareValues(a, b) === 0 && typeRank(a) === typeRank(b);
}

// ---------------------------------------------------------------------------------------------
// Paths

const PATHS_KEPT = 10_000;
const pathCache = new Map<string, readonly string[]>();
registerCache({
  name: 'document-paths',
  owner: 'infra/document-store/memory-document-store.ts',
  key: 'a dotted field path of a filter, sort or update (`holdings.etfId`)',
  bound: `${PATHS_KEPT.toLocaleString('en-US')} paths (one per distinct path the queries and updates use)`,
  eviction: 'none: a path beyond the bound is split each time',
  coherence: 'a pure function of the path',
  clearable: true,
  clear: () => pathCache.clear(),
  size: () => pathCache.size,
});

function segmentsOf(path: string): readonly string[] {
  let segments = pathCache.get(path);
  if (segments === undefined) {
    segments = path.split('.');
    if (pathCache.size < PATHS_KEPT) pathCache.set(path, segments);
  }
  return segments;
}

const isIndexSegment = (segment: string): boolean => /^(0|[1-9][0-9]*)$/.test(segment);

/**
 * The values a path reaches, MongoDB-style: arrays met on the way fan out to their elements, an
 * array at the end contributes its elements (an empty one contributes EMPTY_ARRAY), and a path that
 * reaches nothing contributes null. `multi` tells whether any array was involved.
 */
function collectPathValues(doc: unknown, path: string): { values: unknown[]; multi: boolean } {
  const segments = segmentsOf(path);
  const values: unknown[] = [];
  let multi = false;
  const walk = (current: unknown, i: number): void => {
    if (i === segments.length) {
      if (Array.isArray(current)) {
        multi = true;
        if (current.length === 0) values.push(EMPTY_ARRAY);
        else for (const element of current) values.push(element === undefined ? null : element);
      } else {
        values.push(current === undefined ? null : current);
      }
      return;
    }
    const segment = segments[i] as string;
    if (Array.isArray(current)) {
      multi = true;
      if (isIndexSegment(segment)) {
        walk(current[Number(segment)], i + 1);
        return;
      }
      if (current.length === 0) values.push(null);
      for (const element of current) walk(isPlainObject(element) ? element[segment] : undefined, i + 1);
      return;
    }
    walk(isPlainObject(current) ? current[segment] : undefined, i + 1);
  };
  walk(doc, 0);
  return { values, multi };
}

// ---------------------------------------------------------------------------------------------
// Sorting

/** The value a document sorts by: the least element ascending, the greatest descending. */
function sortKey(doc: Doc, path: string, direction: 1 | -1): unknown {
  const { values, multi } = collectPathValues(doc, path);
  if (!multi) return values[0];
  let key = values[0];
  for (let i = 1; i < values.length; i++) {
    const c = compareValues(values[i], key);
    if (direction === 1 ? c < 0 : c > 0) key = values[i];
  }
  return key;
}

function sortDocuments(docs: Doc[], sort: Sort): Doc[] {
  const fields = Object.entries(sort);
  for (const [field, direction] of fields) {
    if (direction !== 1 && direction !== -1) throw new Error(`invalid sort direction for '${field}': ${String(direction)}`);
  }
  if (fields.length === 0 || docs.length < 2) return docs;
  const keyed = docs.map((doc) => ({ doc, keys: fields.map(([field, direction]) => sortKey(doc, field, direction)) }));
  keyed.sort((x, y) => {
    for (let i = 0; i < fields.length; i++) {
      const c = compareValues(x.keys[i], y.keys[i]);
      if (c !== 0) return c * (fields[i] as [string, 1 | -1])[1];
    }
    return 0;
  });
  return keyed.map((entry) => entry.doc);
}

// ---------------------------------------------------------------------------------------------
// Projection (inclusion or exclusion of fields, `_id` included unless excluded)

type ProjectionTree = Map<string, ProjectionTree | true>;

interface CompiledProjection {
  readonly mode: 'include' | 'exclude';
  readonly includeId: boolean;
  readonly tree: ProjectionTree;
}

function compileProjection(projection: Projection): CompiledProjection | null {
  const entries = Object.entries(projection);
  if (entries.length === 0) return null;
  let mode: 'include' | 'exclude' | undefined;
  let includeId = true;
  const paths: string[] = [];
  for (const [path, flag] of entries) {
    const include = flag === 1 || (flag as unknown) === true;
    if (!include && flag !== 0 && (flag as unknown) !== false) {
      throw new Error(`unsupported projection value for '${path}': ${JSON.stringify(flag)}`);
    }
    if (path === '_id') {
      includeId = include;
      continue;
    }
    const fieldMode = include ? 'include' : 'exclude';
    if (mode !== undefined && mode !== fieldMode) {
      throw new Error(`Cannot do ${fieldMode === 'include' ? 'inclusion' : 'exclusion'} on field ${path} in ${mode === 'include' ? 'inclusion' : 'exclusion'} projection`);
    }
    mode = fieldMode;
    paths.push(path);
  }
  const finalMode = mode ?? (includeId ? 'include' : 'exclude');
  if (finalMode === 'exclude' && !includeId) paths.push('_id');
  const tree: ProjectionTree = new Map();
  for (const path of paths) {
    let node = tree;
    const segments = segmentsOf(path);
    segments.forEach((segment, i) => {
      const existing = node.get(segment);
      const last = i === segments.length - 1;
      if (existing === true || (last && existing !== undefined)) throw new Error(`Path collision at ${path}`);
      if (last) {
        node.set(segment, true);
      } else {
        const child: ProjectionTree = existing ?? new Map();
        node.set(segment, child);
        node = child;
      }
    });
  }
  return { mode: finalMode, includeId, tree };
}

function includeFields(source: Plain, tree: ProjectionTree): Plain {
  const out: Plain = {};
  for (const key in source) {
    const spec = tree.get(key);
    if (spec === undefined) continue;
    const value = source[key];
    if (spec === true) out[key] = cloneValue(value);
    else if (isPlainObject(value)) out[key] = includeFields(value, spec);
    else if (Array.isArray(value)) out[key] = includeInArray(value, spec);
  }
  return out;
}

function includeInArray(values: unknown[], tree: ProjectionTree): unknown[] {
  const out: unknown[] = [];
  for (const value of values) {
    if (isPlainObject(value)) out.push(includeFields(value, tree));
    else if (Array.isArray(value)) out.push(includeInArray(value, tree));
  }
  return out;
}

function excludeFields(source: Plain, tree: ProjectionTree): Plain {
  const out: Plain = {};
  for (const key in source) {
    const spec = tree.get(key);
    const value = source[key];
    if (spec === undefined) out[key] = cloneValue(value);
    else if (spec === true) continue;
    else if (isPlainObject(value)) out[key] = excludeFields(value, spec);
    else if (Array.isArray(value)) out[key] = excludeInArray(value, spec);
    else out[key] = cloneValue(value);
  }
  return out;
}

function excludeInArray(values: unknown[], tree: ProjectionTree): unknown[] {
  return values.map((value) =>
    isPlainObject(value) ? excludeFields(value, tree) : Array.isArray(value) ? excludeInArray(value, tree) : cloneValue(value),
  );
}

/**
 * Deeply freezes a stored value so it can be handed out without a copy (`readOnly` reads). Frozen
 * parts are skipped: a stored document is only ever frozen whole, and the store never changes one in
 * place (updates copy it first, replacements put a new one).
 */
function freezeStored<T>(value: T): T {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value;
  Object.freeze(value);
  if (Array.isArray(value)) for (const item of value) freezeStored(item);
  else for (const key in value) freezeStored((value as Plain)[key]);
  return value;
}

/**
 * A document given to the store to keep (`writeAtomically`): taken as it is, with `undefined` stored as
 * null, as a copy would have it. Frozen parts came from the store (readOnly reads) and are left alone.
 */
function adopt<T>(value: T): T {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value) || value instanceof Date) return value;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) value[i] = value[i] === undefined ? null : adopt(value[i]);
  } else {
    const plain = value as Plain;
    for (const key in plain) plain[key] = plain[key] === undefined ? null : adopt(plain[key]);
  }
  return value;
}

/** A projected copy of a stored document (never shares objects with it), or the document itself, frozen, for a read-only read. */
function project(doc: Doc, projection: CompiledProjection | null, readOnly = false): Doc {
  if (projection === null) return readOnly ? freezeStored(doc) : cloneValue(doc);
  if (projection.mode === 'exclude') return excludeFields(doc, projection.tree) as Doc;
  const body = includeFields(doc, projection.tree);
  return (projection.includeId && doc._id !== undefined ? { _id: doc._id, ...body } : body) as Doc;
}

// ---------------------------------------------------------------------------------------------
// Updates

const UPDATE_OPERATORS = new Set([
  '$set',
  '$unset',
  '$inc',
  '$mul',
  '$min',
  '$max',
  '$push',
  '$pull',
  '$pullAll',
  '$addToSet',
  '$pop',
  '$rename',
  '$bit',
  '$currentDate',
  '$setOnInsert',
]);

/** Operators applied here directly when the path only crosses plain objects. */
const DIRECT_OPERATORS = new Set(['$set', '$unset', '$inc', '$min', '$max']);

type MingoOperator = (expr: Plain) => (doc: Plain) => string[];
const MINGO_OPERATORS = updateOperators as unknown as Record<string, MingoOperator>;

interface CompiledUpdate {
  /** Operators and their field expressions, `$setOnInsert` excluded. */
  readonly operations: ReadonlyArray<readonly [operator: string, expression: Plain]>;
  readonly setOnInsert: Plain | undefined;
  /** `_id` given by `$set` or `$setOnInsert` (removed from them). */
  readonly idFromUpdate: unknown;
  /** Whether a path uses the positional `$` (then mingo needs the filter). */
  readonly positional: boolean;
}

function fail(message: string): never {
  throw new Error(message);
}

function compileUpdate(update: Update): CompiledUpdate {
  if (!isPlainObject(update)) fail('Update document must be an object of update operators');
  const normalized = cloneValue(update);
  const operators = Object.keys(normalized);
  if (operators.length === 0) fail('Update document requires atomic operators');
  const operations: [string, Plain][] = [];
  let setOnInsert: Plain | undefined;
  let idFromUpdate: unknown;
  let positional = false;
  const paths: string[] = [];
  for (const operator of operators) {
    if (!operator.startsWith('$')) fail('Update document requires atomic operators');
    if (!UPDATE_OPERATORS.has(operator)) fail(`Unknown modifier: ${operator}`);
    const expression = normalized[operator];
    if (!isPlainObject(expression)) fail(`Modifiers operate on fields but we found a ${typeof expression} instead (${operator})`);
    for (const path of Object.keys(expression)) {
      if (path === '_id' && (operator === '$set' || operator === '$setOnInsert')) {
        if (idFromUpdate !== undefined && idFromUpdate !== expression[path]) fail("Updating the path '_id' would create a conflict at '_id'");
        idFromUpdate = expression[path];
        delete expression[path];
        continue;
      }
      if (path === '_id' || path.startsWith('_id.')) fail(`Performing an update on the path '${path}' would modify the immutable field '_id'`);
      if (path.includes('$') && path.split('.').some((segment) => segment.startsWith('$'))) positional = true;
      paths.push(path);
      if (operator === '$rename') paths.push(String(expression[path]));
    }
    if (operator === '$setOnInsert') setOnInsert = expression;
    else operations.push([operator, expression]);
  }
  for (let i = 0; i < paths.length; i++) {
    for (let j = 0; j < paths.length; j++) {
      const a = paths[i] as string;
      const b = paths[j] as string;
      if (i !== j && (a === b || b.startsWith(`${a}.`))) fail(`Updating the path '${b}' would create a conflict at '${a}'`);
    }
  }
  if (idFromUpdate !== undefined && typeof idFromUpdate !== 'string') fail('_id must be a string');
  return { operations, setOnInsert, idFromUpdate, positional };
}

const NOT_APPLIED = Symbol('not applied');

function describe(value: unknown): string {
  return value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value === 'object' ? 'object' : typeof value;
}

/** `$set`, `$unset`, `$inc`, `$min`, `$max` on a path through plain objects; NOT_APPLIED otherwise. */
function applyDirect(doc: Plain, operator: string, path: string, argument: unknown): boolean | typeof NOT_APPLIED {
  const segments = segmentsOf(path);
  let current = doc;
  const last = segments.length - 1;
  for (let i = 0; i < last; i++) {
    const segment = segments[i] as string;
    const next = current[segment];
    if (next === undefined) {
      if (operator === '$unset') return false;
      const created: Plain = {};
      current[segment] = created;
      current = created;
    } else if (isPlainObject(next)) {
      current = next;
    } else if (Array.isArray(next)) {
      return NOT_APPLIED;
    } else if (operator === '$unset') {
      return false;
    } else {
      fail(`Cannot create field '${segments[i + 1]}' in element {${segment}: ${JSON.stringify(next)}}`);
    }
  }
  const field = segments[last] as string;
  const old = current[field];
  switch (operator) {
    case '$set':
      if (sameValue(old, argument)) return false;
      current[field] = argument;
      return true;
    case '$unset':
      if (!Object.hasOwn(current, field)) return false;
      delete current[field];
      return true;
    case '$inc': {
      if (typeof argument !== 'number') fail(`Cannot increment with non-numeric argument: {${path}: ${JSON.stringify(argument)}}`);
      if (old === undefined) {
        current[field] = argument;
        return true;
      }
      if (typeof old !== 'number') fail(`Cannot apply $inc to a value of non-numeric type. {_id: ${JSON.stringify(doc._id)}} has the field '${field}' of non-numeric type ${describe(old)}`);
      const sum = old + argument;
      if (sum === old) return false;
      current[field] = sum;
      return true;
    }
    case '$min':
    case '$max': {
      if (old !== undefined) {
        const c = compareValues(argument, old);
        if (operator === '$min' ? c >= 0 : c <= 0) return false;
      }
      current[field] = argument;
      return true;
    }
    default:
      return NOT_APPLIED;
  }
}

/** What a plain path currently holds, or `undefined`; the parent when it blocks the path. */
function resolvePlain(doc: Plain, path: string): { value: unknown; blockedBy?: unknown } {
  let current: unknown = doc;
  const segments = segmentsOf(path);
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i] as string;
    if (Array.isArray(current)) {
      if (!isIndexSegment(segment)) return { value: undefined };
      current = current[Number(segment)];
    } else if (isPlainObject(current)) {
      current = current[segment];
    } else {
      return { value: undefined, blockedBy: current };
    }
    if (current === undefined) return { value: undefined };
  }
  return { value: current };
}

const ARRAY_OPERATORS = new Set(['$push', '$addToSet', '$pull', '$pullAll', '$pop']);
const CREATING_OPERATORS = new Set(['$push', '$addToSet', '$mul', '$bit', '$currentDate']);

/** MongoDB refuses these where mingo would silently do nothing. */
function checkTarget(doc: Plain, operator: string, path: string): void {
  const { value, blockedBy } = resolvePlain(doc, path);
  if (blockedBy !== undefined && CREATING_OPERATORS.has(operator)) {
    fail(`Cannot create field '${path}' through a value of type ${describe(blockedBy)} (${operator})`);
  }
  if (value === undefined) return;
  if (ARRAY_OPERATORS.has(operator) && !Array.isArray(value)) {
    fail(`Cannot apply ${operator} to a non-array value: the field '${path}' is of type ${describe(value)}`);
  }
  if ((operator === '$mul' || operator === '$bit') && typeof value !== 'number') {
    fail(`Cannot apply ${operator} to a value of non-numeric type: the field '${path}' is of type ${describe(value)}`);
  }
}

/** Applies update operators to a private copy of a document; tells whether it changed. */
function applyOperations(doc: Plain, operations: CompiledUpdate['operations'], positional: boolean, filter: Filter): boolean {
  if (positional) {
    const modifier = Object.fromEntries(operations);
    const fields = mingoUpdate(doc, modifier, undefined, filter, { cloneMode: 'copy', queryOptions: MINGO_OPTIONS });
    return fields.length > 0;
  }
  let modified = false;
  for (const [operator, expression] of operations) {
    const direct = DIRECT_OPERATORS.has(operator);
    for (const path in expression) {
      const argument = expression[path];
      if (direct) {
        const applied = applyDirect(doc, operator, path, argument);
        if (applied !== NOT_APPLIED) {
          modified = applied || modified;
          continue;
        }
      } else {
        checkTarget(doc, operator, path);
        // $push with modifiers onto a missing field: mingo would skip $sort/$slice, so start from [].
        if (operator === '$push' && isPlainObject(argument) && '$each' in argument && resolvePlain(doc, path).value === undefined) {
          modified = applyDirect(doc, '$set', path, []) === true || modified;
        }
      }
      const apply = MINGO_OPERATORS[operator];
      if (apply === undefined) fail(`Unknown modifier: ${operator}`);
      modified = apply({ [path]: argument })(doc).length > 0 || modified;
    }
  }
  return modified;
}

/** The fields an upsert starts from: the filter's equality conditions (MongoDB's rule). */
function seedFromFilter(filter: Filter, target: Plain): void {
  for (const key in filter) {
    const condition = filter[key];
    if (key === '$and' && Array.isArray(condition)) {
      for (const clause of condition) if (isPlainObject(clause)) seedFromFilter(clause, target);
    } else if (key === '$or' && Array.isArray(condition) && condition.length === 1 && isPlainObject(condition[0])) {
      seedFromFilter(condition[0], target);
    } else if (!key.startsWith('$')) {
      const value = equalityValue(condition);
      if (value !== NOT_APPLIED) {
        const applied = applyDirect(target, '$set', key, cloneValue(value));
        if (applied === NOT_APPLIED) fail(`cannot infer an upsert document from the filter field '${key}'`);
      }
    }
  }
}

function equalityValue(condition: unknown): unknown {
  if (condition instanceof RegExp) return NOT_APPLIED;
  if (isPlainObject(condition)) {
    const keys = Object.keys(condition);
    if (keys.some((k) => k.startsWith('$'))) return keys.includes('$eq') ? condition.$eq : NOT_APPLIED;
  }
  return condition;
}

// ---------------------------------------------------------------------------------------------
// Indexes

/** An index's definition; storages keep its entries (encoded key -> ids). */
export interface IndexDef {
  readonly name: string;
  readonly key: Readonly<Record<string, 1 | -1>>;
  readonly fields: readonly string[];
  readonly unique: boolean;
}

function encodeKey(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return `s${value}`;
    case 'number':
      return `n${Object.is(value, -0) ? 0 : value}`;
    case 'boolean':
      return value ? 't' : 'f';
    case 'symbol':
      return 'e';
    default:
      return value === null || value === undefined ? 'z' : `o${JSON.stringify(value)}`;
  }
}

const MULTIPLE = Symbol('multiple values');

/** The value a path holds when it crosses no array (undefined when missing), else MULTIPLE. */
function singleValue(doc: Plain, path: string): unknown {
  const segments = segmentsOf(path);
  let current: unknown = doc;
  for (let i = 0; i < segments.length; i++) {
    if (!isPlainObject(current)) return Array.isArray(current) ? MULTIPLE : undefined;
    current = current[segments[i] as string];
  }
  return Array.isArray(current) ? MULTIPLE : current;
}

/** Joins encoded parts unambiguously (length-prefixed). */
const joinKey = (parts: readonly string[]): string => parts.map((part) => `${part.length}:${part}`).join('');

/** The keys a document has in an index (several when a field holds an array: multikey). */
function indexKeys(doc: Doc, fields: readonly string[]): string[] {
  const parts: string[] = [];
  for (const field of fields) {
    const value = singleValue(doc, field);
    if (value === MULTIPLE) return multikeyKeys(doc, fields);
    parts.push(encodeKey(value));
  }
  return [parts.length === 1 ? (parts[0] as string) : joinKey(parts)];
}

function multikeyKeys(doc: Doc, fields: readonly string[]): string[] {
  let combos: string[][] = [[]];
  for (const field of fields) {
    const keys = [...new Set(collectPathValues(doc, field).values.map(encodeKey))];
    combos = combos.flatMap((combo) => keys.map((key) => [...combo, key]));
  }
  return combos.map((combo) => (combo.length === 1 ? (combo[0] as string) : joinKey(combo)));
}

/** The key to look up when a filter has a plain equality on every field of the index. */
function lookupKey(filter: Filter, index: IndexDef): string | undefined {
  const parts: string[] = [];
  for (const field of index.fields) {
    let value = filter[field];
    if (isPlainObject(value)) {
      const keys = Object.keys(value);
      if (keys.length !== 1 || keys[0] !== '$eq') return undefined;
      value = value.$eq;
    }
    const type = typeof value;
    if (type !== 'string' && type !== 'number' && type !== 'boolean') return undefined;
    parts.push(encodeKey(value));
  }
  return parts.length === 1 ? parts[0] : joinKey(parts);
}

function defaultIndexName(key: Record<string, 1 | -1>): string {
  return Object.entries(key)
    .map(([field, direction]) => `${field}_${direction}`)
    .join('_');
}

function sameKeySpec(a: Readonly<Record<string, 1 | -1>>, b: Readonly<Record<string, 1 | -1>>): boolean {
  const ea = Object.entries(a);
  const eb = Object.entries(b);
  return ea.length === eb.length && ea.every(([field, direction], i) => eb[i]?.[0] === field && eb[i]?.[1] === direction);
}

/** The ids a filter's `_id` condition names, when it is an equality or `$in` of strings. */
function idsFromCondition(condition: unknown): string[] | undefined {
  if (typeof condition === 'string') return [condition];
  if (!isPlainObject(condition)) return undefined;
  const keys = Object.keys(condition);
  if (keys.length !== 1) return undefined;
  if (keys[0] === '$eq' && typeof condition.$eq === 'string') return [condition.$eq];
  if (keys[0] === '$in' && Array.isArray(condition.$in) && condition.$in.every((id) => typeof id === 'string')) {
    return [...new Set(condition.$in as string[])];
  }
  return undefined;
}

function newId(): string {
  return randomBytes(12).toString('hex');
}

/** The document with `_id` as its first field, as MongoDB stores it (reuses it when it already is). */
function withIdFirst(doc: Plain, id: string): Doc {
  for (const key in doc) {
    if (key === '_id' && doc._id === id) return doc as Doc;
    break;
  }
  const out: Plain = { _id: id };
  for (const key in doc) if (key !== '_id') out[key] = doc[key];
  return out as Doc;
}

// ---------------------------------------------------------------------------------------------
// Collections

/**
 * Where a collection's documents and index entries live. The engine (EngineCollection) holds
 * MongoDB's semantics and asks a storage only for these primitives: the memory storage below keeps
 * Maps; the SQLite one (sqlite-document-store.ts) keeps tables. Writes arrive already checked
 * (unique keys, duplicate ids), so a storage never has to refuse one.
 */
export interface CollectionStorage {
  readonly name: string;
  get(id: string): Doc | undefined;
  count(): number;
  /** Every document in natural (insertion) order. */
  scan(): Iterable<Doc>;
  /**
   * Optional: the documents whose `_position` (the projection runtime's stamp) is above a position, in
   * natural order, from an index (the view caches ask `{ _position: { $gt: n } }` after every batch).
   */
  positionAbove?(position: number): Iterable<Doc>;
  indexes(): Iterable<IndexDef>;
  index(name: string): IndexDef | undefined;
  /** Ids of the documents holding an encoded key in an index. */
  holders(index: IndexDef, key: string): Iterable<string>;
  /** Stores `next` (a new document, or the same `_id` as `previous`) and moves its index entries. */
  write(next: Doc, keyChanges: ReadonlyArray<readonly [IndexDef, readonly string[], readonly string[]]>): void;
  /** Deletes a document and its index entries. */
  delete(doc: Doc, keys: ReadonlyArray<readonly [IndexDef, readonly string[]]>): void;
  clear(): void;
  /** Adds an index with the entries of the documents already stored. */
  addIndex(index: IndexDef, entries: ReadonlyArray<readonly [key: string, id: string]>): void;
}

function duplicate(storage: CollectionStorage, index: string, detail: string): DuplicateKeyError {
  return new DuplicateKeyError(`E11000 duplicate key error collection: ${storage.name} index: ${index} dup key: ${detail}`);
}

function describeKey(index: IndexDef, doc: Doc): string {
  const parts = index.fields.map((field) => {
    const { values } = collectPathValues(doc, field);
    const value = values.length === 1 ? values[0] : values;
    return `${field}: ${JSON.stringify(value === EMPTY_ARRAY ? [] : value)}`;
  });
  return `{ ${parts.join(', ')} }`;
}

/** Stores `next` (replacing `previous`, same `_id`), keeping indexes; refuses unique violations. */
function putDocument(storage: CollectionStorage, previous: Doc | undefined, next: Doc): void {
  const changes: Array<readonly [IndexDef, readonly string[], readonly string[]]> = [];
  for (const index of storage.indexes()) {
    const keys = indexKeys(next, index.fields);
    if (index.unique) {
      for (const key of keys) {
        for (const id of storage.holders(index, key)) {
          if (id !== next._id) throw duplicate(storage, index.name, describeKey(index, next));
        }
      }
    }
    const oldKeys = previous ? indexKeys(previous, index.fields) : [];
    if (oldKeys.length === keys.length && oldKeys.every((key, i) => key === keys[i])) continue;
    changes.push([index, oldKeys, keys]);
  }
  storage.write(next, changes);
}

function removeDocument(storage: CollectionStorage, doc: Doc): void {
  const keys: Array<readonly [IndexDef, readonly string[]]> = [];
  for (const index of storage.indexes()) keys.push([index, indexKeys(doc, index.fields)]);
  storage.delete(doc, keys);
}

/**
 * The stored documents matching a filter, in natural order (or index order for a lookup), after
 * skipping `skip` of them and up to `limit` (0: no limit).
 */
function matchDocuments(storage: CollectionStorage, filter: Filter | undefined, skip = 0, limit = 0): Doc[] {
  const out: Doc[] = [];
  const f = filter ?? {};
  let keyCount = 0;
  for (const _ in f) keyCount++;
  let candidates: Iterable<Doc | undefined> | undefined;
  let exact = keyCount === 0;
  const ids = f._id === undefined ? undefined : idsFromCondition(f._id);
  const above = keyCount === 1 && storage.positionAbove ? positionBound(f._position) : undefined;
  if (above !== undefined) candidates = storage.positionAbove!(above);
  else if (ids !== undefined) {
    candidates = ids.map((id) => storage.get(id));
    exact = keyCount === 1;
  } else if (!exact) {
    for (const index of storage.indexes()) {
      const key = lookupKey(f, index);
      if (key === undefined) continue;
      candidates = [...storage.holders(index, key)].map((id) => storage.get(id));
      break;
    }
  }
  const query = exact ? null : compileFilter(f);
  let skipped = 0;
  for (const doc of candidates ?? storage.scan()) {
    if (doc === undefined || (query !== null && !query.test(doc))) continue;
    if (skipped < skip) {
      skipped++;
      continue;
    }
    out.push(doc);
    if (limit > 0 && out.length >= limit) break;
  }
  return out;
}

/** `n` when a condition is exactly `{ $gt: n }` with a number. */
function positionBound(condition: unknown): number | undefined {
  if (!isPlainObject(condition)) return undefined;
  const keys = Object.keys(condition);
  return keys.length === 1 && keys[0] === '$gt' && typeof condition.$gt === 'number' ? condition.$gt : undefined;
}

class MemoryStorage implements CollectionStorage {
  readonly name: string;
  readonly #docs = new Map<string, Doc>();
  readonly #indexes = new Map<string, { def: IndexDef; entries: Map<string, Set<string>> }>();

  constructor(name: string) {
    this.name = name;
  }

  get(id: string): Doc | undefined {
    return this.#docs.get(id);
  }

  count(): number {
    return this.#docs.size;
  }

  scan(): Iterable<Doc> {
    return this.#docs.values();
  }

  *indexes(): Iterable<IndexDef> {
    for (const index of this.#indexes.values()) yield index.def;
  }

  index(name: string): IndexDef | undefined {
    return this.#indexes.get(name)?.def;
  }

  holders(index: IndexDef, key: string): Iterable<string> {
    return this.#indexes.get(index.name)?.entries.get(key) ?? [];
  }

  write(next: Doc, keyChanges: ReadonlyArray<readonly [IndexDef, readonly string[], readonly string[]]>): void {
    for (const [def, oldKeys, keys] of keyChanges) {
      const { entries } = this.#indexes.get(def.name)!;
      for (const key of oldKeys) unindex(entries, key, next._id);
      for (const key of keys) addEntry(entries, key, next._id);
    }
    this.#docs.set(next._id, next);
  }

  delete(doc: Doc, keys: ReadonlyArray<readonly [IndexDef, readonly string[]]>): void {
    for (const [def, indexKeysOfDoc] of keys) {
      const { entries } = this.#indexes.get(def.name)!;
      for (const key of indexKeysOfDoc) unindex(entries, key, doc._id);
    }
    this.#docs.delete(doc._id);
  }

  clear(): void {
    this.#docs.clear();
    for (const index of this.#indexes.values()) index.entries.clear();
  }

  addIndex(def: IndexDef, entries: ReadonlyArray<readonly [string, string]>): void {
    const map = new Map<string, Set<string>>();
    for (const [key, id] of entries) addEntry(map, key, id);
    this.#indexes.set(def.name, { def, entries: map });
  }
}

function addEntry(entries: Map<string, Set<string>>, key: string, id: string): void {
  const holders = entries.get(key);
  if (holders === undefined) entries.set(key, new Set([id]));
  else holders.add(id);
}

function unindex(entries: Map<string, Set<string>>, key: string, id: string): void {
  const holders = entries.get(key);
  if (holders === undefined) return;
  holders.delete(id);
  if (holders.size === 0) entries.delete(key);
}

export function checkName(name: string): void {
  if (typeof name !== 'string' || name.length === 0 || name.includes('$') || name.includes('\0')) {
    throw new Error(`invalid collection name: ${JSON.stringify(name)}`);
  }
}

/** Where the engine finds a collection's storage (created on first write, as in MongoDB). */
export interface StorageProvider {
  storageOf(name: string, create: boolean): CollectionStorage | undefined;
}

/** A collection with MongoDB's semantics over any storage. */
export class EngineCollection<T extends Doc> implements Collection<T> {
  readonly name: string;
  readonly #provider: StorageProvider;

  constructor(provider: StorageProvider, name: string) {
    this.#provider = provider;
    this.name = name;
  }

  #state(): CollectionStorage | undefined {
    return this.#provider.storageOf(this.name, false);
  }

  #ensure(): CollectionStorage {
    return this.#provider.storageOf(this.name, true) as CollectionStorage;
  }

  async find(filter?: Filter, options?: FindOptions): Promise<T[]> {
    return this.findSync(filter, options) as T[];
  }

  findSync(filter?: Filter, options?: FindOptions): Doc[] {
    const state = this.#state();
    const projection = options?.projection ? compileProjection(options.projection) : null;
    const skip = options?.skip ?? 0;
    const limit = Math.abs(options?.limit ?? 0);
    if (!Number.isInteger(skip) || skip < 0) throw new Error(`skip must be a non-negative integer, got ${skip}`);
    if (!Number.isInteger(limit)) throw new Error(`limit must be an integer, got ${options?.limit}`);
    if (state === undefined) return [];
    let docs: Doc[];
    if (options?.sort && Object.keys(options.sort).length > 0) {
      docs = sortDocuments(matchDocuments(state, filter), options.sort);
      docs = docs.slice(skip, limit > 0 ? skip + limit : undefined);
    } else {
      docs = matchDocuments(state, filter, skip, limit);
    }
    const readOnly = options?.readOnly === true;
    return docs.map((doc) => project(doc, projection, readOnly));
  }

  async findOne(filter: Filter, options?: Pick<FindOptions, 'projection' | 'sort' | 'readOnly'>): Promise<T | null> {
    return (this.findSync(filter, { ...options, limit: 1 })[0] as T | undefined) ?? null;
  }

  async countDocuments(filter?: Filter): Promise<number> {
    const state = this.#state();
    if (state === undefined) return 0;
    if (filter === undefined || Object.keys(filter).length === 0) return state.count();
    return matchDocuments(state, filter).length;
  }

  async insertOne(document: T): Promise<void> {
    this.insertSync(document);
  }

  /** `owned`: the document becomes the store's (writeAtomically), kept without a copy. */
  insertSync(document: Doc, owned = false): void {
    if (!isPlainObject(document)) throw new Error('document must be an object');
    const copy = owned ? adopt(document) : cloneValue(document);
    const id = copy._id === null ? newId() : copy._id;
    if (typeof id !== 'string') throw new Error(`_id must be a string, got ${describe(id)}`);
    this.insertChecked(withIdFirst(copy, id));
  }

  async replaceOne(filter: Filter, replacement: T, options?: UpdateOptions): Promise<UpdateResult> {
    return this.replaceSync(filter, replacement, options?.upsert ?? false);
  }

  /** `owned`: the replacement becomes the store's (writeAtomically), kept without a copy. */
  replaceSync(filter: Filter, replacement: Doc, upsert: boolean, owned = false): UpdateResult {
    if (!isPlainObject(replacement)) throw new Error('replacement must be an object');
    if (Object.keys(replacement).some((key) => key.startsWith('$'))) fail('Replacement document must not contain atomic operators');
    const copy = owned ? adopt(replacement) : cloneValue(replacement);
    const givenId = copy._id === null ? undefined : copy._id;
    const state = this.#state();
    const existing = state === undefined ? undefined : matchDocuments(state, filter, 0, 1)[0];
    if (state !== undefined && existing !== undefined) {
      if (givenId !== undefined && givenId !== existing._id) {
        fail(`After applying the update, the (immutable) field '_id' was found to have been altered to _id: ${JSON.stringify(givenId)}`);
      }
      const next = withIdFirst(copy, existing._id);
      if (sameValue(existing, next)) return { matchedCount: 1, modifiedCount: 0, upsertedCount: 0 };
      putDocument(state, existing, next);
      return { matchedCount: 1, modifiedCount: 1, upsertedCount: 0 };
    }
    if (!upsert) return { matchedCount: 0, modifiedCount: 0, upsertedCount: 0 };
    // A replacement upsert takes only _id from the filter's equalities, never other fields.
    const seed: Plain = {};
    seedFromFilter(filter, seed);
    const filterId = seed._id;
    if (givenId !== undefined && filterId !== undefined && givenId !== filterId) {
      fail(`The _id field in the replacement (${JSON.stringify(givenId)}) does not match the query's _id (${JSON.stringify(filterId)})`);
    }
    const id = givenId ?? filterId ?? newId();
    if (typeof id !== 'string') fail(`_id must be a string, got ${describe(id)}`);
    const next = withIdFirst(copy, id);
    this.insertChecked(next);
    return { matchedCount: 0, modifiedCount: 0, upsertedCount: 1 };
  }

  insertChecked(doc: Doc): void {
    const state = this.#ensure();
    if (state.get(doc._id) !== undefined) throw duplicate(state, '_id_', `{ _id: ${JSON.stringify(doc._id)} }`);
    putDocument(state, undefined, doc);
  }

  async updateOne(filter: Filter, update: Update, options?: UpdateOptions): Promise<UpdateResult> {
    return this.updateSync(filter, update, options?.upsert ?? false, false);
  }

  async updateMany(filter: Filter, update: Update, options?: UpdateOptions): Promise<UpdateResult> {
    return this.updateSync(filter, update, options?.upsert ?? false, true);
  }

  updateSync(filter: Filter, update: Update, upsert: boolean, many: boolean): UpdateResult {
    const compiled = compileUpdate(update);
    const state = this.#state();
    const matched = state ? matchDocuments(state, filter, 0, many ? 0 : 1) : [];
    if (state !== undefined && matched.length > 0) {
      let modifiedCount = 0;
      for (const doc of matched) {
        if (compiled.idFromUpdate !== undefined && compiled.idFromUpdate !== doc._id) {
          fail("Performing an update on the path '_id' would modify the immutable field '_id'");
        }
        if (compiled.operations.length === 0) continue;
        // changed on a copy: `doc` still gives the old index keys, and a failed update leaves nothing behind
        const next = cloneValue(doc);
        if (applyOperations(next, compiled.operations, compiled.positional, filter)) {
          putDocument(state, doc, next);
          modifiedCount++;
        }
      }
      return { matchedCount: matched.length, modifiedCount, upsertedCount: 0 };
    }
    if (!upsert) return { matchedCount: 0, modifiedCount: 0, upsertedCount: 0 };
    const seed: Plain = {};
    seedFromFilter(filter, seed);
    const seededId = seed._id;
    if (seededId !== undefined && compiled.idFromUpdate !== undefined && seededId !== compiled.idFromUpdate) {
      fail("Performing an update on the path '_id' would modify the immutable field '_id'");
    }
    const id = seededId ?? compiled.idFromUpdate ?? newId();
    if (typeof id !== 'string') fail(`_id must be a string, got ${describe(id)}`);
    const next = withIdFirst(seed, id);
    const operations = compiled.setOnInsert ? [...compiled.operations, ['$set', compiled.setOnInsert] as const] : compiled.operations;
    applyOperations(next, operations, compiled.positional, filter);
    this.insertChecked(next);
    return { matchedCount: 0, modifiedCount: 0, upsertedCount: 1 };
  }

  async deleteOne(filter: Filter): Promise<{ deletedCount: number }> {
    return this.deleteSync(filter, false);
  }

  async deleteMany(filter?: Filter): Promise<{ deletedCount: number }> {
    return this.deleteSync(filter ?? {}, true);
  }

  deleteSync(filter: Filter, many: boolean): { deletedCount: number } {
    const state = this.#state();
    if (state === undefined) return { deletedCount: 0 };
    if (many && Object.keys(filter).length === 0) {
      const deletedCount = state.count();
      state.clear();
      return { deletedCount };
    }
    const matched = matchDocuments(state, filter, 0, many ? 0 : 1);
    for (const doc of matched) removeDocument(state, doc);
    return { deletedCount: matched.length };
  }

  async bulkWrite(operations: BulkOperation[]): Promise<void> {
    this.bulkWriteSync(operations);
  }

  /** `owned`: the documents inserted or replaced become the store's (writeAtomically), kept without a copy. */
  bulkWriteSync(operations: readonly BulkOperation[], owned = false): void {
    for (const operation of operations) {
      if ('insertOne' in operation) this.insertSync(operation.insertOne.document, owned);
      else if ('updateOne' in operation) {
        const { filter, update, upsert } = operation.updateOne;
        this.updateSync(filter, update, upsert ?? false, false);
      } else if ('updateMany' in operation) {
        const { filter, update, upsert } = operation.updateMany;
        this.updateSync(filter, update, upsert ?? false, true);
      } else if ('replaceOne' in operation) {
        const { filter, replacement, upsert } = operation.replaceOne;
        this.replaceSync(filter, replacement, upsert ?? false, owned);
      } else if ('deleteOne' in operation) this.deleteSync(operation.deleteOne.filter, false);
      else if ('deleteMany' in operation) this.deleteSync(operation.deleteMany.filter, true);
      else fail(`unknown bulk operation: ${Object.keys(operation as object).join(', ')}`);
    }
  }

  async createIndex(spec: IndexSpec): Promise<void> {
    this.createIndexSync(spec);
  }

  createIndexSync(spec: IndexSpec): void {
    const fields = Object.keys(spec.key);
    if (fields.length === 0) fail('index key must name at least one field');
    for (const [field, direction] of Object.entries(spec.key)) {
      if (direction !== 1 && direction !== -1) fail(`unsupported index direction for '${field}': ${String(direction)}`);
    }
    const state = this.#ensure();
    const name = spec.name ?? defaultIndexName(spec.key);
    const unique = spec.unique ?? false;
    if (fields.length === 1 && fields[0] === '_id') return; // the _id index always exists
    const existing = state.index(name);
    if (existing !== undefined) {
      if (sameKeySpec(existing.key, spec.key) && existing.unique === unique) return;
      fail(`An existing index has the same name as the requested index: ${name}`);
    }
    for (const index of state.indexes()) {
      if (sameKeySpec(index.key, spec.key)) fail(`Index already exists with a different name: ${index.name}`);
    }
    const index: IndexDef = { name, key: { ...spec.key }, fields, unique };
    const entries: Array<readonly [string, string]> = [];
    const seen = new Set<string>();
    for (const doc of state.scan()) {
      for (const key of indexKeys(doc, fields)) {
        if (unique && seen.has(key)) throw duplicate(state, name, describeKey(index, doc));
        seen.add(key);
        entries.push([key, doc._id]);
      }
    }
    state.addIndex(index, entries);
  }
}

export class MemoryDocumentStore implements DocumentStore, StorageProvider {
  readonly kind = 'memory' as const;
  readonly #collections = new Map<string, MemoryStorage>();
  readonly #handles = new Map<string, EngineCollection<Doc>>();

  collection<T extends Doc = Doc>(name: string): Collection<T> {
    checkName(name);
    let handle = this.#handles.get(name);
    if (handle === undefined) {
      handle = new EngineCollection<Doc>(this, name);
      this.#handles.set(name, handle);
    }
    return handle as unknown as Collection<T>;
  }

  /** Internal: the storage behind a collection name (created on first write, as in MongoDB). */
  storageOf(name: string, create: boolean): CollectionStorage | undefined {
    let state = this.#collections.get(name);
    if (state === undefined && create) {
      state = new MemoryStorage(`memory.${name}`);
      this.#collections.set(name, state);
    }
    return state;
  }

  async writeAtomically(writes: readonly AtomicWrite[]): Promise<void> {
    for (const { collection, operations, owned } of writes) (this.collection(collection) as unknown as EngineCollection<Doc>).bulkWriteSync(operations, owned === true);
  }

  async dropCollection(name: string): Promise<void> {
    this.#collections.delete(name);
  }

  async listCollections(): Promise<string[]> {
    return [...this.#collections.keys()];
  }

  async ping(): Promise<void> {}

  async close(): Promise<void> {}
}
