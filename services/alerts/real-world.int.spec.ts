import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, businessDaysBetween, isBusinessDay, previousBusinessDay, nextBusinessDay } from '../../domain/market/trading-days.ts';
import { splitIdOf } from '../../events/splits.ts';
import { streams } from '../../events/streams.ts';
import type { OutboxRecord } from '../../infra/mail/port.ts';
import { appendAll, withdrawn } from '../../read-models/market/fixtures.ts';
import type { GivenEvent } from '../../read-models/runtime/projection-testing.ts';
import { fastEnv, readOutbox, signUpVerified } from '../accounts/test-helpers.ts';
import type { Container } from '../gateway/container.ts';
import { bar, distribution, fund, given, listed, marketDay } from '../portfolio/test-helpers.ts';
import { createTestContext, type TestContext } from '../testing/harness.ts';
import { sendExDateReminders } from './ex-date-reminders.ts';
import { startAlertReactor, type AlertReactor, type AlertReactorDeps } from './reactor.ts';

/**
 * Payout alerts against distributions as they really happen (issue 24, the metrics audit of turn 3):
 * splits in the distribution-change rule (N2), the shares held on the ex-date in the reminder (N4), a
 * reminder before the last cum-dividend close, early closes included (N8), corrections (N10). The
 * funds are the audit's (N3RS, N3RM, N3RV), with its dates and amounts.
 */

const SECRET = 'an-alerts-spec-session-secret-of-32-characters';

function reactorDeps(container: Container): AlertReactorDeps {
  const { deps } = container;
  return { ...deps, eventStore: container.eventStore, appUrl: deps.config.appUrl, sessionSecret: deps.config.session.secret };
}

const alertMailsTo = (dataDir: string, email: string): OutboxRecord[] => readOutbox(dataDir).filter((m) => m.to === email && m.text.includes('/api/alerts/unsubscribe?token='));

function split(etfId: string, exDate: string, oldRate: string, newRate: string): GivenEvent {
  return { stream: streams.splits(etfId), type: 'SplitRecorded', data: { etfId, splitId: splitIdOf(etfId, exDate), exDate, oldRate, newRate, source: 'manual' } };
}

/** Issuer-style weekly ex-dates: `weekday` (1 = Monday) of each week from `from` to `to`, a closed day moved to the session before. */
function weeklyExDates(from: string, to: string, weekday: number): string[] {
  const out: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 7)) out.push(isBusinessDay(d) ? d : previousBusinessDay(d));
  expect(new Date(`${from}T12:00:00Z`).getUTCDay()).toBe(weekday);
  return out;
}

describe('distribution-change alerts across a split (N2)', () => {
  // Wednesday 2026-11-25, 10:00 in New York: the day the audit's N3RS payout was imported
  const NOW = new Date('2026-11-25T15:00:00.000Z');
  let ctx: TestContext;
  let reactor: AlertReactor;
  let ivan: Awaited<ReturnType<typeof signUpVerified>>;
  // N3RS: $0.10 every Thursday until 11-19, 1-for-5 reverse split ex Fri 11-20; then $0.50 (unchanged per old share)
  const rs = { ...fund(), ticker: 'N3RS', name: 'Audit reverse split alert' };
  // a 2-for-1 split: $0.30 before, $0.15 after (unchanged per old share): never a cut
  const fs = { ...fund(), ticker: 'N3FS', name: 'Audit forward split' };
  // a real cut after a reverse split: $0.10 before (0.50 per share after the split), $0.40 after: −20 %
  const cut = { ...fund(), ticker: 'N3CT', name: 'Audit cut after split' };
  const thursdays = weeklyExDates('2026-10-29', '2026-11-19', 4);

  async function declare(events: GivenEvent[]): Promise<void> {
    const position = await appendAll(ctx.deps.log, events);
    await reactor.waitFor(position);
    await ctx.deps.mailer.idle();
  }
  const mailsAbout = (ticker: string) => alertMailsTo(ctx.dataDir, ivan.user.email).filter((m) => m.subject.startsWith(`${ticker} `));

  beforeAll(async () => {
    ctx = await createTestContext({ ...fastEnv, SESSION_SECRET: SECRET }, { now: NOW });
    await given(ctx, [
      listed(rs),
      ...thursdays.map((x) => distribution(rs.etfId, x, '0.10', { payDate: nextBusinessDay(x) })),
      split(rs.etfId, '2026-11-20', '5', '1'),
      listed(fs),
      ...thursdays.map((x) => distribution(fs.etfId, x, '0.30', { payDate: nextBusinessDay(x) })),
      split(fs.etfId, '2026-11-20', '1', '2'),
      listed(cut),
      ...thursdays.map((x) => distribution(cut.etfId, x, '0.10', { payDate: nextBusinessDay(x) })),
      split(cut.etfId, '2026-11-20', '5', '1'),
    ]);
    ivan = await signUpVerified(ctx.app, ctx.deps);
    for (const f of [rs, fs, cut]) {
      await ivan.agent.post('/api/user/portfolio').send({ etfId: f.etfId, shares: '100', purchasePrice: '10', purchaseDate: '2026-06-01', isDrip: 0 }).expect(201);
    }
    await ivan.agent.put('/api/user/alerts').send({ distributionChangePercent: 10, exDateReminder: true, distributionChangeAlerts: true }).expect(200);
    reactor = await startAlertReactor(reactorDeps(ctx.container));
  });
  afterAll(async () => {
    await reactor?.stop();
    await ctx?.close();
  });

  it('N3RS: $0.10 before a 1-for-5 reverse split, $0.50 after: unchanged per current share, no mail (the audit saw "+400.0%")', async () => {
    await declare([distribution(rs.etfId, '2026-11-25', '0.50', { payDate: '2026-11-27' })]);
    expect(mailsAbout('N3RS').map((m) => m.subject)).toEqual([]);
  });

  it('a 2-for-1 split, $0.30 before and $0.15 after: never read as a cut', async () => {
    await declare([distribution(fs.etfId, '2026-11-25', '0.15', { payDate: '2026-11-27' })]);
    expect(mailsAbout('N3FS').map((m) => m.subject)).toEqual([]);
  });

  it('a real cut after a reverse split is mailed on the current share basis and says a split happened between the payouts', async () => {
    await declare([distribution(cut.etfId, '2026-11-25', '0.40', { payDate: '2026-11-27' })]);
    const mails = mailsAbout('N3CT');
    expect(mails.map((m) => m.subject)).toEqual(['N3CT distribution −20.0%: $0.40 per share']);
    const text = mails[0]!.text;
    expect(text).toContain('New amount: $0.40 per share (ex-date 2026-11-25, paid 2026-11-27)');
    expect(text).toContain('Previous amount: $0.50 per share (ex-date 2026-11-19; declared $0.10 before the split)');
    expect(text).toContain('3-week average: $0.5000 per share');
    expect(text).toContain('Split: the fund had a 1-for-5 reverse split (ex-date 2026-11-20) between these payouts; every amount here is per share after it.');
    expect(text).toContain('Change: −20.0 % against the 3-week average (your alert threshold: 10 %)');
    // the unsubscribe and settings links stay
    expect(text).toContain('/my-weeklydiv?tab=alerts');
    expect(text).toContain('/api/alerts/unsubscribe?token=');
  });
});

describe('the ex-date reminder: shares held on the ex-date, before the last cum-dividend close (N4, N8)', () => {
  // Friday 2026-11-27, the day after Thanksgiving (the NYSE closes at 1:00 PM), 9:00 AM in New York
  const FRIDAY_9AM = new Date('2026-11-27T14:00:00.000Z');
  let ctx: TestContext;
  let ivan: Awaited<ReturnType<typeof signUpVerified>>;
  // N3RM: 2-for-1 split ex Thu 2026-10-01 ($30 → $15, $0.30 → $0.15 a week), Monday ex-dates paid the next
  // session; declared ex Mon 2026-11-30 $0.15 paid Tue 12-01. 100 shares bought 2026-09-01 with DRIP.
  const rm = { ...fund(), ticker: 'N3RM', name: 'Audit reminder after split' };
  const deps = () => ({ ...ctx.deps, appUrl: ctx.deps.config.appUrl, sessionSecret: SECRET });
  const at = (now: Date) => ({ actor: 'test', correlationId: 'clock', now: now.toISOString() });

  beforeAll(async () => {
    ctx = await createTestContext({ ...fastEnv, SESSION_SECRET: SECRET }, { now: FRIDAY_9AM });
    const id = rm.etfId;
    await given(ctx, [
      listed(rm),
      ...businessDaysBetween('2026-06-01', '2026-11-27').map((d) => bar(id, d, d < '2026-10-01' ? '30.00' : '15.00')),
      ...weeklyExDates('2026-06-01', '2026-11-23', 1).map((x) => distribution(id, x, x < '2026-10-01' ? '0.30' : '0.15', { payDate: nextBusinessDay(x) })),
      split(id, '2026-10-01', '1', '2'),
      distribution(id, '2026-11-30', '0.15', { payDate: '2026-12-01' }),
      marketDay('2026-11-27'),
    ]);
    ivan = await signUpVerified(ctx.app, ctx.deps);
    await ivan.agent.post('/api/user/portfolio').send({ etfId: id, shares: '100', purchasePrice: '30', purchaseDate: '2026-09-01', isDrip: 1 }).expect(201);
    await ivan.agent.put('/api/user/alerts').send({ distributionChangePercent: 10, exDateReminder: true }).expect(200);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('N3RM: "225.365006 shares, about $33.80", the payout calendar\'s own figure; sent at 9:00 AM of the last cum-dividend session (a Friday half day before a Monday ex-date), worded for the 1:00 PM close', async () => {
    const calendar = (await ivan.agent.get('/api/user/dividends/calendar').expect(200)).body as { ticker: string; payoutDate: string; shares: string; estimatedPayout: string }[];
    const payout = calendar.find((e) => e.ticker === 'N3RM' && e.payoutDate === '2026-12-01')!;
    expect(payout).toMatchObject({ shares: '225.365006', estimatedPayout: '33.80' });

    expect(await sendExDateReminders({ ...deps(), now: () => FRIDAY_9AM }, at(FRIDAY_9AM))).toMatchObject({ exDate: '2026-11-30', sent: 1 });
    await ctx.deps.mailer.idle();
    const mails = alertMailsTo(ctx.dataDir, ivan.user.email);
    const text = mails[0]!.text;
    expect(text).toContain(`Your holding: ${payout.shares} shares, about $${payout.estimatedPayout} in total`);
    expect(mails.map((m) => m.subject)).toEqual(['N3RM goes ex-dividend on Monday 2026-11-30: $0.15 per share']);
    expect(text).toContain('N3RM (Audit reminder after split) goes ex-dividend on Monday 2026-11-30, the next trading day.');
    expect(text).toContain("To receive this distribution, hold the shares at today's close at 1:00 PM ET (early close: the day after Thanksgiving).");
    expect(text).toContain('Declared amount: $0.15 per share, paid 2026-12-01');
    expect(text).toContain('/my-weeklydiv?tab=alerts');
    expect(text).toContain('/api/alerts/unsubscribe?token=');
  });

  it('after the close of the last cum-dividend session it is too late: nothing is sent, and a Saturday run sends nothing either', async () => {
    const user = await signUpVerified(ctx.app, ctx.deps);
    await user.agent.post('/api/user/portfolio').send({ etfId: rm.etfId, shares: '10', purchasePrice: '15', purchaseDate: '2026-11-02', isDrip: 0 }).expect(201);
    await user.agent.put('/api/user/alerts').send({ distributionChangePercent: 10, exDateReminder: true }).expect(200);
    // 1:01 PM on the early-close day: the session has closed
    const late = new Date('2026-11-27T18:01:00.000Z');
    expect(await sendExDateReminders({ ...deps(), now: () => late }, at(late))).toEqual({ exDate: null, sent: 0, alreadySent: 0, failed: 0 });
    const saturday = new Date('2026-11-28T14:00:00.000Z');
    expect(await sendExDateReminders({ ...deps(), now: () => saturday }, at(saturday))).toEqual({ exDate: null, sent: 0, alreadySent: 0, failed: 0 });
    await ctx.deps.mailer.idle();
    expect(alertMailsTo(ctx.dataDir, user.user.email)).toEqual([]);
    // 12:59 PM: still in the session, the mail goes out
    const justInTime = new Date('2026-11-27T17:59:00.000Z');
    expect(await sendExDateReminders({ ...deps(), now: () => justInTime }, at(justInTime))).toMatchObject({ exDate: '2026-11-30', sent: 1, alreadySent: 1 });
    await ctx.deps.mailer.idle();
    expect(alertMailsTo(ctx.dataDir, user.user.email)[0]!.text).toContain('Your holding: 10 shares, about $1.50 in total');
  });
});

describe('a correction of a mailed amount (N10)', () => {
  // Monday 2026-11-23, 10:00 in New York
  const NOW = new Date('2026-11-23T15:00:00.000Z');
  let ctx: TestContext;
  let reactor: AlertReactor;
  let ann: Awaited<ReturnType<typeof signUpVerified>>;
  let bob: Awaited<ReturnType<typeof signUpVerified>>;
  // N3RV: $0.10 every Thursday; ex 2026-11-25 declared $0.10, re-imported as $0.12, then $0.11
  const rv = { ...fund(), ticker: 'N3RV', name: 'Audit corrected twice' };

  async function declare(events: GivenEvent[]): Promise<void> {
    const position = await appendAll(ctx.deps.log, events);
    await reactor.waitFor(position);
    await ctx.deps.mailer.idle();
  }
  const subjects = (email: string) => alertMailsTo(ctx.dataDir, email).map((m) => m.subject);

  beforeAll(async () => {
    ctx = await createTestContext({ ...fastEnv, SESSION_SECRET: SECRET }, { now: NOW });
    await given(ctx, [listed(rv), ...weeklyExDates('2026-10-29', '2026-11-19', 4).map((x) => distribution(rv.etfId, x, '0.10', { payDate: nextBusinessDay(x) }))]);
    // Ann: 10 % (mailed for $0.12); Bob: 50 % (never mailed)
    ann = await signUpVerified(ctx.app, ctx.deps);
    bob = await signUpVerified(ctx.app, ctx.deps);
    for (const [u, percent] of [
      [ann, 10],
      [bob, 50],
    ] as const) {
      await u.agent.post('/api/user/portfolio').send({ etfId: rv.etfId, shares: '100', purchasePrice: '10', purchaseDate: '2026-10-01', isDrip: 0 }).expect(201);
      await u.agent.put('/api/user/alerts').send({ distributionChangePercent: percent, exDateReminder: false }).expect(200);
    }
    reactor = await startAlertReactor(reactorDeps(ctx.container));
  });
  afterAll(async () => {
    await reactor?.stop();
    await ctx?.close();
  });

  it('N3RV: $0.10 (no mail), $0.12 (+20 %: mailed), then $0.11: a correction to who got the $0.12, whatever the threshold; nobody else', async () => {
    await declare([distribution(rv.etfId, '2026-11-25', '0.10', { payDate: '2026-11-27' })]);
    await declare([distribution(rv.etfId, '2026-11-25', '0.12', { payDate: '2026-11-27', revisedFrom: '0.10' })]);
    expect(subjects(ann.user.email)).toEqual(['N3RV distribution +20.0%: $0.12 per share']);
    ctx.advance(24 * 3600_000); // Tuesday
    await declare([distribution(rv.etfId, '2026-11-25', '0.11', { payDate: '2026-11-27', revisedFrom: '0.12' })]);
    expect(subjects(ann.user.email)).toEqual(['N3RV distribution +20.0%: $0.12 per share', 'Correction: N3RV distribution ex 2026-11-25 is $0.11 per share']);
    const correction = alertMailsTo(ctx.dataDir, ann.user.email)[1]!.text;
    expect(correction).toContain('Correction: N3RV (Audit corrected twice) distribution ex 2026-11-25 is $0.11 per share, not $0.12 as we wrote on 2026-11-23.');
    expect(correction).toContain('/my-weeklydiv?tab=alerts');
    expect(correction).toContain('/api/alerts/unsubscribe?token=');
    expect(subjects(bob.user.email)).toEqual([]);
    // a pay-date revision of the same amount tells nobody anything
    await declare([distribution(rv.etfId, '2026-11-25', '0.11', { payDate: '2026-11-28', revisedFrom: '0.11' })]);
    expect(subjects(ann.user.email)).toHaveLength(2);
  });

  it('never twice: a replay of the whole log sends no correction again, nor an alert for an amount a later revision replaced', async () => {
    // Cy (15 %) holds the fund since: the replayed $0.12 (+20 %) is no longer the amount ($0.11, +10 %)
    const cy = await signUpVerified(ctx.app, ctx.deps);
    await cy.agent.post('/api/user/portfolio').send({ etfId: rv.etfId, shares: '5', purchasePrice: '10', purchaseDate: '2026-10-01', isDrip: 0 }).expect(201);
    await cy.agent.put('/api/user/alerts').send({ distributionChangePercent: 15, exDateReminder: false }).expect(200);
    const replaying = await startAlertReactor({
      ...reactorDeps(ctx.container),
      eventStore: { headPosition: () => ctx.container.eventStore.headPosition(), subscribe: (o) => ctx.container.eventStore.subscribe({ ...o, after: 0 }) },
    });
    await replaying.waitFor(await ctx.container.eventStore.headPosition());
    await replaying.stop();
    await ctx.deps.mailer.idle();
    expect(subjects(ann.user.email)).toHaveLength(2);
    expect(subjects(bob.user.email)).toEqual([]);
    expect(subjects(cy.user.email)).toEqual([]);
  });

  it('a mailed distribution withdrawn: a short mail to who got it, once', async () => {
    await declare([withdrawn(rv.etfId, '2026-11-25')]);
    expect(subjects(ann.user.email).at(-1)).toBe('Correction: N3RV distribution ex 2026-11-25 was withdrawn');
    expect(alertMailsTo(ctx.dataDir, ann.user.email).at(-1)!.text).toContain(
      'Correction: N3RV (Audit corrected twice) distribution ex 2026-11-25 was withdrawn: the fund has no such distribution. We wrote on 2026-11-24 that it was $0.11 per share.',
    );
    expect(subjects(bob.user.email)).toEqual([]);
    const replaying = await startAlertReactor({
      ...reactorDeps(ctx.container),
      eventStore: { headPosition: () => ctx.container.eventStore.headPosition(), subscribe: (o) => ctx.container.eventStore.subscribe({ ...o, after: 0 }) },
    });
    await replaying.waitFor(await ctx.container.eventStore.headPosition());
    await replaying.stop();
    await ctx.deps.mailer.idle();
    expect(subjects(ann.user.email)).toHaveLength(3);
    const recorded = (await ctx.deps.log.readStream(streams.alerts(ann.id))).filter((e) => e.type === 'AlertMailed').map((e) => e.data as { key: string; amount: string });
    expect(recorded.map((r) => r.amount)).toEqual(['0.12', '0.11', '0.11']);
  });
});
