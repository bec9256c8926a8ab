import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registry } from '../../events/registry.ts';
import { streams } from '../../events/streams.ts';
import type { EventStore } from '../../infra/event-store/port.ts';
import { scrubDeleted } from '../cli/main.ts';
import { createTestContext, type TestContext } from '../testing/harness.ts';
import { EmailIndex } from './email-reservation.ts';
import { hashPassword, scryptParams } from './password.ts';
import { fastEnv, newUser, signUp, uniqueEmail } from './test-helpers.ts';

/**
 * The reservation stream's name (docs/accounts-and-security.md "The reservation stream's name"): new
 * reservations are `useremail-<keyed hash>`; logs with `useremail-<address>` keep working; a deleted
 * account's legacy stream leaves the embedded log with scrub-deleted.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ ...fastEnv });
});
afterAll(async () => {
  await ctx?.close();
});

const eventsFile = () => path.join(ctx.dataDir, 'events.sqlite');
/** The log as stored, under the encryption (the wrapping store's `inner`). */
const rawStore = () => (ctx.container.eventStore as unknown as { inner: EventStore }).inner;
const namesOf = (email: string) => new EmailIndex(ctx.deps.keys).streamsFor(email);

/** Every row of the embedded log as stored: stream name, data and metadata. */
function rawRows(): { stream: string; type: string; data: string; metadata: string }[] {
  const db = new DatabaseSync(eventsFile(), { readOnly: true });
  try {
    return db.prepare('SELECT stream, type, data, metadata FROM events ORDER BY position').all() as { stream: string; type: string; data: string; metadata: string }[];
  } finally {
    db.close();
  }
}
/** Whether the address is anywhere in the log's files (the database and its write-ahead log). */
const inLogFiles = (email: string) => [eventsFile(), `${eventsFile()}-wal`].some((file) => existsSync(file) && readFileSync(file).includes(email));

/** An account as a log written before the hashed names holds it: `useremail-<address>` and its user stream, in plain text. */
async function legacyAccount(email: string, password: string): Promise<string> {
  const userId = randomUUID();
  const at = ctx.deps.now().toISOString();
  const metadata = { actor: `user:${userId}`, correlationId: 'legacy' };
  await rawStore().append(streams.legacyUserEmail(email), [registry.encode({ type: 'EmailReserved', data: { email, userId, reservedAt: at } }, metadata)], 'no_stream');
  const passwordHash = await hashPassword(password, scryptParams(12));
  await rawStore().append(
    streams.user(userId),
    [registry.encode({ type: 'UserRegistered', data: { userId, email, firstName: 'Lea', lastName: 'Gacy', passwordHash, registeredAt: at } }, metadata)],
    'no_stream',
  );
  return userId;
}

async function scrub(): Promise<Record<string, number>> {
  const lines: string[] = [];
  expect(await scrubDeleted(ctx.deps.config, { json: true, write: (line) => lines.push(line) })).toBe(0);
  return JSON.parse(lines[0]!) as Record<string, number>;
}

describe('new reservations: useremail-<keyed hash>', () => {
  it('a registration writes no address in clear: neither in a stream name nor in a row', async () => {
    const { id, user } = await signUp(ctx.app, { email: uniqueEmail('clear') });
    const names = await namesOf(user.email);
    expect(names.hashed).toMatch(/^useremail-[0-9a-f]{64}$/);
    const reservation = await ctx.deps.log.readStream(names.hashed);
    expect(reservation.map((e) => [e.type, e.data])).toEqual([['EmailReserved', expect.objectContaining({ email: user.email, userId: id })]]);
    expect(await ctx.deps.log.readStream(names.legacy)).toEqual([]);
    const rows = rawRows();
    expect(rows.some((r) => r.stream === names.hashed)).toBe(true);
    expect(rows.filter((r) => `${r.stream} ${r.data} ${r.metadata}`.includes(user.email))).toEqual([]);
    expect(rows.filter((r) => r.stream.includes('@'))).toEqual([]);
  });

  it('of two simultaneous sign-ups with one address, one wins', async () => {
    const email = uniqueEmail('race2');
    const results = await Promise.all([0, 1].map((i) => request(ctx.app).post('/api/register').send(newUser({ email, firstName: `R${i}` }))));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    const winner = results.find((r) => r.status === 201)!;
    const reservation = await ctx.deps.log.readStream((await namesOf(email)).hashed);
    expect(reservation.map((e) => (e.data as { userId: string }).userId)).toEqual([winner.body.id]);
  });

  it('after a deletion the address registers again as a new account, and no stream name ever held it', async () => {
    const { agent, id, user } = await signUp(ctx.app, { email: uniqueEmail('again') });
    await agent.delete('/api/user').send({ password: user.password }).expect(200);
    const again = await request(ctx.app).post('/api/register').send(newUser({ email: user.email, password: 'second-pw-2' })).expect(201);
    expect(again.body.id).not.toBe(id);
    const names = await namesOf(user.email);
    expect((await ctx.deps.log.readStream(names.hashed)).map((e) => e.type)).toEqual(['EmailReserved', 'EmailReleased', 'EmailReserved']);
    expect(rawRows().filter((r) => r.stream.includes(user.email))).toEqual([]);
    await request(ctx.app).post('/api/login').send({ email: user.email, password: 'second-pw-2' }).expect(200);
  });
});

describe('a log written before: useremail-<address>', () => {
  it('a legacy reservation still blocks a second sign-up with the address (any case) and still logs in', async () => {
    const email = uniqueEmail('legacy');
    const userId = await legacyAccount(email, 'legacy-pw-1');
    const taken = await request(ctx.app)
      .post('/api/register')
      .send(newUser({ email: ` ${email.toUpperCase()} ` }))
      .expect(409);
    expect(taken.body).toEqual({ message: 'An account with this email already exists' });
    // the refused sign-up reserved nothing under the new name
    expect(await ctx.deps.log.readStream((await namesOf(email)).hashed)).toEqual([]);
    const login = await request(ctx.app).post('/api/login').send({ email, password: 'legacy-pw-1' }).expect(200);
    expect(login.body).toMatchObject({ id: userId, email });
    await request(ctx.app).post('/api/login').send({ email, password: 'wrong-pw-1' }).expect(401);
  });

  it('deleting a legacy account releases its legacy reservation; scrub-deleted removes the stream and its name; the address registers again', async () => {
    const email = uniqueEmail('legacy-del');
    const userId = await legacyAccount(email, 'legacy-pw-2');
    const agent = request.agent(ctx.app);
    await agent.post('/api/login').send({ email, password: 'legacy-pw-2' }).expect(200);
    await agent.delete('/api/user').send({ password: 'legacy-pw-2' }).expect(200);
    const names = await namesOf(email);
    expect((await ctx.deps.log.readStream(names.legacy)).map((e) => e.type)).toEqual(['EmailReserved', 'EmailReleased']);
    expect(rawRows().some((r) => r.stream.includes(email))).toBe(true);

    const result = await scrub();
    expect(result.legacyReservationsRemoved).toBeGreaterThanOrEqual(1);
    expect(rawRows().filter((r) => `${r.stream} ${r.data}`.includes(email))).toEqual([]);
    expect(inLogFiles(email)).toBe(false);
    // the user's own stream is still there (its personal fields as placeholders)
    expect((await ctx.deps.log.readStream(streams.user(userId))).map((e) => e.type)).toEqual(['UserRegistered', 'UserLoggedIn', 'AccountDeleted']);

    const again = await request(ctx.app).post('/api/register').send(newUser({ email, password: 'fresh-pw-3' })).expect(201);
    expect(again.body.id).not.toBe(userId);
    expect((await ctx.deps.log.readStream(names.hashed)).map((e) => (e.data as { userId: string }).userId)).toEqual([again.body.id]);
    await request(ctx.app).post('/api/login').send({ email, password: 'fresh-pw-3' }).expect(200);
    await request(ctx.app).post('/api/register').send(newUser({ email })).expect(409);
    // a second run finds nothing more to remove, and a live account's legacy stream is never removed
    const live = uniqueEmail('legacy-live');
    await legacyAccount(live, 'legacy-pw-4');
    expect((await scrub()).legacyReservationsRemoved).toBe(0);
    expect(rawRows().some((r) => r.stream === streams.legacyUserEmail(live))).toBe(true);
    await request(ctx.app).post('/api/login').send({ email: live, password: 'legacy-pw-4' }).expect(200);
  });

  it('a legacy reservation of a deleted account whose release was interrupted: two simultaneous sign-ups, one wins', async () => {
    const email = uniqueEmail('legacy-race');
    const userId = await legacyAccount(email, 'legacy-pw-5');
    // the deletion stopped after AccountDeleted, before EmailReleased
    await rawStore().append(streams.user(userId), [registry.encode({ type: 'AccountDeleted', data: { userId, deletedAt: ctx.deps.now().toISOString() } }, { actor: 'spec', correlationId: 'c' })], 0);
    const results = await Promise.all([0, 1].map((i) => request(ctx.app).post('/api/register').send(newUser({ email, firstName: `L${i}` }))));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    const winner = results.find((r) => r.status === 201)!;
    const names = await namesOf(email);
    expect((await ctx.deps.log.readStream(names.legacy)).map((e) => e.type)).toEqual(['EmailReserved', 'EmailReleased']);
    expect((await ctx.deps.log.readStream(names.hashed)).map((e) => (e.data as { userId: string }).userId)).toEqual([winner.body.id]);
  });
});
