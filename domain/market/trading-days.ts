/**
 * US market dates. A date is a `YYYY-MM-DD` string meaning a calendar day in America/New_York; they
 * compare correctly as strings. Arithmetic goes through whole days since 1970-01-01 (pure integer math;
 * no clock is read here). Business days skip weekends, the NYSE full-day holidays and the
 * exchange's special closures.
 */

import { registerCache } from '../caches/registry.ts';

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

export type IsoDate = string;

/** 0 = Sunday ... 6 = Saturday. */
export type Weekday = 0 | 1 | 2 | 3 | 4 | 5 | 6;

export function isValidDate(value: string): boolean {
  const m = DATE_RE.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (mo < 1 || mo > 12 || d < 1) return false;
  return d <= daysInMonth(y, mo);
}

function parts(date: IsoDate): [number, number, number] {
  const m = DATE_RE.exec(date);
  if (m) {
    const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
    if (mo >= 1 && mo <= 12 && d >= 1 && d <= daysInMonth(y, mo)) return [y, mo, d];
  }
  throw new RangeError(`not a date (YYYY-MM-DD): ${date}`);
}

const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

function daysInMonth(year: number, month: number): number {
  return month === 2 && isLeapYear(year) ? 29 : MONTH_DAYS[month - 1]!;
}

/** Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's days_from_civil, integer math). */
function daysFromCivil(y: number, m: number, d: number): number {
  const yy = m <= 2 ? y - 1 : y;
  const era = Math.floor(yy / 400);
  const yoe = yy - era * 400;
  const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

/** Whole days since 1970-01-01. */
export function toDayNumber(date: IsoDate): number {
  const [y, m, d] = parts(date);
  return daysFromCivil(y, m, d);
}

export function fromDayNumber(day: number): IsoDate {
  // H. Hinnant's civil_from_days.
  const z = day + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp < 10 ? mp + 3 : mp - 9;
  const y = yoe + era * 400 + (m <= 2 ? 1 : 0);
  return `${String(y).padStart(4, '0')}-${m < 10 ? '0' : ''}${m}-${d < 10 ? '0' : ''}${d}`;
}

/** The date of a (year, month, day) triple; out-of-range days roll over (Jan 32 = Feb 1). */
export function makeDate(year: number, month: number, day: number): IsoDate {
  const index = year * 12 + (month - 1);
  const y = Math.floor(index / 12);
  const m = (index % 12) + 1;
  return fromDayNumber(daysFromCivil(y, m, 1) + day - 1);
}

export function addDays(date: IsoDate, days: number): IsoDate {
  return fromDayNumber(toDayNumber(date) + days);
}

/** `b - a` in calendar days. */
export function daysBetween(a: IsoDate, b: IsoDate): number {
  return toDayNumber(b) - toDayNumber(a);
}

/** Same day of month `months` later, clamped to the month's last day (Jan 31 + 1 month = Feb 28/29). */
export function addMonths(date: IsoDate, months: number): IsoDate {
  const [y, m, d] = parts(date);
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  return makeDate(year, month, Math.min(d, daysInMonth(year, month)));
}

export function weekdayOf(date: IsoDate): Weekday {
  // 1970-01-01 was a Thursday (4).
  return ((((toDayNumber(date) + 4) % 7) + 7) % 7) as Weekday;
}

export function yearOf(date: IsoDate): number {
  return parts(date)[0];
}

/** The Monday of the (Monday-to-Sunday) week containing `date`. */
export function mondayOf(date: IsoDate): IsoDate {
  const wd = weekdayOf(date);
  return addDays(date, wd === 0 ? -6 : 1 - wd);
}

export function maxDate(a: IsoDate, b: IsoDate): IsoDate {
  return a >= b ? a : b;
}

// ---------------------------------------------------------------------------------------------------
// New York wall clock

const nyFormatter = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/New_York',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

export interface NewYorkTime {
  date: IsoDate;
  hour: number;
  minute: number;
  second: number;
  /** Minutes since local midnight. */
  minuteOfDay: number;
}

/** The America/New_York wall-clock date and time of an instant (ISO string or epoch ms). */
export function newYorkTime(instant: string | number): NewYorkTime {
  const ms = typeof instant === 'number' ? instant : Date.parse(instant);
  if (!Number.isFinite(ms)) throw new RangeError(`not an instant: ${String(instant)}`);
  const p: Record<string, string> = {};
  for (const part of nyFormatter.formatToParts(ms)) p[part.type] = part.value;
  const hour = Number(p.hour);
  const minute = Number(p.minute);
  return {
    date: `${p.year}-${p.month}-${p.day}`,
    hour,
    minute,
    second: Number(p.second),
    minuteOfDay: hour * 60 + minute,
  };
}

/** The instant (ISO, UTC) of 4:00 PM New York, the regular close, on a date: 21:00Z in winter, 20:00Z in summer. */
export function newYorkCloseInstant(date: IsoDate): string {
  const [y, m, d] = parts(date);
  for (const utcHour of [21, 20]) {
    const ms = Date.UTC(y, m - 1, d, utcHour);
    if (newYorkTime(ms).hour === 16) return new Date(ms).toISOString();
  }
  throw new RangeError(`no 4:00 PM in New York on ${date}`);
}

/**
 * The NYSE regular session in New York minutes of the day: 9:30 AM to 4:00 PM; on an early-close day
 * (`earlyCloseOf`) it ends at 1:00 PM (`earlyClose`).
 */
export const REGULAR_SESSION = { open: 9 * 60 + 30, close: 16 * 60, earlyClose: 13 * 60 } as const;

/**
 * Whether an instant falls in the NYSE regular session: a business day (no weekend, no holiday) from
 * 9:30 AM to its close New York time (`sessionCloseMinute`: 4:00 PM, 1:00 PM on an early-close day),
 * both ends included (the closing minute sees the closing trade).
 */
export function isRegularSession(instant: string | number): boolean {
  const t = newYorkTime(instant);
  const close = sessionCloseMinute(t.date);
  return close !== null && t.minuteOfDay >= REGULAR_SESSION.open && t.minuteOfDay <= close;
}

/** "Today" for the US market: the America/New_York calendar date of the instant. */
export function newYorkDate(instant: string | number): IsoDate {
  const ms = typeof instant === 'number' ? instant : Date.parse(instant);
  if (!Number.isFinite(ms)) return newYorkTime(instant).date; // throws the RangeError
  // Intl formatting costs tens of µs, and the same minutes come back: every request of a minute asks
  // for the date of its clock, every holding a request computes for its quote's time and its addedAt.
  // New York's offset from UTC is whole hours, so all of a UTC minute lies in one New York date.
  const minute = Math.floor(ms / 60_000);
  let date = newYorkDates.get(minute);
  if (date === undefined) {
    date = newYorkTime(minute * 60_000).date;
    if (newYorkDates.size >= NEW_YORK_DATES_KEPT) newYorkDates.clear();
    newYorkDates.set(minute, date);
  }
  return date;
}

const NEW_YORK_DATES_KEPT = 10_000;
const newYorkDates = new Map<number, IsoDate>();
registerCache({
  name: 'new-york-dates',
  owner: 'domain/market/trading-days.ts',
  key: 'UTC minute (ms / 60,000)',
  bound: `${NEW_YORK_DATES_KEPT.toLocaleString('en-US')} minutes`,
  eviction: 'all at once when full',
  coherence: 'a pure function of its key (time-zone rules do not change while the process runs)',
  clearable: true,
  clear: () => newYorkDates.clear(),
  size: () => newYorkDates.size,
});

// ---------------------------------------------------------------------------------------------------
// NYSE holidays

/** Western (Gregorian) Easter Sunday, anonymous Gregorian algorithm (Meeus/Jones/Butcher). */
export function easterSunday(year: number): IsoDate {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return makeDate(year, month, day);
}

/** The n-th given weekday of a month (n = 1..5), or the last one with n = -1. */
function nthWeekday(year: number, month: number, weekday: Weekday, n: number): IsoDate {
  if (n === -1) {
    const last = makeDate(year, month, daysInMonth(year, month));
    const back = (weekdayOf(last) - weekday + 7) % 7;
    return addDays(last, -back);
  }
  const first = makeDate(year, month, 1);
  const forward = (weekday - weekdayOf(first) + 7) % 7;
  return addDays(first, forward + 7 * (n - 1));
}

/** NYSE rule: a Saturday holiday closes the Friday before, a Sunday holiday the Monday after. */
function observed(date: IsoDate): IsoDate {
  const wd = weekdayOf(date);
  if (wd === 6) return addDays(date, -1);
  if (wd === 0) return addDays(date, 1);
  return date;
}

/**
 * Unscheduled full-day closures (national days of mourning, weather). Listed by hand; add new ones
 * when the exchange announces them.
 */
export const SPECIAL_CLOSURES: ReadonlyMap<IsoDate, string> = new Map([
  ['2012-10-29', 'Hurricane Sandy'],
  ['2012-10-30', 'Hurricane Sandy'],
  ['2018-12-05', 'National Day of Mourning for President George H. W. Bush'],
  ['2025-01-09', 'National Day of Mourning for President Jimmy Carter'],
]);

export interface Holiday {
  date: IsoDate;
  name: string;
}

const holidayCache = new Map<number, Holiday[]>();
registerCache({
  name: 'nyse-holidays',
  owner: 'domain/market/trading-days.ts',
  key: 'year',
  bound: 'one list per year asked about (a few dozen years)',
  eviction: 'none',
  coherence: 'a pure function of the year (the rules and SPECIAL_CLOSURES are code)',
  clearable: true,
  clear: () => holidayCache.clear(),
  size: () => holidayCache.size,
});

/**
 * The NYSE full-day holidays of a year, on the days the exchange is closed. New Year's Day on a
 * Saturday is not observed (NYSE rule 7.2: the Friday before closes the accounting year), so some
 * years have no New Year's closure; the other holidays follow `observed`. Juneteenth from 2022.
 */
export function nyseHolidays(year: number): Holiday[] {
  const cached = holidayCache.get(year);
  if (cached) return cached;
  const list: Holiday[] = [];
  const newYear = makeDate(year, 1, 1);
  if (weekdayOf(newYear) !== 6) list.push({ date: observed(newYear), name: "New Year's Day" });
  list.push({ date: nthWeekday(year, 1, 1, 3), name: 'Martin Luther King Jr. Day' });
  list.push({ date: nthWeekday(year, 2, 1, 3), name: "Washington's Birthday" });
  list.push({ date: addDays(easterSunday(year), -2), name: 'Good Friday' });
  list.push({ date: nthWeekday(year, 5, 1, -1), name: 'Memorial Day' });
  if (year >= 2022) list.push({ date: observed(makeDate(year, 6, 19)), name: 'Juneteenth National Independence Day' });
  list.push({ date: observed(makeDate(year, 7, 4)), name: 'Independence Day' });
  list.push({ date: nthWeekday(year, 9, 1, 1), name: 'Labor Day' });
  list.push({ date: nthWeekday(year, 11, 4, 4), name: 'Thanksgiving Day' });
  list.push({ date: observed(makeDate(year, 12, 25)), name: 'Christmas Day' });
  for (const [date, name] of SPECIAL_CLOSURES) {
    if (date.startsWith(`${year}-`)) list.push({ date, name });
  }
  list.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  holidayCache.set(year, list);
  return list;
}

export function isHoliday(date: IsoDate): boolean {
  return nyseHolidays(yearOf(date)).some((h) => h.date === date);
}

/** The name of the NYSE holiday (or special closure) on `date`, null on any other day ("Good Friday"). */
export function holidayNameOf(date: IsoDate): string | null {
  return nyseHolidays(yearOf(date)).find((h) => h.date === date)?.name ?? null;
}

export function isWeekend(date: IsoDate): boolean {
  const wd = weekdayOf(date);
  return wd === 0 || wd === 6;
}

const BUSINESS_DAYS_KEPT = 50_000;
const businessDayMemo = new Map<IsoDate, boolean>();
registerCache({
  name: 'business-days',
  owner: 'domain/market/trading-days.ts',
  key: 'date',
  bound: `${BUSINESS_DAYS_KEPT.toLocaleString('en-US')} dates`,
  eviction: 'all at once when full',
  coherence: 'a pure function of the date (nyse-holidays)',
  clearable: true,
  clear: () => businessDayMemo.clear(),
  size: () => businessDayMemo.size,
});

/** A day the NYSE is open (weekdays that are not holidays or special closures). */
export function isBusinessDay(date: IsoDate): boolean {
  let open = businessDayMemo.get(date);
  if (open === undefined) {
    open = !isWeekend(date) && !isHoliday(date);
    if (businessDayMemo.size >= BUSINESS_DAYS_KEPT) businessDayMemo.clear();
    businessDayMemo.set(date, open);
  }
  return open;
}

/** The first business day strictly after `date`. */
export function nextBusinessDay(date: IsoDate): IsoDate {
  let d = addDays(date, 1);
  while (!isBusinessDay(d)) d = addDays(d, 1);
  return d;
}

/** The last business day strictly before `date`. */
export function previousBusinessDay(date: IsoDate): IsoDate {
  let d = addDays(date, -1);
  while (!isBusinessDay(d)) d = addDays(d, -1);
  return d;
}

/** `date` itself when it is a business day, else the next one. */
export function onOrAfterBusinessDay(date: IsoDate): IsoDate {
  return isBusinessDay(date) ? date : nextBusinessDay(date);
}

/**
 * Moves `n` business days from `date` (negative: backwards). With n = 0 the date is returned as is,
 * even when it is not a business day.
 */
export function addBusinessDays(date: IsoDate, n: number): IsoDate {
  if (!Number.isInteger(n)) throw new RangeError(`business days must be an integer: ${n}`);
  let d = date;
  for (let i = 0; i < Math.abs(n); i++) d = n > 0 ? nextBusinessDay(d) : previousBusinessDay(d);
  return d;
}

/** Business days in [from, to] (inclusive), in order. */
export function businessDaysBetween(from: IsoDate, to: IsoDate): IsoDate[] {
  const out: IsoDate[] = [];
  for (let d = onOrAfterBusinessDay(from); d <= to; d = nextBusinessDay(d)) out.push(d);
  return out;
}

// ---------------------------------------------------------------------------------------------------
// NYSE early closes

/**
 * The NYSE's early closes (1:00 PM New York), by the rules the exchange publishes with its holiday
 * calendar (nyse.com "Holidays & Trading Hours", footnotes on the early closings):
 * - the day after Thanksgiving (always a Friday);
 * - Christmas Eve, December 24, when it is a business day (a Saturday Christmas closes Friday the 24th
 *   for the holiday, and Thursday the 23rd is a full day);
 * - July 3, when it is a business day, i.e. when Independence Day falls on a Tuesday to Friday (a
 *   Saturday July 4 closes Friday July 3 for the holiday, and Thursday July 2 is a full day; a Sunday
 *   or Monday July 4 leaves no early close).
 * The name of the occasion, or null on a full session day or a day without a session. Unscheduled early
 * closes are rare and not listed (as SPECIAL_CLOSURES lists the unscheduled full-day ones).
 */
export function earlyCloseOf(date: IsoDate): string | null {
  if (!isBusinessDay(date)) return null;
  const year = yearOf(date);
  if (date === addDays(nthWeekday(year, 11, 4, 4), 1)) return 'the day after Thanksgiving';
  if (date === makeDate(year, 12, 24)) return 'Christmas Eve';
  if (date === makeDate(year, 7, 3)) return 'the day before Independence Day';
  return null;
}

/** The close of the NYSE session on `date` in New York minutes of the day (4:00 PM, 1:00 PM on an early close); null without a session. */
export function sessionCloseMinute(date: IsoDate): number | null {
  if (!isBusinessDay(date)) return null;
  return earlyCloseOf(date) === null ? REGULAR_SESSION.close : REGULAR_SESSION.earlyClose;
}
