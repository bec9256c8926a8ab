import type { DistributionOrigin, DistributionReturnOfCapital, EtfListItem, PublicCalendarEntry } from '../../contracts/market.ts';
import type { HoldingView, UserCalendarEntry } from '../../contracts/portfolio.ts';
import type { SameShape } from '../../contracts/same-shape.ts';
import { buildUserDividendCalendar, type UserCalendarEntry as KernelUserCalendarEntry } from '../../domain/market/dividend-calendar.ts';
import { holdingFiguresAreDemo } from '../../domain/market/demo-data.ts';
import { canonical, dec, fixed, fixedOrNull, ZERO, type Decimal } from '../../domain/market/decimal.ts';
import { newYorkDate, type IsoDate } from '../../domain/market/trading-days.ts';
import { formatPrice, METRIC_PRECISION } from '../../domain/market/etf-metrics.ts';
import { holdingPerformance, type HoldingPerformance } from '../../domain/market/holding-performance.ts';
import { explainHoldingRoc, type HoldingRocExplanations } from '../../domain/market/explain.ts';
import { adjustShares, type SplitPoint } from '../../domain/market/splits.ts';
import { countedIncome, holdingIncome, payoutStatus, type HoldingIncome, type PayoutStatus } from '../../domain/market/payout-ledger.ts';
import type { LedgerPayout } from '../../contracts/payouts.ts';
import type { HoldingEntered } from '../../events/portfolio.ts';
import type { MarketInputs } from '../market/market-snapshot.ts';
import type { HoldingEntry } from './projection.ts';

/**
 * What the personal area shows about holdings, derived from the holdings as entered (the `portfolios`
 * read model) and the market read side (series, list items, public calendar). Pure: the same inputs
 * give the same JSON. Rounding as the API shows metrics (METRIC_PRECISION): money 2 decimals, shares 6,
 * percents 2, prices 2 (4 below $1).
 */

/** The market data the views need, as of one market position. */
/** The day from which a holding earns distributions: its purchase date, else the New York day it was added. */
export function heldSinceOf(h: Pick<HoldingEntry, 'purchaseDate' | 'addedAt'>): IsoDate {
  return h.purchaseDate ?? newYorkDate(h.addedAt);
}

export interface HoldingComputation {
  holding: HoldingEntry;
  heldSince: IsoDate;
  /** Null when the market read side has no series for the fund (no price, no distributions). */
  performance: HoldingPerformance | null;
  /** The fund's splits and the market date the performance is on the share basis of. */
  splits: readonly SplitPoint[];
  today: IsoDate;
  /** A figure of the holding rests on demo data (holdingFiguresAreDemo). */
  isDemo: boolean;
  /** Its income received as its payout ledger says (withLedgerIncome); absent when computed without the ledger. */
  income?: HoldingIncome;
}

/**
 * A holding computed from the fund's distributions; with `counted` (by ex-date, what the ledger counts
 * of a payout whose arrival it knows: holding-performance.ts) its income and every figure made of it
 * follow the ledger.
 */
export function computeHolding(holding: HoldingEntry, market: MarketInputs, counted?: ReadonlyMap<IsoDate, Decimal>): HoldingComputation {
  const heldSince = heldSinceOf(holding);
  const series = market.series.get(holding.etfId) ?? null;
  const performance = series
    ? holdingPerformance({
        purchaseDate: heldSince,
        shares: holding.shares,
        purchasePrice: holding.purchasePrice,
        drip: holding.isDrip,
        today: market.today,
        frequency: series.frequency,
        bars: series.bars,
        quote: series.quote,
        distributions: series.distributions,
        splits: series.splits,
        ...(counted ? { counted } : {}),
      })
    : null;
  const isDemo =
    series !== null && performance !== null
      ? holdingFiguresAreDemo({ today: market.today, bars: series.bars, quote: series.quote, distributions: series.distributions, payments: performance.payments })
      : false;
  return { holding, heldSince, performance, splits: series?.splits ?? [], today: market.today, isDemo };
}

/**
 * The holding's income received as its ledger says (docs/metrics.md "Income received"): its payouts
 * paid by today whose count is not their expected amount (received, short, missing; projected ones
 * paid by an issuer's estimate) are counted as countedIncome says, the holding computed again with
 * them; `income` the ledger's split (confirmed, missing, short). The ledger's payouts of the holding
 * are those `buildLedger` gives from its heldSince on (see queries.ts).
 */
export function withLedgerIncome(c: HoldingComputation, market: MarketInputs, payouts: readonly Pick<LedgerPayout, 'exDate' | 'payDate' | 'status' | 'expected' | 'received'>[]): HoldingComputation {
  const decimals = payouts
    .filter((p) => p.payDate <= market.today)
    .map((p) => ({ exDate: p.exDate, status: p.status, expected: dec(p.expected), received: p.received === null ? null : dec(p.received) }));
  const counted = new Map(decimals.filter((p) => p.status !== 'paid').map((p) => [p.exDate, countedIncome(p)] as const));
  const income = holdingIncome(decimals);
  return { ...(counted.size > 0 ? computeHolding(c.holding, market, counted) : c), income };
}

/** A holding as `GET /api/user/portfolio` shows it: the contract (contracts/portfolio.ts), built field by field below. */
export type { HoldingView, UserCalendarEntry };

/**
 * The user sees what they entered: every entered field (events/portfolio.ts `holdingEntered`) is a field
 * of the view, so a field added there fails the type-check until the contract and holdingView have it.
 */
export const viewShowsEveryEnteredValue: SameShape<Extract<keyof HoldingView, keyof HoldingEntered>, keyof HoldingEntered> = true;

/** The calendar kernel builds the user's entries: its entry plus the public entry's demo label, id and origin must be exactly the contract's. */
export const userCalendarEntryIsTheContract: SameShape<
  KernelUserCalendarEntry & { isDemo: boolean; distributionId: string } & DistributionOrigin & DistributionReturnOfCapital & CalendarPayoutState,
  UserCalendarEntry
> = true;

/** Without market data a holding explains nothing it could not compute: its figures are null. */
const NO_EXPLANATION = { formula: 'no market data for the fund', inputs: {} };
const NO_EXPLANATIONS: HoldingRocExplanations = {
  capitalReturned: NO_EXPLANATION,
  adjustedCostBasis: NO_EXPLANATION,
  gainOnAdjustedCost: NO_EXPLANATION,
  houseMoneyOnAdjustedCost: NO_EXPLANATION,
  yieldOnCost: NO_EXPLANATION,
  yieldOnAdjustedCost: NO_EXPLANATION,
};

const money = (v: Decimal | null) => fixedOrNull(v, METRIC_PRECISION.money);
const percentOf = (part: Decimal | null, base: Decimal | null) =>
  part === null || base === null || !base.gt(0) ? null : fixed(part.div(base).times(100), METRIC_PRECISION.percent);
/** Shares rounded to 6 decimals, trailing zeros dropped. */
export const sharesText = (v: Decimal) => canonical(dec(fixed(v, METRIC_PRECISION.shares)));

export function holdingView(c: HoldingComputation, item: EtfListItem | null, latestPayout: HoldingView['latestPayout'] = null): HoldingView {
  const { holding, heldSince, performance: p } = c;
  // the shares bought on today's share basis (after a split since the purchase): reinvested = current - bought
  const bought = p?.initialShares ?? dec(holding.shares);
  const current = p?.shares ?? bought;
  const withPrice = holding.purchasePrice !== null && p !== null && p.currentPrice !== null;
  const base = p?.costBasis ?? null;
  return {
    id: holding.id,
    etfId: holding.etfId,
    shares: holding.shares,
    purchasePrice: holding.purchasePrice,
    purchaseDate: holding.purchaseDate,
    isDrip: holding.isDrip ? 1 : 0,
    etf: item,
    addedAt: holding.addedAt,
    source: holding.source ?? 'manual',
    account: holding.account ?? null,
    heldSince,
    sharesBought: holding.shares,
    currentShares: sharesText(current),
    sharesReinvested: sharesText(current.minus(bought)),
    currentPrice: p?.currentPrice ? formatPrice(p.currentPrice) : null,
    currentValue: money(p?.marketValue ?? null),
    costBasis: money(base),
    ...incomeView(p?.incomeReceived ?? ZERO, c.income),
    paymentsReceived: p?.payments.length ?? 0,
    projectedAnnualIncome: money(p?.projectedAnnualIncome ?? null),
    gain: withPrice ? money(p.totalReturn) : null,
    gainPercent: withPrice ? percentOf(p.totalReturn, base) : null,
    priceChange: withPrice ? money(p.priceReturn) : null,
    priceChangePercent: withPrice ? percentOf(p.priceReturn, base) : null,
    distributionReturn: withPrice ? money(p.distributionReturn) : null,
    distributionReturnPercent: withPrice ? percentOf(p.distributionReturn, base) : null,
    houseMoneyPercent: fixedOrNull(p?.houseMoney.percent ?? null, METRIC_PRECISION.percent),
    houseMoneyDate: p?.houseMoney.date ?? null,
    houseMoneyReached: p?.houseMoney.reached ?? false,
    ...returnOfCapitalView(p, withPrice),
    isDemo: c.isDemo,
    latestPayout,
  };
}

/**
 * Income Received and its split: confirmed (what arrived), unconfirmed (the rest of it: paid payouts
 * at their cash, so the two add up to the figure to the cent), missing and short (not counted).
 * Without the ledger (a computation that did not join it) all of it is unconfirmed.
 */
function incomeView(received: Decimal, income: HoldingIncome | undefined) {
  const total = fixed(received, METRIC_PRECISION.money);
  const confirmed = fixed(income?.confirmed ?? ZERO, METRIC_PRECISION.money);
  return {
    incomeReceived: total,
    incomeConfirmed: confirmed,
    incomeUnconfirmed: fixed(dec(total).minus(dec(confirmed)), METRIC_PRECISION.money),
    incomeMissing: fixed(income?.missing ?? ZERO, METRIC_PRECISION.money),
    incomeShortfall: fixed(income?.shortfall ?? ZERO, METRIC_PRECISION.money),
  };
}

/** A holding's return-of-capital figures (docs/metrics.md "Return of capital"): money 2 decimals, percents 2. */
function returnOfCapitalView(p: HoldingPerformance | null, withPrice: boolean) {
  const r = p?.returnOfCapital ?? null;
  const percent = (v: Decimal | null | undefined) => fixedOrNull(v ?? null, METRIC_PRECISION.percent);
  const adjusted = r?.adjustedCostBasis ?? null;
  return {
    capitalReturned: fixed(r?.capitalReturned ?? ZERO, METRIC_PRECISION.money),
    incomeReceivedNet: fixed(r?.incomeReceivedNet ?? ZERO, METRIC_PRECISION.money),
    capitalReturnedBasis: r?.bases ?? { payouts: 0, final: 0, estimated: 0, notPublished: 0 },
    reinvestedCost: fixed(r?.reinvestedCost ?? ZERO, METRIC_PRECISION.money),
    adjustedCostBasis: money(adjusted),
    capitalGainFromRoc: money(r?.capitalGainFromRoc ?? null),
    gainOnAdjustedCost: withPrice ? money(p!.gainOnAdjustedCost) : null,
    gainOnAdjustedCostPercent: withPrice ? percentOf(p!.gainOnAdjustedCost, adjusted) : null,
    houseMoneyOnAdjustedCostPercent: percent(p?.houseMoneyOnAdjustedCost),
    projectedAnnualIncomeNet: money(p?.projectedAnnualIncomeNet ?? null),
    yieldOnCost: percent(p?.yieldOnCost),
    yieldOnAdjustedCost: percent(p?.yieldOnAdjustedCost),
    explain: p === null ? NO_EXPLANATIONS : explainHoldingRoc(p),
  };
}

/** The holdings in the order added. */
export function portfolioView(
  computed: readonly HoldingComputation[],
  market: MarketInputs,
  /** By holding id: its latest payout in the ledger (read-models/portfolio/payout-ledger.ts). */
  latestPayouts: ReadonlyMap<string, HoldingView['latestPayout']> = new Map(),
): HoldingView[] {
  return computed.map((c) => holdingView(c, market.items.get(c.holding.etfId) ?? null, latestPayouts.get(c.holding.id) ?? null));
}

/**
 * Shares of a holding entitled to a payout with this ex-date: 0 when the ex-date is not after heldSince
 * (bought on or after the ex-date: not entitled); without DRIP the shares bought; with DRIP the shares
 * bought plus those reinvested from payments paid before the ex-date. Reinvestments of payouts not paid
 * yet are not projected (their price is unknown), so every future payout uses the current shares.
 */
export function sharesEntitled(c: HoldingComputation, exDate: IsoDate): Decimal {
  if (exDate <= c.heldSince) return ZERO;
  // On today's share basis (the calendar's amounts are too); after an upcoming split's ex-date on that
  // day's basis (x newRate / oldRate), as the payout's own amount is.
  const bought = c.performance?.initialShares ?? adjustShares(c.holding.shares, c.heldSince, c.splits, c.today);
  const held = !c.holding.isDrip || c.performance === null ? bought : c.performance.payments.filter((p) => p.payDate < exDate).reduce((acc, p) => acc.plus(p.sharesAdded), bought);
  const upcoming = c.splits.filter((x) => x.exDate > c.today);
  return upcoming.length === 0 ? held : adjustShares(held, c.today, upcoming, exDate);
}

/** A calendar entry's state in the user's ledger (read-models/payouts/ledger.ts). */
export interface CalendarPayoutState {
  payoutStatus: PayoutStatus;
  receivedAmount: string | null;
}

/**
 * The user's payout calendar: the public calendar's entries (declared and estimated, same dates,
 * amounts and flags) of the held funds, Monday to Friday (buildUserDividendCalendar), each with the
 * shares entitled to it (sharesEntitled) and shares x amount. Entries the holding is not entitled to
 * (ex-date on or before heldSince) are left out. `paid`: declared and paid on or before today.
 */
export function userCalendarView(
  computed: readonly HoldingComputation[],
  entries: readonly PublicCalendarEntry[],
  today: IsoDate,
  /**
   * The ledger's state by `<holdingId>/<exDate>` (what the brokerage and the user's marks say), with its
   * entitled shares (a brokerage-synced holding's come from its reinvestment records); an entry the
   * ledger does not list gets the state its dates give (payoutStatus, nothing received).
   */
  ledger: ReadonlyMap<string, CalendarPayoutState & { entitledShares: string }> = new Map(),
): UserCalendarEntry[] {
  const byEtf = new Map(computed.map((c) => [c.holding.etfId, c]));
  const out: UserCalendarEntry[] = [];
  for (const entry of entries) {
    const c = byEtf.get(entry.etfId);
    if (!c) continue;
    const known = ledger.get(`${c.holding.id}/${entry.exDate}`);
    const shares = known ? dec(known.entitledShares) : sharesEntitled(c, entry.exDate);
    if (!shares.gt(0)) continue;
    const { source, issuer, sourceUrl, declaredAt, statedRate, secYield, rocEstimatePercent, character, characterFinal, rocBasis, rocPercent } = entry;
    const state: CalendarPayoutState = known ? { payoutStatus: known.payoutStatus, receivedAmount: known.receivedAmount } : {
      payoutStatus: payoutStatus({
        today,
        exDate: entry.exDate,
        payDate: entry.payoutDate,
        estimated: entry.estimated,
        entitledShares: shares,
        expected: shares.times(dec(entry.amount)),
        received: null,
        brokerageSynced: c.holding.source === 'brokerage',
      }),
      receivedAmount: null,
    };
    const labels = {
      ...state,
      isDemo: entry.isDemo,
      distributionId: entry.distributionId,
      ...{ source, issuer, sourceUrl, declaredAt, statedRate, secYield, rocEstimatePercent },
      ...{ character, characterFinal, rocBasis, rocPercent },
    };
    out.push(...buildUserDividendCalendar([entry], [{ etfId: entry.etfId, shares: sharesText(shares) }], today).map((u) => ({ ...u, ...labels })));
  }
  return out;
}
