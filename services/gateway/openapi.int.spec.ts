import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { User } from '../../contracts/accounts.ts';
import { validate } from '../http/validation.ts';
import { handledEndpoints } from './app.ts';
import { fastEnv, signUp } from '../accounts/test-helpers.ts';
import { createTestContext, type TestContext } from '../testing/harness.ts';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext({ ...fastEnv });
});
afterAll(async () => {
  await ctx?.close();
});

/** What Express 5 keeps of a mounted router or route (router v2 layers). */
interface Layer {
  rawPath?: unknown;
  route?: { path: unknown; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
}

/** "METHOD /path" of every route of the app under /api, `:param` written `{param}`. */
function mountedApiRoutes(stack: readonly Layer[], prefix = ''): string[] {
  const out: string[] = [];
  for (const layer of stack) {
    if (layer.route) {
      if (typeof layer.route.path !== 'string') throw new Error(`a route path that is not a string under ${prefix}`);
      const path = `${prefix}${layer.route.path}`.replace(/:(\w+)/g, '{$1}');
      for (const [method, on] of Object.entries(layer.route.methods)) if (on && method !== '_all') out.push(`${method.toUpperCase()} ${path}`);
    } else if (layer.handle?.stack) {
      const mount = typeof layer.rawPath === 'string' && layer.rawPath !== '/' ? layer.rawPath : '';
      out.push(...mountedApiRoutes(layer.handle.stack, `${prefix}${mount}`));
    }
  }
  return out.filter((r) => r.split(' ')[1]!.startsWith('/api/'));
}

function describedRoutes(doc: { paths: Record<string, Record<string, unknown>> }): string[] {
  const methods = new Set(['get', 'put', 'post', 'delete', 'patch', 'head', 'options']);
  return Object.entries(doc.paths).flatMap(([path, item]) => Object.keys(item).filter((m) => methods.has(m)).map((m) => `${m.toUpperCase()} ${path}`));
}

describe('GET /api/openapi.json', () => {
  it('is public JSON: an OpenAPI 3.1 document', async () => {
    const res = await request(ctx.app).get('/api/openapi.json').expect(200).expect('Content-Type', /application\/json/);
    expect(res.body.openapi).toBe('3.1.0');
    expect(res.body.components.securitySchemes.session).toMatchObject({ type: 'apiKey', in: 'cookie' });
  });

  it('describes every mounted /api route, and no route that is not mounted', async () => {
    const router = (ctx.app as unknown as { router: { stack: Layer[] } }).router;
    const mounted = [...new Set(mountedApiRoutes(router.stack))].sort();
    const described = describedRoutes((await request(ctx.app).get('/api/openapi.json').expect(200)).body).sort();
    expect(mounted.length).toBeGreaterThan(30); // the walk found the module routers
    expect(described).toEqual(mounted);
  });

  it('every 4xx answer is the error body; answers and request bodies come from the contracts and the routers', async () => {
    const doc = (await request(ctx.app).get('/api/openapi.json').expect(200)).body;
    for (const [path, item] of Object.entries<Record<string, { responses: Record<string, { content?: Record<string, { schema: unknown }> }> }>>(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        for (const [status, response] of Object.entries(op.responses)) {
          if (status.startsWith('4')) expect(response.content?.['application/json']?.schema, `${method} ${path} ${status}`).toEqual({ $ref: '#/components/schemas/ErrorBody' });
        }
      }
    }
    expect(doc.components.schemas.ErrorBody.required).toEqual(['message']);
    const addHolding = doc.paths['/api/user/portfolio'].post;
    expect(addHolding.responses['201'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/HoldingView' });
    expect(addHolding.requestBody.content['application/json'].schema.required).toEqual(['etfId', 'shares']);
    expect(doc.components.schemas.EtfListItem.required).toEqual(expect.arrayContaining(['brandSlug', 'annualDripYield', 'dataSource']));
  });

  it('a real answer matches its contract exactly (no field the contract does not know)', async () => {
    const { agent } = await signUp(ctx.app);
    const res = await agent.get('/api/user').expect(200);
    expect(() => User.strict().parse(res.body)).not.toThrow();
  });

  it('documents the values a field may take as the contract allows them (a literal of 0 or 1 is not "always 0", security audit S5)', async () => {
    const doc = (await request(ctx.app).get('/api/openapi.json').expect(200)).body as { components: { schemas: Record<string, unknown> } };
    /** Every enum/const of a JSON schema by property path, the values of a union's branches merged. */
    type Node = Record<string, unknown>;
    /** What a `$ref` names: a component of the document, a definition of zod's own schema, or its root. */
    const target = (ref: string, root: Node): Node | undefined => {
      if (ref === '#') return root;
      if (ref.startsWith('#/components/schemas/')) return doc.components.schemas[ref.slice('#/components/schemas/'.length)] as Node | undefined;
      if (ref.startsWith('#/$defs/')) return (root['$defs'] as Record<string, Node> | undefined)?.[ref.slice('#/$defs/'.length)];
      return undefined;
    };
    const literals = (schema: unknown, root: Node, seen: readonly string[], path = '', out = new Map<string, Set<string>>()): Map<string, Set<string>> => {
      if (!schema || typeof schema !== 'object') return out;
      let node = schema as Node;
      // Follow a reference, but not into a schema already being walked (a recursive one).
      const ref = node['$ref'];
      if (typeof ref === 'string') {
        const next = target(ref, root);
        if (!next || seen.includes(ref)) return out;
        node = next;
        seen = [...seen, ref];
      }
      const add = (values: unknown[]) => {
        const set = out.get(path) ?? new Set<string>();
        for (const v of values) set.add(JSON.stringify(v));
        out.set(path, set);
      };
      if (Array.isArray(node['enum'])) add(node['enum']);
      if ('const' in node) add([node['const']]);
      for (const key of ['anyOf', 'oneOf', 'allOf']) for (const branch of (node[key] as unknown[] | undefined) ?? []) literals(branch, root, seen, path, out);
      for (const [name, property] of Object.entries((node['properties'] as Record<string, unknown> | undefined) ?? {})) literals(property, root, seen, `${path}.${name}`, out);
      if (node['items']) literals(node['items'], root, seen, `${path}[]`, out);
      return out;
    };
    const contracts = import.meta.glob(['../../contracts/*.ts', '!../../contracts/*.spec.ts'], { eager: true });
    let compared = 0;
    for (const module of Object.values(contracts)) {
      for (const [name, schema] of Object.entries(module as Record<string, unknown>)) {
        const documented = doc.components.schemas[name];
        if (!documented || !(schema instanceof z.ZodType)) continue;
        const sorted = (m: Map<string, Set<string>>) => Object.fromEntries([...m].map(([path, values]) => [path, [...values].sort()]));
        // An answer is documented as the server sends it, a request body as the client sends it.
        const own = (['output', 'input'] as const).map((io) => {
          const mine = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Node;
          return sorted(literals(mine, mine, ['#']));
        });
        const actual = sorted(literals(documented, {}, [`#/components/schemas/${name}`]));
        expect(own.some((expected) => JSON.stringify(expected) === JSON.stringify(actual)), `${name}: ${JSON.stringify(actual)} is neither ${own.map((o) => JSON.stringify(o)).join(' nor ')}`).toBe(true);
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(40);
    expect(doc.components.schemas['HoldingView']).toMatchObject({ properties: { isDrip: { anyOf: [{ enum: [0] }, { enum: [1] }] } } });
  });

  it('every declared body refuses a field it does not name, by name (issue 23: strict request bodies)', () => {
    const withBody = handledEndpoints(ctx.deps).filter((h) => h.endpoint.body);
    expect(withBody.length).toBeGreaterThan(15);
    for (const { endpoint } of withBody) {
      const error = (() => {
        try {
          validate(endpoint.body!, { zzNotAField: 1 });
        } catch (e) {
          return e as { status: number; message: string; fieldErrors?: Record<string, string> };
        }
        return null;
      })();
      expect(error, `${endpoint.method} ${endpoint.path}`).toMatchObject({ status: 400, message: 'Unknown field: zzNotAField', fieldErrors: { zzNotAField: 'Unknown field' } });
    }
  });
});
