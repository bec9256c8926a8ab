import { GOAL_CAVEAT, type IncomeAmounts as IncomeAmountsView, type IncomeGoalView, type IncomeSeries, type LedgerPayout, type PayoutLedger } from '../../contracts/payouts.ts';
import { dec, fixed, ZERO, type Decimal } from '../../domain/market/decimal.ts';
import { latestDeclared, METRIC_PRECISION, payoutsPerYear } from '../../domain/market/etf-metrics.ts';
import {
  addToIncome,
  goalProgress,
  incomePeriodOf,
  incomeRange,
  NO_INCOME,
  periodsBetween,
  sharesForIncome,
  type IncomeAmounts,
  type IncomePeriodKind,
} from '../../domain/market/payout-ledger.ts';
import { runRateOf } from '../../domain/market/run-rate.ts';
import { adjustDistributions } from '../../domain/market/splits.ts';
import type { IsoDate } from '../../domain/market/trading-days.ts';
import type { MarketSnapshots } from '../market/market-snapshot.ts';
import { portfolioDoc } from './queries.ts';
import { computeHolding, sharesText } from './views.ts';
import type { ReadModels } from '../runtime/read-models.ts';
import { buildLedger, type Ledger, type LedgerInput } from './payout-ledger.ts';
import { PAYOUTS, payoutsProjection, type PayoutsDoc } from '../payouts/projection.ts';

/** A user's payouts document (marks, broker records, goal); null before their first. */
export async function payoutsDoc(readModels: ReadModels, userId: string): Promise<PayoutsDoc | null> {
  return readModels.collection<PayoutsDoc>(payoutsProjection, PAYOUTS).findOne({ _id: userId }, { readOnly: true });
}

/** The `_position` of a user's payouts document (0 when none). */
export async function payoutsPosition(readModels: ReadModels, userId: string): Promise<number> {
  const doc = await readModels.collection<PayoutsDoc>(payoutsProjection, PAYOUTS).findOne({ _id: userId }, { projection: { _position: 1 } });
  return doc ? Number(doc['_position'] ?? 0) : 0;
}

/**
 * What the ledger of a user is built from: their holdings, their payouts document and the market now
 * (`fallbackToday`, the request's New York date, before the first market day). Not cached: the ledger,
 * the income and the goal are read a few times a visit, and each is computed from the snapshot the
 * portfolio uses.
 */
export async function ledgerInput(
  readModels: ReadModels,
  snapshots: MarketSnapshots,
  userId: string,
  fallbackToday: IsoDate,
  /** Funds to read beside the held ones (the goal's "what it would take"). */
  alsoFunds: readonly string[] = [],
): Promise<LedgerInput> {
  const [portfolio, payouts, snapshot] = await Promise.all([portfolioDoc(readModels, userId, { readOnly: true }), payoutsDoc(readModels, userId), snapshots.now()]);
  const holdings = portfolio?.holdings ?? [];
  const market = await snapshot.inputs(
    [...holdings.map((h) => h.etfId), ...alsoFunds],
    fallbackToday,
  );
  return { holdings, market, payouts };
}

export function ledgerView(input: LedgerInput, from: IsoDate, to: IsoDate): PayoutLedger {
  const { payouts, unmatched } = buildLedger(input, from, to);
  return { asOf: input.market.today, from, to, payouts, unmatched };
}

const cents = (v: Decimal) => fixed(v, METRIC_PRECISION.money);

function amountsView(a: IncomeAmounts): IncomeAmountsView {
  return {
    received: cents(a.received),
    unconfirmed: cents(a.unconfirmed),
    expected: cents(a.expected),
    missing: cents(a.missing),
    total: cents(a.received.plus(a.unconfirmed).plus(a.expected)),
  };
}

function sumOf(payouts: readonly LedgerPayout[]): IncomeAmounts {
  return payouts.reduce<IncomeAmounts>((acc, p) => addToIncome(acc, { status: p.status, expected: dec(p.expected), received: p.received === null ? null : dec(p.received) }), NO_INCOME);
}

function byFund(payouts: readonly LedgerPayout[]) {
  const funds = new Map<string, { ticker: string; payouts: LedgerPayout[] }>();
  for (const p of payouts) {
    const f = funds.get(p.etfId) ?? { ticker: p.ticker, payouts: [] };
    f.payouts.push(p);
    funds.set(p.etfId, f);
  }
  return [...funds.entries()]
    .sort((a, b) => (a[1].ticker < b[1].ticker ? -1 : a[1].ticker > b[1].ticker ? 1 : 0))
    .map(([etfId, f]) => ({ etfId, ticker: f.ticker, ...amountsView(sumOf(f.payouts)) }));
}

/**
 * The income series (docs/payouts.md "Income record"): the ledger's payouts by pay date in the range of
 * `incomeRange`, per period of the New York market calendar (weeks from Monday) and per fund: what
 * arrived, what was paid but not confirmed, what is still expected, and what is missing.
 */
export function incomeSeriesView(input: LedgerInput, by: IncomePeriodKind): IncomeSeries {
  const today = input.market.today;
  const { from, to } = incomeRange(today, by);
  const { payouts } = buildLedger(input, from, to);
  const inPeriod = new Map<string, LedgerPayout[]>();
  for (const p of payouts) {
    const key = incomePeriodOf(p.payDate, by);
    inPeriod.set(key, [...(inPeriod.get(key) ?? []), p]);
  }
  return {
    by,
    asOf: today,
    from,
    to,
    periods: periodsBetween(from, to, by).map(({ period, start, end }) => {
      const list = inPeriod.get(period) ?? [];
      return { period, start, end, ...amountsView(sumOf(list)), funds: byFund(list) };
    }),
    totals: { ...amountsView(sumOf(payouts)), funds: byFund(payouts) },
  };
}

/**
 * The goal and its progress: the holdings' projected annual income (each holding's, as the portfolio
 * shows it) per goal period, against the goal; and for a fund, the shares that would pay the goal
 * (and its gap) at the fund's latest regular distribution (sharesForIncome). `etfId` unknown to the
 * market: null (the router answers 404 before).
 */
export function incomeGoalView(input: LedgerInput, etfId: string | null): IncomeGoalView {
  const { market } = input;
  const goal = input.payouts?.goal ?? null;
  const annual = input.holdings.map((h) => computeHolding(h, market).performance?.projectedAnnualIncome ?? ZERO).reduce((a, b) => a.plus(b), ZERO);
  const base = { asOf: market.today, goal, projectedAnnualIncome: cents(annual), caveat: GOAL_CAVEAT };
  if (goal === null) return { ...base, runRatePerPeriod: null, progressPercent: null, gapPerPeriod: null, whatItTakes: null };
  const target = dec(goal.amount);
  const progress = goalProgress(target, goal.period, annual);
  const view = {
    ...base,
    runRatePerPeriod: cents(progress.runRatePerPeriod),
    progressPercent: fixed(progress.percent, METRIC_PRECISION.percent),
    gapPerPeriod: cents(progress.gapPerPeriod),
  };
  const series = etfId === null ? null : (market.series.get(etfId) ?? null);
  if (series === null) return { ...view, whatItTakes: null };
  const runRate = runRateOf(adjustDistributions(series.distributions, series.splits, market.today), series.frequency, market.today);
  const latest = latestDeclared(runRate.regular);
  const perYear = payoutsPerYear(runRate.frequency);
  const amount = latest ? dec(latest.amount) : ZERO;
  const forGoal = sharesForIncome(target, goal.period, amount, perYear);
  const forGap = sharesForIncome(progress.gapPerPeriod, goal.period, amount, perYear);
  if (latest === null || forGoal === null || forGap === null) return { ...view, whatItTakes: null };
  const item = market.items.get(etfId!) ?? null;
  const price = item && item.currentPrice !== '' ? item.currentPrice : null;
  return {
    ...view,
    whatItTakes: {
      etfId: etfId!,
      ticker: series.ticker,
      amountPerShare: latest.amount,
      payoutsPerYear: perYear,
      sharesForGoal: sharesText(forGoal),
      sharesForGap: sharesText(forGap),
      price,
      costForGap: price === null ? null : cents(forGap.times(dec(price))),
    },
  };
}

export type { Ledger };
