import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineEvent } from './define.ts';
import { EventRegistry, InvalidEventError, UnknownEventTypeError } from './registry.ts';

const thingRenamed = defineEvent('ThingRenamed', z.object({ id: z.string(), fullName: z.string() }), {
  version: 2,
  legacy: [{ version: 1, schema: z.object({ id: z.string(), name: z.string() }), upcast: (old: { id: string; name: string }) => ({ id: old.id, fullName: old.name }) }],
});
const registry = new EventRegistry([thingRenamed]);
const meta = { actor: 'test', correlationId: 'c1' };
const envelope = { stream: 'thing-1', revision: 0, position: 1, metadata: meta, recordedAt: '2026-01-01T00:00:00.000Z' };

describe('event registry', () => {
  it('stores the current version under a versioned type name', () => {
    expect(registry.encode({ type: 'ThingRenamed', data: { id: '1', fullName: 'A' } }, meta).type).toBe('ThingRenamed.v2');
  });
  it('refuses invalid data on write', () => {
    expect(() => registry.encode({ type: 'ThingRenamed', data: { id: 1 } }, meta)).toThrow(InvalidEventError);
  });
  it('upcasts an older stored version when reading', () => {
    const decoded = registry.decode({ ...envelope, type: 'ThingRenamed.v1', data: { id: '1', name: 'Old' } });
    expect(decoded.type).toBe('ThingRenamed');
    expect(decoded.data).toEqual({ id: '1', fullName: 'Old' });
  });
  it('validates a stored event when reading', () => {
    expect(() => registry.decode({ ...envelope, type: 'ThingRenamed.v2', data: { id: '1' } })).toThrow(InvalidEventError);
  });
  it('refuses unknown types and versions', () => {
    expect(() => registry.decode({ ...envelope, type: 'Nope.v1', data: {} })).toThrow(UnknownEventTypeError);
    expect(() => registry.decode({ ...envelope, type: 'ThingRenamed.v7', data: {} })).toThrow(UnknownEventTypeError);
  });
});
