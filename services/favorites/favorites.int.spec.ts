import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { streams } from '../../events/streams.ts';
import { fastEnv, signUp } from '../accounts/test-helpers.ts';
import { fund, given, listed, subscribe } from '../portfolio/test-helpers.ts';
import { createTestContext, type TestContext } from '../testing/harness.ts';

let ctx: TestContext;
const funds = Array.from({ length: 8 }, () => fund());
const etfId = (i: number) => funds[i]!.etfId;
const UNKNOWN = '9e9e9e9e-0000-4000-8000-000000000000';
const LIMIT = 'The free plan allows up to 5 favorite ETFs. Upgrade to Premium for unlimited favorites.';

beforeAll(async () => {
  ctx = await createTestContext({ ...fastEnv }, { now: new Date('2026-01-23T17:00:00.000Z') });
  await given(ctx, funds.map(listed));
});
afterAll(async () => {
  await ctx?.close();
});

describe('favorites API', () => {
  it('answers 401 to a visitor on every route', async () => {
    await request(ctx.app).get('/api/user/favorites').expect(401, { message: 'Not authenticated' });
    await request(ctx.app).get(`/api/user/favorites/${etfId(0)}`).expect(401);
    await request(ctx.app).post('/api/user/favorites').send({ etfId: etfId(0) }).expect(401);
    await request(ctx.app).delete(`/api/user/favorites/${etfId(0)}`).expect(401);
  });

  it('starts empty, adds a favorite (201 with the nested ETF) that the next read already shows', async () => {
    const { agent } = await signUp(ctx.app);
    await agent.get('/api/user/favorites').expect(200, []);
    const res = await agent.post('/api/user/favorites').send({ etfId: etfId(0) }).expect(201);
    expect(res.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      etfId: etfId(0),
      etf: expect.objectContaining({ id: etfId(0), ticker: funds[0]!.ticker, name: funds[0]!.name, brand: 'Roundhill', brandSlug: 'roundhill' }),
    });
    const list = await agent.get('/api/user/favorites').expect(200);
    expect(list.body).toEqual([res.body]);
    await agent.get(`/api/user/favorites/${etfId(0)}`).expect(200, res.body);
  });

  it('adds a favorite twice harmlessly: 200 with the existing favorite and no new event', async () => {
    const { agent, id } = await signUp(ctx.app);
    const first = await agent.post('/api/user/favorites').send({ etfId: etfId(1) }).expect(201);
    const second = await agent.post('/api/user/favorites').send({ etfId: etfId(1) }).expect(200);
    expect(second.body).toEqual(first.body);
    const events = await ctx.deps.log.readStream(streams.favorites(id));
    expect(events.map((e) => e.type)).toEqual(['FavoriteAdded']);
    expect(events[0]!.metadata).toMatchObject({ actor: `user:${id}` });
    expect((await agent.get('/api/user/favorites')).body).toHaveLength(1);
  });

  it('answers 404 for an unknown ETF and 400 for a missing one', async () => {
    const { agent } = await signUp(ctx.app);
    await agent.post('/api/user/favorites').send({ etfId: UNKNOWN }).expect(404, { message: 'ETF not found' });
    await agent.post('/api/user/favorites').send({ etfId: 'not-an-id' }).expect(404, { message: 'ETF not found' });
    await agent.post('/api/user/favorites').send({}).expect(400, { message: 'Required', errors: { etfId: 'Required' } });
    await agent.post('/api/user/favorites').send({ etfId: 42 }).expect(400, { message: 'ETF id must be text', errors: { etfId: 'ETF id must be text' } });
    await agent.post('/api/user/favorites').send([etfId(0)]).expect(400, { message: 'Request body must be a JSON object' });
  });

  it('allows five favorites on the free plan: the sixth answers 403 naming the limit and Premium', async () => {
    const { agent } = await signUp(ctx.app);
    for (let i = 0; i < 5; i++) await agent.post('/api/user/favorites').send({ etfId: etfId(i) }).expect(201);
    await agent.post('/api/user/favorites').send({ etfId: etfId(5) }).expect(403, { message: LIMIT });
    // a favorite already held is still harmless at the limit
    await agent.post('/api/user/favorites').send({ etfId: etfId(2) }).expect(200);
    // removing one makes room
    await agent.delete(`/api/user/favorites/${etfId(2)}`).expect(204);
    await agent.post('/api/user/favorites').send({ etfId: etfId(5) }).expect(201);
    expect((await agent.get('/api/user/favorites')).body.map((f: { etfId: string }) => f.etfId)).toEqual([etfId(0), etfId(1), etfId(3), etfId(4), etfId(5)]);
  });

  it('keeps the limit under concurrent adds: of six at once, exactly five are saved', async () => {
    const { agent, id } = await signUp(ctx.app);
    const results = await Promise.all([0, 1, 2, 3, 4, 5].map((i) => agent.post('/api/user/favorites').send({ etfId: etfId(i) })));
    expect(results.map((r) => r.status).sort()).toEqual([201, 201, 201, 201, 201, 403]);
    expect((await ctx.deps.log.readStream(streams.favorites(id))).map((e) => e.type)).toEqual(Array(5).fill('FavoriteAdded'));
    expect((await agent.get('/api/user/favorites')).body).toHaveLength(5);
  });

  it('has no limit for Premium with an active subscription; the limit returns when it is canceled', async () => {
    const { agent, id } = await signUp(ctx.app);
    await subscribe(ctx, id, 'premium', 'active');
    for (let i = 0; i < 7; i++) await agent.post('/api/user/favorites').send({ etfId: etfId(i) }).expect(201);
    expect((await agent.get('/api/user/favorites')).body).toHaveLength(7);
    await subscribe(ctx, id, 'premium', 'canceled');
    await agent.post('/api/user/favorites').send({ etfId: etfId(7) }).expect(403, { message: LIMIT });
    // the favorites saved while Premium stay
    expect((await agent.get('/api/user/favorites')).body).toHaveLength(7);
  });

  it('removes a favorite (204), then answers 404 for it', async () => {
    const { agent } = await signUp(ctx.app);
    await agent.post('/api/user/favorites').send({ etfId: etfId(3) }).expect(201);
    await agent.delete(`/api/user/favorites/${etfId(3)}`).expect(204);
    await agent.get('/api/user/favorites').expect(200, []);
    await agent.get(`/api/user/favorites/${etfId(3)}`).expect(404, { message: 'Favorite not found' });
    await agent.delete(`/api/user/favorites/${etfId(3)}`).expect(404, { message: 'Favorite not found' });
    await agent.delete(`/api/user/favorites/${UNKNOWN}`).expect(404, { message: 'Favorite not found' });
  });

  it("answers 404, never 403, for another user's favorite, and leaves it alone", async () => {
    const ann = await signUp(ctx.app);
    const bob = await signUp(ctx.app);
    const favorite = (await ann.agent.post('/api/user/favorites').send({ etfId: etfId(4) }).expect(201)).body;
    await bob.agent.get(`/api/user/favorites/${etfId(4)}`).expect(404, { message: 'Favorite not found' });
    await bob.agent.delete(`/api/user/favorites/${etfId(4)}`).expect(404, { message: 'Favorite not found' });
    await bob.agent.get('/api/user/favorites').expect(200, []);
    await ann.agent.get('/api/user/favorites').expect(200, [favorite]);
    expect(await ctx.deps.log.readStream(streams.favorites(bob.id))).toEqual([]);
  });

  it('refuses a body field the endpoint does not name (400 naming it) and writes nothing', async () => {
    const { agent, id } = await signUp(ctx.app);
    const unknown = { message: 'Unknown field: note', errors: { note: 'Unknown field' } };
    await agent.post('/api/user/favorites').send({ etfId: etfId(2), note: 'x' }).expect(400, unknown);
    expect(await ctx.deps.log.readStream(streams.favorites(id))).toEqual([]);
    await agent.post('/api/user/favorites').send({ etfId: etfId(2) }).expect(201);
    await agent.delete(`/api/user/favorites/${etfId(2)}`).send({ note: 'x' }).expect(400, unknown);
    expect((await ctx.deps.log.readStream(streams.favorites(id))).map((e) => e.type)).toEqual(['FavoriteAdded']);
    expect((await agent.get('/api/user/favorites')).body).toHaveLength(1);
  });
});
