import { describe, expect, it } from 'vitest';
import { reminderSession } from './ex-date-reminders.ts';
import { clockText, dayText, exDateReminderMail } from './mails.ts';

/** Instants are New York wall-clock times written in UTC (EST = UTC−5 from November to March, EDT = UTC−4). */
const at = (iso: string) => Date.parse(iso);

describe('reminderSession: the last cum-dividend session, before its close (N8)', () => {
  it('Friday morning reminds of a Monday ex-date; Friday is the last cum-dividend session', () => {
    expect(reminderSession(at('2026-01-23T14:00:00Z'))).toEqual({ session: '2026-01-23', exDate: '2026-01-26', close: { minute: 16 * 60, earlyClose: null } });
  });

  it('the day after Thanksgiving closes at 1:00 PM: 9:00 AM and 12:59 PM remind, 1:00 PM is too late', () => {
    const friday = { session: '2026-11-27', exDate: '2026-11-30', close: { minute: 13 * 60, earlyClose: 'the day after Thanksgiving' } };
    expect(reminderSession(at('2026-11-27T14:00:00Z'))).toEqual(friday);
    expect(reminderSession(at('2026-11-27T17:59:00Z'))).toEqual(friday);
    expect(reminderSession(at('2026-11-27T18:00:00Z'))).toBeNull();
  });

  it('Christmas Eve (early close) reminds of the Monday after Christmas', () => {
    expect(reminderSession(at('2026-12-24T14:00:00Z'))).toEqual({ session: '2026-12-24', exDate: '2026-12-28', close: { minute: 13 * 60, earlyClose: 'Christmas Eve' } });
  });

  it('the day before a holiday reminds of the day after it; a holiday, a weekend and the evening send nothing', () => {
    expect(reminderSession(at('2026-11-25T14:00:00Z'))?.exDate).toBe('2026-11-27'); // Wednesday before Thanksgiving
    expect(reminderSession(at('2026-11-26T14:00:00Z'))).toBeNull(); // Thanksgiving
    expect(reminderSession(at('2026-11-28T14:00:00Z'))).toBeNull(); // Saturday
    expect(reminderSession(at('2026-11-25T21:00:00Z'))).toBeNull(); // 4:00 PM: closed
    expect(reminderSession(at('2026-11-25T20:59:00Z'))?.session).toBe('2026-11-25');
  });

  it('New York time in summer: 9:00 AM EDT is 13:00Z; July 2, 2026 is a full day before the observed July 3 holiday', () => {
    expect(reminderSession(at('2026-07-02T13:00:00Z'))).toEqual({ session: '2026-07-02', exDate: '2026-07-06', close: { minute: 16 * 60, earlyClose: null } });
    expect(reminderSession(at('2025-07-03T13:00:00Z'))).toEqual({ session: '2025-07-03', exDate: '2025-07-07', close: { minute: 13 * 60, earlyClose: 'the day before Independence Day' } });
  });
});

describe('the reminder mail', () => {
  const links = { appUrl: 'https://weeklydiv.test', unsubscribeToken: 'tok.en' };
  const base = {
    fund: { ticker: 'N3RM', name: 'Audit reminder after split' },
    exDate: '2026-11-30',
    payDate: '2026-12-01',
    amount: '0.15',
    shares: '225.365006',
    expected: '33.80',
    upcomingSplits: [],
  };

  it('speaks of today\'s close at its time: 4:00 PM, or 1:00 PM with the early close named', () => {
    expect(clockText(16 * 60)).toBe('4:00 PM');
    expect(clockText(13 * 60)).toBe('1:00 PM');
    expect(clockText(9 * 60 + 30)).toBe('9:30 AM');
    expect(dayText('2026-11-30')).toBe('Monday 2026-11-30');
    const regular = exDateReminderMail('ivan@example.com', 'Ivan', { ...base, close: { minute: 16 * 60, earlyClose: null } }, links);
    expect(regular.text).toContain("To receive this distribution, hold the shares at today's close at 4:00 PM ET.");
    const early = exDateReminderMail('ivan@example.com', 'Ivan', { ...base, close: { minute: 13 * 60, earlyClose: 'Christmas Eve' } }, links);
    expect(early.text).toContain("hold the shares at today's close at 1:00 PM ET (early close: Christmas Eve).");
    expect(early.text).toContain('Your holding: 225.365006 shares, about $33.80 in total');
    expect(early.text).toContain('https://weeklydiv.test/my-weeklydiv?tab=alerts');
    expect(early.text).toContain('https://weeklydiv.test/api/alerts/unsubscribe?token=tok.en');
  });

  it('says when the shares are counted after a split on the ex-date, as the amount is declared', () => {
    const m = exDateReminderMail('ivan@example.com', 'Ivan', { ...base, shares: '200', expected: '30.00', upcomingSplits: [{ exDate: '2026-11-30', oldRate: '1', newRate: '2' }], close: { minute: 16 * 60, earlyClose: null } }, links);
    expect(m.text).toContain('Shares counted after the 2-for-1 split of 2026-11-30, as the amount is declared.');
  });
});
