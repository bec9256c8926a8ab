import type { PayoutFrequency } from '../../events/catalog.ts';
import {
  addBusinessDays,
  addDays,
  isBusinessDay,
  mondayOf,
  newYorkTime,
  onOrAfterBusinessDay,
  previousBusinessDay,
  weekdayOf,
  type IsoDate,
  type Weekday,
} from '../../domain/market/trading-days.ts';
import { seedEtfByTicker } from '../../domain/market/seed-catalog.ts';
import type { LatestPrice, MarketDataProvider, ProviderBar, ProviderDistribution, ProviderSplit } from './port.ts';

/**
 * Deterministic demo market data (the default without Alpaca keys). Every ticker gets its own seeded
 * PRNG (mulberry32 on a 32-bit FNV-1a hash of the ticker) that draws, in a fixed order:
 * - a starting price of $10-$60, an annual distribution yield of 20-120%, a daily volatility of
 *   1.2-3.7%, a total-return drift of 60-100% of the yield -10%..+10% a year, and a typical volume;
 * - then, business day by business day from the start date: a geometric random walk for the close,
 *   with open/high/low around it; on each ex-date the price drops by the distribution, so the payouts
 *   erode the NAV the way they do for these high-yield funds.
 * Distributions follow the fund's real weekday pattern (seed catalog; weekly on Thursday for unknown
 * tickers), weekly or every four weeks (or twice weekly), with the amount = previous close x yield per
 * payout x (1 +/- 15%), to 4 decimals. Record date = ex-date, pay date = ex-date + the fund's lag.
 *
 * The series starts on a fixed date (the fund's inception, but not before 2024-01-02), never on "today",
 * so the same date always gets the same bar whatever day it is asked: re-syncing is idempotent. What is
 * visible depends on the clock: bars up to the last completed session (today's after 16:00 New York),
 * distributions declared up to today (declaration = the business day before the ex-date), and an
 * intraday price that moves deterministically from the open to the close during the session.
 */

export const DEMO_EPOCH = '2024-01-02';

export interface DemoProfile {
  frequency: PayoutFrequency;
  exWeekdays: readonly Weekday[];
  payLagBusinessDays: number;
  inceptionDate: IsoDate | null;
}

export interface DemoProviderOptions {
  /** The clock (ISO instant); the composition root passes the app clock. */
  now: () => string;
  /** Payout pattern and inception per ticker; defaults to the seed catalog, weekly on Thursday otherwise. */
  profileOf?: (ticker: string) => DemoProfile;
}

export function defaultDemoProfile(ticker: string): DemoProfile {
  const seed = seedEtfByTicker(ticker);
  if (!seed) return { frequency: 'weekly', exWeekdays: [4], payLagBusinessDays: 1, inceptionDate: null };
  return {
    frequency: seed.frequency,
    exWeekdays: seed.pattern.exWeekdays,
    payLagBusinessDays: seed.pattern.payLagBusinessDays,
    inceptionDate: seed.inceptionDate,
  };
}

// PRNG ---------------------------------------------------------------------------------------------

export function fnv1a32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32: a tiny, fast, well-distributed 32-bit PRNG; returns uniforms in [0, 1). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function normal(rand: () => number): number {
  const u = Math.max(rand(), 1e-12);
  const v = rand();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

const cents = (x: number) => (Math.round(x * 100) / 100).toFixed(2);
const fourDp = (x: number) => (Math.round(x * 10_000) / 10_000).toFixed(4);

// Series -------------------------------------------------------------------------------------------

interface DemoSeries {
  bars: ProviderBar[];
  distributions: (ProviderDistribution & { declaredOn: IsoDate })[];
}

function payoutsPerYear(frequency: PayoutFrequency): number {
  switch (frequency) {
    case 'weekly':
      return 52;
    case 'twice-weekly':
      return 104;
    case 'four-weekly':
      return 13;
    case 'monthly':
      return 12;
    default: {
      const never: never = frequency;
      throw new Error(`unknown frequency ${String(never)}`);
    }
  }
}

/** The ex-dates of one week (Monday `monday`), holiday-shifted within the week. */
function exDatesOfWeek(monday: IsoDate, profile: DemoProfile, weekIndex: number, after: IsoDate): IsoDate[] {
  if (profile.frequency === 'four-weekly' && weekIndex % 4 !== 0) return [];
  const out: IsoDate[] = [];
  const weekdays = profile.frequency === 'monthly' ? [] : profile.exWeekdays;
  for (const wd of weekdays) {
    const ex = onOrAfterBusinessDay(addDays(monday, wd - 1));
    if (ex < addDays(monday, 7) && ex > after && !out.includes(ex)) out.push(ex);
  }
  return out;
}

function isMonthlyExDate(date: IsoDate, profile: DemoProfile): boolean {
  // Monthly funds: the first business day on or after the profile's weekday in the month's first week.
  if (profile.frequency !== 'monthly') return false;
  const first = `${date.slice(0, 8)}01`;
  const wd = profile.exWeekdays[0] ?? 4;
  let d = first;
  while (weekdayOf(d) !== wd) d = addDays(d, 1);
  return onOrAfterBusinessDay(d) === date;
}

/** Generates the ticker's series from its start date up to `until` (inclusive). Pure and deterministic. */
export function generateDemoSeries(ticker: string, profile: DemoProfile, until: IsoDate): DemoSeries {
  const rand = mulberry32(fnv1a32(ticker.toUpperCase()));
  const startPrice = 10 + rand() * 50;
  const annualYield = 0.2 + rand() * 1.0;
  const sigma = 0.012 + rand() * 0.025;
  // The option premiums that fund high payouts also lift the total return: 60-100% of the yield comes
  // back as return, plus -10%..+10% from the underlying, so high payers erode more but not to zero.
  const drift = annualYield * (0.6 + rand() * 0.4) - 0.1 + rand() * 0.2;
  const baseVolume = Math.round(50_000 + rand() * 2_000_000);
  const perPayout = annualYield / payoutsPerYear(profile.frequency);
  const mu = drift / 252 - (sigma * sigma) / 2;

  const start = onOrAfterBusinessDay(profile.inceptionDate && profile.inceptionDate > DEMO_EPOCH ? profile.inceptionDate : DEMO_EPOCH);
  const bars: ProviderBar[] = [];
  const distributions: DemoSeries['distributions'] = [];
  const startMonday = mondayOf(start);
  let weekExDates: IsoDate[] = [];
  let weekMonday = '';
  let prevClose = startPrice;
  let lastEx = start;
  for (let d = start; d <= until; d = addBusinessDays(d, 1)) {
    const monday = mondayOf(d);
    if (monday !== weekMonday) {
      weekMonday = monday;
      const weekIndex = Math.round((Date.parse(monday) - Date.parse(startMonday)) / (7 * 86_400_000));
      weekExDates = exDatesOfWeek(monday, profile, weekIndex, start);
    }
    // Fixed draw order per day: 2 (normal) + 1 (gap) + 2 (high/low) + 1 (volume) [+ 1 (payout)].
    const z = normal(rand);
    const gap = (rand() - 0.5) * sigma * 0.5;
    const upWick = rand() * sigma * 0.6;
    const downWick = rand() * sigma * 0.6;
    const volumeNoise = 0.5 + rand();
    let payout = 0;
    if ((weekExDates.includes(d) || isMonthlyExDate(d, profile)) && d > lastEx) {
      const jitter = 1 + (rand() - 0.5) * 0.3;
      payout = Number(fourDp(prevClose * perPayout * jitter));
      lastEx = d;
      const payDate = addBusinessDays(d, profile.payLagBusinessDays);
      distributions.push({ ticker, exDate: d, recordDate: d, payDate, amount: fourDp(payout), declaredOn: previousBusinessDay(d) });
    }
    const base = Math.max(prevClose - payout, 0.5);
    const open = Math.max(base * Math.exp(gap), 0.5);
    const close = Math.max(base * Math.exp(mu + sigma * z), 0.5);
    const high = Math.max(open, close) * (1 + upWick);
    const low = Math.min(open, close) * (1 - downWick);
    const [o, h, l, c] = [cents(open), cents(high), cents(low), cents(close)];
    bars.push({
      ticker,
      date: d,
      open: o,
      high: cents(Math.max(Number(h), Number(o), Number(c))),
      low: cents(Math.min(Number(l), Number(o), Number(c))),
      close: c,
      volume: Math.round(baseVolume * volumeNoise),
    });
    prevClose = Number(c);
  }
  return { bars, distributions };
}

// Provider -----------------------------------------------------------------------------------------

const MARKET_OPEN = 9 * 60 + 30;
const MARKET_CLOSE = 16 * 60;

/** 16:00 New York on `date` as an ISO instant (EDT: 20:00Z, EST: 21:00Z). */
export function closeInstant(date: IsoDate): string {
  const edt = `${date}T20:00:00.000Z`;
  return newYorkTime(edt).hour === 16 ? edt : `${date}T21:00:00.000Z`;
}

export class DemoMarketDataProvider implements MarketDataProvider {
  readonly source = 'demo' as const;
  private readonly now: () => string;
  private readonly profileOf: (ticker: string) => DemoProfile;
  private readonly cache = new Map<string, { until: IsoDate; series: DemoSeries }>();

  constructor(options: DemoProviderOptions) {
    this.now = options.now;
    this.profileOf = options.profileOf ?? defaultDemoProfile;
  }

  /** The last session whose bar is complete at `now`: today after 16:00 on a business day, else earlier. */
  lastCompletedSession(now = this.now()): IsoDate {
    const ny = newYorkTime(now);
    if (isBusinessDay(ny.date) && ny.minuteOfDay >= MARKET_CLOSE) return ny.date;
    return previousBusinessDay(ny.date);
  }

  private series(ticker: string, until: IsoDate): DemoSeries {
    const key = ticker.toUpperCase();
    const cached = this.cache.get(key);
    if (cached && cached.until >= until) return cached.series;
    // Generate a little ahead so the next business day's declared distribution is known.
    const horizon = addDays(until, 14);
    const series = generateDemoSeries(key, this.profileOf(key), horizon);
    this.cache.set(key, { until: horizon, series });
    return series;
  }

  async dailyBars(tickers: readonly string[], from: string, to: string): Promise<ProviderBar[]> {
    const last = this.lastCompletedSession();
    const until = to < last ? to : last;
    const out: ProviderBar[] = [];
    for (const ticker of tickers) {
      for (const bar of this.series(ticker, until).bars) if (bar.date >= from && bar.date <= until) out.push({ ...bar, ticker });
    }
    return out;
  }

  async distributions(tickers: readonly string[], from: string, to: string): Promise<ProviderDistribution[]> {
    const today = newYorkTime(this.now()).date;
    const out: ProviderDistribution[] = [];
    for (const ticker of tickers) {
      for (const { declaredOn, ...d } of this.series(ticker, today).distributions) {
        if (declaredOn <= today && d.exDate >= from && d.exDate <= to) out.push({ ...d, ticker });
      }
    }
    return out;
  }

  async latestPrices(tickers: readonly string[]): Promise<LatestPrice[]> {
    const now = this.now();
    const ny = newYorkTime(now);
    const inSession = isBusinessDay(ny.date) && ny.minuteOfDay >= MARKET_OPEN && ny.minuteOfDay < MARKET_CLOSE;
    const out: LatestPrice[] = [];
    for (const ticker of tickers) {
      if (inSession) {
        const bars = this.series(ticker, ny.date).bars;
        const i = bars.findIndex((b) => b.date === ny.date);
        const today = bars[i];
        if (!today) continue;
        const prev = bars[i - 1] ?? null;
        // Deterministic path from the open to the close, with noise that vanishes at both ends.
        const f = (ny.minuteOfDay - MARKET_OPEN) / (MARKET_CLOSE - MARKET_OPEN);
        const open = Number(today.open);
        const close = Number(today.close);
        const noise = (mulberry32(fnv1a32(`${ticker.toUpperCase()}@${ny.date}T${ny.minuteOfDay}`))() - 0.5) * 2;
        const range = Number(today.high) - Number(today.low);
        const price = open + (close - open) * f + noise * range * 0.5 * Math.sqrt(f * (1 - f));
        const bounded = Math.min(Number(today.high), Math.max(Number(today.low), price));
        const minuteStart = new Date(Math.floor(Date.parse(now) / 60_000) * 60_000).toISOString();
        out.push({ ticker, price: cents(bounded), at: minuteStart, previousClose: prev?.close ?? null });
      } else {
        const session = this.lastCompletedSession(now);
        const bars = this.series(ticker, session).bars;
        const i = bars.findIndex((b) => b.date === session);
        const bar = bars[i];
        if (!bar) continue;
        out.push({ ticker, price: bar.close, at: closeInstant(session), previousClose: bars[i - 1]?.close ?? null });
      }
    }
    return out;
  }

  /** The demo series never split. */
  async splits(): Promise<ProviderSplit[]> {
    return [];
  }
}
