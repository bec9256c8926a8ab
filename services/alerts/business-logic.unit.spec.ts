import { describe, expect, it } from 'vitest';
import type { AlertEvent } from '../../events/alerts.ts';
import { dec } from '../../domain/market/decimal.ts';
import type { CommandContext } from '../core/decider.ts';
import { deciderSpec } from '../testing/decider-spec.ts';
import { alertsDecider, correctionOwed, evolveAlerts, initialAlertsState, mailKeys, parseMailKey, type AlertMail } from './business-logic.ts';
import { distributionChange, exceedsThreshold } from './distribution-change.ts';
import { correctionMail, distributionChangeMail, money, signedPercent } from './mails.ts';
import { UnsubscribeTokens } from './unsubscribe-token.ts';

const userId = '4f6c1d3e-8a2b-4c5d-9e0f-1a2b3c4d5e6f';
const etfId = '9f000000-0000-4000-8000-000000000001';
const ctx: CommandContext = { actor: `user:${userId}`, correlationId: 'c1', now: '2026-01-07T15:00:00.000Z' };
const given = deciderSpec(alertsDecider, ctx);
const changed = (s: { distributionChangeAlerts: boolean; distributionChangePercent: number; exDateReminder: boolean }, via: 'settings' | 'unsubscribe' = 'settings'): AlertEvent => ({
  type: 'AlertSettingsChanged',
  data: { userId, ...s, via, changedAt: ctx.now },
});
const mail: AlertMail = { kind: 'distribution-change', key: `${etfId}_2026-01-13`, etfId, exDate: '2026-01-13', amount: '0.46' };
const mailed: AlertEvent = { type: 'AlertMailed', data: { userId, ...mail, mailedAt: ctx.now } };

describe('alerts-<userId>', () => {
  it('saves settings; saving the same settings again writes nothing; the on/off switch of distribution changes stays when not sent', () => {
    given([])
      .when({ type: 'ChangeSettings', data: { userId, distributionChangePercent: 15, exDateReminder: true } })
      .then([changed({ distributionChangeAlerts: true, distributionChangePercent: 15, exDateReminder: true })]);
    given([]).when({ type: 'ChangeSettings', data: { userId, distributionChangePercent: 10, exDateReminder: false } }).then([]);
    const off = changed({ distributionChangeAlerts: false, distributionChangePercent: 10, exDateReminder: false });
    given([off])
      .when({ type: 'ChangeSettings', data: { userId, distributionChangePercent: 20, exDateReminder: false } })
      .then([changed({ distributionChangeAlerts: false, distributionChangePercent: 20, exDateReminder: false })]);
  });

  it('an unsubscribe turns one kind off and keeps the rest; once off, nothing more', () => {
    const on = changed({ distributionChangeAlerts: true, distributionChangePercent: 25, exDateReminder: true });
    given([on])
      .when({ type: 'Unsubscribe', data: { userId, kind: 'ex-date-reminder' } })
      .then([changed({ distributionChangeAlerts: true, distributionChangePercent: 25, exDateReminder: false }, 'unsubscribe')]);
    given([on])
      .when({ type: 'Unsubscribe', data: { userId, kind: 'distribution-change' } })
      .then([changed({ distributionChangeAlerts: false, distributionChangePercent: 25, exDateReminder: true }, 'unsubscribe')]);
    given([]).when({ type: 'Unsubscribe', data: { userId, kind: 'ex-date-reminder' } }).then([]);
  });

  it('records one mail per (kind, key): the second record is refused', () => {
    given([]).when({ type: 'RecordMail', data: { userId, mail } }).then([mailed]);
    given([mailed]).when({ type: 'RecordMail', data: { userId, mail } }).then([]);
    given([mailed])
      .when({ type: 'RecordMail', data: { userId, mail: { ...mail, kind: 'ex-date-reminder' } } })
      .then([{ type: 'AlertMailed', data: { userId, ...mail, kind: 'ex-date-reminder', mailedAt: ctx.now } }]);
  });
});

describe('what a user was told, and the correction owed (N10)', () => {
  const id = `${etfId}_2026-11-25`;
  const record = (key: string, amount: string, mailedAt: string): AlertEvent => ({
    type: 'AlertMailed',
    data: { userId, kind: 'distribution-change', key, etfId, exDate: '2026-11-25', amount, mailedAt },
  });

  it('keys: the first mail by distribution id, a correction by id and dividends revision; parsed back', () => {
    expect(mailKeys.first(id)).toBe(id);
    expect(mailKeys.corrected(id, 7)).toBe(`${id}#corrected@7`);
    expect(parseMailKey(mailKeys.corrected(id, 7))).toEqual({ distributionId: id, mail: 'corrected' });
    expect(parseMailKey(mailKeys.withdrawn(id, 9))).toEqual({ distributionId: id, mail: 'withdrawn' });
    expect(parseMailKey(id)).toEqual({ distributionId: id, mail: 'first' });
    // a future kind's id (`<etfId>_<exDate>_special`) is kept whole
    expect(parseMailKey(mailKeys.corrected(`${id}_special`, 3)).distributionId).toBe(`${id}_special`);
  });

  it('folds the last amount told per distribution (distribution-change mails only; a reminder tells nothing to correct)', () => {
    const state = [
      record(id, '0.12', '2026-11-23T15:00:00.000Z'),
      record(mailKeys.corrected(id, 7), '0.11', '2026-11-24T15:00:00.000Z'),
      { type: 'AlertMailed', data: { userId, kind: 'ex-date-reminder', key: `${etfId}_2026-12-02`, etfId, exDate: '2026-12-02', amount: '0.2', mailedAt: ctx.now } } as AlertEvent,
    ].reduce(evolveAlerts, initialAlertsState());
    expect(state.told).toEqual({ [id]: { amount: '0.11', mailedAt: '2026-11-24T15:00:00.000Z', withdrawn: false } });
    const after = evolveAlerts(state, record(mailKeys.withdrawn(id, 9), '0.11', '2026-11-25T15:00:00.000Z'));
    expect(after.told[id]).toEqual({ amount: '0.11', mailedAt: '2026-11-25T15:00:00.000Z', withdrawn: true });
  });

  it('a correction is owed for another amount, a withdrawal, or a declaration after a withdrawal we mailed; never to who was not told', () => {
    const told = { amount: '0.12', mailedAt: ctx.now, withdrawn: false };
    expect(correctionOwed(told, { withdrawn: false, amount: '0.11' })).toBe('corrected');
    expect(correctionOwed(told, { withdrawn: false, amount: '0.120' })).toBeNull();
    expect(correctionOwed(told, { withdrawn: true })).toBe('withdrawn');
    expect(correctionOwed({ ...told, withdrawn: true }, { withdrawn: true })).toBeNull();
    expect(correctionOwed({ ...told, withdrawn: true }, { withdrawn: false, amount: '0.12' })).toBe('corrected');
    expect(correctionOwed(undefined, { withdrawn: false, amount: '0.11' })).toBeNull();
    expect(correctionOwed(undefined, { withdrawn: true })).toBeNull();
  });

  it('the correction mails: short, with the settings and unsubscribe links', () => {
    const links = { appUrl: 'https://weeklydiv.test', unsubscribeToken: 'tok.en' };
    const fund = { ticker: 'NVDW', name: 'Roundhill NVDA WeeklyPay ETF' };
    const corrected = correctionMail('ann@example.com', 'Ann', { fund, exDate: '2026-11-25', payDate: '2026-11-27', amount: '0.11', told: { amount: '0.12', on: '2026-11-23', withdrawn: false }, todayBasis: null }, links);
    expect(corrected.subject).toBe('Correction: NVDW distribution ex 2026-11-25 is $0.11 per share');
    expect(corrected.text).toContain('Correction: NVDW (Roundhill NVDA WeeklyPay ETF) distribution ex 2026-11-25 is $0.11 per share, not $0.12 as we wrote on 2026-11-23.');
    expect(corrected.text).toContain('Pay date: 2026-11-27');
    expect(corrected.text).toContain('https://weeklydiv.test/my-weeklydiv?tab=alerts');
    expect(corrected.text).toContain('https://weeklydiv.test/api/alerts/unsubscribe?token=tok.en');
    const split = correctionMail(
      'ann@example.com',
      'Ann',
      { fund, exDate: '2026-11-19', payDate: null, amount: '0.11', told: { amount: '0.10', on: '2026-11-18', withdrawn: false }, todayBasis: { amount: '0.55', splits: [{ exDate: '2026-11-20', oldRate: '5', newRate: '1' }] } },
      links,
    );
    expect(split.text).toContain("On today's share basis, after a 1-for-5 reverse split (ex-date 2026-11-20), that is $0.55 per share.");
    const withdrawn = correctionMail('ann@example.com', 'Ann', { fund, exDate: '2026-11-25', payDate: '2026-11-27', amount: null, told: { amount: '0.11', on: '2026-11-24', withdrawn: false }, todayBasis: null }, links);
    expect(withdrawn.subject).toBe('Correction: NVDW distribution ex 2026-11-25 was withdrawn');
    expect(withdrawn.text).not.toContain('Pay date');
    const back = correctionMail('ann@example.com', 'Ann', { fund, exDate: '2026-11-25', payDate: null, amount: '0.11', told: { amount: '0.11', on: '2026-11-25', withdrawn: true }, todayBasis: null }, links);
    expect(back.text).toContain('is $0.11 per share after all; we wrote on 2026-11-25 that it was withdrawn.');
  });
});

describe('the distribution-change rule across splits (N2: the fund\'s own split adjustment)', () => {
  // Thursdays $0.10 until 11-19; a 1-for-5 reverse split ex Friday 11-20
  const before = ['2026-10-29', '2026-11-05', '2026-11-12', '2026-11-19'].map((exDate) => ({ exDate, payDate: null, amount: '0.10' }));
  const reverse = [{ exDate: '2026-11-20', oldRate: '5', newRate: '1' }];

  it('N3RS: $0.50 after the 1-for-5 reverse split is 0 % (each 0.10 counts as 0.50), where raw amounts gave +400 %', () => {
    expect(distributionChange(before, 'weekly', '2026-11-25', '0.50')!.changePercent.toString()).toBe('400');
    const change = distributionChange(before, 'weekly', '2026-11-25', '0.50', { splits: reverse, today: '2026-11-25' })!;
    expect(change.changePercent.toString()).toBe('0');
    expect(change.baseline.toString()).toBe('0.5');
    expect(change.previous).toEqual({ exDate: '2026-11-19', amount: '0.5', declared: '0.10', adjusted: true });
    expect(change.payout).toEqual({ exDate: '2026-11-25', amount: '0.50', declared: '0.50', adjusted: false });
    expect(change.splits).toEqual(reverse);
  });

  it('a forward split never reads as a cut: 2-for-1, $0.30 → $0.15 is 0 %; $0.12 is −20 %', () => {
    const forward = [{ exDate: '2026-11-20', oldRate: '1', newRate: '2' }];
    const thirty = before.map((d) => ({ ...d, amount: '0.30' }));
    expect(distributionChange(thirty, 'weekly', '2026-11-25', '0.15', { splits: forward, today: '2026-11-25' })!.changePercent.toString()).toBe('0');
    expect(distributionChange(thirty, 'weekly', '2026-11-25', '0.12', { splits: forward, today: '2026-11-25' })!.changePercent.toString()).toBe('-20');
  });

  it('an upcoming split before the payout: the basis is the payout\'s ex-date; a later split changes nothing yet', () => {
    // declared on 11-18 for ex 11-25, the split ex 11-20 still ahead
    expect(distributionChange(before, 'weekly', '2026-11-25', '0.50', { splits: reverse, today: '2026-11-18' })!.changePercent.toString()).toBe('0');
    const after = distributionChange(before, 'weekly', '2026-11-19', '0.10', { splits: [{ exDate: '2026-12-01', oldRate: '5', newRate: '1' }], today: '2026-11-18' })!;
    expect(after.changePercent.toString()).toBe('0');
    expect(after.splits).toEqual([]);
  });

  it('a payout declared late, after a split since its ex-date: everything on today\'s basis, the new amount too', () => {
    const earlier = before.slice(0, 3);
    const change = distributionChange(earlier, 'weekly', '2026-11-19', '0.12', { splits: reverse, today: '2026-11-23' })!;
    expect(change.payout).toEqual({ exDate: '2026-11-19', amount: '0.6', declared: '0.12', adjusted: true });
    expect(change.baseline.toString()).toBe('0.5');
    expect(change.changePercent.toString()).toBe('20');
  });

  it('the mail names the split and the declared amounts', () => {
    const change = distributionChange(before, 'weekly', '2026-11-25', '0.40', { splits: reverse, today: '2026-11-25' })!;
    const m = distributionChangeMail(
      'ann@example.com',
      'Ann',
      {
        fund: { ticker: 'N3CT', name: 'Cut' },
        exDate: '2026-11-25',
        payDate: null,
        amount: change.payout.amount,
        declared: '0.40',
        revisedFrom: null,
        previous: change.previous,
        baseline: change.baseline,
        changePercent: change.changePercent,
        thresholdPercent: 10,
        splits: change.splits,
      },
      { appUrl: 'https://weeklydiv.test', unsubscribeToken: 'tok.en' },
    );
    expect(m.subject).toBe('N3CT distribution −20.0%: $0.40 per share');
    expect(m.text).toContain('Previous amount: $0.50 per share (ex-date 2026-11-19; declared $0.10 before the split)');
    expect(m.text).toContain('Split: the fund had a 1-for-5 reverse split (ex-date 2026-11-20) between these payouts; every amount here is per share after it.');
  });
});

describe('the distribution-change rule (hand-computed)', () => {
  const weekly = [
    { exDate: '2026-01-06', payDate: null, amount: '0.38' },
    { exDate: '2025-12-30', payDate: null, amount: '0.90' }, // older than the three most recent: not in the average
    { exDate: '2026-01-13', payDate: null, amount: '0.40' },
    { exDate: '2026-01-20', payDate: null, amount: '0.42' },
  ];

  it('weekly: average of 0.38, 0.40, 0.42 = 0.40; 0.46 is +15 % (> 10 %: a mail), 0.43 is +7.5 % (none), 0.36 is −10 % (not more: none)', () => {
    const up = distributionChange(weekly, 'weekly', '2026-01-27', '0.46')!;
    expect(up.baseline.toString()).toBe('0.4');
    expect(up.changePercent.toString()).toBe('15');
    expect(up.previous).toMatchObject({ exDate: '2026-01-20', amount: '0.42' });
    expect(exceedsThreshold(up, 10)).toBe(true);
    expect(exceedsThreshold(up, 15)).toBe(false);
    const small = distributionChange(weekly, 'weekly', '2026-01-27', '0.43')!;
    expect(small.changePercent.toString()).toBe('7.5');
    expect(exceedsThreshold(small, 10)).toBe(false);
    expect(exceedsThreshold(small, 7)).toBe(true);
    const down = distributionChange(weekly, 'weekly', '2026-01-27', '0.36')!;
    expect(down.changePercent.toString()).toBe('-10');
    expect(exceedsThreshold(down, 10)).toBe(false);
    expect(exceedsThreshold(down, 9)).toBe(true);
  });

  it('leaves out the payout itself, later payouts and estimates', () => {
    const withLater = [...weekly, { exDate: '2026-01-27', payDate: null, amount: '9' }, { exDate: '2026-02-03', payDate: null, amount: '9' }];
    expect(distributionChange(withLater, 'weekly', '2026-01-27', '0.46')!.changePercent.toString()).toBe('15');
    const withEstimate = [...weekly, { exDate: '2026-01-23', payDate: null, amount: '1', status: 'estimated' as const }];
    expect(distributionChange(withEstimate, 'weekly', '2026-01-27', '0.46')!.changePercent.toString()).toBe('15');
  });

  it('monthly: per payout, 1.20, 1.20, 1.50 → 1.30; a new 1.04 is −20 %', () => {
    const monthly = [
      { exDate: '2025-10-28', payDate: null, amount: '1.20' },
      { exDate: '2025-11-25', payDate: null, amount: '1.20' },
      { exDate: '2025-12-29', payDate: null, amount: '1.50' },
    ];
    const change = distributionChange(monthly, 'monthly', '2026-01-27', '1.04')!;
    expect(change.baseline.toFixed(10)).toBe('1.3000000000');
    expect(change.changePercent.toFixed(10)).toBe('-20.0000000000');
  });

  it('nothing to compare with: no earlier declared payout', () => {
    expect(distributionChange([], 'weekly', '2026-01-27', '0.46')).toBeNull();
    expect(distributionChange([{ exDate: '2026-02-03', payDate: null, amount: '0.4' }], 'weekly', '2026-01-27', '0.46')).toBeNull();
  });
});

describe('the alert mail', () => {
  it('names the fund, the new and previous amounts and the change; the link is the unsubscribe link', () => {
    const m = distributionChangeMail(
      'ann@example.com',
      'Ann',
      {
        fund: { ticker: 'T1W', name: 'Test Fund 1' },
        exDate: '2026-01-27',
        payDate: '2026-01-28',
        amount: '0.46',
        declared: '0.46',
        revisedFrom: null,
        previous: { exDate: '2026-01-20', amount: '0.42', declared: '0.42' },
        baseline: dec('0.4'),
        changePercent: dec('15'),
        thresholdPercent: 10,
        splits: [],
      },
      { appUrl: 'https://weeklydiv.test', unsubscribeToken: 'tok.en' },
    );
    expect(m.subject).toBe('T1W distribution +15.0%: $0.46 per share');
    expect(m.text).toContain('T1W (Test Fund 1) declared a distribution +15.0% higher than its 3-week average.');
    expect(m.text).toContain('New amount: $0.46 per share (ex-date 2026-01-27, paid 2026-01-28)');
    expect(m.text).toContain('Previous amount: $0.42 per share (ex-date 2026-01-20)');
    expect(m.text).toContain('3-week average: $0.4000 per share');
    expect(m.text).toContain('Change: +15.0 % against the 3-week average (your alert threshold: 10 %)');
    expect(m.text).toContain('https://weeklydiv.test/api/alerts/unsubscribe?token=tok.en');
  });

  it('formats amounts as declared and signed percents to one decimal', () => {
    expect(money('0.263798')).toBe('$0.263798');
    expect(money('0.3')).toBe('$0.30');
    expect(money('12')).toBe('$12.00');
    expect(signedPercent(dec('-7.45'))).toBe('−7.5 %');
    expect(signedPercent(dec('0.04'))).toBe('+0.0 %');
  });
});

describe('UnsubscribeTokens', () => {
  const tokens = new UnsubscribeTokens('a-session-secret-of-at-least-32-characters');

  it('names the user and the kind; a changed kind, user or secret opens nothing', () => {
    const token = tokens.token(userId, 'ex-date-reminder');
    expect(token).toMatch(new RegExp(`^${userId}\\.xr\\.[A-Za-z0-9_-]{43}$`));
    expect(tokens.open(token)).toEqual({ userId, kind: 'ex-date-reminder' });
    expect(tokens.open(tokens.token(userId, 'distribution-change'))).toEqual({ userId, kind: 'distribution-change' });
    expect(tokens.open(token.replace('.xr.', '.dc.'))).toBeNull();
    expect(tokens.open(token.replace(userId, '5f6c1d3e-8a2b-4c5d-9e0f-1a2b3c4d5e6f'))).toBeNull();
    expect(new UnsubscribeTokens('another-session-secret-of-32-characters!').open(token)).toBeNull();
    expect(tokens.open('')).toBeNull();
  });
});
