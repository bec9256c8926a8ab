import { TAX_SUMMARY_DISCLAIMER, type TaxFund, type TaxPayment, type TaxSummary, type TaxTotals, type TaxYear } from '../../contracts/portfolio.ts';
import { canonical, fixed, ZERO, type Decimal } from '../../domain/market/decimal.ts';
import { exactText, METRIC_PRECISION } from '../../domain/market/etf-metrics.ts';
import { splitByCharacter } from '../../domain/market/return-of-capital.ts';
import type { IsoDate } from '../../domain/market/trading-days.ts';
import type { MarketInputs } from '../market/market-snapshot.ts';
import { sharesText, type HoldingComputation } from './views.ts';

/**
 * The tax-year summary of a user (issue 27, docs/user-area.md "Tax-year summary"): the payments their
 * holdings received (holdingPerformance's with the ledger's counts, so the same as `incomeReceived`:
 * a missing payout is a payment of 0.00, a short one what arrived), per year of their pay date
 * and per fund, each split by character in cents (domain/market/return-of-capital.ts `splitByCharacter`):
 * final where the fund's year-end figures are recorded, else the estimate, else counted as income (not
 * published). Totals are sums of the payments' cents, so a printed column adds up. Pure: the same
 * holdings and market give the same summary. Not cached: asked for a few times a year.
 */

const cents = (v: Decimal) => fixed(v, METRIC_PRECISION.money);

interface Sums {
  payouts: number;
  final: number;
  estimated: number;
  notPublished: number;
  cash: Decimal;
  returnOfCapital: Decimal;
  income: Decimal;
  ordinary: Decimal;
  qualified: Decimal;
  capitalGain: Decimal;
  unclassifiedIncome: Decimal;
}

const noSums = (): Sums => ({
  payouts: 0,
  final: 0,
  estimated: 0,
  notPublished: 0,
  cash: ZERO,
  returnOfCapital: ZERO,
  income: ZERO,
  ordinary: ZERO,
  qualified: ZERO,
  capitalGain: ZERO,
  unclassifiedIncome: ZERO,
});

function add(s: Sums, p: ReturnType<typeof splitByCharacter>): void {
  s.payouts += 1;
  if (p.basis === 'final') s.final += 1;
  else if (p.basis === 'estimate') s.estimated += 1;
  else s.notPublished += 1;
  s.cash = s.cash.plus(p.cash);
  s.returnOfCapital = s.returnOfCapital.plus(p.returnOfCapital);
  s.income = s.income.plus(p.income);
  s.ordinary = s.ordinary.plus(p.ordinary ?? ZERO);
  s.qualified = s.qualified.plus(p.qualified ?? ZERO);
  s.capitalGain = s.capitalGain.plus(p.capitalGain ?? ZERO);
  s.unclassifiedIncome = s.unclassifiedIncome.plus(p.unclassifiedIncome);
}

function totalsOf(s: Sums): TaxTotals {
  return {
    payouts: s.payouts,
    final: s.final,
    estimated: s.estimated,
    notPublished: s.notPublished,
    cash: cents(s.cash),
    returnOfCapital: cents(s.returnOfCapital),
    income: cents(s.income),
    ordinary: cents(s.ordinary),
    qualified: cents(s.qualified),
    capitalGain: cents(s.capitalGain),
    unclassifiedIncome: cents(s.unclassifiedIncome),
  };
}

export function taxSummaryView(computed: readonly HoldingComputation[], market: MarketInputs, year: number | null): TaxSummary {
  // year -> fund -> payments, with their sums
  const years = new Map<number, { sums: Sums; funds: Map<string, { fund: Omit<TaxFund, 'payments' | 'totals'>; payments: TaxPayment[]; sums: Sums }> }>();
  for (const c of computed) {
    const p = c.performance;
    if (p === null) continue;
    const item = market.items.get(c.holding.etfId);
    const series = market.series.get(c.holding.etfId) ?? null;
    const fund = { etfId: c.holding.etfId, ticker: item?.ticker ?? series?.ticker ?? '', name: item?.name ?? '', holdingId: c.holding.id };
    for (const payment of p.payments) {
      const y = Number(payment.payDate.slice(0, 4));
      if (year !== null && y !== year) continue;
      const split = splitByCharacter(payment.cash, payment.figures);
      const row: TaxPayment = {
        exDividendDate: payment.exDate,
        payoutDate: payment.payDate,
        kind: payment.kind,
        shares: sharesText(payment.sharesEntitled),
        amountPerShare: canonical(payment.amountPerShare),
        cash: cents(split.cash),
        rocBasis: split.basis,
        rocPercent: split.basis === 'not-published' ? null : exactText(payment.roc.percent),
        rocEstimatePercent: payment.figures.rocEstimatePercent ?? null,
        character: payment.figures.character ?? null,
        returnOfCapital: cents(split.returnOfCapital),
        income: cents(split.income),
        ordinary: split.ordinary === null ? null : cents(split.ordinary),
        qualified: split.qualified === null ? null : cents(split.qualified),
        capitalGain: split.capitalGain === null ? null : cents(split.capitalGain),
        unclassifiedIncome: cents(split.unclassifiedIncome),
      };
      let entry = years.get(y);
      if (!entry) years.set(y, (entry = { sums: noSums(), funds: new Map() }));
      let f = entry.funds.get(fund.etfId);
      if (!f) entry.funds.set(fund.etfId, (f = { fund, payments: [], sums: noSums() }));
      f.payments.push(row);
      add(f.sums, split);
      add(entry.sums, split);
    }
  }
  const byPayDate = (a: TaxPayment, b: TaxPayment) =>
    a.payoutDate !== b.payoutDate ? (a.payoutDate < b.payoutDate ? -1 : 1) : a.exDividendDate < b.exDividendDate ? -1 : a.exDividendDate > b.exDividendDate ? 1 : 0;
  const out: TaxYear[] = [...years.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([y, entry]) => ({
      year: y,
      funds: [...entry.funds.values()]
        .sort((a, b) => (a.fund.ticker < b.fund.ticker ? -1 : a.fund.ticker > b.fund.ticker ? 1 : 0))
        .map((f) => ({ ...f.fund, payments: f.payments.sort(byPayDate), totals: totalsOf(f.sums) })),
      totals: totalsOf(entry.sums),
    }));
  return { disclaimer: TAX_SUMMARY_DISCLAIMER, asOf: market.today as IsoDate, year, years: out };
}
