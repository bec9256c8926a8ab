import { HOLDING_LIMITS, holdingMessages } from '../../contracts/portfolio.ts';
import { enteredOf, sameEntered, type HoldingEntered, type PortfolioEvent } from '../../events/portfolio.ts';
import type { Decider, CommandContext } from '../core/decider.ts';
import { badRequest, conflict, notFound } from '../core/errors.ts';
import { dec } from '../../domain/market/decimal.ts';
import { isValidDate, newYorkDate } from '../../domain/market/trading-days.ts';
import { evolvePortfolio, initialPortfolioState, type PortfolioState } from './portfolio.ts';

export const portfolioMessages = {
  sharesPositive: holdingMessages.sharesPositive,
  sharesTooLarge: holdingMessages.sharesTooLarge,
  pricePositive: holdingMessages.pricePositive,
  priceTooLarge: holdingMessages.priceTooLarge,
  dateInvalid: holdingMessages.dateInvalid,
  dateInFuture: holdingMessages.dateInFuture,
  dateBeforeFirstTradingDay: (ticker: string, firstTradingDay: string) => `Purchase date cannot be before ${ticker}'s first trading day, ${firstTradingDay}`,
  holdingNotFound: 'Holding not found',
  alreadyHeld: (ticker: string) => `${ticker} is already in your portfolio`,
  /** CSV import: a line for a fund a brokerage sync owns, with other values than the synced ones. */
  syncedFromBrokerage: (ticker: string) => `${ticker} is synced from your brokerage: change it there (the next sync would overwrite it)`,
  /** CSV import: the same fund on two lines of one file (the first one counts). */
  duplicateLine: (ticker: string, line: number) => `${ticker} already appears on line ${line}`,
} as const;

export type PortfolioCommand =
  | {
      type: 'AddHolding';
      /** Already parsed by the API (canonical decimal strings); the ETF is known to exist as `ticker`. */
      data: { userId: string; holdingId: string; etfId: string; ticker: string } & HoldingEntered;
      /**
       * The fund's first trading day (its inception date, else its first bar); null when unknown. A
       * purchase date before it is refused: the holding would collect payouts the fund never made.
       */
      firstTradingDay?: string | null;
    }
  | { type: 'RemoveHolding'; data: { userId: string; holdingId: string } }
  | {
      /**
       * A CSV import (docs/holdings-csv.md): each line creates the fund's holding or updates the user's
       * own one; a line that breaks a rule changes nothing and is reported. All events of one import
       * are one append. See planHoldingsImport.
       */
      type: 'ImportHoldings';
      data: ImportHoldingsData;
    }
  | {
      /**
       * Brings the holdings a brokerage sync owns (source `brokerage`) in line with the brokerage:
       * `positions` are the funds of our catalog found at the brokerage, one per fund (the caller adds
       * up a fund held in several accounts), shares above 0. A fund the user holds by hand is left
       * alone; a synced holding the brokerage no longer reports is removed. `newHoldingId` is used
       * only when the fund is not held yet.
       */
      type: 'SyncBrokerageHoldings';
      data: { userId: string; positions: readonly BrokeragePosition[] };
    };

/**
 * One line of a holdings CSV, already parsed (canonical decimal strings, ISO dates) and its ticker found
 * in the catalog. `undefined` for a value the file's layout has no column for: an update keeps the
 * holding's value, a new holding has NEW_HOLDING's (no price, no date, no DRIP).
 */
export interface ImportLine extends Partial<HoldingEntered> {
  /** 1-based line of the file, for the report. */
  line: number;
  etfId: string;
  ticker: string;
  shares: string;
  /** The fund's first trading day, when known (see AddHolding). */
  firstTradingDay: string | null;
  /** Used only when the fund is not held yet. */
  newHoldingId: string;
}

export interface ImportPlan {
  events: PortfolioEvent[];
  created: number;
  updated: number;
  errors: { line: number; message: string }[];
}

/**
 * An import's lines and where they go: `account` null merges them into the user's holdings (each
 * fund's holding without an account); a label keeps them apart, in the holdings of that account
 * (created with it, found by it again: importing the same account twice never duplicates).
 */
export interface ImportHoldingsData {
  userId: string;
  lines: readonly ImportLine[];
  account?: string | null;
}

/** The holding of a fund an import line goes to: the one of the import's account (none: without an account). */
export function holdingFor<H extends { etfId: string; account?: string }>(holdings: readonly H[], etfId: string, account: string | null | undefined): H | undefined {
  return holdings.find((h) => h.etfId === etfId && (h.account ?? null) === (account ?? null));
}

/** The entered values of a new holding that a CSV line leaves out (a file layout without the column). */
const NEW_HOLDING = { purchasePrice: null, purchaseDate: null, isDrip: false } satisfies Omit<HoldingEntered, 'shares'>;

/**
 * The rules of a holding's entered values, written once (AddHolding's, every line of an import, every
 * position of a brokerage sync): the field and message of the first one broken, else null. The limits
 * are the form's (HOLDING_LIMITS), so whatever is stored can be entered, exported and imported again. `firstTradingDay` is the fund's (see
 * AddHolding); `ticker` names the fund in the message.
 */
function holdingProblem(
  v: HoldingEntered,
  fund: { ticker: string; firstTradingDay: string | null },
  ctx: CommandContext,
): { field: keyof HoldingEntered; message: string } | null {
  if (!dec(v.shares).gt(0)) return { field: 'shares', message: portfolioMessages.sharesPositive };
  if (dec(v.shares).gt(HOLDING_LIMITS.maxShares)) return { field: 'shares', message: portfolioMessages.sharesTooLarge };
  if (v.purchasePrice !== null && !dec(v.purchasePrice).gt(0)) return { field: 'purchasePrice', message: portfolioMessages.pricePositive };
  if (v.purchasePrice !== null && dec(v.purchasePrice).gt(HOLDING_LIMITS.maxPrice)) return { field: 'purchasePrice', message: portfolioMessages.priceTooLarge };
  if (v.purchaseDate !== null) {
    if (!isValidDate(v.purchaseDate)) return { field: 'purchaseDate', message: portfolioMessages.dateInvalid };
    if (v.purchaseDate > newYorkDate(ctx.now)) return { field: 'purchaseDate', message: portfolioMessages.dateInFuture };
    if (fund.firstTradingDay !== null && v.purchaseDate < fund.firstTradingDay) {
      return { field: 'purchaseDate', message: portfolioMessages.dateBeforeFirstTradingDay(fund.ticker, fund.firstTradingDay) };
    }
  }
  return null;
}

/**
 * What an import does to the stream: a fund not held gets `HoldingAdded`; the user's own holding of
 * the fund gets `HoldingUpdated` when a value differs (nothing when the line matches it); a holding a
 * brokerage sync owns is left alone (an error unless the line matches it). A line breaking a rule,
 * or naming a fund an earlier line named, is an error and changes nothing.
 */
export function planHoldingsImport(data: ImportHoldingsData, state: PortfolioState, ctx: CommandContext): ImportPlan {
  const plan: ImportPlan = { events: [], created: 0, updated: 0, errors: [] };
  const seen = new Map<string, number>();
  for (const l of data.lines) {
    const earlier = seen.get(l.etfId);
    if (earlier !== undefined) {
      plan.errors.push({ line: l.line, message: portfolioMessages.duplicateLine(l.ticker, earlier) });
      continue;
    }
    seen.set(l.etfId, l.line);
    const held = holdingFor(state.holdings, l.etfId, data.account);
    // What the line gives, over what the holding has (or a new holding's defaults).
    const values: HoldingEntered = { ...NEW_HOLDING, ...(held ? enteredOf(held) : {}), ...enteredOf(l) };
    if (held !== undefined && sameEntered(held, values)) continue;
    if (held?.source === 'brokerage') {
      plan.errors.push({ line: l.line, message: portfolioMessages.syncedFromBrokerage(l.ticker) });
      continue;
    }
    // A date the holding already had is not checked again (it was valid when entered).
    const checked = { ...values, purchaseDate: held && values.purchaseDate === held.purchaseDate ? null : values.purchaseDate };
    const problem = holdingProblem(checked, l, ctx);
    if (problem) {
      plan.errors.push({ line: l.line, message: problem.message });
      continue;
    }
    if (!held) {
      const account = data.account ? { account: data.account } : {};
      plan.events.push({ type: 'HoldingAdded', data: { userId: data.userId, holdingId: l.newHoldingId, etfId: l.etfId, ...values, addedAt: ctx.now, ...account } });
      plan.created++;
    } else {
      plan.events.push({ type: 'HoldingUpdated', data: { userId: data.userId, holdingId: held.holdingId, etfId: l.etfId, ...values, updatedAt: ctx.now } });
      plan.updated++;
    }
  }
  return plan;
}

/** A fund of our catalog as a brokerage reports it (canonical decimal strings). */
export interface BrokeragePosition {
  etfId: string;
  shares: string;
  /** Average cost per share, when the brokerage gives one above 0. */
  purchasePrice: string | null;
  newHoldingId: string;
}

export function decidePortfolio(command: PortfolioCommand, state: PortfolioState, ctx: CommandContext): PortfolioEvent[] {
  switch (command.type) {
    case 'AddHolding': {
      const { ticker, ...data } = command.data;
      // The API validated these; the decider keeps the invariants whoever sends the command.
      const problem = holdingProblem(data, { ticker, firstTradingDay: command.firstTradingDay ?? null }, ctx);
      if (problem) throw badRequest(problem.message, { [problem.field]: problem.message });
      // one holding of a fund outside any account (an import may keep others apart, under their account)
      if (holdingFor(state.holdings, data.etfId, null)) throw conflict(portfolioMessages.alreadyHeld(ticker));
      return [{ type: 'HoldingAdded', data: { ...data, addedAt: ctx.now } }];
    }
    case 'RemoveHolding': {
      const { userId, holdingId } = command.data;
      const holding = state.holdings.find((h) => h.holdingId === holdingId);
      if (!holding) throw notFound(portfolioMessages.holdingNotFound);
      return [{ type: 'HoldingRemoved', data: { userId, holdingId, etfId: holding.etfId, removedAt: ctx.now } }];
    }
    case 'SyncBrokerageHoldings':
      return planBrokerageSync(command.data, state, ctx).events;
    case 'ImportHoldings':
      return planHoldingsImport(command.data, state, ctx).events;
    default: {
      const never: never = command;
      throw new Error(`unhandled command ${JSON.stringify(never)}`);
    }
  }
}

export interface BrokerageSyncPlan {
  events: PortfolioEvent[];
  /** Positions outside the limits of a holding (security audit S3): nothing changed for their funds. */
  notSynced: { etfId: string; reason: string }[];
}

/**
 * What a sync does to the stream (see the `SyncBrokerageHoldings` command). A position outside the
 * limits of a holding entered by hand (more than 1,000,000,000 shares, a price above 1,000,000 or one
 * that rounds to 0) changes nothing: it is not added, and a holding the sync made before is neither
 * changed nor removed; it is reported in `notSynced` with the reason.
 */
export function planBrokerageSync(data: { userId: string; positions: readonly BrokeragePosition[] }, state: PortfolioState, ctx: CommandContext): BrokerageSyncPlan {
  const { userId, positions } = data;
  const events: PortfolioEvent[] = [];
  const notSynced: BrokerageSyncPlan['notSynced'] = [];
  const reported = new Set<string>();
  for (const position of positions) {
    if (!dec(position.shares).gt(0) || reported.has(position.etfId)) continue;
    reported.add(position.etfId);
    const entered = { shares: position.shares, purchasePrice: position.purchasePrice, purchaseDate: null, isDrip: false };
    const problem = holdingProblem(entered, { ticker: position.etfId, firstTradingDay: null }, ctx);
    if (problem) {
      notSynced.push({ etfId: position.etfId, reason: problem.field === 'shares' ? `Shares: ${problem.message}` : problem.message });
      continue;
    }
    // the synced holding of the fund, else the user's own one without an account (left alone below)
    const held = state.holdings.find((h) => h.etfId === position.etfId && h.source === 'brokerage') ?? holdingFor(state.holdings, position.etfId, null);
    if (!held) {
      events.push({
        type: 'HoldingAdded',
        data: {
          userId,
          holdingId: position.newHoldingId,
          etfId: position.etfId,
          shares: position.shares,
          purchasePrice: position.purchasePrice,
          purchaseDate: null,
          isDrip: false,
          addedAt: ctx.now,
          source: 'brokerage',
        },
      });
      continue;
    }
    // Added by hand: the user's own entry stays exactly as it is.
    if (held.source !== 'brokerage') continue;
    if (held.shares === position.shares && held.purchasePrice === position.purchasePrice) continue;
    events.push({
      type: 'HoldingSynced',
      data: { userId, holdingId: held.holdingId, etfId: held.etfId, shares: position.shares, purchasePrice: position.purchasePrice, source: 'brokerage', syncedAt: ctx.now },
    });
  }
  for (const held of state.holdings) {
    if (held.source === 'brokerage' && !reported.has(held.etfId)) {
      events.push({ type: 'HoldingRemoved', data: { userId, holdingId: held.holdingId, etfId: held.etfId, removedAt: ctx.now } });
    }
  }
  return { events, notSynced };
}

export const portfolioDecider: Decider<PortfolioCommand, PortfolioState, PortfolioEvent> = {
  initialState: initialPortfolioState,
  evolve: evolvePortfolio,
  decide: decidePortfolio,
  folds: { HoldingAdded: true, HoldingRemoved: true, HoldingSynced: true, HoldingUpdated: true },
  // evolvePortfolio returns new states (portfolio.ts)
  keepsFoldedState: true,
};
