import type { z } from 'zod';
import { registerCache } from '../domain/caches/registry.ts';
import type { RecordedEvent } from './envelope.ts';

/** An older stored version of an event and how to lift it to the current shape. */
export interface LegacyVersion {
  version: number;
  schema: z.ZodType;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each legacy version types its own input (checked by `schema` first); a list of them needs an existential type TypeScript lacks
  upcast: (data: any) => unknown;
}

export interface EventDefinition<TType extends string = string, TSchema extends z.ZodType = z.ZodType> {
  type: TType;
  version: number;
  schema: TSchema;
  legacy: LegacyVersion[];
}

/**
 * Defines an event type. It is stored as `Type.vN` (N = version); older stored versions are listed in
 * `legacy` with their own schema and an upcaster to the current data shape.
 */
export function defineEvent<TType extends string, TSchema extends z.ZodType>(
  type: TType,
  schema: TSchema,
  options: { version?: number; legacy?: LegacyVersion[] } = {},
): EventDefinition<TType, TSchema> {
  return { type, schema, version: options.version ?? 1, legacy: options.legacy ?? [] };
}

/** `{ type, data }` for one definition. */
export type EventOf<D> = D extends EventDefinition<infer T, infer S> ? { type: T; data: z.infer<S> } : never;

/** The union of `{ type, data }` for a list of definitions. */
export type EventsOf<Defs extends readonly EventDefinition[]> = EventOf<Defs[number]>;

/** A domain event as read from the log: the envelope with a typed `type`/`data` pair. */
export type Recorded<E extends { type: string; data: unknown }> = E extends unknown
  ? Omit<RecordedEvent, 'type' | 'data'> & E
  : never;

export function storedTypeName(type: string, version: number): string {
  return `${type}.v${version}`;
}

const STORED_TYPE_NAMES_KEPT = 10_000;
const parsedTypeNames = new Map<string, { type: string; version: number }>();
registerCache({
  name: 'stored-type-names',
  owner: 'events/define.ts',
  key: 'stored type name (`Thing.v2`)',
  bound: `${STORED_TYPE_NAMES_KEPT.toLocaleString('en-US')} names (one per event type and version in the log)`,
  eviction: 'none: a name beyond the bound is parsed each time',
  coherence: 'a pure function of the name',
  clearable: true,
  clear: () => parsedTypeNames.clear(),
  size: () => parsedTypeNames.size,
});

/** `Thing.v2` → { type: 'Thing', version: 2 } (memoised: a log has few distinct type names). */
export function parseStoredTypeName(stored: string): { type: string; version: number } {
  let parsed = parsedTypeNames.get(stored);
  if (!parsed) {
    const m = /^(.+)\.v(\d+)$/.exec(stored);
    parsed = m ? { type: m[1]!, version: Number(m[2]) } : { type: stored, version: 1 };
    if (parsedTypeNames.size < STORED_TYPE_NAMES_KEPT) parsedTypeNames.set(stored, parsed);
  }
  return parsed;
}
