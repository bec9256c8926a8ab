import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alertMessages } from '../../contracts/alerts.ts';
import { newYorkDate } from '../../domain/market/trading-days.ts';
import { streams } from '../../events/streams.ts';
import type { OutboxRecord } from '../../infra/mail/port.ts';
import { appendAll, withdrawn } from '../../read-models/market/fixtures.ts';
import type { GivenEvent } from '../../read-models/runtime/projection-testing.ts';
import { fastEnv, readOutbox, signUp, signUpVerified } from '../accounts/test-helpers.ts';
import { createContainer, type Container } from '../gateway/container.ts';
import { loadConfig } from '../http/config.ts';
import { whenJobFinished } from '../jobs/job-runs.ts';
import { startJobs } from '../jobs/runtime.ts';
import { distribution, fund, given, listed } from '../portfolio/test-helpers.ts';
import { createTestContext, type TestContext } from '../testing/harness.ts';
import { startAlertReactor, type AlertReactor, type AlertReactorDeps } from './reactor.ts';
import { sendExDateReminders } from './ex-date-reminders.ts';
import { unsubscribeMessages } from './api.ts';

// Friday 2026-01-23, noon in New York.
const NOW = new Date('2026-01-23T17:00:00.000Z');
const SECRET = 'an-alerts-spec-session-secret-of-32-characters';

function reactorDeps(container: Container): AlertReactorDeps {
  const { deps } = container;
  return { ...deps, eventStore: container.eventStore, appUrl: deps.config.appUrl, sessionSecret: deps.config.session.secret };
}

/** A weekly fund whose three declared payouts before 2026-01-27 average 0.40 (0.38, 0.40, 0.42). */
function weeklyFund() {
  const f = fund();
  const history: GivenEvent[] = [
    listed(f),
    distribution(f.etfId, '2026-01-06', '0.38', { payDate: '2026-01-07' }),
    distribution(f.etfId, '2026-01-13', '0.40', { payDate: '2026-01-14' }),
    distribution(f.etfId, '2026-01-20', '0.42', { payDate: '2026-01-21' }),
  ];
  return { f, history };
}

const alertMailsTo = (dataDir: string, email: string): OutboxRecord[] => readOutbox(dataDir).filter((m) => m.to === email && m.text.includes('/api/alerts/unsubscribe?token='));

function unsubscribePath(mail: OutboxRecord): string {
  const match = /\/api\/alerts\/unsubscribe\?token=[A-Za-z0-9_.%-]+/.exec(mail.text);
  if (!match) throw new Error('no unsubscribe link');
  return match[0];
}

describe('GET/PUT /api/user/alerts', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ ...fastEnv }, { now: NOW });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('answers 401 to a visitor', async () => {
    expect((await request(ctx.app).get('/api/user/alerts').expect(401)).body.message).toBe('Not authenticated');
    await request(ctx.app).put('/api/user/alerts').send({ distributionChangePercent: 10, exDateReminder: true }).expect(401);
  });

  it('has the defaults before the first save: 10 %, distribution changes on, ex-date reminders off', async () => {
    const { agent } = await signUp(ctx.app);
    expect((await agent.get('/api/user/alerts').expect(200)).body).toEqual({ distributionChangeAlerts: true, distributionChangePercent: 10, exDateReminder: false });
  });

  it('saves the settings as an event on alerts-<userId> and answers them; the same save again writes nothing', async () => {
    const { agent, id } = await signUp(ctx.app);
    const saved = await agent.put('/api/user/alerts').send({ distributionChangePercent: 25, exDateReminder: true }).expect(200);
    expect(saved.body).toEqual({ distributionChangeAlerts: true, distributionChangePercent: 25, exDateReminder: true });
    expect((await agent.get('/api/user/alerts').expect(200)).body).toEqual(saved.body);
    await agent.put('/api/user/alerts').send({ distributionChangePercent: 25, exDateReminder: true }).expect(200);
    const off = await agent.put('/api/user/alerts').send({ distributionChangePercent: 1, exDateReminder: false, distributionChangeAlerts: false }).expect(200);
    expect(off.body).toEqual({ distributionChangeAlerts: false, distributionChangePercent: 1, exDateReminder: false });
    const events = await ctx.deps.log.readStream(streams.alerts(id));
    expect(events.map((e) => [e.type, (e.data as { distributionChangePercent: number }).distributionChangePercent, e.metadata.actor])).toEqual([
      ['AlertSettingsChanged', 25, `user:${id}`],
      ['AlertSettingsChanged', 1, `user:${id}`],
    ]);
  });

  it('answers 400 with a clear message for each bad field', async () => {
    const { agent } = await signUp(ctx.app);
    const bad = async (body: unknown) => (await agent.put('/api/user/alerts').send(body as object).expect(400)).body;
    for (const percent of [0, 101, 10.5, '10', -5]) {
      expect(await bad({ distributionChangePercent: percent, exDateReminder: true })).toEqual({
        message: alertMessages.percent,
        errors: { distributionChangePercent: alertMessages.percent },
      });
    }
    expect(alertMessages.percent).toBe('distributionChangePercent must be a whole number from 1 to 100');
    expect(await bad({ distributionChangePercent: 10, exDateReminder: 'yes' })).toEqual({ message: 'exDateReminder must be true or false', errors: { exDateReminder: 'exDateReminder must be true or false' } });
    expect(await bad({ distributionChangePercent: 10, exDateReminder: true, distributionChangeAlerts: 1 })).toMatchObject({ message: 'distributionChangeAlerts must be true or false' });
    expect(await bad({})).toEqual({ message: 'Required', errors: { distributionChangePercent: 'Required', exDateReminder: 'Required' } });
    // nothing was saved
    expect((await agent.get('/api/user/alerts').expect(200)).body.distributionChangePercent).toBe(10);
  });

  it('refuses a body field the endpoint does not name (400 naming it) and saves nothing', async () => {
    const { agent, id } = await signUp(ctx.app);
    await agent
      .put('/api/user/alerts')
      .send({ distributionChangePercent: 25, exDateReminder: true, note: 'x' })
      .expect(400, { message: 'Unknown field: note', errors: { note: 'Unknown field' } });
    expect(await ctx.deps.log.readStream(streams.alerts(id))).toEqual([]);
    expect((await agent.get('/api/user/alerts').expect(200)).body.distributionChangePercent).toBe(10);
  });
});

describe('distribution-change alerts (the reactor)', () => {
  let ctx: TestContext;
  let reactor: AlertReactor;
  const { f, history } = weeklyFund();
  const other = weeklyFund();
  let ann: Awaited<ReturnType<typeof signUpVerified>>;
  let bob: Awaited<ReturnType<typeof signUpVerified>>;
  let cat: Awaited<ReturnType<typeof signUp>>;
  const logLines: string[] = [];

  /** Appends market events as a sync would, then waits until the reactor has handled them. */
  async function declare(events: GivenEvent[]): Promise<void> {
    const position = await appendAll(ctx.deps.log, events);
    await reactor.waitFor(position);
    await ctx.deps.mailer.idle();
  }

  beforeAll(async () => {
    ctx = await createTestContext({ ...fastEnv, SESSION_SECRET: SECRET }, { now: NOW, logger: pino({ level: 'debug' }, { write: (line: string) => void logLines.push(line) }) });
    await given(ctx, [...history, ...other.history]);
    // Ann holds F and the other fund (threshold 10, the default); Bob favourites F with 20 %;
    // Cat holds F but never verified her address.
    ann = await signUpVerified(ctx.app, ctx.deps);
    await ann.agent.post('/api/user/portfolio').send({ etfId: f.etfId, shares: '100', purchasePrice: '20', purchaseDate: '2026-01-02', isDrip: 0 }).expect(201);
    await ann.agent.post('/api/user/portfolio').send({ etfId: other.f.etfId, shares: '5', purchasePrice: '20', purchaseDate: '2026-01-02', isDrip: 0 }).expect(201);
    bob = await signUpVerified(ctx.app, ctx.deps);
    await bob.agent.post('/api/user/favorites').send({ etfId: f.etfId }).expect(201);
    await bob.agent.put('/api/user/alerts').send({ distributionChangePercent: 20, exDateReminder: false }).expect(200);
    cat = await signUp(ctx.app);
    await cat.agent.post('/api/user/portfolio').send({ etfId: f.etfId, shares: '1', purchasePrice: '20', purchaseDate: '2026-01-02', isDrip: 0 }).expect(201);
    reactor = await startAlertReactor(reactorDeps(ctx.container));
  });
  afterAll(async () => {
    await reactor?.stop();
    await ctx?.close();
  });

  it('average 0.40, new 0.46 (+15 %): one mail to the holder with a 10 % threshold; none at 20 %, none to an unverified address', async () => {
    await declare([distribution(f.etfId, '2026-01-27', '0.46', { payDate: '2026-01-28' })]);
    const mails = alertMailsTo(ctx.dataDir, ann.user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`${f.ticker} distribution +15.0%: $0.46 per share`);
    expect(mails[0]!.text).toContain(`${f.ticker} (${f.name}) declared a distribution +15.0% higher than its 3-week average.`);
    expect(mails[0]!.text).toContain('New amount: $0.46 per share (ex-date 2026-01-27, paid 2026-01-28)');
    expect(mails[0]!.text).toContain('Previous amount: $0.42 per share (ex-date 2026-01-20)');
    expect(mails[0]!.text).toContain('Change: +15.0 % against the 3-week average (your alert threshold: 10 %)');
    expect(alertMailsTo(ctx.dataDir, bob.user.email)).toHaveLength(0);
    expect(alertMailsTo(ctx.dataDir, cat.user.email)).toHaveLength(0);
    // recorded on Ann's alerts stream, without the link or its token
    const recorded = (await ctx.deps.log.readStream(streams.alerts(ann.id))).filter((e) => e.type === 'AlertMailed');
    expect(recorded.map((e) => e.data)).toEqual([
      { userId: ann.id, kind: 'distribution-change', key: `${f.etfId}_2026-01-27`, etfId: f.etfId, exDate: '2026-01-27', amount: '0.46', mailedAt: NOW.toISOString() },
    ]);
    expect(JSON.stringify(recorded)).not.toContain('token');
  });

  it('average 0.40, new 0.43 (+7.5 %): no mail', async () => {
    const before = readOutbox(ctx.dataDir).length;
    await declare([distribution(other.f.etfId, '2026-01-27', '0.43')]);
    expect(readOutbox(ctx.dataDir)).toHaveLength(before);
  });

  it('an amount revision: 0.46 → 0.50 (+25 %) alerts Bob (20 %), and Ann, alerted for 0.46, gets a correction instead of a second alert', async () => {
    await declare([distribution(f.etfId, '2026-01-27', '0.50', { payDate: '2026-01-28', revisedFrom: '0.46' })]);
    expect(alertMailsTo(ctx.dataDir, ann.user.email).map((m) => m.subject)).toEqual([
      `${f.ticker} distribution +15.0%: $0.46 per share`,
      `Correction: ${f.ticker} distribution ex 2026-01-27 is $0.50 per share`,
    ]);
    const bobs = alertMailsTo(ctx.dataDir, bob.user.email);
    expect(bobs).toHaveLength(1);
    expect(bobs[0]!.text).toContain('New amount: $0.50 per share (ex-date 2026-01-27, paid 2026-01-28), revised from $0.46');
    expect(bobs[0]!.text).toContain('Change: +25.0 % against the 3-week average (your alert threshold: 20 %)');
  });

  it('estimates never mail; the estimate declared later does (average 0.40, 0.42, 0.50 = 0.44; 0.33 is −25 %)', async () => {
    const before = readOutbox(ctx.dataDir).length;
    await declare([distribution(f.etfId, '2026-02-03', '0.20', { status: 'estimated' })]);
    expect(readOutbox(ctx.dataDir)).toHaveLength(before);
    await declare([distribution(f.etfId, '2026-02-03', '0.33', { revisedFrom: '0.20' })]);
    const latest = (email: string) => alertMailsTo(ctx.dataDir, email).filter((m) => m.text.includes('ex-date 2026-02-03'));
    expect(latest(ann.user.email)).toHaveLength(1);
    expect(latest(ann.user.email)[0]!.subject).toBe(`${f.ticker} distribution −25.0%: $0.33 per share`);
    expect(latest(bob.user.email)).toHaveLength(1);
  });

  it('the unsubscribe link works without signing in, turns that kind off and says so; a bad link answers 400', async () => {
    const [mail] = alertMailsTo(ctx.dataDir, ann.user.email);
    const page = await request(ctx.app).get(unsubscribePath(mail!)).expect(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.text).toContain('<h1>Unsubscribed</h1>');
    expect(page.text).toContain('You will get no more distribution-change alerts from WeeklyDiv.');
    expect((await ann.agent.get('/api/user/alerts').expect(200)).body).toEqual({ distributionChangeAlerts: false, distributionChangePercent: 10, exDateReminder: false });
    // opening it again is harmless
    await request(ctx.app).get(unsubscribePath(mail!)).expect(200);
    const changes = (await ctx.deps.log.readStream(streams.alerts(ann.id))).filter((e) => e.type === 'AlertSettingsChanged');
    expect(changes.map((e) => e.data)).toEqual([expect.objectContaining({ distributionChangeAlerts: false, via: 'unsubscribe' })]);
    // a tampered or missing token
    const tampered = unsubscribePath(mail!).replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    const bad = await request(ctx.app).get(tampered).expect(400);
    expect(bad.text).toContain('This unsubscribe link is not valid.');
    await request(ctx.app).get('/api/alerts/unsubscribe').expect(400);
    expect((await request(ctx.app).get(tampered).set('Accept', 'application/json').expect(400)).body).toEqual({ message: unsubscribeMessages.invalid });
    expect((await request(ctx.app).get(unsubscribePath(mail!)).set('Accept', 'application/json').expect(200)).body).toEqual({
      message: 'You will get no more distribution-change alerts from WeeklyDiv.',
    });
    // no log line holds a link's token (mails and requests logged at debug level)
    const token = decodeURIComponent(unsubscribePath(mail!).split('token=')[1]!);
    expect(logLines.some((l) => l.includes('alert mailed'))).toBe(true);
    expect(logLines.some((l) => l.includes('/api/alerts/unsubscribe?token=[redacted]'))).toBe(true);
    expect(logLines.filter((l) => l.includes(token.split('.')[2]!))).toEqual([]);
    // Ann gets no more distribution-change mails
    const before = alertMailsTo(ctx.dataDir, ann.user.email).length;
    await declare([distribution(f.etfId, '2026-02-10', '0.90')]);
    expect(alertMailsTo(ctx.dataDir, ann.user.email)).toHaveLength(before);
    expect(alertMailsTo(ctx.dataDir, bob.user.email).filter((m) => m.text.includes('ex-date 2026-02-10'))).toHaveLength(1);
  });
});

describe('the reactor across a restart, a replay and a rebuild', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'weeklydiv-alerts-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    APP_URL: 'http://localhost:3000',
    SESSION_SECRET: SECRET,
    PASSWORD_SCRYPT_LOG_N: '12',
  });
  const logger = pino({ level: 'silent' });
  const open = async () => {
    const container = await createContainer(config, logger, { now: () => NOW });
    await container.start();
    return container;
  };
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('mails once; a new container on the same DATA_DIR, a replay from 0 and a read-model rebuild send nothing more', async () => {
    const { f, history } = weeklyFund();
    let container = await open();
    const { createApp } = await import('../gateway/app.ts');
    const app = createApp(container.deps);
    await appendAll(container.deps.log, history).then((p) => container.deps.readModels.waitFor(p));
    const ann = await signUpVerified(app, container.deps);
    await ann.agent.post('/api/user/portfolio').send({ etfId: f.etfId, shares: '10', purchasePrice: '20', purchaseDate: '2026-01-02', isDrip: 0 }).expect(201);
    let reactor = await startAlertReactor(reactorDeps(container));
    const declared = await appendAll(container.deps.log, [distribution(f.etfId, '2026-01-27', '0.46')]);
    await reactor.waitFor(declared);
    await container.deps.mailer.idle();
    expect(alertMailsTo(dataDir, ann.user.email)).toHaveLength(1);
    // stop everything, start a new container on the same DATA_DIR: the reactor resumes after its checkpoint
    await reactor.stop();
    await container.stop();
    container = await open();
    reactor = await startAlertReactor(reactorDeps(container));
    const head = await container.eventStore.headPosition();
    await reactor.waitFor(head);
    const checkpoints = await container.deps.log.readStream(streams.alertsReactor());
    expect(checkpoints.at(-1)!.data).toMatchObject({ position: expect.any(Number) });
    expect((checkpoints.at(-1)!.data as { position: number }).position).toBeGreaterThanOrEqual(declared);
    await reactor.stop();
    // a replay of the whole log (a lost checkpoint): the AlertMailed record stops the second mail
    const replaying = await startAlertReactor({
      ...reactorDeps(container),
      eventStore: { headPosition: () => container.eventStore.headPosition(), subscribe: (o) => container.eventStore.subscribe({ ...o, after: 0 }) },
    });
    await replaying.waitFor(await container.eventStore.headPosition());
    await replaying.stop();
    // rebuilding the read models the reactor reads sends nothing either
    reactor = await startAlertReactor(reactorDeps(container));
    await container.runner!.rebuild('portfolio');
    await container.runner!.rebuild('alerts');
    await reactor.waitFor(await container.eventStore.headPosition());
    await container.deps.mailer.idle();
    expect(alertMailsTo(dataDir, ann.user.email)).toHaveLength(1);
    expect((await container.deps.log.readStream(streams.alerts(ann.id))).filter((e) => e.type === 'AlertMailed')).toHaveLength(1);
    await reactor.stop();
    await container.stop();
  });
});

describe('ex-date reminders (the daily job)', () => {
  let ctx: TestContext;
  const { f, history } = weeklyFund();
  const projected = weeklyFund();
  const pulled = weeklyFund();

  beforeAll(async () => {
    ctx = await createTestContext({ ...fastEnv, SESSION_SECRET: SECRET }, { now: NOW });
    await given(ctx, [
      ...history,
      // Monday 2026-01-26 is the next business day after Friday 2026-01-23
      distribution(f.etfId, '2026-01-26', '0.45', { payDate: '2026-01-27' }),
      ...projected.history,
      distribution(projected.f.etfId, '2026-01-26', '0.45', { status: 'estimated' }),
      ...pulled.history,
      distribution(pulled.f.etfId, '2026-01-26', '0.45', { payDate: '2026-01-27' }),
      withdrawn(pulled.f.etfId, '2026-01-26'),
    ]);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('mails a holder who turned reminders on, once per (fund, ex-date), the business day before; declared ex-dates only, withdrawn ones never', async () => {
    const ann = await signUpVerified(ctx.app, ctx.deps);
    await ann.agent.post('/api/user/portfolio').send({ etfId: f.etfId, shares: '15', purchasePrice: '20', purchaseDate: '2026-01-02', isDrip: 0 }).expect(201);
    await ann.agent.post('/api/user/portfolio').send({ etfId: projected.f.etfId, shares: '3', purchasePrice: '20', purchaseDate: '2026-01-02', isDrip: 0 }).expect(201);
    await ann.agent.post('/api/user/portfolio').send({ etfId: pulled.f.etfId, shares: '4', purchasePrice: '20', purchaseDate: '2026-01-02', isDrip: 0 }).expect(201);
    await ann.agent.put('/api/user/alerts').send({ distributionChangePercent: 10, exDateReminder: true }).expect(200);
    // Bob holds F with the default (reminders off)
    const bob = await signUpVerified(ctx.app, ctx.deps);
    await bob.agent.post('/api/user/portfolio').send({ etfId: f.etfId, shares: '1', purchasePrice: '20', purchaseDate: '2026-01-02', isDrip: 0 }).expect(201);

    const jobs = await startJobs(ctx.container, { schedules: false, provider: null });
    try {
      const run = async () => {
        const { jobId, position } = await jobs.request('send-ex-date-reminders', 'test', { actor: 'test', correlationId: 'daily', now: ctx.deps.now().toISOString() });
        await ctx.deps.readModels.waitFor(position);
        const done = await whenJobFinished(ctx.deps.readModels, jobId);
        await ctx.deps.mailer.idle();
        return done;
      };
      expect(await run()).toMatchObject({ status: 'succeeded', summary: 'Sent 1 ex-date reminder for ex-date 2026-01-26', counts: { sent: 1, alreadySent: 0, failed: 0 } });
      const mails = alertMailsTo(ctx.dataDir, ann.user.email);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.subject).toBe(`${f.ticker} goes ex-dividend on Monday 2026-01-26: $0.45 per share`);
      expect(mails[0]!.text).toContain('Your holding: 15 shares, about $6.75 in total'); // 15 × 0.45
      expect(mails[0]!.text).toContain('/api/alerts/unsubscribe?token=');
      expect(alertMailsTo(ctx.dataDir, bob.user.email)).toHaveLength(0);
      // the same day again: nothing more
      expect(await run()).toMatchObject({ status: 'succeeded', counts: { sent: 0, alreadySent: 1 } });
      expect(alertMailsTo(ctx.dataDir, ann.user.email)).toHaveLength(1);
      // the reminder's unsubscribe link turns reminders off only
      await request(ctx.app).get(unsubscribePath(mails[0]!)).expect(200).expect((res) => expect(res.text).toContain('You will get no more ex-date reminders from WeeklyDiv.'));
      expect((await ann.agent.get('/api/user/alerts').expect(200)).body).toEqual({ distributionChangeAlerts: true, distributionChangePercent: 10, exDateReminder: false });
    } finally {
      await jobs.stop();
    }
  });

  it('on a Saturday (no business day) it sends nothing; on Thursday morning it reminds of Friday, after the close of nothing (clock injected)', async () => {
    const deps = { ...ctx.deps, appUrl: ctx.deps.config.appUrl, sessionSecret: SECRET };
    const ctxAt = (now: Date) => ({ actor: 'test', correlationId: 'clock', now: now.toISOString() });
    const saturday = new Date('2026-01-24T22:00:00.000Z');
    expect(await sendExDateReminders({ ...deps, now: () => saturday }, ctxAt(saturday))).toEqual({ exDate: null, sent: 0, alreadySent: 0, failed: 0 });
    const thursdayMorning = new Date('2026-01-22T14:00:00.000Z'); // 9:00 EST
    expect(await sendExDateReminders({ ...deps, now: () => thursdayMorning }, ctxAt(thursdayMorning))).toMatchObject({ exDate: '2026-01-23' });
    const thursdayEvening = new Date('2026-01-22T22:00:00.000Z'); // 17:00 EST: Thursday's close has passed
    expect(await sendExDateReminders({ ...deps, now: () => thursdayEvening }, ctxAt(thursdayEvening))).toEqual({ exDate: null, sent: 0, alreadySent: 0, failed: 0 });
  });
});

describe('the server runs the reactor', () => {
  it('startServer (role all) mails holders of a fund whose new payout crosses the threshold, without any test wiring', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'weeklydiv-alerts-server-'));
    const { startServer } = await import('../gateway/server.ts');
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      APP_URL: 'http://localhost:3000',
      SESSION_SECRET: SECRET,
      PASSWORD_SCRYPT_LOG_N: '12',
      DEMO_DATA: 'false',
      PORT: '0',
      HOST: '127.0.0.1',
    });
    const { container, server, shutdown } = await startServer(config, pino({ level: 'silent' }));
    expect(server).toBeDefined();
    const { createApp } = await import('../gateway/app.ts');
    const app = createApp(container.deps); // the server's own deps: the reactor is the one startServer started
    try {
      const { f, history } = weeklyFund();
      await appendAll(container.deps.log, history).then((p) => container.deps.readModels.waitFor(p));
      const ann = await signUpVerified(app, container.deps);
      await ann.agent.post('/api/user/portfolio').send({ etfId: f.etfId, shares: '10', purchasePrice: '20', purchaseDate: '2026-01-02', isDrip: 0 }).expect(201);
      // the server runs on its own clock (startServer, as `npm start`): today is New York's date by that clock
      const today = newYorkDate(container.deps.now().getTime());
      await appendAll(container.deps.log, [distribution(f.etfId, today, '0.46')]);
      // the live subscription mails within moments (the issue asks for a minute)
      await expect.poll(() => alertMailsTo(dataDir, ann.user.email).length, { timeout: 60_000, interval: 100 }).toBe(1);
      expect(alertMailsTo(dataDir, ann.user.email)[0]!.subject).toBe(`${f.ticker} distribution +15.0%: $0.46 per share`);
    } finally {
      await shutdown();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
