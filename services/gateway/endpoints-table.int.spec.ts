import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allProjections } from '../../read-models/all.ts';
import { createTestContext, type TestContext } from '../testing/harness.ts';
import { handledEndpoints } from './app.ts';
import { endpointRows, endpointsMarkdown, TABLE_BEGIN, TABLE_END } from './endpoints-table.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({});
});
afterAll(async () => {
  await ctx?.close();
});

const doc = () => readFileSync(new URL('../../docs/architecture.md', import.meta.url), 'utf8');

describe('docs/architecture.md and the endpoint definitions', () => {
  it('"Endpoints" is the table of every handled endpoint, row for row (run `npm run wd -- endpoints --markdown` after changing one)', () => {
    const text = doc();
    const begin = text.indexOf(TABLE_BEGIN);
    const end = text.indexOf(TABLE_END);
    expect(begin, 'the begin marker').toBeGreaterThan(0);
    expect(end, 'the end marker').toBeGreaterThan(begin);
    const block = text.slice(begin + TABLE_BEGIN.length, end).trim();
    expect(block).toBe(endpointsMarkdown(endpointRows(handledEndpoints(ctx.deps))));
  });

  it('every endpoint the screen table names is declared, every module is named, every read model exists', () => {
    const handled = handledEndpoints(ctx.deps);
    const text = doc();
    const screens = text.slice(text.indexOf('## From screen to read model'), text.indexOf('## Endpoints'));
    // `POST /api/admin/{a,b}` names two endpoints.
    const expand = (route: string): string[] => {
      const m = /\{([^}]*,[^}]*)\}/.exec(route);
      return m ? m[1]!.split(',').flatMap((part) => expand(route.replace(m[0], part))) : [route];
    };
    const named = [...screens.matchAll(/`(GET|POST|PUT|PATCH|DELETE) (\/api\/[^`?\s]*)/g)].flatMap((m) => expand(`${m[1]} ${m[2]}`));
    expect(named.length).toBeGreaterThan(50);
    const patterns = handled.map((h) => new RegExp(`^${h.endpoint.method.toUpperCase()} ${h.endpoint.path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:\w+/g, '(\\{\\w+\\}|[^/]+)')}$`));
    expect(named.filter((route) => !patterns.some((p) => p.test(route)))).toEqual([]);
    expect(handled.filter((h) => !h.module).map((h) => h.endpoint.path)).toEqual([]);
    const readModels = new Set(allProjections.map((p) => p.name));
    const unknown = handled.flatMap((h) => [...(h.endpoint.reads ?? []), ...(Array.isArray(h.endpoint.waitsFor) ? h.endpoint.waitsFor : [])].filter((name) => !readModels.has(name)).map((name) => `${h.endpoint.path}: ${name}`));
    expect(unknown).toEqual([]);
  });

  it('no endpoint is shadowed by one mounted before it (Express matches in order: /favorites/count after /favorites/:etfId never answers)', () => {
    const handled = handledEndpoints(ctx.deps).map((h) => h.endpoint);
    const pattern = (path: string) => new RegExp(`^${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:\w+/g, '[^/]+')}$`, 'i');
    const shadowed: string[] = [];
    handled.forEach((later, i) => {
      const sample = later.path.replace(/:\w+/g, 'x1');
      for (const earlier of handled.slice(0, i)) {
        if (earlier.method === later.method && pattern(earlier.path).test(sample)) shadowed.push(`${later.method} ${later.path} is answered by ${earlier.path}`);
      }
    });
    expect(shadowed).toEqual([]);
  });
});
