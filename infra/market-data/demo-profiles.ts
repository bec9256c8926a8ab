import type { PayoutFrequency } from '../../events/catalog.ts';
import { SEED_CATALOG, seedEtfByTicker, type SeedEtf, type SeedFamily } from '../../domain/market/seed-catalog.ts';
import { addBusinessDays, nextBusinessDay, onOrAfterBusinessDay, previousBusinessDay, type IsoDate, type Weekday } from '../../domain/market/trading-days.ts';

/**
 * What the demo provider generates for each seed fund, from the facts of ../shared/data/weekly-etfs.csv
 * (the seed catalog) and the ranges of each fund's family. docs/demo-data.md explains every figure and
 * cites its CSV row or says that it is an assumption.
 */

/** The ranges a fund's demo series stays in (percent figures; [min, max], drawn once per ticker). */
export interface DemoRange {
  /** Annual distribution rate: payout x payouts a year / price. */
  yieldPercent: readonly [number, number];
  /** Standard deviation of daily log returns. */
  dailyVolatilityPercent: readonly [number, number];
  /** Price at the start of the series, when no dated CSV payout fixes the level. */
  startPrice: readonly [number, number];
  /** Each payout varies by up to +/- this share around the rate (0.15 = +/-15 %). */
  payoutJitter: number;
  /** Total return a year = yield x this share + `extraReturnPercent` (the option premium comes back partly as return). */
  returnShareOfYield: readonly [number, number];
  extraReturnPercent: readonly [number, number];
  /** Where the figures come from (docs/demo-data.md has the long form). */
  source: string;
}

/** A schedule that ended: payouts at `frequency` on ex-dates before `until`. */
export interface PastSchedule {
  frequency: 'monthly' | 'four-weekly';
  until: IsoDate;
  /** Four-weekly: an ex-date on the cycle (its week and every fourth week around it). */
  cycleAnchor?: IsoDate;
}

/** A dated payout from the CSV. The demo series passes through it: the previous close is the level it implies. */
export interface DemoAnchor {
  exDate: IsoDate;
  amount: string;
  /** The issuer's distribution rate in the CSV, when given: price = amount x payouts a year / rate. */
  ratePercent: number | null;
  /** True when the CSV dates this payout (reproduced exactly); false for "about this much around then". */
  exact: boolean;
}

export interface DemoProfile {
  frequency: PayoutFrequency;
  exWeekdays: readonly Weekday[];
  payLagBusinessDays: number;
  /** First bar of the series (a trading day). */
  startDate: IsoDate;
  /** Schedules before the current one, oldest first. */
  pastSchedules: readonly PastSchedule[];
  range: DemoRange;
  anchor: DemoAnchor | null;
  /** Ex-dates on which the CSV shows a declared $0.0000 (FEAT, FIVY 10/15/25): a zero distribution. */
  zeroExDates: readonly IsoDate[];
  /** The PRNG's seed text when not the ticker (a fund whose own draw behaved unlike the real fund). */
  seed?: string;
}

// Ranges -------------------------------------------------------------------------------------------

const r = (
  yieldPercent: [number, number],
  dailyVolatilityPercent: [number, number],
  startPrice: [number, number],
  source: string,
  more: Partial<Pick<DemoRange, 'payoutJitter' | 'returnShareOfYield' | 'extraReturnPercent'>> = {},
): DemoRange => ({
  yieldPercent,
  dailyVolatilityPercent,
  startPrice,
  payoutJitter: more.payoutJitter ?? 0.15,
  returnShareOfYield: more.returnShareOfYield ?? [0.6, 1],
  extraReturnPercent: more.extraReturnPercent ?? [-10, 10],
  source,
});

export type DemoRangeClass = SeedFamily | 'gold-weeklypay' | 'treasury-weeklypay' | 'granite-index';

export const DEMO_RANGES: Record<DemoRangeClass, DemoRange> = {
  'roundhill-weeklypay': r([40, 80], [1.8, 3.6], [25, 50], 'assumed: 1.2x single stocks (1.5-3 % a day) with a high weekly payout; AMDW $0.5988 (2025-08-05) fixes its level'),
  'gold-weeklypay': r([10, 20], [1.2, 1.8], [25, 50], 'assumed: 1.2x gold (about 1-1.5 % a day), which pays no income itself'),
  'treasury-weeklypay': r([4, 6], [0.4, 0.9], [25, 50], 'assumed: 1.2x a Treasury bond ETF: bond yields (4-5 % in 2025) and bond volatility', {
    payoutJitter: 0.05,
    returnShareOfYield: [1, 1],
    extraReturnPercent: [-3, 3],
  }),
  'roundhill-weeklypay-fof': r([40, 70], [1.5, 2.5], [25, 50], 'assumed: an equal-weight basket of the WeeklyPay funds (less volatile than one stock)'),
  'roundhill-tbill': r([4, 4.5], [0.005, 0.015], [100, 100], 'CSV WEEK: 0-3 month T-bills, "targets stable NAV"; 3-month T-bill yields of 2025-2026', {
    payoutJitter: 0.03,
    returnShareOfYield: [1, 1],
    extraReturnPercent: [0, 0],
  }),
  'roundhill-0dte': r([15, 35], [0.7, 1.4], [40, 60], 'CSV 0DTE rows: SDTY 16.22 %, QDTY 28.52 %, RDTY 30.83 %; index volatility; XDTE/QDTE $0.263798/$0.354811 (6/27/24) fix their level'),
  'roundhill-crypto': r([40, 80], [2, 3.2], [25, 50], 'assumed: covered calls on bitcoin/ether ETPs, below the CSV crypto rows LFGY 80.41 % and XBTY 100.30 %'),
  'yieldmax-portfolio': r([34, 88], [1.3, 2.5], [15, 50], 'CSV rates 10/15/25: GPTY 34.20 % .. ULTY 87.10 %; each fund with a rate uses its own'),
  'yieldmax-0dte': r([16, 31], [0.7, 1.4], [40, 50], 'CSV rates 10/15/25: SDTY 16.22 %, QDTY 28.52 %, RDTY 30.83 %'),
  'yieldmax-single-stock': r([35, 100], [1.8, 3], [10, 30], 'assumed between the CSV YieldMax portfolio rates (34-87 %) and the YieldBOOST single-stock rates (50-140 %); dated payouts fix the level'),
  defiance: r([20, 50], [0.8, 1.6], [15, 40], 'assumed from the CSV index-income rates (0DTE 16-31 %, YieldBOOST SPY/QQQ 50 %); WDTE $0.1792 (2026-06-04) fixes its level'),
  'granite-single-stock': r([49, 141], [1.5, 3.5], [8, 27], 'CSV rates 7/11/25: TQQY 49.94 % .. TSYY 140.46 %; each fund with a rate uses its own'),
  'granite-index': r([49, 60], [1, 2], [15, 25], 'CSV rates 7/11/25: TQQY 49.94 %, YSPY 50.09 % (puts on leveraged index ETFs: index volatility, not a single stock\'s)'),
  'granite-fof': r([50, 100], [1.2, 2.5], [20, 30], 'assumed: a basket of the YieldBOOST funds (CSV 50-140 %); YBST $0.3904 / YBTY $0.4616 (12/29/25) fix the level'),
  'rex-growth-income': r([20, 50], [2, 4], [20, 40], 'assumed: leveraged single stocks with covered calls on part of the position; NVII $0.1796 (declared 2026-04-14) fixes its level'),
  nicholas: r([25, 45], [1.8, 3], [15, 30], 'assumed: crypto equities with an options overlay; BLOX $0.1371 (paid 2025-09-02) fixes its level'),
};

export function rangeClassOf(seed: SeedEtf): DemoRangeClass {
  if (seed.ticker === 'GLDW') return 'gold-weeklypay';
  if (seed.ticker === 'TSYW') return 'treasury-weeklypay';
  if (seed.family === 'granite-single-stock' && (seed.underlying === 'SPX' || seed.underlying === 'NDX')) return 'granite-index';
  return seed.family;
}

// Frequency history (CSV "frequency" column) --------------------------------------------------------

/** YieldMax single-stock funds: "weekly since Oct 2025 (every 4 weeks before; monthly in 2024)" (MSTY, TSLY, AMZY..SMCY). */
const YIELDMAX_SINGLE_STOCK_HISTORY: readonly PastSchedule[] = [
  { frequency: 'monthly', until: '2025-01-01' },
  // SMCY ex 2/13/25 and MSTY/AMZY/APLY/AIYY ex 4/10/25 are eight weeks apart: one four-week cycle
  { frequency: 'four-weekly', until: '2025-10-01', cycleAnchor: '2025-04-10' },
];

function pastSchedulesOf(seed: SeedEtf): readonly PastSchedule[] {
  if (seed.family === 'yieldmax-single-stock') return YIELDMAX_SINGLE_STOCK_HISTORY;
  // ULTY "weekly (monthly until early 2025)": weekly from March 2025 (assumed for "early")
  if (seed.ticker === 'ULTY') return [{ frequency: 'monthly', until: '2025-03-01' }];
  // YBTC "weekly (ex Wed / pay Thu from Jul 2025; monthly in 2024)", YETH "weekly (from Jul 2025; previously monthly)"
  if (seed.family === 'roundhill-crypto') return [{ frequency: 'monthly', until: '2025-07-01' }];
  return [];
}

// Dated payouts (CSV "description" column) ----------------------------------------------------------

const ex = (exDate: IsoDate, amount: string, ratePercent: number | null = null, exact = true): DemoAnchor => ({ exDate, amount, ratePercent, exact });

const ANCHORS: Record<string, DemoAnchor> = {
  AMDW: ex('2025-08-05', '0.5988'),
  XDTE: ex('2024-06-27', '0.263798'),
  QDTE: ex('2024-06-27', '0.354811'),
  ULTY: ex('2025-10-15', '0.0908', 87.1),
  YMAX: ex('2025-10-15', '0.1743', 71.49),
  YMAG: ex('2025-10-15', '0.2009', 68.12),
  LFGY: ex('2025-10-15', '0.5831', 80.41),
  GPTY: ex('2025-10-15', '0.3144', 34.2),
  CHPY: ex('2025-10-15', '0.4066', 37),
  SLTY: ex('2025-10-15', '0.4610', 60.93),
  SDTY: ex('2025-10-15', '0.1407', 16.22),
  QDTY: ex('2025-10-15', '0.2457', 28.52),
  RDTY: ex('2025-10-15', '0.2641', 30.83),
  MSTY: ex('2025-04-10', '1.3356'),
  // "weekly $0.29-$0.37 in early 2026" / "weekly $0.09-$0.12 by early 2026": the middle, mid-February
  TSLY: ex('2026-02-12', '0.33', null, false),
  NVDY: ex('2026-02-12', '0.105', null, false),
  AMZY: ex('2025-04-10', '0.4877'),
  APLY: ex('2025-04-10', '0.3023'),
  AIYY: ex('2025-04-10', '0.2301'),
  SMCY: ex('2025-02-13', '2.0901'),
  WDTE: ex('2026-06-04', '0.1792'),
  TSYY: ex('2025-07-11', '0.24238', 140.46),
  NVYY: ex('2025-07-11', '0.51300', 100.04),
  TQQY: ex('2025-07-11', '0.18291', 49.94),
  YSPY: ex('2025-07-11', '0.19353', 50.09),
  XBTY: ex('2025-07-11', '0.47655', 100.3),
  YBST: ex('2025-12-29', '0.3904'),
  YBTY: ex('2025-12-29', '0.4616'),
  // "$0.1796 declared 2026-04-14": ex the next trading day (a declaration is the business day before)
  NVII: ex(nextBusinessDay('2026-04-14'), '0.1796'),
  // "$0.1371 on 2025-09-02" (a pay date): ex the trading day before, by the fund's one-day lag
  BLOX: ex(previousBusinessDay('2025-09-02'), '0.1371'),
};

/**
 * Funds whose walk is drawn from another seed than their ticker (metrics audit N16). Their own draw left
 * them unlike the real funds, which erode as single-stock option-income funds do: TSLY rose 79 % in the
 * two loaded years and 150 % in the last one, its weekly payout doubling to $0.78 after the CSV's "$0.29-
 * $0.37 in early 2026"; AIYY rose 46 % / 166 %; APLY fell to $1.10 (-84 %) with a 122 % trailing yield. Each
 * takes the first seed `TICKER/k` (k = 1, 2, ...) whose walk, as of 2026-11-27 with the seed job's two
 * years loaded, keeps the price below its first close and below its close two years before, but above a
 * quarter of the latter; the one-year total return within ±30 %; the trailing yield within 30-120 %; and,
 * for TSLY, every payout of January-March 2026 within the CSV's $0.29-$0.37 (asserted by
 * demo-plausible.unit.spec.ts). The family's ranges, the anchors and the schedules are unchanged; every
 * other fund keeps its ticker's draw, byte for byte.
 */
const DRAW_SEEDS: Record<string, string> = { TSLY: 'TSLY/120', AIYY: 'AIYY/2', APLY: 'APLY/3' };

/** "$0.0000 declared 10/15/25" (FEAT, FIVY). */
const ZERO_PAYOUTS: Record<string, readonly IsoDate[]> = { FEAT: ['2025-10-15'], FIVY: ['2025-10-15'] };

// Start dates ----------------------------------------------------------------------------------------

/** The earliest dated fund of each family (approximate months count as their first trading day). */
export function familyStart(family: SeedFamily): IsoDate | null {
  let start: IsoDate | null = null;
  for (const s of SEED_CATALOG) if (s.family === family && s.inceptionDate && (start === null || s.inceptionDate < start)) start = s.inceptionDate;
  return start;
}

/** Fallback when a family has no dated fund (none today: the seed catalog's spec checks it). */
export const DEMO_EPOCH = '2024-01-02';

/** The demo profile of a seed fund; null for any other ticker (funds the owner created get no demo data). */
export function demoProfileOf(ticker: string): DemoProfile | null {
  const seed = seedEtfByTicker(ticker);
  if (!seed) return null;
  const start = seed.inceptionDate ?? familyStart(seed.family) ?? DEMO_EPOCH;
  return {
    frequency: seed.frequency,
    exWeekdays: seed.pattern.exWeekdays,
    payLagBusinessDays: seed.pattern.payLagBusinessDays,
    startDate: onOrAfterBusinessDay(start),
    pastSchedules: pastSchedulesOf(seed),
    range: DEMO_RANGES[rangeClassOf(seed)],
    anchor: ANCHORS[seed.ticker] ?? null,
    zeroExDates: ZERO_PAYOUTS[seed.ticker] ?? [],
    ...(DRAW_SEEDS[seed.ticker] ? { seed: DRAW_SEEDS[seed.ticker] } : {}),
  };
}

/** The pay date of an ex-date: the fund's lag in trading days. */
export function demoPayDate(exDate: IsoDate, profile: Pick<DemoProfile, 'payLagBusinessDays'>): IsoDate {
  return addBusinessDays(exDate, profile.payLagBusinessDays);
}
