import { describe, expect, it } from 'vitest';
import { clearCaches, registerCache, registeredCaches } from './cache-registry.ts';

describe('cache registry', () => {
  it('clears every registered cache and reports the ones that failed', async () => {
    const calls: string[] = [];
    const offA = registerCache('test-a', () => void calls.push('a'));
    const offB = registerCache('test-b', async () => {
      calls.push('b');
      throw new Error('boom');
    });
    const offC = registerCache('test-c', () => void calls.push('c'));
    try {
      const result = await clearCaches();
      expect(calls).toEqual(['a', 'b', 'c']);
      expect(result.cleared).toEqual(expect.arrayContaining(['test-a', 'test-c']));
      expect(result.failed).toEqual([{ name: 'test-b', reason: 'boom' }]);
    } finally {
      offA();
      offB();
      offC();
    }
    expect(registeredCaches()).not.toContain('test-a');
  });

  it('lets a re-registration replace the old hook without the old unregister removing the new one', async () => {
    const calls: string[] = [];
    const offOld = registerCache('test-x', () => void calls.push('old'));
    const offNew = registerCache('test-x', () => void calls.push('new'));
    offOld();
    await clearCaches();
    expect(calls).toEqual(['new']);
    offNew();
  });
});
