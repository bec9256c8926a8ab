import { describe, expect, it } from 'vitest';
import {
  earlyCloseOf,
  sessionCloseMinute,
  isRegularSession,
  addBusinessDays,
  businessDaysBetween,
  newYorkCloseInstant,
  addDays,
  addMonths,
  daysBetween,
  easterSunday,
  fromDayNumber,
  makeDate,
  toDayNumber,
  isBusinessDay,
  isValidDate,
  mondayOf,
  newYorkDate,
  newYorkTime,
  nextBusinessDay,
  nyseHolidays,
  previousBusinessDay,
  weekdayOf,
} from './trading-days.ts';

/**
 * The NYSE's published full-day closures (nyse.com "Holidays & Trading Hours"), written out by hand.
 * 2025-01-09 is the National Day of Mourning for President Carter (announced Dec 2024).
 */
const NYSE_CLOSED: Record<number, string[]> = {
  2024: ['2024-01-01', '2024-01-15', '2024-02-19', '2024-03-29', '2024-05-27', '2024-06-19', '2024-07-04', '2024-09-02', '2024-11-28', '2024-12-25'],
  2025: ['2025-01-01', '2025-01-09', '2025-01-20', '2025-02-17', '2025-04-18', '2025-05-26', '2025-06-19', '2025-07-04', '2025-09-01', '2025-11-27', '2025-12-25'],
  // 2026: Independence Day is a Saturday -> Friday July 3.
  2026: ['2026-01-01', '2026-01-19', '2026-02-16', '2026-04-03', '2026-05-25', '2026-06-19', '2026-07-03', '2026-09-07', '2026-11-26', '2026-12-25'],
  // 2027: Juneteenth Saturday -> Fri June 18; July 4 Sunday -> Mon July 5; Christmas Saturday -> Fri Dec 24.
  2027: ['2027-01-01', '2027-01-18', '2027-02-15', '2027-03-26', '2027-05-31', '2027-06-18', '2027-07-05', '2027-09-06', '2027-11-25', '2027-12-24'],
};

describe('date arithmetic on YYYY-MM-DD', () => {
  it('validates real calendar dates only', () => {
    expect(isValidDate('2024-02-29')).toBe(true);
    expect(isValidDate('2025-02-29')).toBe(false);
    expect(isValidDate('2025-13-01')).toBe(false);
    expect(isValidDate('2025-1-01')).toBe(false);
  });
  it('adds days across month and year ends, and counts days between', () => {
    expect(addDays('2024-12-31', 1)).toBe('2025-01-01');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(daysBetween('2024-06-01', '2025-06-01')).toBe(365);
    expect(daysBetween('2023-06-01', '2024-06-01')).toBe(366); // includes Feb 29 2024
  });
  it('converts day numbers exactly like the JavaScript calendar from 1900 to 2100', () => {
    for (let day = -25567; day <= 47482; day += 1) {
      const expected = new Date(day * 86_400_000).toISOString().slice(0, 10);
      if (fromDayNumber(day) !== expected || toDayNumber(expected) !== day) throw new Error(`mismatch at ${day}`);
    }
    expect(makeDate(2025, 1, 32)).toBe('2025-02-01');
    expect(makeDate(2025, 13, 1)).toBe('2026-01-01');
  });
  it('adds months clamped to the month end', () => {
    expect(addMonths('2025-01-31', 1)).toBe('2025-02-28');
    expect(addMonths('2024-01-31', 1)).toBe('2024-02-29');
    expect(addMonths('2025-11-15', 3)).toBe('2026-02-15');
  });
  it('knows weekdays and the Monday of a week (weeks run Monday to Sunday)', () => {
    expect(weekdayOf('2025-10-15')).toBe(3); // Wednesday
    expect(mondayOf('2025-10-15')).toBe('2025-10-13');
    expect(mondayOf('2025-10-13')).toBe('2025-10-13');
    expect(mondayOf('2025-10-19')).toBe('2025-10-13'); // Sunday belongs to the week before
  });
});

describe('"today" in America/New_York', () => {
  it('is the New York calendar date, not the UTC one', () => {
    // 2025-03-10T03:30Z is 23:30 on March 9 in New York (EDT, UTC-4, since March 9 02:00).
    expect(newYorkDate('2025-03-10T03:30:00Z')).toBe('2025-03-09');
    // 2025-01-15T04:59Z is 23:59 on January 14 (EST, UTC-5); one minute later it is the 15th.
    expect(newYorkDate('2025-01-15T04:59:00Z')).toBe('2025-01-14');
    expect(newYorkDate('2025-01-15T05:00:00Z')).toBe('2025-01-15');
  });
  it('is the same for every instant of a minute, as a string or epoch ms, and changes at midnight to the millisecond (it is kept per minute)', () => {
    for (let round = 0; round < 2; round++) {
      expect(newYorkDate('2025-01-15T04:59:00.000Z')).toBe('2025-01-14');
      expect(newYorkDate(Date.parse('2025-01-15T04:59:59.999Z'))).toBe('2025-01-14');
      expect(newYorkDate(Date.parse('2025-01-15T05:00:00.000Z'))).toBe('2025-01-15');
      expect(newYorkDate('2025-01-15T05:00:59.999Z')).toBe('2025-01-15');
      // across the change to daylight time (UTC-4 from 2025-03-09 07:00Z): midnight is 04:00Z from then on
      expect(newYorkDate('2025-03-11T03:59:59.999Z')).toBe('2025-03-10');
      expect(newYorkDate('2025-03-11T04:00:00.000Z')).toBe('2025-03-11');
    }
    expect(() => newYorkDate('yesterday')).toThrow(RangeError);
  });
  it('gives the wall-clock time for market-hours logic', () => {
    expect(newYorkTime('2025-07-01T13:30:00Z')).toMatchObject({ date: '2025-07-01', hour: 9, minute: 30, minuteOfDay: 570 });
  });
});

describe('NYSE holidays', () => {
  it('computes Easter Sunday', () => {
    expect(easterSunday(2024)).toBe('2024-03-31');
    expect(easterSunday(2025)).toBe('2025-04-20');
    expect(easterSunday(2026)).toBe('2026-04-05');
    expect(easterSunday(2027)).toBe('2027-03-28');
  });
  for (const [year, closed] of Object.entries(NYSE_CLOSED)) {
    it(`matches the published closures of ${year}`, () => {
      expect(nyseHolidays(Number(year)).map((h) => h.date)).toEqual(closed);
      for (const date of closed) expect(isBusinessDay(date)).toBe(false);
    });
  }
  it('does not observe New Year on a Saturday (2022, 2028): the Friday before stays open', () => {
    expect(isBusinessDay('2021-12-31')).toBe(true);
    expect(isBusinessDay('2027-12-31')).toBe(true);
    expect(nyseHolidays(2028).map((h) => h.name)).not.toContain("New Year's Day");
  });
  it('observes a Sunday New Year on the Monday (2023-01-02)', () => {
    expect(isBusinessDay('2023-01-02')).toBe(false);
  });
  it('has Juneteenth only from 2022', () => {
    expect(isBusinessDay('2021-06-18')).toBe(true);
    expect(isBusinessDay('2022-06-20')).toBe(false); // June 19 2022 was a Sunday
  });
  it('counts a whole year of business days: 2025 has 250 trading days', () => {
    // 261 weekdays in 2025 minus 11 weekday closures = 250.
    let count = 0;
    for (let d = '2025-01-01'; d <= '2025-12-31'; d = addDays(d, 1)) if (isBusinessDay(d)) count++;
    expect(count).toBe(250);
  });
});

describe('business-day stepping', () => {
  it('skips weekends and holidays', () => {
    expect(nextBusinessDay('2025-07-03')).toBe('2025-07-07'); // Fri Jul 4 holiday, then weekend
    expect(nextBusinessDay('2025-11-26')).toBe('2025-11-28'); // Thanksgiving
    expect(previousBusinessDay('2025-01-21')).toBe('2025-01-17'); // MLK Monday, weekend
    expect(nextBusinessDay('2025-01-08')).toBe('2025-01-10'); // Carter day of mourning
  });
  it('adds business days in both directions', () => {
    expect(addBusinessDays('2025-12-23', 2)).toBe('2025-12-26'); // Christmas skipped
    expect(addBusinessDays('2025-12-26', -2)).toBe('2025-12-23');
    expect(addBusinessDays('2025-12-27', 0)).toBe('2025-12-27');
  });
});

describe('newYorkCloseInstant (the "Updated" time of a close, D16)', () => {
  it('is 4:00 PM New York: 21:00Z under EST, 20:00Z under EDT, either side of the switches', () => {
    expect(newYorkCloseInstant('2026-11-23')).toBe('2026-11-23T21:00:00.000Z');
    expect(newYorkCloseInstant('2026-07-01')).toBe('2026-07-01T20:00:00.000Z');
    expect(newYorkCloseInstant('2026-03-06')).toBe('2026-03-06T21:00:00.000Z'); // Friday before the switch (Mar 8)
    expect(newYorkCloseInstant('2026-03-09')).toBe('2026-03-09T20:00:00.000Z');
    expect(newYorkCloseInstant('2026-10-30')).toBe('2026-10-30T20:00:00.000Z'); // Friday before Nov 1
    expect(newYorkCloseInstant('2026-11-02')).toBe('2026-11-02T21:00:00.000Z');
  });
});

describe('isRegularSession (the minutes refresh-premium-quotes runs)', () => {
  it('is 9:30 to 16:00 New York time on business days, both ends included', () => {
    // Wednesday 2026-03-04 (EST, UTC-5)
    expect(isRegularSession('2026-03-04T14:29:00.000Z')).toBe(false); // 9:29
    expect(isRegularSession('2026-03-04T14:30:00.000Z')).toBe(true); // 9:30
    expect(isRegularSession('2026-03-04T21:00:00.000Z')).toBe(true); // 16:00
    expect(isRegularSession('2026-03-04T21:01:00.000Z')).toBe(false); // 16:01
    // Wednesday 2026-07-15 (EDT, UTC-4): 9:30 is 13:30Z
    expect(isRegularSession('2026-07-15T13:29:59.000Z')).toBe(false);
    expect(isRegularSession('2026-07-15T13:30:00.000Z')).toBe(true);
  });

  it('is never on a weekend or an NYSE holiday', () => {
    expect(isRegularSession('2026-03-07T16:00:00.000Z')).toBe(false); // Saturday, 11:00
    expect(isRegularSession('2026-07-03T15:00:00.000Z')).toBe(false); // Independence Day observed, 11:00
    expect(isRegularSession('2026-12-25T16:00:00.000Z')).toBe(false); // Christmas, 11:00
  });
});

describe('NYSE early closes (1:00 PM New York)', () => {
  /** The NYSE's published early closings, written out by hand. */
  const EARLY: Record<number, string[]> = {
    2024: ['2024-07-03', '2024-11-29', '2024-12-24'],
    2025: ['2025-07-03', '2025-11-28', '2025-12-24'],
    // July 4 is a Saturday: Friday July 3 is the holiday and Thursday July 2 a full day
    2026: ['2026-11-27', '2026-12-24'],
    // July 4 a Sunday (Monday July 5 closed), Christmas a Saturday (Friday Dec 24 closed)
    2027: ['2027-11-26'],
  };

  it('are the day after Thanksgiving, Christmas Eve and July 3 when they are business days', () => {
    for (const [year, dates] of Object.entries(EARLY)) {
      const found = businessDaysBetween(`${year}-01-01`, `${year}-12-31`).filter((d) => earlyCloseOf(d) !== null);
      expect(found, year).toEqual(dates);
    }
    expect(earlyCloseOf('2026-11-27')).toBe('the day after Thanksgiving');
    expect(earlyCloseOf('2026-12-24')).toBe('Christmas Eve');
    expect(earlyCloseOf('2025-07-03')).toBe('the day before Independence Day');
  });

  it('sessionCloseMinute: 16:00, 13:00 on an early close, none on a closed day', () => {
    expect(sessionCloseMinute('2026-11-25')).toBe(16 * 60);
    expect(sessionCloseMinute('2026-11-27')).toBe(13 * 60);
    expect(sessionCloseMinute('2026-11-26')).toBeNull(); // Thanksgiving
    expect(sessionCloseMinute('2026-11-28')).toBeNull(); // Saturday
  });

  it('isRegularSession ends at 1:00 PM on an early-close day', () => {
    // Friday 2026-11-27 (EST): 13:00 is 18:00Z
    expect(isRegularSession('2026-11-27T18:00:00.000Z')).toBe(true);
    expect(isRegularSession('2026-11-27T18:01:00.000Z')).toBe(false);
    expect(isRegularSession('2026-11-25T18:01:00.000Z')).toBe(true); // a full day
  });
});
