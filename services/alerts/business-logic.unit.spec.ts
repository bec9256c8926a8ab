import { describe, expect, it } from 'vitest';
import type { AlertEvent } from '../../events/alerts.ts';
import { dec } from '../../domain/market/decimal.ts';
import type { CommandContext } from '../core/decider.ts';
import { deciderSpec } from '../testing/decider-spec.ts';
import { alertsDecider, type AlertMail } from './business-logic.ts';
import { distributionChange, exceedsThreshold } from './distribution-change.ts';
import { distributionChangeMail, money, signedPercent } from './mails.ts';
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
        revisedFrom: null,
        previous: { exDate: '2026-01-20', amount: '0.42' },
        baseline: dec('0.4'),
        changePercent: dec('15'),
        thresholdPercent: 10,
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
