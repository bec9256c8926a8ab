import { describe, expect, it } from 'vitest';
import { moduleCycles, moduleGraph, moduleOf } from './check-dependencies.ts';

const cruise = (edges: [string, string][]) => {
  const modules = new Map<string, { source: string; dependencies: { resolved: string }[] }>();
  for (const [from, to] of edges) {
    if (!modules.has(from)) modules.set(from, { source: from, dependencies: [] });
    modules.get(from)!.dependencies.push({ resolved: to });
  }
  return { modules: [...modules.values()], summary: { violations: [] } };
};

describe('module cycles', () => {
  it('names the module of a file by its feature folder', () => {
    expect(moduleOf('services/catalog/api.ts')).toBe('services/catalog');
    expect(moduleOf('read-models/market/render.ts')).toBe('read-models/market');
    expect(moduleOf('web/src/features/etfs/routes/brand-route.tsx')).toBe('web/src/features/etfs');
    expect(moduleOf('web/src/lib/session/api.ts')).toBe('web/src/lib');
    expect(moduleOf('events/catalog.ts')).toBe('events');
  });

  it('finds a cycle between two service modules that no file cycle shows', () => {
    const graph = moduleGraph(
      cruise([
        ['services/jobs/admin-api.ts', 'services/catalog/api.ts'],
        ['services/catalog/commands.ts', 'services/jobs/runtime.ts'],
        ['services/catalog/api.ts', 'domain/market/tickers.ts'],
      ]),
    );
    expect(moduleCycles(graph)).toEqual([['services/catalog', 'services/jobs']]);
  });

  it('finds none in a one-way graph, and ignores tests and packages', () => {
    const graph = moduleGraph(
      cruise([
        ['services/portfolio/api.ts', 'read-models/portfolio/queries.ts'],
        ['read-models/portfolio/queries.ts', 'domain/market/trading-days.ts'],
        ['domain/market/trading-days.ts', 'events/envelope.ts'],
        ['read-models/portfolio/views.unit.spec.ts', 'services/portfolio/api.ts'],
        ['services/testing/harness.ts', 'services/portfolio/api.ts'],
        ['read-models/market/fixtures.ts', 'services/portfolio/api.ts'],
        ['services/images/samples.fixtures.ts', 'services/portfolio/api.ts'],
        ['services/portfolio/api.ts', 'node_modules/express/index.js'],
      ]),
    );
    expect(moduleCycles(graph)).toEqual([]);
    expect([...graph.keys()].sort()).toEqual(['domain/market', 'read-models/portfolio', 'services/portfolio']);
  });
});
