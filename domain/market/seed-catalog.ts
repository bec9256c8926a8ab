import { createHash } from 'node:crypto';
import type { PayoutFrequency } from '../../events/catalog.ts';
import { onOrAfterBusinessDay, type Weekday } from './trading-days.ts';

/**
 * The seed catalog of the embedded default: 63 weekly-distribution ETFs, written by hand from the facts
 * in ../shared/data/weekly-etfs.csv (checked in 2026). Conventions, also in docs/metrics.md "Seed":
 * - brand as the product names it: Roundhill, Granite (GraniteShares YieldBOOST), YieldMax, Defiance,
 *   REX (REX Shares), Nicholas (Nicholas / Tidal);
 * - name without the research remarks ("(exact name unverified)", "(formerly ...)");
 * - frequency is the current one ("weekly since Oct 2025 (...)" -> weekly; "twice weekly" ->
 *   twice-weekly); earlier schedules are history, not today's cadence;
 * - underlying: the single stock's ticker, or the index for index strategies (SPX for the S&P 500,
 *   NDX for the Nasdaq-100 and QQQ-based funds, RUT for the Russell 2000), BTC / ETH for the crypto
 *   covered-call funds; null for multi-asset funds and funds of funds;
 * - inceptionDate: the exact date when known; "~2025-06" (month only) -> the first trading day of that
 *   month (never a weekend: 2025-06-02) with `inceptionApproximate: true`; unknown -> null;
 * - family: the issuer's fund line (Roundhill WeeklyPay, YieldMax single-stock, ...), as the CSV's
 *   sources group them; the demo data starts an undated fund no earlier than its family's first fund;
 * - description: the strategy in plain words, without the source remarks and stale payout figures;
 * - payout pattern: ex-weekday(s) and the business-day lag to the pay date, from the CSV's dated
 *   examples where it has one (`patternSource: 'csv'`), otherwise assumed from the issuer's other
 *   funds (`patternSource: 'assumed'`). Used by the demo data; real calendars come from the data.
 */

export type SeedBrand = 'Roundhill' | 'Granite' | 'YieldMax' | 'Defiance' | 'REX' | 'Nicholas';
export const SEED_BRANDS: readonly SeedBrand[] = ['Roundhill', 'Granite', 'YieldMax', 'Defiance', 'REX', 'Nicholas'];

export interface PayoutPattern {
  /** Ex-dividend weekday(s), 1 = Monday ... 5 = Friday (two for twice-weekly funds). */
  exWeekdays: readonly Weekday[];
  /** Business days from the ex-date to the pay date. */
  payLagBusinessDays: number;
  patternSource: 'csv' | 'assumed';
  /** Where the pattern comes from. */
  note: string;
}

/** A fund line of one issuer (the CSV's sources announce and date funds line by line). */
export type SeedFamily =
  | 'roundhill-weeklypay'
  | 'roundhill-weeklypay-fof'
  | 'roundhill-tbill'
  | 'roundhill-0dte'
  | 'roundhill-crypto'
  | 'yieldmax-portfolio'
  | 'yieldmax-0dte'
  | 'yieldmax-single-stock'
  | 'defiance'
  | 'granite-single-stock'
  | 'granite-fof'
  | 'rex-growth-income'
  | 'nicholas';

export interface SeedEtf {
  ticker: string;
  name: string;
  brand: SeedBrand;
  family: SeedFamily;
  description: string;
  frequency: PayoutFrequency;
  underlying: string | null;
  inceptionDate: string | null;
  inceptionApproximate: boolean;
  pattern: PayoutPattern;
}

const MON = 1 as Weekday;
const TUE = 2 as Weekday;
const WED = 3 as Weekday;
const THU = 4 as Weekday;
const FRI = 5 as Weekday;

// Patterns ---------------------------------------------------------------------------------------
/** Roundhill WeeklyPay: AMDW went ex on Tuesday 2025-08-05; pay assumed the next business day. */
const ROUNDHILL_WEEKLYPAY: PayoutPattern = { exWeekdays: [TUE], payLagBusinessDays: 1, patternSource: 'csv', note: 'AMDW ex Tue 2025-08-05; pay assumed next business day' };
const ROUNDHILL_WEEKLYPAY_ASSUMED: PayoutPattern = { ...ROUNDHILL_WEEKLYPAY, patternSource: 'assumed', note: 'as the other WeeklyPay funds (AMDW ex Tue)' };
/** Roundhill 0DTE covered-call funds: ex Thu 6/27/24, pay Fri 6/28/24. */
const ROUNDHILL_0DTE: PayoutPattern = { exWeekdays: [THU], payLagBusinessDays: 1, patternSource: 'csv', note: 'XDTE/QDTE ex Thu 2024-06-27, pay Fri 2024-06-28' };
/** Roundhill crypto covered calls: ex Wednesday / pay Thursday from July 2025. */
const ROUNDHILL_CRYPTO: PayoutPattern = { exWeekdays: [WED], payLagBusinessDays: 1, patternSource: 'csv', note: 'YBTC ex Wed / pay Thu from Jul 2025' };
/** YieldMax weekly portfolio funds: ex Wednesday 10/15/25; YieldMax pays the next day. */
const YIELDMAX_WEEKLY: PayoutPattern = { exWeekdays: [WED], payLagBusinessDays: 1, patternSource: 'csv', note: 'ex Wed 2025-10-15 (weekly group); pay next business day' };
/** YieldMax single-stock funds, Group 2 (Friday pay): ex Thursday. */
const YIELDMAX_GROUP2: PayoutPattern = { exWeekdays: [THU], payLagBusinessDays: 1, patternSource: 'csv', note: 'Group 2: Friday pay, ex Thursday' };
const YIELDMAX_GROUP1: PayoutPattern = { exWeekdays: [WED], payLagBusinessDays: 1, patternSource: 'csv', note: 'Group 1: Thursday pay, ex Wednesday' };
const YIELDMAX_SINGLE_ASSUMED: PayoutPattern = {
  exWeekdays: [THU],
  payLagBusinessDays: 1,
  patternSource: 'assumed',
  note: 'weekly group not in the CSV; its dated examples (2025) went ex on Thursdays',
};
/** Defiance: WDTE ex Thursday 2026-06-04; pay assumed the next business day. */
const DEFIANCE: PayoutPattern = { exWeekdays: [THU], payLagBusinessDays: 1, patternSource: 'csv', note: 'WDTE ex Thu 2026-06-04; pay assumed next business day' };
const DEFIANCE_TWICE: PayoutPattern = { exWeekdays: [MON, THU], payLagBusinessDays: 1, patternSource: 'csv', note: 'twice weekly, Mon and Thu; pay assumed next business day' };
/** GraniteShares YieldBOOST single-stock: ex Friday 7/11/25, pay Tuesday 7/15/25 (2 business days). */
const GRANITE: PayoutPattern = { exWeekdays: [FRI], payLagBusinessDays: 2, patternSource: 'csv', note: 'TSYY ex Fri 2025-07-11, pay Tue 2025-07-15' };
const GRANITE_ASSUMED: PayoutPattern = { ...GRANITE, patternSource: 'assumed', note: 'as the other YieldBOOST single-stock funds (ex Fri, pay Tue)' };
/** GraniteShares YieldBOOST funds of funds: ex Monday 12/29/25. */
const GRANITE_FOF: PayoutPattern = { exWeekdays: [MON], payLagBusinessDays: 1, patternSource: 'csv', note: 'YBST/YBTY ex Mon 2025-12-29; pay assumed next business day' };
/** REX Growth & Income: NVII declared on Tuesday 2026-04-14; ex assumed Wednesday, pay Thursday. */
const REX: PayoutPattern = { exWeekdays: [WED], payLagBusinessDays: 1, patternSource: 'assumed', note: 'NVII declared Tue 2026-04-14; ex Wed / pay Thu assumed' };
/** Nicholas: pays Mondays (Tuesday 2025-09-02 after Labor Day); ex assumed the Friday before. */
const NICHOLAS: PayoutPattern = { exWeekdays: [FRI], payLagBusinessDays: 1, patternSource: 'csv', note: 'pays Mondays (2025-09-02 after Labor Day); ex assumed Friday' };

interface Row {
  ticker: string;
  name: string;
  brand: SeedBrand;
  description: string;
  frequency?: PayoutFrequency;
  underlying: string | null;
  /** `YYYY-MM-DD`, `~YYYY-MM` (approximate month) or null. */
  inception: string | null;
  pattern: PayoutPattern;
}

const wp = (ticker: string, stock: string, underlying: string, inception: string | null, pattern = ROUNDHILL_WEEKLYPAY_ASSUMED): Row => ({
  ticker,
  name: `Roundhill ${stock} WeeklyPay ETF`,
  brand: 'Roundhill',
  description: `Seeks 1.2 times the calendar-week return of ${underlying} through total return swaps, and pays a distribution every week.`,
  underlying,
  inception,
  pattern,
});

const ROWS: Row[] = [
  // Roundhill WeeklyPay
  { ...wp('NVDW', 'NVDA', 'NVDA', '2025-02-19'), description: 'Seeks 1.2 times the calendar-week return of NVDA through total return swaps, and pays a distribution every week. Launched as NVW, later renamed NVDW.' },
  { ...wp('TSLW', 'TSLA', 'TSLA', '2025-02-19'), description: 'Seeks 1.2 times the calendar-week return of TSLA through total return swaps, and pays a distribution every week. Launched as TSW.' },
  wp('AAPW', 'AAPL', 'AAPL', '2025-02-19'),
  wp('COIW', 'COIN', 'COIN', '2025-02-19'),
  wp('PLTW', 'PLTR', 'PLTR', '2025-02-19'),
  wp('AMZW', 'AMZN', 'AMZN', '~2025-06'),
  wp('METW', 'META', 'META', null),
  wp('MSFW', 'MSFT', 'MSFT', null),
  wp('GOOW', 'GOOGL', 'GOOGL', null),
  wp('NFLW', 'NFLX', 'NFLX', null),
  wp('AMDW', 'AMD', 'AMD', null, ROUNDHILL_WEEKLYPAY),
  { ...wp('BRKW', 'BRKB', 'BRK.B', null), description: 'Seeks 1.2 times the calendar-week return of Berkshire Hathaway class B (BRK.B) through total return swaps, and pays a distribution every week.' },
  wp('HOOW', 'HOOD', 'HOOD', '2025-06-18'),
  wp('MSTW', 'MSTR', 'MSTR', '2025-07-24'),
  wp('AVGW', 'AVGO', 'AVGO', '2025-07-24'),
  {
    ticker: 'GLDW', name: 'Roundhill Gold WeeklyPay ETF', brand: 'Roundhill', underlying: null, inception: '2025-10-30', pattern: ROUNDHILL_WEEKLYPAY_ASSUMED,
    description: 'Seeks 1.2 times the calendar-week return of a gold ETF through total return swaps, and pays a distribution every week.',
  },
  {
    ticker: 'TSYW', name: 'Roundhill Treasury Bond WeeklyPay ETF', brand: 'Roundhill', underlying: null, inception: '2025-11-13', pattern: ROUNDHILL_WEEKLYPAY_ASSUMED,
    description: 'Seeks 1.2 times the calendar-week return of a Treasury bond ETF through total return swaps, and pays a distribution every week.',
  },
  {
    ticker: 'WPAY', name: 'Roundhill WeeklyPay Universe ETF', brand: 'Roundhill', underlying: null, inception: '2025-09-04', pattern: ROUNDHILL_WEEKLYPAY_ASSUMED,
    description: 'Holds all of the single-stock WeeklyPay ETFs in equal weight, tracking the Solactive Roundhill WeeklyPay Universe Index.',
  },
  {
    ticker: 'TOPW', name: 'Roundhill Top WeeklyPay ETF', brand: 'Roundhill', underlying: null, inception: null, pattern: ROUNDHILL_WEEKLYPAY_ASSUMED,
    description: 'A fund of WeeklyPay ETFs tied to the 25 largest US companies.',
  },
  // Roundhill income funds
  {
    ticker: 'WEEK', name: 'Roundhill Weekly T-Bill ETF', brand: 'Roundhill', underlying: null, inception: '~2025-03',
    pattern: { ...ROUNDHILL_0DTE, patternSource: 'assumed', note: 'not in the CSV; assumed as the Roundhill 0DTE funds (ex Thu / pay Fri)' },
    description: 'Holds US Treasury bills maturing in 0-3 months and aims for a stable NAV from week to week.',
  },
  {
    ticker: 'XDTE', name: 'Roundhill S&P 500 0DTE Covered Call Strategy ETF', brand: 'Roundhill', underlying: 'SPX', inception: '~2024-03', pattern: ROUNDHILL_0DTE,
    description: 'Sells daily zero-days-to-expiry (0DTE) covered calls on the S&P 500.',
  },
  {
    ticker: 'QDTE', name: 'Roundhill N-100 0DTE Covered Call Strategy ETF', brand: 'Roundhill', underlying: 'NDX', inception: '~2024-03', pattern: ROUNDHILL_0DTE,
    description: 'Sells daily zero-days-to-expiry (0DTE) covered calls on the Nasdaq-100.',
  },
  {
    ticker: 'RDTE', name: 'Roundhill Russell 2000 0DTE Covered Call Strategy ETF', brand: 'Roundhill', underlying: 'RUT', inception: null,
    pattern: { ...ROUNDHILL_0DTE, patternSource: 'assumed', note: 'as XDTE/QDTE (ex Thu / pay Fri)' },
    description: 'Sells daily zero-days-to-expiry (0DTE) covered calls on the Russell 2000.',
  },
  {
    ticker: 'YBTC', name: 'Roundhill Bitcoin Covered Call Strategy ETF', brand: 'Roundhill', underlying: 'BTC', inception: '~2024-01', pattern: ROUNDHILL_CRYPTO,
    description: 'Sells covered calls on exposure to bitcoin exchange-traded products. Weekly distributions since July 2025 (monthly before).',
  },
  {
    ticker: 'YETH', name: 'Roundhill Ether Covered Call Strategy ETF', brand: 'Roundhill', underlying: 'ETH', inception: null,
    pattern: { ...ROUNDHILL_CRYPTO, patternSource: 'assumed', note: 'moved to weekly with YBTC in July 2025 (ex Wed / pay Thu)' },
    description: 'Sells covered calls on exposure to ether exchange-traded products. Weekly distributions since July 2025 (monthly before).',
  },
  // YieldMax weekly portfolio funds
  {
    ticker: 'ULTY', name: 'YieldMax Ultra Option Income Strategy ETF', brand: 'YieldMax', underlying: null, inception: '~2024-02', pattern: YIELDMAX_WEEKLY,
    description: 'A portfolio of 15-30 covered-call strategies on high-volatility stocks (sub-advised by ZEGA). Weekly distributions since early 2025 (monthly before).',
  },
  {
    ticker: 'YMAX', name: 'YieldMax Universe Fund of Option Income ETFs', brand: 'YieldMax', underlying: null, inception: '~2024-01', pattern: YIELDMAX_WEEKLY,
    description: 'A fund of the YieldMax single-stock option income ETFs.',
  },
  {
    ticker: 'YMAG', name: 'YieldMax Magnificent 7 Fund of Option Income ETFs', brand: 'YieldMax', underlying: null, inception: '~2024-01', pattern: YIELDMAX_WEEKLY,
    description: 'A fund of the YieldMax option income ETFs on the Magnificent 7 stocks.',
  },
  {
    ticker: 'LFGY', name: 'YieldMax Crypto Industry & Tech Portfolio Option Income ETF', brand: 'YieldMax', underlying: null, inception: null, pattern: YIELDMAX_WEEKLY,
    description: 'Crypto-industry and technology stocks with an option income overlay.',
  },
  {
    ticker: 'GPTY', name: 'YieldMax AI & Tech Portfolio Option Income ETF', brand: 'YieldMax', underlying: null, inception: null, pattern: YIELDMAX_WEEKLY,
    description: 'Artificial-intelligence and technology stocks with an option income overlay.',
  },
  {
    ticker: 'CHPY', name: 'YieldMax Semiconductor Portfolio Option Income ETF', brand: 'YieldMax', underlying: null, inception: '~2025-04', pattern: YIELDMAX_WEEKLY,
    description: 'Semiconductor stocks with an option income overlay.',
  },
  {
    ticker: 'SLTY', name: 'YieldMax Ultra Short Option Income Strategy ETF', brand: 'YieldMax', underlying: null, inception: null, pattern: YIELDMAX_WEEKLY,
    description: 'A portfolio of short-side option income strategies.',
  },
  {
    ticker: 'SDTY', name: 'YieldMax S&P 500 0DTE Covered Call ETF', brand: 'YieldMax', underlying: 'SPX', inception: '~2025-02', pattern: YIELDMAX_WEEKLY,
    description: 'Sells zero-days-to-expiry (0DTE) covered calls on the S&P 500.',
  },
  {
    ticker: 'QDTY', name: 'YieldMax Nasdaq 100 0DTE Covered Call ETF', brand: 'YieldMax', underlying: 'NDX', inception: null, pattern: YIELDMAX_WEEKLY,
    description: 'Sells zero-days-to-expiry (0DTE) covered calls on the Nasdaq-100.',
  },
  {
    ticker: 'RDTY', name: 'YieldMax R2000 0DTE Covered Call ETF', brand: 'YieldMax', underlying: 'RUT', inception: null, pattern: YIELDMAX_WEEKLY,
    description: 'Sells zero-days-to-expiry (0DTE) covered calls on the Russell 2000.',
  },
  {
    ticker: 'FEAT', name: 'YieldMax Dorsey Wright Featured 5 Income ETF', brand: 'YieldMax', underlying: null, inception: null, pattern: YIELDMAX_WEEKLY,
    description: 'Holds five YieldMax ETFs selected by Dorsey Wright.',
  },
  {
    ticker: 'FIVY', name: 'YieldMax Dorsey Wright Hybrid 5 Income ETF', brand: 'YieldMax', underlying: null, inception: null, pattern: YIELDMAX_WEEKLY,
    description: 'A hybrid portfolio of five income funds selected by Dorsey Wright.',
  },
  // YieldMax single-stock funds (weekly since October 2025)
  {
    ticker: 'MSTY', name: 'YieldMax MSTR Option Income Strategy ETF', brand: 'YieldMax', underlying: 'MSTR', inception: '~2024-02', pattern: YIELDMAX_SINGLE_ASSUMED,
    description: 'A synthetic covered call on MSTR. Weekly distributions since October 2025 (every four weeks before, monthly in 2024).',
  },
  {
    ticker: 'TSLY', name: 'YieldMax TSLA Option Income Strategy ETF', brand: 'YieldMax', underlying: 'TSLA', inception: '~2022-11', pattern: YIELDMAX_SINGLE_ASSUMED,
    description: 'A synthetic covered call on TSLA. Weekly distributions since October 2025 (monthly or every four weeks before).',
  },
  {
    ticker: 'NVDY', name: 'YieldMax NVDA Option Income Strategy ETF', brand: 'YieldMax', underlying: 'NVDA', inception: '~2023-05', pattern: YIELDMAX_GROUP2,
    description: 'A synthetic covered call on NVDA. Weekly distributions since October 2025.',
  },
  {
    ticker: 'CONY', name: 'YieldMax COIN Option Income Strategy ETF', brand: 'YieldMax', underlying: 'COIN', inception: '~2023-08', pattern: YIELDMAX_GROUP1,
    description: 'A synthetic covered call on COIN. Weekly distributions since October 2025.',
  },
  {
    ticker: 'AMZY', name: 'YieldMax AMZN Option Income Strategy ETF', brand: 'YieldMax', underlying: 'AMZN', inception: null, pattern: YIELDMAX_SINGLE_ASSUMED,
    description: 'A synthetic covered call on AMZN. Weekly distributions since October 2025 per third-party data (every four weeks in 2025).',
  },
  {
    ticker: 'APLY', name: 'YieldMax AAPL Option Income Strategy ETF', brand: 'YieldMax', underlying: 'AAPL', inception: null, pattern: YIELDMAX_SINGLE_ASSUMED,
    description: 'A synthetic covered call on AAPL. Weekly distributions since October 2025 per third-party data (every four weeks in 2025).',
  },
  {
    ticker: 'AIYY', name: 'YieldMax AI Option Income Strategy ETF', brand: 'YieldMax', underlying: 'AI', inception: null, pattern: YIELDMAX_SINGLE_ASSUMED,
    description: 'A synthetic covered call on C3.ai (AI). Weekly distributions since October 2025 per third-party data (every four weeks in 2025).',
  },
  {
    ticker: 'SMCY', name: 'YieldMax SMCI Option Income Strategy ETF', brand: 'YieldMax', underlying: 'SMCI', inception: null, pattern: YIELDMAX_SINGLE_ASSUMED,
    description: 'A synthetic covered call on SMCI. Weekly distributions since October 2025 per third-party data (every four weeks in 2025).',
  },
  // Defiance
  {
    ticker: 'QQQY', name: 'Defiance Nasdaq 100 Weekly Distribution ETF', brand: 'Defiance', underlying: 'NDX', inception: '2023-09-13', pattern: { ...DEFIANCE, patternSource: 'assumed', note: 'as WDTE (ex Thu)' },
    description: 'Sells daily credit call spreads on the Nasdaq-100 with synthetic index exposure (a put-write strategy until about March 2025). Formerly the Nasdaq 100 Enhanced Options Income ETF.',
  },
  {
    ticker: 'WDTE', name: 'Defiance S&P 500 Weekly Distribution ETF', brand: 'Defiance', underlying: 'SPX', inception: null, pattern: DEFIANCE,
    description: 'Sells daily credit call spreads on the S&P 500. Formerly the S&P 500 Enhanced Options Income ETF.',
  },
  {
    ticker: 'IWMY', name: 'Defiance R2000 Weekly Distribution ETF', brand: 'Defiance', underlying: 'RUT', inception: '~2023-10', pattern: { ...DEFIANCE, patternSource: 'assumed', note: 'as WDTE (ex Thu)' },
    description: 'Zero-days-to-expiry (0DTE) option income on the Russell 2000. Formerly the R2000 Enhanced Options Income ETF.',
  },
  {
    ticker: 'QLDY', name: 'Defiance Nasdaq 100 LightningSpread Income ETF', brand: 'Defiance', frequency: 'twice-weekly', underlying: 'NDX', inception: '2025-09-17', pattern: DEFIANCE_TWICE,
    description: 'Deep in-the-money Nasdaq-100 calls plus daily 0DTE put spreads; pays twice a week (Monday and Thursday ex-dates).',
  },
  // GraniteShares YieldBOOST
  {
    ticker: 'TSYY', name: 'GraniteShares YieldBOOST TSLA ETF', brand: 'Granite', underlying: 'TSLA', inception: '2024-12-18', pattern: GRANITE,
    description: 'Sells put options on 2x leveraged TSLA ETFs for income.',
  },
  {
    ticker: 'NVYY', name: 'GraniteShares YieldBOOST NVDA ETF', brand: 'Granite', underlying: 'NVDA', inception: null, pattern: GRANITE,
    description: 'Sells put options on 2x leveraged NVDA ETFs for income.',
  },
  {
    ticker: 'TQQY', name: 'GraniteShares YieldBOOST QQQ ETF', brand: 'Granite', underlying: 'NDX', inception: null, pattern: GRANITE,
    description: 'Sells put options on TQQQ (3x Nasdaq-100) for income.',
  },
  {
    ticker: 'YSPY', name: 'GraniteShares YieldBOOST SPY ETF', brand: 'Granite', underlying: 'SPX', inception: null, pattern: GRANITE,
    description: 'Sells put options on leveraged S&P 500 ETFs for income.',
  },
  {
    ticker: 'XBTY', name: 'GraniteShares YieldBOOST Bitcoin ETF', brand: 'Granite', underlying: 'BTC', inception: null, pattern: GRANITE,
    description: 'Option income on leveraged bitcoin exchange-traded products.',
  },
  {
    ticker: 'HOYY', name: 'GraniteShares YieldBOOST HOOD ETF', brand: 'Granite', underlying: 'HOOD', inception: '2025-09-30', pattern: GRANITE_ASSUMED,
    description: 'Sells put options on 2x leveraged HOOD ETFs for income.',
  },
  {
    ticker: 'YBST', name: 'GraniteShares YieldBOOST Single Stock Universe ETF', brand: 'Granite', underlying: null, inception: '2025-12-16', pattern: GRANITE_FOF,
    description: 'A fund of the single-stock YieldBOOST ETFs.',
  },
  {
    ticker: 'YBTY', name: 'GraniteShares YieldBOOST Top Yielders ETF', brand: 'Granite', underlying: null, inception: '~2025-12', pattern: GRANITE_FOF,
    description: 'A fund of the top-yielding YieldBOOST ETFs.',
  },
  // REX Shares
  {
    ticker: 'NVII', name: 'REX NVDA Growth & Income ETF', brand: 'REX', underlying: 'NVDA', inception: '~2025-05', pattern: REX,
    description: 'Daily 1.05x to 1.50x exposure to NVDA plus covered calls on part of the position.',
  },
  {
    ticker: 'TSII', name: 'REX TSLA Growth & Income ETF', brand: 'REX', underlying: 'TSLA', inception: null, pattern: REX,
    description: 'Daily 1.05x to 1.50x exposure to TSLA plus covered calls on part of the position.',
  },
  {
    ticker: 'MSII', name: 'REX MSTR Growth & Income ETF', brand: 'REX', underlying: 'MSTR', inception: '2025-06-04', pattern: REX,
    description: 'Daily 1.05x to 1.50x exposure to MSTR plus covered calls on part of the position.',
  },
  {
    ticker: 'COII', name: 'REX COIN Growth & Income ETF', brand: 'REX', underlying: 'COIN', inception: null, pattern: REX,
    description: 'Daily 1.05x to 1.50x exposure to COIN plus covered calls on part of the position.',
  },
  {
    ticker: 'GIF', name: 'REX Growth & Income Universe ETF', brand: 'REX', underlying: null, inception: '2026-02-26', pattern: REX,
    description: 'A fund of the REX Growth & Income ETFs.',
  },
  // Nicholas (Tidal)
  {
    ticker: 'BLOX', name: 'Nicholas Crypto Income ETF', brand: 'Nicholas', underlying: null, inception: '2025-06-17', pattern: NICHOLAS,
    description: 'Crypto-industry equities and bitcoin/ether exchange-traded products with an options overlay; pays every Monday.',
  },
];

/** The fund lines (in catalog order). */
const FAMILIES: Record<SeedFamily, readonly string[]> = {
  'roundhill-weeklypay': ['NVDW', 'TSLW', 'AAPW', 'COIW', 'PLTW', 'AMZW', 'METW', 'MSFW', 'GOOW', 'NFLW', 'AMDW', 'BRKW', 'HOOW', 'MSTW', 'AVGW', 'GLDW', 'TSYW'],
  'roundhill-weeklypay-fof': ['WPAY', 'TOPW'],
  'roundhill-tbill': ['WEEK'],
  'roundhill-0dte': ['XDTE', 'QDTE', 'RDTE'],
  'roundhill-crypto': ['YBTC', 'YETH'],
  'yieldmax-portfolio': ['ULTY', 'YMAX', 'YMAG', 'LFGY', 'GPTY', 'CHPY', 'SLTY', 'FEAT', 'FIVY'],
  'yieldmax-0dte': ['SDTY', 'QDTY', 'RDTY'],
  'yieldmax-single-stock': ['MSTY', 'TSLY', 'NVDY', 'CONY', 'AMZY', 'APLY', 'AIYY', 'SMCY'],
  defiance: ['QQQY', 'WDTE', 'IWMY', 'QLDY'],
  'granite-single-stock': ['TSYY', 'NVYY', 'TQQY', 'YSPY', 'XBTY', 'HOYY'],
  'granite-fof': ['YBST', 'YBTY'],
  'rex-growth-income': ['NVII', 'TSII', 'MSII', 'COII', 'GIF'],
  nicholas: ['BLOX'],
};
const familyOfTicker = new Map(Object.entries(FAMILIES).flatMap(([family, tickers]) => tickers.map((t) => [t, family as SeedFamily] as const)));

function toSeed(row: Row): SeedEtf {
  const approximate = row.inception?.startsWith('~') ?? false;
  const inceptionDate = row.inception === null ? null : approximate ? onOrAfterBusinessDay(`${row.inception.slice(1)}-01`) : row.inception;
  const family = familyOfTicker.get(row.ticker);
  if (!family) throw new Error(`seed catalog: ${row.ticker} has no family`);
  return {
    ticker: row.ticker,
    name: row.name,
    brand: row.brand,
    family,
    description: row.description,
    frequency: row.frequency ?? 'weekly',
    underlying: row.underlying,
    inceptionDate,
    inceptionApproximate: approximate,
    pattern: row.pattern,
  };
}

export const SEED_CATALOG: readonly SeedEtf[] = ROWS.map(toSeed);

/**
 * What the catalog lists of a seed fund (the owner's form fields), every field but those only the demo
 * data uses: a field added to SeedEtf reaches the listing unless it is named here.
 */
export function seedListing(seed: SeedEtf): Omit<SeedEtf, 'family' | 'inceptionApproximate' | 'pattern'> {
  const { family: _family, inceptionApproximate: _approximate, pattern: _pattern, ...listing } = seed;
  return listing;
}

const byTicker = new Map(SEED_CATALOG.map((e) => [e.ticker, e]));

export function seedEtfByTicker(ticker: string): SeedEtf | undefined {
  return byTicker.get(ticker.toUpperCase());
}

/** Namespace of the seed ids (UUID v5 style), fixed forever so re-seeding finds the same funds. */
const SEED_NAMESPACE = '6f1d2c3b-8a4e-4b5f-9c7d-0e1f2a3b4c5d';

/**
 * A deterministic RFC 9562 version-5 UUID for a seed ticker (SHA-1 of namespace + ticker), so the
 * seed job is idempotent: the same ticker always lists the same `etf-<id>` stream.
 */
export function seedEtfId(ticker: string): string {
  const ns = Buffer.from(SEED_NAMESPACE.replace(/-/g, ''), 'hex');
  const hash = createHash('sha1').update(ns).update(ticker.toUpperCase(), 'utf8').digest();
  const b = hash.subarray(0, 16);
  b[6] = (b[6]! & 0x0f) | 0x50;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const hex = b.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
