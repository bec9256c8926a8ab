import { z } from 'zod';
import { canonical, dec, parseAmount } from '../domain/market/decimal.ts';
import { dataSourceSchema, payoutFrequencySchema } from '../events/catalog.ts';
import { distributionCharacterSchema, distributionKindSchema, issuerSchema } from '../events/dividends.ts';
import { endpoint } from './endpoint.ts';
import { decimalDoc, lenient, type OptionalField } from './fields.ts';

/**
 * The public market reads (`/api/top-performers`, `/api/etfs…`, `/api/dividends/calendar`) and the
 * calculators. Decimals are strings; a metric the server cannot compute is null (the client shows N/A).
 * Rendered by read-models/market/render.ts; see docs/market-data-read-side.md.
 */

/** `YYYY-MM-DD` (a US market date). */
export const IsoDate = z.string();
export type IsoDate = z.infer<typeof IsoDate>;

export const DataSource = dataSourceSchema;
export type DataSource = z.infer<typeof DataSource>;
export const PayoutFrequency = payoutFrequencySchema;
export type PayoutFrequency = z.infer<typeof PayoutFrequency>;
/** regular, special or capital-gain (docs/metrics.md, "Kinds of distribution"). */
export const DistributionKind = distributionKindSchema;
export type DistributionKind = z.infer<typeof DistributionKind>;

/**
 * Set when the fund's last regular payouts are spaced unlike its catalog frequency: the figures are
 * annualised at `frequency` (domain/market/run-rate.ts). The owner's screens warn: "Payouts every 28
 * days; the catalog says weekly — figures use four-weekly".
 */
export const InferredFrequency = z.object({
  frequency: PayoutFrequency,
  /** The mean gap between the last payouts, in days. */
  gapDays: z.number(),
  /** Every gap looked at is exactly gapDays. */
  evenly: z.boolean(),
});
export type InferredFrequency = z.infer<typeof InferredFrequency>;

/**
 * How the return window was chosen (docs/metrics.md "Window"): `one-year` (the last close on or before
 * the anniversary), `inception` (a fund younger than a year) or `after-gap` (the first close after a
 * price gap around the anniversary: shorter than a year, labelled "since {windowStart}"). Null without
 * bars: written `z.union([WindowBasis, z.null()])`, since the OpenAPI generator renders `.nullable()` of an
 * enum (inline or named) as an enum that lists null among its values, which the contract's own schema
 * does not (services/gateway/openapi.int.spec.ts compares the two).
 */
export const WindowBasis = z.enum(['one-year', 'inception', 'after-gap']);
export type WindowBasis = z.infer<typeof WindowBasis>;

/** The list item's figures at 12 decimals (trailing zeros cut); null where the rounded field is null. */
export const ExactMetrics = z.object({
  weeklyAverage: z.string().nullable(),
  yieldPercent: z.string().nullable(),
  distributionRate: z.string().nullable(),
  ttmYield: z.string().nullable(),
  annualDripYield: z.string().nullable(),
  oneYearReturn: z.string().nullable(),
  priceReturn: z.string().nullable(),
  dripReturn: z.string().nullable(),
  rocShareTtm: z.string().nullable(),
  trueIncomeRate: z.string().nullable(),
});
export type ExactMetrics = z.infer<typeof ExactMetrics>;

/**
 * Where a distribution's return-of-capital share comes from (issue 27, docs/metrics.md "Return of
 * capital"): `final` (the character recorded after the year ends), `estimate` (the issuer's or the
 * owner's estimate), `not-published` (no figure: the payout counts as income, and the screens say so).
 */
export const RocBasis = z.enum(['final', 'estimate', 'not-published']);
export type RocBasis = z.infer<typeof RocBasis>;

/** How many payouts a figure rests on, by the basis of their ROC share. */
export const RocBasisCounts = z.object({ payouts: z.number(), final: z.number(), estimated: z.number(), notPublished: z.number() });
export type RocBasisCounts = z.infer<typeof RocBasisCounts>;

/**
 * A fund whose data stopped (docs/metrics.md "Stale data"): no close for more than five trading
 * sessions (`since` = priceAsOf), or two expected payouts missed (`since` = the last ex-date). Nothing is
 * projected for it (calendars, ICS feeds, next ex-date, projected income, house-money date) until data
 * resumes.
 */
export const StaleData = z.object({
  since: IsoDate,
  reason: z.enum(['no-recent-price', 'missed-payouts']),
});
export type StaleData = z.infer<typeof StaleData>;

/**
 * An ETF in lists (the list-item fields plus what users need; docs/market-data-read-side.md). `currentPrice` is "" when there is
 * no price; every other metric is null when it cannot be computed.
 */
export const EtfListItem = z.object({
  id: z.string(),
  ticker: z.string(),
  name: z.string(),
  brand: z.string(),
  brandSlug: z.string(),
  /** P: 2 decimals (4 below $1); "" when there is no price. */
  currentPrice: z.string(),
  /** P - previous close, rounded to 4 decimals. */
  dayChange: z.number().nullable(),
  /** 2 decimals. */
  dayChangePercent: z.number().nullable(),
  /** Annual non-DRIP yield, 2 decimals. */
  yieldPercent: z.string().nullable(),
  /** Issuer-style distribution rate: latest declared distribution x payouts a year / price x 100, 2 decimals. */
  distributionRate: z.string().nullable(),
  /** Trailing-twelve-month yield: distributions with ex-date in the last year / price x 100, 2 decimals. */
  ttmYield: z.string().nullable(),
  /** Annual DRIP yield: (1 + one payout / price)^(payouts a year) - 1, 2 decimals. */
  annualDripYield: z.string().nullable(),
  oneYearReturn: z.string().nullable(),
  /** The price part of oneYearReturn: (P - S) / S x 100, 2 decimals (the rest is distributions). */
  priceReturn: z.string().nullable(),
  dripReturn: z.string().nullable(),
  /** Mean per-week amount of the last three distributions, 4 decimals. */
  weeklyAverage: z.string().nullable(),
  /** Days from the start of the return window to the market date (< 365: the returns are "since inception"). */
  historicalPeriodDays: z.number().nullable(),
  /** The first close of the return window (docs/metrics.md "Window"). */
  windowStart: IsoDate.nullable(),
  windowBasis: z.union([WindowBasis, z.null()]),
  /** The same figures unrounded (12 decimals), for the client to round once to its display precision. */
  exact: ExactMetrics,
  nextExDividend: IsoDate.nullable(),
  /** True when nextExDividend is projected from the cadence (or an issuer estimate). */
  nextExDividendEstimated: z.boolean(),
  /** The catalog frequency (the owner's). */
  frequency: PayoutFrequency,
  /** The frequency the figures are annualised with: `frequency`, or the one the payouts' spacing says (`inferredFrequency`). */
  frequencyUsed: PayoutFrequency,
  inferredFrequency: InferredFrequency.nullable(),
  /**
   * How many regular payouts of the current cadence the weekly average, so the yield and the DRIP
   * yield, rests on (1 to 3); below 3 the screens say "based on 1 payout". Null without a weekly average.
   */
  yieldBasis: z.object({ payouts: z.number() }).nullable(),
  /**
   * Percent of the last twelve months' payouts (every kind, ex-date after today − 1 year), weighted by
   * amount, that is capital returned: final where recorded, else the estimate, else 0 (not published:
   * counted as income). 2 decimals; null without a payout in the twelve months.
   */
  rocShareTtm: z.string().nullable(),
  /** How many of those payouts had a final figure, an estimate, or none; null without a payout. */
  rocShareTtmBasis: RocBasisCounts.nullable(),
  /** distributionRate × (100 − rocShareTtm) / 100: the part of the distribution rate that is income, 2 decimals. */
  trueIncomeRate: z.string().nullable(),
  underlying: z.string().nullable(),
  dataSource: DataSource,
  /**
   * True exactly when a figure of the item rests on demo data: a bar the metrics look at (from the one
   * before the one-year window to today), the quote when it is the current price, or a distribution the
   * figures use (docs/market-data-read-side.md "Demo data").
   */
  isDemo: z.boolean(),
  /** The market date the metrics are computed as of (the latest MarketDayBegan). */
  asOf: IsoDate.nullable(),
  /** The session the current price belongs to. */
  priceAsOf: IsoDate.nullable(),
  /**
   * The instant the current price is as of (ISO, UTC): the quote's trade time, or the close of
   * priceAsOf's session (4:00 PM New York). The screens' "Updated …" shows it.
   */
  priceAsOfTime: z.string().nullable(),
  /** The fund's data stopped (StaleData), null while it is current. */
  stale: StaleData.nullable(),
});
export type EtfListItem = z.infer<typeof EtfListItem>;

/**
 * Who stands behind a distribution's amount (docs/declarations.md, "In the API"): `owner` (the owner's
 * CSV or edit), `issuer` (read from the issuer's announcement), `provider` (a market data vendor,
 * Alpaca), `demo` (synthetic demo data). For a projected payout: the source of the declared amount it
 * repeats (the issuer's fields below are then null: they describe a declaration).
 */
export const DistributionSource = z.enum(['owner', 'issuer', 'provider', 'demo']);
/** Whose release an issuer's declaration is (null otherwise: written as a union, like `WindowBasis`). */
export const IssuerName = issuerSchema;
export type DistributionSource = z.infer<typeof DistributionSource>;

/**
 * A declared distribution's origin, on every dividend history item and calendar entry. The four fields
 * after `source` are set only for a declaration read from the issuer's release (source `issuer`) and
 * only where the release gives them; null otherwise. `rocEstimatePercent` is the issuer's estimate, or
 * the owner's (the distribution CSV's `ROC %` column, the owner's edit; issue 27); null when none. The issuer's figures are its own, as stated: its
 * distribution rate is annualised its way (YieldMax x12 or x52 on NAV, Roundhill on the price), so it
 * may differ from our `distributionRate` and `yieldPercent` (docs/metrics.md).
 */
export const DistributionOrigin = z.object({
  source: DistributionSource,
  /** Whose release it is (yieldmax, roundhill, graniteshares, defiance, rex, nicholas); null for every other source, or when not known. */
  issuer: z.union([IssuerName, z.null()]),
  /** The release the declaration was read from (the press release's page). */
  sourceUrl: z.string().nullable(),
  /** When the issuer published it (ISO instant; the feed item's time, else when it was read). */
  declaredAt: z.string().nullable(),
  /** The issuer's stated distribution rate, percent as stated ("87.10"). */
  statedRate: z.string().nullable(),
  /** The issuer's stated 30-day SEC yield, percent ("0.00"; may be negative). */
  secYield: z.string().nullable(),
  /** The estimate (the issuer's, or the owner's) of the part of the payout that is a return of capital, percent (0-100); null: none published. */
  rocEstimatePercent: z.string().nullable(),
});
export type DistributionOrigin = z.infer<typeof DistributionOrigin>;

/**
 * The final character of a distribution, percent of the payout each (the fund's year-end figures, Form
 * 8937 / 1099-DIV): ordinary income (non-qualified), qualified dividends, capital gain, return of capital;
 * they add up to 100 (within 0.1). Decimal strings as recorded ("100", "7.25").
 */
export const DistributionCharacter = distributionCharacterSchema;
export type DistributionCharacter = z.infer<typeof DistributionCharacter>;

/**
 * A distribution's return of capital, on every dividend history item and calendar entry (issue 27):
 * the estimate is `rocEstimatePercent` (DistributionOrigin), the final figures `character`; both stay
 * shown once final ("estimated 92 %, final 100 %").
 */
export const DistributionReturnOfCapital = z.object({
  /** The final character, present once recorded; null until then. */
  character: DistributionCharacter.nullable(),
  /** True once the final character is recorded: it replaces the estimate in every figure. */
  characterFinal: z.boolean(),
  /** The share every figure uses: final, else estimate, else not-published (counted as income). */
  rocBasis: RocBasis,
  /** That share, percent (12 decimals, trailing zeros cut); null when not published (no figure is invented). */
  rocPercent: z.string().nullable(),
});
export type DistributionReturnOfCapital = z.infer<typeof DistributionReturnOfCapital>;

export const DividendHistoryItem = z.object({
  id: z.string(),
  exDividendDate: IsoDate,
  /** The pay date, or (when none is declared) the next business day after the ex-date. */
  payoutDate: IsoDate,
  /**
   * Cash per share on today's share basis: as declared (full precision), or, for an ex-date before a
   * split, the declared amount x oldRate / newRate (`splitAdjusted`).
   */
  amount: z.string(),
  /** An issuer or provider estimate, not a declaration. */
  estimated: z.boolean(),
  /** regular, special or capital-gain (several distributions may share an ex-date when their kinds differ). */
  kind: DistributionKind,
  /** True when `amount` is adjusted for a later split (then `declaredAmount` is what was paid per old share). */
  splitAdjusted: z.boolean(),
  /** The amount as declared, per share of its day. */
  declaredAmount: z.string(),
  /** The distribution is demo data. */
  isDemo: z.boolean(),
})
  .extend(DistributionOrigin.shape)
  .extend(DistributionReturnOfCapital.shape);
export type DividendHistoryItem = z.infer<typeof DividendHistoryItem>;

/**
 * A share split or reverse split (docs/metrics.md, "Splits and reverse splits"): `oldRate` shares
 * before become `newRate` shares from `exDate` on (a 1-for-10 reverse split: oldRate "10", newRate "1").
 */
export const EtfSplit = z.object({
  exDate: IsoDate,
  oldRate: z.string(),
  newRate: z.string(),
  /** "1-for-10 reverse split", "3-for-1 split". */
  description: z.string(),
  /** True while the ex-date is after the market date: nothing is adjusted for it yet. */
  upcoming: z.boolean(),
});
export type EtfSplit = z.infer<typeof EtfSplit>;

export const SimilarEtf = EtfListItem.pick({ id: true, ticker: true, name: true, brand: true, brandSlug: true, currentPrice: true, yieldPercent: true, isDemo: true }).extend({
  /** The unrounded yield (12 decimals), formatted once by the client. */
  exactYieldPercent: z.string().nullable(),
});
export type SimilarEtf = z.infer<typeof SimilarEtf>;

/** An input of a metric's formula: a figure (decimal string), a count, a date, or the distributions used (with their kinds). */
export const MetricInput = z.union([
  z.string(),
  z.number(),
  z.null(),
  z.array(
    z.object({
      exDividendDate: IsoDate,
      amount: z.string(),
      kind: DistributionKind,
      /** rocShareTtm's distributions: the ROC share used, percent (12 decimals). */
      rocPercent: z.string().optional(),
      /** rocShareTtm's distributions: where the share comes from. */
      rocBasis: RocBasis.optional(),
    }),
  ),
]);
export type MetricInput = z.infer<typeof MetricInput>;

/** How a headline metric is computed: its formula and the exact inputs used, under their API names (docs/metrics.md). */
export const MetricExplanation = z.object({ formula: z.string(), inputs: z.record(z.string(), MetricInput) });
export type MetricExplanation = z.infer<typeof MetricExplanation>;

export const EXPLAINED_METRICS = ['yieldPercent', 'distributionRate', 'annualDripYield', 'oneYearReturn', 'dripReturn', 'weeklyAverage', 'rocShareTtm', 'trueIncomeRate'] as const;
export type ExplainedMetric = (typeof EXPLAINED_METRICS)[number];
export const MetricExplanations = z.object({
  yieldPercent: MetricExplanation,
  distributionRate: MetricExplanation,
  annualDripYield: MetricExplanation,
  oneYearReturn: MetricExplanation,
  dripReturn: MetricExplanation,
  weeklyAverage: MetricExplanation,
  rocShareTtm: MetricExplanation,
  trueIncomeRate: MetricExplanation,
});
export type MetricExplanations = z.infer<typeof MetricExplanations>;

/** A fund on the same underlying, side by side on the detail (the fund itself included). */
export const SameUnderlyingEtf = EtfListItem.pick({
  id: true,
  ticker: true,
  name: true,
  brand: true,
  brandSlug: true,
  frequency: true,
  yieldPercent: true,
  distributionRate: true,
  priceReturn: true,
  oneYearReturn: true,
  historicalPeriodDays: true,
  windowStart: true,
  windowBasis: true,
  exact: true,
  isDemo: true,
});
export type SameUnderlyingEtf = z.infer<typeof SameUnderlyingEtf>;

export const EtfDetail = EtfListItem.extend({
  description: z.string(),
  inceptionDate: IsoDate.nullable(),
  windowStart: IsoDate.nullable(),
  previousClose: z.string().nullable(),
  /** Every active distribution, newest first. */
  dividendHistory: z.array(DividendHistoryItem),
  /** The fund's splits and reverse splits, newest first. Prices, amounts and metrics are adjusted for those not upcoming. */
  splits: z.array(EtfSplit),
  similarEtfs: z.array(SimilarEtf),
  /**
   * oneYearReturn split into its price part and its distribution part, 2 decimals each and adding up
   * to oneYearReturn exactly (distributionReturn = oneYearReturn - priceReturn after rounding; `exact`
   * unrounded). Null without a return.
   */
  returnBreakdown: z
    .object({ priceReturn: z.string(), distributionReturn: z.string(), exact: z.object({ priceReturn: z.string(), distributionReturn: z.string() }) })
    .nullable(),
  /**
   * NAV erosion since inception: the change of the (split-adjusted) price from the first close to P,
   * in percent, 2 decimals (negative: the price eroded); `exact` unrounded. Null without prices.
   */
  navErosion: z.object({ since: IsoDate, startPrice: z.string(), currentPrice: z.string(), percent: z.string(), exact: z.string() }).nullable(),
  /**
   * Beside NAV erosion: how much of the last twelve months' payouts was capital returned, per share on
   * today's share basis (4 decimals; `exact` 12): paid = capitalReturned + income, rocShareTtm their ratio,
   * and how many payouts had a final figure, an estimate or none. Null without a payout in the twelve months.
   */
  returnOfCapitalTtm: RocBasisCounts.extend({
    /** The anniversary: payouts with an ex-date after it count. */
    since: IsoDate,
    paidPerShare: z.string(),
    capitalReturnedPerShare: z.string(),
    incomePerShare: z.string(),
    rocShareTtm: z.string().nullable(),
    exact: z.object({ paidPerShare: z.string(), capitalReturnedPerShare: z.string(), incomePerShare: z.string(), rocShareTtm: z.string().nullable() }),
  }).nullable(),
  /** For each headline metric its formula and exact inputs ("how is this computed?"). */
  explain: MetricExplanations,
  /** The funds on the same underlying (this one included), by ticker; empty without an underlying or when it is the only one. */
  sameUnderlying: z.array(SameUnderlyingEtf),
});
export type EtfDetail = z.infer<typeof EtfDetail>;

/** A history point: `timestamp` is the session's ISO date (`YYYY-MM-DD`), `price` the close (or the current quote); `isDemo`: that bar or quote is demo data. */
export const PricePoint = z.object({ timestamp: IsoDate, price: z.number(), isDemo: z.boolean() });
export type PricePoint = z.infer<typeof PricePoint>;

export const HISTORY_RANGES = ['1M', '3M', '6M', '1Y', 'all'] as const;
export const HistoryRange = z.enum(HISTORY_RANGES);
export type HistoryRange = z.infer<typeof HistoryRange>;

/** The public calendar entry (etfId, ticker, name, payoutDate, amount, estimated) plus its ex-date. */
export const PublicCalendarEntry = z.object({
  etfId: z.string(),
  ticker: z.string(),
  name: z.string(),
  payoutDate: IsoDate,
  /** Cash per share as declared (full precision); a projection repeats the latest declared amount. */
  amount: z.string(),
  /** True for projected payouts and issuer estimates. */
  estimated: z.boolean(),
  /** The (projected) ex-date the payout belongs to. */
  exDate: IsoDate,
  /** regular, special or capital-gain; a projected payout is regular (specials are never projected). */
  kind: DistributionKind,
  /** Declared: the distribution is demo data; projected: the payouts it is projected from are. */
  isDemo: z.boolean(),
  /**
   * The distribution the payout is (declared, an issuer estimate) or will be when declared on the
   * projected ex-date (`<etfId>_<exDate>`, events/dividends.ts `distributionIdOf`): the private ICS
   * feed's UID, so an estimate that becomes declared keeps it (docs/calendar-feeds.md).
   */
  distributionId: z.string(),
})
  .extend(DistributionOrigin.shape)
  .extend(DistributionReturnOfCapital.shape);
export type PublicCalendarEntry = z.infer<typeof PublicCalendarEntry>;

/** A day the NYSE is closed inside the calendar window (`GET /api/dividends/calendar/holidays`). */
export const MarketHoliday = z.object({ date: IsoDate, name: z.string() });
export type MarketHoliday = z.infer<typeof MarketHoliday>;

// ---------------------------------------------------------------------------------------------------
// Calculators: what the client sends (the server also accepts "$1,000"-style strings) and the answers

interface AmountRule {
  label: string;
  /** Exclusive lower bound. */
  gt?: number;
  /** Inclusive lower bound. */
  min?: number;
  /** Inclusive upper bound. */
  max?: number;
  rangeMessage: string;
}

const blank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** An amount as a number or a decimal text (`"10,000"`, `"$12.50"`), in its range; canonical decimal text out. */
function amountField(rule: AmountRule, description: string) {
  return lenient<string>(
    z
      .unknown()
      .optional()
      .transform((value, ctx): string => {
        if (blank(value)) {
          ctx.issues.push({ code: 'custom', message: 'Required', input: value });
          return z.NEVER;
        }
        const d = parseAmount(value);
        if (d === null) {
          ctx.issues.push({ code: 'custom', message: `${rule.label} must be a number`, input: value });
          return z.NEVER;
        }
        const tooLow = (rule.gt !== undefined && d.lte(rule.gt)) || (rule.min !== undefined && d.lt(rule.min));
        const tooHigh = rule.max !== undefined && d.gt(rule.max);
        if (tooLow || tooHigh) {
          ctx.issues.push({ code: 'custom', message: rule.rangeMessage, input: value });
          return z.NEVER;
        }
        return canonical(d);
      }) as z.ZodType<string>,
    decimalDoc(description),
  );
}

export const YIELD_FREQUENCIES = ['weekly', 'four-week', 'monthly', 'quarterly'] as const;
export const YieldFrequency = z.enum(YIELD_FREQUENCIES);
export type YieldFrequency = z.infer<typeof YieldFrequency>;

/** `POST /api/calculate/yield`: an investment at a yield, paid `frequency` (weekly when left out). */
export const YieldCalculatorRequest = z.object({
  investment: amountField({ label: 'Investment', gt: 0, max: 1_000_000_000, rangeMessage: 'Investment must be greater than 0 and at most 1,000,000,000' }, 'Amount invested, > 0'),
  yieldPercent: amountField({ label: 'Yield percent', min: 0, max: 1000, rangeMessage: 'Yield percent must be between 0 and 1000' }, 'Annual yield in percent, 0-1000'),
  frequency: z
    .preprocess(
      (v) => (v === undefined || v === null || v === '' ? undefined : v),
      z.enum(YIELD_FREQUENCIES, { error: `Frequency must be one of ${YIELD_FREQUENCIES.join(', ')}` }).default('weekly'),
    ) as unknown as OptionalField<YieldFrequency, YieldFrequency | ''>,
});
/** What the client sends. */
export type YieldCalculatorRequest = z.input<typeof YieldCalculatorRequest>;
export type YieldCalculatorInput = z.output<typeof YieldCalculatorRequest>;

const DIVIDEND_RANGE_MESSAGE = 'Weekly dividend must be between 0 and 10% of the share price';

/** `POST /api/calculate/drip`: weekly reinvestment at a constant price and dividend for whole years. */
export const DripCalculatorRequest = z
  .object({
    initialInvestment: amountField(
      { label: 'Initial investment', gt: 0, max: 1_000_000_000, rangeMessage: 'Initial investment must be greater than 0 and at most 1,000,000,000' },
      'Initial investment, > 0 and at most 1,000,000,000',
    ),
    sharePrice: amountField({ label: 'Share price', min: 0.0001, max: 1_000_000, rangeMessage: 'Share price must be at least 0.0001 and at most 1,000,000' }, 'Share price, 0.0001 to 1,000,000'),
    weeklyDividend: amountField({ label: 'Weekly dividend', min: 0, rangeMessage: DIVIDEND_RANGE_MESSAGE }, 'Weekly dividend per share, at most 10% of the price'),
    years: lenient<number, number | string>(
      z
        .unknown()
        .optional()
        .transform((value, ctx): number => {
          if (blank(value)) {
            ctx.issues.push({ code: 'custom', message: 'Required', input: value });
            return z.NEVER;
          }
          const d = parseAmount(value);
          if (d === null) {
            ctx.issues.push({ code: 'custom', message: 'Years must be a number', input: value });
            return z.NEVER;
          }
          if (!d.isInteger()) {
            ctx.issues.push({ code: 'custom', message: 'Years must be a whole number', input: value });
            return z.NEVER;
          }
          if (d.lt(1) || d.gt(30)) {
            ctx.issues.push({ code: 'custom', message: 'Years must be between 1 and 30', input: value });
            return z.NEVER;
          }
          return d.toNumber();
        }) as z.ZodType<number>,
      { description: 'Whole years, 1-30.', type: ['integer', 'string'] },
    ),
  })
  .strict()
  .superRefine((v, ctx) => {
    // 10% a week is 520% a year: beyond any real fund, and it bounds 30-year compounding.
    if (dec(v.weeklyDividend).gt(dec(v.sharePrice).div(10))) {
      ctx.addIssue({ code: 'custom', path: ['weeklyDividend'], message: DIVIDEND_RANGE_MESSAGE });
    }
  });
/** What the client sends. */
export type DripCalculatorRequest = z.input<typeof DripCalculatorRequest>;
export type DripCalculatorInput = z.output<typeof DripCalculatorRequest>;

export const YieldCalculatorResult = z.object({
  annual: z.string(),
  monthly: z.string(),
  weekly: z.string(),
  perPayout: z.string(),
  payoutsPerYear: z.number(),
  /** True when yieldPercent is above 15: income at a constant price is not realistic there (docs/metrics.md, Calculators). */
  highYield: z.boolean(),
});
export type YieldCalculatorResult = z.infer<typeof YieldCalculatorResult>;


export const DripCalculatorResult = z.object({
  finalValue: z.string(),
  totalShares: z.string(),
  growth: z.string(),
  /** Weeks simulated (years x 52). */
  weeks: z.number(),
  /** The yield the projection compounds: weeklyDividend x 52 / sharePrice x 100, 2 decimals. */
  annualYieldPercent: z.string(),
  /** True when annualYieldPercent is above 15: compounding it at a constant price is not realistic (docs/metrics.md, Calculators). */
  highYield: z.boolean(),
});
export type DripCalculatorResult = z.infer<typeof DripCalculatorResult>;

// ---------------------------------------------------------------------------------------------------
// Endpoints: the public market reads (pre-serialised views: strong ETag, `Cache-Control: no-cache`,
// 304 on If-None-Match; answered in front of Express in their canonical spelling) and the calculators

const tags = ['Market'];
const tickerParam = z.object({ ticker: z.string().describe('The fund ticker, any case (`NVDW`).') });
const preparedHeaders = { ETag: 'Strong ETag of the body (a gzip answer has its own, `"<tag>-gz"`); 304 on If-None-Match.' };

export const TOP_PERFORMERS_DEFAULT_LIMIT = 100;
export const TOP_PERFORMERS_MAX_LIMIT = 500;

const limitMessage = `limit must be a whole number from 1 to ${TOP_PERFORMERS_MAX_LIMIT}`;
export const TopPerformersQuery = z.object({
  limit: z
    .string({ error: limitMessage })
    .regex(/^\d{1,4}$/, limitMessage)
    .transform(Number)
    .pipe(z.number().int().min(1, limitMessage).max(TOP_PERFORMERS_MAX_LIMIT, limitMessage))
    .optional()
    .describe(`How many funds, 1-${TOP_PERFORMERS_MAX_LIMIT} (default ${TOP_PERFORMERS_DEFAULT_LIMIT}).`),
});

export const DEFAULT_HISTORY_RANGE: HistoryRange = '1Y';
const rangeMessage = `range must be one of ${HISTORY_RANGES.join(', ')}`;
export const HistoryQuery = z.object({
  range: z
    .string({ error: rangeMessage })
    .transform((v) => (v.toLowerCase() === 'all' ? 'all' : v.toUpperCase()))
    .pipe(z.enum(HISTORY_RANGES, { error: rangeMessage }))
    .optional()
    .describe(`One of ${HISTORY_RANGES.join(', ')} (any case; default ${DEFAULT_HISTORY_RANGE}).`),
});

export const getTopPerformers = endpoint({
  method: 'get',
  path: '/api/top-performers',
  access: 'public',
  summary: 'ETFs ranked by yield (funds without a yield last).',
  tags,
  query: TopPerformersQuery,
  responses: { 200: { description: 'The ranked list.', json: z.array(EtfListItem), headers: preparedHeaders } },
  errors: [400],
  reads: ['market'],
  prepared: true,
});

export const getEtfs = endpoint({
  method: 'get',
  path: '/api/etfs',
  access: 'public',
  summary: 'Every listed ETF, by ticker.',
  tags,
  responses: { 200: { description: 'Every ETF.', json: z.array(EtfListItem), headers: preparedHeaders } },
  errors: [],
  reads: ['market'],
  prepared: true,
});

export const getEtfsByBrand = endpoint({
  method: 'get',
  path: '/api/etfs/by-brand/:brandSlug',
  access: 'public',
  summary: "One brand's ETFs ([] for an unknown brand).",
  tags,
  params: z.object({ brandSlug: z.string().describe('The brand slug (`roundhill`).') }),
  responses: { 200: { description: "The brand's ETFs.", json: z.array(EtfListItem), headers: preparedHeaders } },
  errors: [],
  reads: ['market'],
  prepared: true,
});

export const getEtfDetail = endpoint({
  method: 'get',
  path: '/api/etfs/detail/:ticker',
  access: 'public',
  summary: 'One ETF with its dividend history and similar ETFs.',
  tags,
  params: tickerParam,
  responses: { 200: { description: 'The ETF.', json: EtfDetail, headers: preparedHeaders } },
  errors: [404],
  reads: ['market'],
  prepared: true,
});

export const getPriceHistory = endpoint({
  method: 'get',
  path: '/api/etfs/detail/:ticker/history',
  access: 'public',
  summary: 'Daily closes over a range (default 1Y), the intraday price last.',
  tags,
  params: tickerParam,
  query: HistoryQuery,
  responses: { 200: { description: 'The price points, oldest first.', json: z.array(PricePoint), headers: preparedHeaders } },
  errors: [400, 404],
  reads: ['market'],
  prepared: true,
});

export const getDividendCalendar = endpoint({
  method: 'get',
  path: '/api/dividends/calendar',
  access: 'public',
  summary: 'Payouts of the four weeks from Monday of this week, declared and projected.',
  tags,
  responses: { 200: { description: 'The entries by payout date, then ticker.', json: z.array(PublicCalendarEntry), headers: preparedHeaders } },
  errors: [],
  reads: ['market'],
  prepared: true,
});

export const getMarketHolidays = endpoint({
  method: 'get',
  path: '/api/dividends/calendar/holidays',
  access: 'public',
  summary: "The NYSE holidays (market closed) of the calendar's four weeks, with their names.",
  tags,
  responses: { 200: { description: 'The holidays by date; empty before the first market day.', json: z.array(MarketHoliday) } },
  errors: [],
  reads: ['market'],
});

export const calculateYield = endpoint({
  method: 'post',
  path: '/api/calculate/yield',
  access: 'public',
  summary: 'Income of an investment at a yield.',
  tags: ['Calculators'],
  body: YieldCalculatorRequest,
  responses: { 200: { description: 'Annual, monthly, weekly and per-payout income.', json: YieldCalculatorResult } },
  errors: [400],
});

export const calculateDrip = endpoint({
  method: 'post',
  path: '/api/calculate/drip',
  access: 'public',
  summary: 'Growth with weekly reinvestment at a constant price and dividend.',
  tags: ['Calculators'],
  body: DripCalculatorRequest,
  responses: {
    200: { description: 'Final value, shares and growth; the yield compounded and whether it is too high to hold a constant price.', json: DripCalculatorResult },
  },
  errors: [400],
});
