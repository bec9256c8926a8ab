import { describe, expect, it } from 'vitest';
import {
  formatAmountInput,
  formatDate,
  formatDayChange,
  formatDividend,
  formatNumber,
  formatTime,
  formatAsOf,
  formatMoney,
  formatNewsAge,
  formatPercent,
  formatPrice,
  formatShares,
  formatShortDate,
  formatSignedPercent,
  formatUsd,
  formatWeeklyAverage,
  formatWhole,
  marketToday,
  parseAmountInput,
} from './format.ts';

describe('display formats: decimals, $, signs and N/A', () => {
  it('prices have 2 decimals and $; a missing price is N/A', () => {
    expect(formatPrice('12.3')).toBe('$12.30');
    expect(formatPrice(1234.567)).toBe('$1,234.57');
    expect(formatPrice('0.4567')).toBe('$0.46');
    expect(formatPrice('')).toBe('N/A');
    expect(formatPrice(null)).toBe('N/A');
    expect(formatPrice(undefined)).toBe('N/A');
  });

  it('the weekly average has 3 decimals and $', () => {
    expect(formatWeeklyAverage('0.3850')).toBe('$0.385');
    expect(formatWeeklyAverage('1.23456')).toBe('$1.235');
    expect(formatWeeklyAverage(null)).toBe('N/A');
  });

  it('percentages have 1 decimal; missing or zero is N/A', () => {
    expect(formatPercent('41.27')).toBe('41.3%');
    expect(formatPercent(-3.04)).toBe('-3.0%');
    expect(formatPercent('0')).toBe('N/A');
    expect(formatPercent(0)).toBe('N/A');
    expect(formatPercent(null)).toBe('N/A');
    expect(formatPercent('')).toBe('N/A');
  });

  it('day change has a sign, $ amount and percent to 2 decimals; zero counts as positive', () => {
    expect(formatDayChange(0.1234, 1.5)).toEqual({ text: '+$0.12 (+1.50%)', positive: true });
    expect(formatDayChange(-0.4, -2.1)).toEqual({ text: '-$0.40 (-2.10%)', positive: false });
    expect(formatDayChange(0, 0)).toEqual({ text: '+$0.00 (+0.00%)', positive: true });
    expect(formatDayChange(null, null)).toEqual({ text: 'N/A', positive: null });
  });

  it('ex-dividend dates are short month and day, other dates en-US short, never shifted by the time zone', () => {
    expect(formatShortDate('2026-11-28')).toBe('Nov 28');
    expect(formatShortDate('2026-01-01')).toBe('Jan 1');
    expect(formatShortDate(null)).toBe('N/A');
    expect(formatDate('2026-03-05')).toBe('Mar 5, 2026');
  });

  it('holdings: shares 4 decimals, money 2 decimals, per-share dividend 4 decimals', () => {
    expect(formatShares('12.5')).toBe('12.5000');
    expect(formatMoney('1234.5')).toBe('$1,234.50');
    expect(formatMoney(-20)).toBe('-$20.00');
    expect(formatDividend('0.12345')).toBe('$0.1235');
    expect(formatDividend('0.1')).toBe('$0.1000');
    // F16: a sub-cent payout keeps its declared digits (AUDU $0.0012345, not $0.0012)
    expect(formatDividend('0.0012345')).toBe('$0.0012345');
    expect(formatDividend('0.005')).toBe('$0.0050');
    expect(formatDividend('0.000123456789')).toBe('$0.00012346');
  });

  it('calculator results: USD, whole shares, signed growth with 1 decimal', () => {
    expect(formatUsd(12345.678)).toBe('$12,345.68');
    expect(formatWhole(1234.6)).toBe('1,235');
    expect(formatSignedPercent(23.45)).toBe('+23.5%');
    expect(formatSignedPercent(-4)).toBe('-4.0%');
    expect(formatSignedPercent(0)).toBe('+0.0%');
  });

  it('news age: hours, days, months, years ago', () => {
    const now = new Date(2026, 10, 22, 15, 0);
    expect(formatNewsAge('2026-11-22T08:00:00', now)).toBe('7 hours ago');
    expect(formatNewsAge('2026-11-21T23:00:00', now)).toBe('16 hours ago');
    expect(formatNewsAge('2026-11-21T14:00:00', now)).toBe('1 day ago');
    expect(formatNewsAge('2026-11-12T10:00:00', now)).toBe('10 days ago');
    expect(formatNewsAge('2026-09-01T10:00:00', now)).toBe('2 months ago');
    expect(formatNewsAge('2024-10-01T10:00:00', now)).toBe('2 years ago');
    expect(formatNewsAge('2025-11-01T10:00:00', now)).toBe('1 year ago');
    expect(formatNewsAge(null, now)).toBeNull();
  });

  // Issue 29, W9: at 00:40 UTC an article from 22:20 UTC the evening before read "1 day ago" in a UTC
  // browser (calendar days), and the one from 24 h earlier read the same.
  it('news age under a day is counted in hours (minutes under an hour), whatever the zone; then whole days elapsed', () => {
    const now = new Date('2026-11-28T00:40:00Z');
    expect(formatNewsAge('2026-11-27T22:20:00Z', now)).toBe('2 hours ago');
    expect(formatNewsAge('2026-11-27T23:40:00Z', now)).toBe('1 hour ago');
    expect(formatNewsAge('2026-11-28T00:10:00Z', now)).toBe('30 minutes ago');
    expect(formatNewsAge('2026-11-28T00:39:00Z', now)).toBe('1 minute ago');
    expect(formatNewsAge('2026-11-28T00:39:40Z', now)).toBe('Just now');
    expect(formatNewsAge('2026-11-28T01:00:00Z', now)).toBe('Just now'); // a feed clock ahead of ours
    expect(formatNewsAge('2026-11-27T00:41:00Z', now)).toBe('23 hours ago');
    expect(formatNewsAge('2026-11-27T00:18:00Z', now)).toBe('1 day ago');
    expect(formatNewsAge('2026-11-25T00:40:00Z', now)).toBe('3 days ago');
  });

  it("news age of a bare date (no time): 'Today' on New York's date, else days", () => {
    const now = new Date('2026-11-28T00:40:00Z'); // Friday 27 November, 19:40 in New York
    expect(formatNewsAge('2026-11-27', now)).toBe('Today');
    expect(formatNewsAge('2026-11-26', now)).toBe('1 day ago');
    expect(formatNewsAge('2026-11-17', now)).toBe('10 days ago');
  });

  it('amount inputs show thousands separators and parse without them', () => {
    expect(formatAmountInput('10000')).toBe('10,000');
    expect(formatAmountInput('1234567.89')).toBe('1,234,567.89');
    expect(formatAmountInput('12a3,4.5.6')).toBe('1,234.56');
    expect(formatAmountInput('1000.')).toBe('1,000.');
    expect(formatAmountInput('')).toBe('');
    expect(formatAmountInput('007')).toBe('7');
    expect(parseAmountInput('10,000.5')).toBe(10000.5);
    expect(parseAmountInput('')).toBeNull();
  });

  it("today's market date is New York's", () => {
    expect(marketToday(new Date('2026-11-22T03:30:00Z'))).toBe('2026-11-21');
    expect(marketToday(new Date('2026-11-22T15:00:00Z'))).toBe('2026-11-22');
  });

  it('rounds half away from zero on the shortest decimal form, groups thousands, never shows -0', () => {
    expect(formatNumber(1.005, 2)).toBe('1.01');
    expect(formatNumber(0.125, 2)).toBe('0.13');
    expect(formatNumber(9.995, 2)).toBe('10.00');
    expect(formatNumber(999999.996, 2)).toBe('1,000,000.00');
    expect(formatNumber(-2.345, 2)).toBe('-2.35');
    expect(formatNumber(-0.004, 2)).toBe('0.00');
    expect(formatNumber(1234.6, 0)).toBe('1,235');
    expect(formatNumber(0.00001234, 4)).toBe('0.0000');
    for (const v of [0, 0.1, 12.345678, 98765.4321, 3.14159]) {
      for (const d of [0, 1, 2, 3, 4]) {
        expect(formatNumber(v, d)).toBe(new Intl.NumberFormat('en-US', { minimumFractionDigits: d, maximumFractionDigits: d }).format(v));
      }
    }
  });

  it('formats the time of day', () => {
    expect(formatTime(new Date(2026, 0, 1, 0, 5))).toBe('12:05 AM');
    expect(formatTime(new Date(2026, 0, 1, 14, 30))).toBe('2:30 PM');
    expect(formatTime(new Date(2026, 0, 1, 12, 0))).toBe('12:00 PM');
  });
});

describe('formatAsOf (D16)', () => {
  it('is the instant on the New York clock, with its zone, whatever the browser\'s zone', () => {
    expect(formatAsOf('2026-11-23T21:00:00.000Z')).toBe('Nov 23, 4:00 PM ET');
    expect(formatAsOf('2026-07-01T14:35:00.000Z')).toBe('Jul 1, 10:35 AM ET'); // EDT
    expect(formatAsOf('2026-11-24T03:00:00.000Z')).toBe('Nov 23, 10:00 PM ET'); // still the 23rd in New York
    expect(formatAsOf(null)).toBeNull();
    expect(formatAsOf('not a time')).toBeNull();
  });
});
