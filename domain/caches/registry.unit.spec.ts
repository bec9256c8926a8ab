import { describe, expect, it } from 'vitest';
import { clearCaches, registerCache, registerCacheKind, registeredCaches, type CacheDescription } from './registry.ts';

function described(name: string): CacheDescription {
  return { name, owner: 'domain/caches/registry.unit.spec.ts', key: 'k', bound: 'b', eviction: 'e', coherence: 'c' };
}

describe('the cache registry', () => {
  it('clears every clearable cache by name, leaves the others alone and reports the ones that failed', async () => {
    const calls: string[] = [];
    const offs = [
      registerCache({ ...described('test-c'), clearable: true, clear: () => void calls.push('c') }),
      registerCache({
        ...described('test-b'),
        clearable: true,
        clear: async () => {
          calls.push('b');
          throw new Error('boom');
        },
      }),
      registerCache({ ...described('test-a'), clearable: true, clear: () => void calls.push('a') }),
      registerCache({ ...described('test-queue'), clearable: false, reason: 'not data' }),
    ];
    try {
      expect(await clearCaches()).toEqual({ cleared: ['test-a', 'test-c'], kept: ['test-queue'], failed: [{ name: 'test-b', reason: 'boom' }] });
      expect(calls).toEqual(['a', 'b', 'c']);
    } finally {
      for (const off of offs) off();
    }
    expect(registeredCaches()).toEqual([]);
  });

  it('lists each cache with its description, its size now and why clear-cache leaves it alone', () => {
    const table = new Map([['x', 1]]);
    const offs = [
      registerCache({ ...described('test-sized'), clearable: true, clear: () => table.clear(), size: () => table.size }),
      registerCache({ ...described('test-weak'), clearable: true, clear: () => {} }),
      registerCache({ ...described('test-queue'), clearable: false, reason: 'not data' }),
    ];
    try {
      expect(registeredCaches()).toEqual([
        { ...described('test-queue'), clearable: false, reason: 'not data', size: null, holders: null },
        { ...described('test-sized'), clearable: true, size: 1, holders: null },
        { ...described('test-weak'), clearable: true, size: null, holders: null },
      ]);
    } finally {
      for (const off of offs) off();
    }
  });

  it('clears every live holder of a per-instance cache, sums their sizes, and forgets a holder once untracked', async () => {
    const kind = registerCacheKind<{ entries: Map<string, number> }>({
      ...described('test-kind'),
      clearable: true,
      clear: (holder) => holder.entries.clear(),
      size: (holder) => holder.entries.size,
    });
    const one = { entries: new Map([['a', 1]]) };
    const two = { entries: new Map([['a', 1], ['b', 2]]) };
    const untrackOne = kind.track(one);
    kind.track(two);
    expect(registeredCaches()).toContainEqual(expect.objectContaining({ name: 'test-kind', size: 3, holders: 2 }));

    untrackOne();
    expect(registeredCaches()).toContainEqual(expect.objectContaining({ name: 'test-kind', size: 2, holders: 1 }));
    expect((await clearCaches()).cleared).toContain('test-kind');
    expect(two.entries.size).toBe(0);
    expect(one.entries.size).toBe(1);
  });

  it('refuses a second cache of the same name', () => {
    const off = registerCache({ ...described('test-twice'), clearable: false, reason: 'r' });
    try {
      expect(() => registerCache({ ...described('test-twice'), clearable: false, reason: 'r' })).toThrow('A cache named "test-twice" is registered already');
      expect(() => registerCacheKind({ ...described('test-twice'), clearable: false, reason: 'r' })).toThrow(/registered already/);
    } finally {
      off();
    }
  });
});
