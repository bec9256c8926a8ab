import {
  addBusinessDays,
  addDays,
  daysBetween,
  isBusinessDay,
  mondayOf,
  newYorkTime,
  previousBusinessDay,
  type IsoDate,
} from '../../domain/market/trading-days.ts';
import { registerCacheKind } from '../../domain/caches/registry.ts';
import { demoPayDate, demoProfileOf, type DemoProfile, type PastSchedule } from './demo-profiles.ts';
import type { LatestPrice, MarketDataProvider, ProviderBar, ProviderDistribution, ProviderSplit } from './port.ts';

export { DEMO_EPOCH, demoProfileOf, type DemoProfile } from './demo-profiles.ts';

/**
 * Deterministic demo market data (the default without Alpaca keys), for the funds of the seed catalog
 * only: any other ticker (a fund the owner created) gets no bars, no quotes and no distributions.
 * docs/demo-data.md explains the figures and where each range comes from.
 *
 * Per fund (demo-profiles.ts): the start date (its inception, else the earliest dated fund of its
 * family), its payout schedules over time (the CSV's frequency history), the ranges of its family
 * (yield, daily volatility, start price, payout jitter, total return) and, where the CSV dates a payout,
 * that payout as an anchor. Every ticker gets its own seeded PRNG (mulberry32 on a 32-bit FNV-1a hash of
 * the ticker, or of the profile's `seed`) that draws, in a fixed order, the yield (or takes the CSV's rate), the volatility, the
 * total return, the start price and a typical volume; then, business day by business day: a geometric
 * random walk for the close, with open/high/low around it; on each ex-date the price drops by the
 * distribution (NAV erosion), the amount = previous close x yield / payouts a year x (1 +/- jitter).
 * The walk is multiplicative, so the whole series is scaled once: to pass through the anchor (the close
 * before the CSV's payout is amount x payouts a year / rate, and that payout is the CSV's amount), or
 * else to start at the drawn start price.
 *
 * Ex-dates follow the fund's weekday pattern; one on a market holiday moves to the previous trading
 * day (as issuers do), the pay date keeps the fund's lag in trading days, record date = ex-date.
 *
 * The series starts on a fixed date, never on "today", so the same date always gets the same bar
 * whatever day it is asked: re-syncing is idempotent. What is visible depends on the clock: bars up to
 * the last completed session (today's after 16:00 New York), distributions declared up to today
 * (declaration = the business day before the ex-date), and an intraday price that is a function of
 * (ticker, minute): a Brownian bridge from the day's open to its close inside its range.
 */

export interface DemoProviderOptions {
  /** The clock (ISO instant); the composition root passes the app clock. */
  now: () => string;
  /** The profile per ticker, null for a ticker it does not serve; defaults to the seed catalog's. */
  profileOf?: (ticker: string) => DemoProfile | null;
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

type Schedule = { frequency: DemoProfile['frequency'] } | PastSchedule;

function scheduleAt(profile: DemoProfile, nominal: IsoDate): Schedule {
  for (const past of profile.pastSchedules) if (nominal < past.until) return past;
  return { frequency: profile.frequency };
}

function payoutsPerYear(profile: DemoProfile, schedule: Schedule): number {
  switch (schedule.frequency) {
    case 'weekly':
    case 'twice-weekly':
      return 52 * profile.exWeekdays.length;
    case 'four-weekly':
      return 13;
    case 'monthly':
      return 12;
    default: {
      const never: never = schedule;
      throw new Error(`unknown schedule ${JSON.stringify(never)}`);
    }
  }
}

/** The trading day on or before `date` (a holiday ex-date moves earlier, as issuers move it). */
function onOrBeforeBusinessDay(date: IsoDate): IsoDate {
  return isBusinessDay(date) ? date : previousBusinessDay(date);
}

/**
 * The fund's ex-dates after its start date up to `end`, with the payouts a year of the schedule each
 * belongs to. Weekly: every week on the pattern's weekday(s); four-weekly: every fourth week of the
 * cycle through `cycleAnchor` (else the start's week); monthly: the pattern's weekday in the month's
 * second week (days 8-14). A date on a holiday moves to the previous trading day.
 */
export function demoExDates(profile: DemoProfile, end: IsoDate): { date: IsoDate; perYear: number }[] {
  const out: { date: IsoDate; perYear: number }[] = [];
  const start = profile.startDate;
  for (let monday = mondayOf(start); monday <= end; monday = addDays(monday, 7)) {
    for (const wd of profile.exWeekdays) {
      const nominal = addDays(monday, wd - 1);
      const schedule = scheduleAt(profile, nominal);
      let due: boolean;
      if (schedule.frequency === 'four-weekly') {
        const cycle = mondayOf('cycleAnchor' in schedule && schedule.cycleAnchor ? schedule.cycleAnchor : start);
        due = wd === profile.exWeekdays[0] && (((daysBetween(cycle, monday) / 7) % 4) + 4) % 4 === 0;
      } else if (schedule.frequency === 'monthly') {
        const day = Number(nominal.slice(8, 10));
        due = wd === profile.exWeekdays[0] && day >= 8 && day <= 14;
      } else due = true;
      if (!due) continue;
      const date = onOrBeforeBusinessDay(nominal);
      if (date > start && date <= end && (out.length === 0 || date > out.at(-1)!.date)) out.push({ date, perYear: payoutsPerYear(profile, schedule) });
    }
  }
  return out;
}

/** Generates the ticker's series from its start date up to `until` (inclusive). Pure and deterministic. */
export function generateDemoSeries(ticker: string, profile: DemoProfile, until: IsoDate): DemoSeries {
  const rand = mulberry32(fnv1a32(profile.seed ?? ticker.toUpperCase()));
  const draw = ([lo, hi]: readonly [number, number]) => lo + rand() * (hi - lo);
  const { range, anchor } = profile;
  const drawnYield = draw(range.yieldPercent) / 100;
  const annualYield = anchor?.ratePercent != null ? anchor.ratePercent / 100 : drawnYield;
  const sigma = draw(range.dailyVolatilityPercent) / 100;
  // The option premiums that fund high payouts also lift the total return: part of the yield comes back
  // as return, plus what the underlying does; high payers erode, a T-bill fund keeps its NAV.
  const totalReturn = annualYield * draw(range.returnShareOfYield) + draw(range.extraReturnPercent) / 100;
  const startPrice = draw(range.startPrice);
  const baseVolume = Math.round(50_000 + rand() * 2_000_000);
  // The median path earns the total return (no volatility drag on top: the drawn return is the fund's).
  const mu = Math.log(1 + totalReturn) / 252;

  // Always as far as the anchor, so the scale (and every bar) never depends on `until`.
  const end = anchor && anchor.exDate > until ? anchor.exDate : until;
  const exDates = new Map(demoExDates(profile, end).map((e) => [e.date, e.perYear]));
  const pinDate = anchor ? previousBusinessDay(anchor.exDate) : null;
  const raw: { date: IsoDate; open: number; high: number; low: number; close: number; volume: number }[] = [];
  const payouts: { exDate: IsoDate; raw: number; fixed: string | null }[] = [];
  let prev = 1; // the walk in units of the price before the first bar
  let pinned = 1;
  for (let d = profile.startDate; d <= end; d = addBusinessDays(d, 1)) {
    // Fixed draw order per day: 2 (normal) + 1 (gap) + 2 (high/low) + 1 (volume) [+ 1 (payout)].
    const z = normal(rand);
    const gap = (rand() - 0.5) * sigma * 0.5;
    const upWick = rand() * sigma * 0.6;
    const downWick = rand() * sigma * 0.6;
    const volumeNoise = 0.5 + rand();
    let payout = 0;
    const perYear = exDates.get(d);
    if (perYear !== undefined) {
      const jitter = 1 + (rand() - 0.5) * 2 * range.payoutJitter;
      const exact = anchor?.exact === true && anchor.exDate === d;
      const zero = profile.zeroExDates.includes(d);
      payout = zero ? 0 : ((prev * annualYield) / perYear) * (exact ? 1 : jitter);
      payouts.push({ exDate: d, raw: payout, fixed: zero ? '0.0000' : exact ? anchor.amount : null });
    }
    const base = prev - payout;
    const open = base * Math.exp(gap);
    const close = base * Math.exp(mu + sigma * z);
    raw.push({ date: d, open, close, high: Math.max(open, close) * (1 + upWick), low: Math.min(open, close) * (1 - downWick), volume: Math.round(baseVolume * volumeNoise) });
    if (d === pinDate) pinned = close;
    prev = close;
  }
  // Scale: through the anchor (close before it = amount x payouts a year / yield), else from the start price.
  const scale = anchor
    ? (Number(anchor.amount) * payoutsPerYear(profile, scheduleAt(profile, anchor.exDate))) / annualYield / pinned
    : startPrice;

  const bars: ProviderBar[] = [];
  for (const b of raw) {
    if (b.date > until) break;
    const [o, h, l, c] = [b.open, b.high, b.low, b.close].map((x) => cents(Math.max(x * scale, 0.01))) as [string, string, string, string];
    bars.push({
      ticker,
      date: b.date,
      open: o,
      high: cents(Math.max(Number(h), Number(o), Number(c))),
      low: cents(Math.min(Number(l), Number(o), Number(c))),
      close: c,
      volume: b.volume,
    });
  }
  const distributions: DemoSeries['distributions'] = [];
  for (const p of payouts) {
    if (p.exDate > until) break;
    distributions.push({
      ticker,
      exDate: p.exDate,
      recordDate: p.exDate,
      payDate: demoPayDate(p.exDate, profile),
      amount: p.fixed ?? fourDp(p.raw * scale),
      declaredOn: previousBusinessDay(p.exDate),
    });
  }
  return { bars, distributions };
}

// Provider -----------------------------------------------------------------------------------------

const MARKET_OPEN = 9 * 60 + 30;
const MARKET_CLOSE = 16 * 60;
const SESSION_MINUTES = MARKET_CLOSE - MARKET_OPEN;

/**
 * The intraday path of one session: a Brownian bridge over its 390 minutes (0 at the open and at the
 * close, about 0.5 in the middle), seeded by ticker and date, so the price of a minute is always the same.
 */
function intradayBridge(ticker: string, date: IsoDate): number[] {
  const rand = mulberry32(fnv1a32(`${ticker.toUpperCase()}@${date}`));
  const walk = [0];
  for (let i = 1; i <= SESSION_MINUTES; i++) walk.push(walk[i - 1]! + normal(rand));
  const last = walk[SESSION_MINUTES]!;
  return walk.map((w, i) => (w - (i / SESSION_MINUTES) * last) / Math.sqrt(SESSION_MINUTES));
}

/** 16:00 New York on `date` as an ISO instant (EDT: 20:00Z, EST: 21:00Z). */
export function closeInstant(date: IsoDate): string {
  const edt = `${date}T20:00:00.000Z`;
  return newYorkTime(edt).hour === 16 ? edt : `${date}T21:00:00.000Z`;
}

export class DemoMarketDataProvider implements MarketDataProvider {
  /** In the cache registry (domain/caches/registry.ts); a provider is made for each job run. */
  private static readonly seriesKind = registerCacheKind<DemoMarketDataProvider>({
    name: 'demo-series',
    owner: 'infra/market-data/demo-provider.ts',
    key: 'ticker, with the date the series reaches',
    bound: 'one series per demo ticker asked about (the seed catalog), for one job run',
    eviction: 'replaced by a longer series when a later date is asked for; all with the provider',
    coherence: 'generateDemoSeries is pure, and a day comes out the same whatever date the series reaches (fixed draws per day, the scale set at the anchor)',
    clearable: true,
    clear: (provider) => provider.cache.clear(),
    size: (provider) => provider.cache.size,
  });
  readonly source = 'demo' as const;
  private readonly now: () => string;
  private readonly profileOf: (ticker: string) => DemoProfile | null;
  private readonly cache = new Map<string, { until: IsoDate; series: DemoSeries }>();

  constructor(options: DemoProviderOptions) {
    this.now = options.now;
    this.profileOf = options.profileOf ?? demoProfileOf;
    // held weakly by the registry: nothing to undo when the run's provider goes
    DemoMarketDataProvider.seriesKind.track(this);
  }

  /** The last session whose bar is complete at `now`: today after 16:00 on a business day, else earlier. */
  lastCompletedSession(now = this.now()): IsoDate {
    const ny = newYorkTime(now);
    if (isBusinessDay(ny.date) && ny.minuteOfDay >= MARKET_CLOSE) return ny.date;
    return previousBusinessDay(ny.date);
  }

  /** The ticker's series up to at least `until`; null for a ticker this provider does not serve. */
  private series(ticker: string, until: IsoDate): DemoSeries | null {
    const key = ticker.toUpperCase();
    const cached = this.cache.get(key);
    if (cached && cached.until >= until) return cached.series;
    const profile = this.profileOf(key);
    if (!profile) return null;
    // Generate a little ahead so the next business day's declared distribution is known.
    const horizon = addDays(until, 14);
    const series = generateDemoSeries(key, profile, horizon);
    this.cache.set(key, { until: horizon, series });
    return series;
  }

  async dailyBars(tickers: readonly string[], from: string, to: string): Promise<ProviderBar[]> {
    const last = this.lastCompletedSession();
    const until = to < last ? to : last;
    const out: ProviderBar[] = [];
    for (const ticker of tickers) {
      for (const bar of this.series(ticker, until)?.bars ?? []) if (bar.date >= from && bar.date <= until) out.push({ ...bar, ticker });
    }
    return out;
  }

  async distributions(tickers: readonly string[], from: string, to: string): Promise<ProviderDistribution[]> {
    const today = newYorkTime(this.now()).date;
    const out: ProviderDistribution[] = [];
    for (const ticker of tickers) {
      for (const { declaredOn, ...d } of this.series(ticker, today)?.distributions ?? []) {
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
        const bars = this.series(ticker, ny.date)?.bars ?? [];
        const i = bars.findIndex((b) => b.date === ny.date);
        const today = bars[i];
        if (!today) continue;
        const prev = bars[i - 1] ?? null;
        // A function of (ticker, minute): from the open to the close along the day's bridge, inside its range.
        const minute = ny.minuteOfDay - MARKET_OPEN;
        const f = minute / SESSION_MINUTES;
        const [open, close, high, low] = [Number(today.open), Number(today.close), Number(today.high), Number(today.low)];
        const price = open + (close - open) * f + intradayBridge(ticker, ny.date)[minute]! * (high - low);
        const bounded = Math.min(high, Math.max(low, price));
        const minuteStart = new Date(Math.floor(Date.parse(now) / 60_000) * 60_000).toISOString();
        out.push({ ticker, price: cents(bounded), at: minuteStart, previousClose: prev?.close ?? null });
      } else {
        const session = this.lastCompletedSession(now);
        const bars = this.series(ticker, session)?.bars ?? [];
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
