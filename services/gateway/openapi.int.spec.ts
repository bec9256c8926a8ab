import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { User } from '../../contracts/accounts.ts';
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
});
