import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { registeredCaches } from '../domain/caches/registry.ts';
import { ARCHITECTURE_DOC, BEGIN, END, cachesTable, tableIn, withTable } from './caches-table.ts';

describe('docs/architecture.md "Caches"', () => {
  it('is the cache registry of the server, row for row (run `npx node scripts/caches-table.ts` after changing a cache)', () => {
    const caches = registeredCaches();
    expect(caches.map((c) => c.name)).toContain('market-views');
    expect(tableIn(readFileSync(ARCHITECTURE_DOC, 'utf8'))).toBe(cachesTable(caches));
  });

  it('renders one row per cache, pipes escaped, and says why clear-cache leaves a cache alone', () => {
    const table = cachesTable([
      { name: 'a-cache', owner: 'x/a.ts', key: 'k | k', bound: 'b', eviction: 'e', coherence: 'c', clearable: true, size: 0, holders: null },
      { name: 'b-queue', owner: 'x/b.ts', key: 'k', bound: 'b', eviction: 'e', coherence: 'c', clearable: false, reason: 'not data', size: null, holders: 2 },
    ]);
    expect(table.split('\n').slice(2)).toEqual(['| `a-cache` | `x/a.ts` | k \\| k | b | e | c | yes |', '| `b-queue` | `x/b.ts` | k | b | e | c | no: not data |']);
    const doc = `# Doc\n\n${BEGIN}\nold\n${END}\nafter\n`;
    expect(withTable(doc, table)).toBe(`# Doc\n\n${BEGIN}\n${table}\n${END}\nafter\n`);
    expect(tableIn(withTable(doc, table))).toBe(table);
  });
});
