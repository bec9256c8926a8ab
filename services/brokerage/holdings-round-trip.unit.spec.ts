import { describe, expect, it } from 'vitest';
import { NewHolding } from '../../contracts/portfolio.ts';
import { enteredOf, type PortfolioEvent } from '../../events/portfolio.ts';
import type { BrokeragePositionReport } from '../../infra/brokerage/port.ts';
import type { CommandContext } from '../core/decider.ts';
import { AppError } from '../core/errors.ts';
import { decidePortfolio, planBrokerageSync, planHoldingsImport, type ImportLine } from '../portfolio/business-logic.ts';
import { holdingsToCsv, parseHoldingsCsv } from '../portfolio/holdings-csv.ts';
import { evolvePortfolio, initialPortfolioState, type PortfolioState } from '../portfolio/portfolio.ts';
import { fundsOfPositions } from './positions.ts';

/**
 * "A user's own export always imports back" (security audit S3): whatever the add-holding form and a
 * brokerage sync can store, the holdings CSV export writes and the import reads back without an error,
 * into the same account (nothing changes) and into an empty one (every holding is created). Property
 * style: a seeded generator (the same cases on every run) makes form entries and SnapTrade answers
 * around the limits, including the positions of the audit (1e21 and 2e9 units, a cost of 1e300).
 */

const TODAY = '2026-01-23';
const ctx: CommandContext = { actor: 'user:u1', correlationId: 'c1', now: `${TODAY}T17:00:00.000Z` };
const USER = 'u1';

/** mulberry32: small, seeded, good enough to pick cases. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const catalog = new Map<string, { _id: string; ticker: string }>(
  Array.from({ length: 60 }, (_, i) => `${LETTERS[i % 26]}${LETTERS[Math.floor(i / 26)]}W`).map((ticker, i) => [ticker, { _id: `etf-${i}`, ticker }]),
);
const tickers: string[] = [...catalog.keys()];
const tickerOf = new Map([...catalog.values()].map((f) => [f._id, f.ticker]));
const exportOf = (state: PortfolioState) => holdingsToCsv(state.holdings.map((h) => ({ ticker: tickerOf.get(h.etfId)!, ...enteredOf(h) })));

function cases(rand: () => number) {
  const pick = <T,>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  const digits = (n: number) => Array.from({ length: n }, () => Math.floor(rand() * 10)).join('');
  /** A decimal of up to `intDigits` integer and `places` decimal digits, as text. */
  const decimal = (intDigits: number, places: number) => {
    const int = digits(1 + Math.floor(rand() * intDigits)).replace(/^0+(?=\d)/, '');
    const frac = digits(Math.floor(rand() * (places + 1)));
    return frac ? `${int}.${frac}` : int;
  };
  const formShares = () =>
    pick<() => unknown>([
      () => decimal(10, 12),
      () => Number(decimal(6, 4)),
      () => pick(['1000000000', 1e9, '999999999.999999', '0.000001', 1e-7, '1,000', ' 12.5 ', '$3', '1000000000.0000001', '0', '-1', 'x']),
    ])();
  const formPrice = () =>
    pick<() => unknown>([
      () => decimal(7, 8),
      () => Number(decimal(4, 2)),
      () => pick(['1000000', 1e6, '0.0001', 1e-9, '', null, undefined, '1000000.01', '0', '1e3']),
    ])();
  const formDate = () => pick([null, '', '2025-12-31', '2024-02-29', TODAY, `${TODAY}T04:00:00.000Z`, '2027-01-01', '2026-02-30']);
  const units = () =>
    pick<() => string>([
      () => decimal(10, 9),
      () => `-${decimal(3, 2)}`,
      () => pick(['1e21', '1e+21', '2000000000', '2e9', '1000000000', '999999999.9999995', '0.0000004', '0.0000005', '1e-7', '0', 'NaN', 'Infinity', '12']),
    ])();
  const cost = () =>
    pick<() => string | null>([
      () => decimal(7, 10),
      () => pick([null, '1e300', '1000000', '1000000.00004', '1000000.00005', '0.00001', '0.00005', '0', '-3', 'NaN', '21.2']),
    ])();
  return { pick, formShares, formPrice, formDate, units, cost };
}

function apply(state: PortfolioState, events: readonly PortfolioEvent[]): PortfolioState {
  return events.reduce(evolvePortfolio, state);
}

/** One generated account: form entries on some funds, two syncs over others (and over a hand-held one). */
function generatedPortfolio(seed: number): PortfolioState {
  const rand = random(seed);
  const gen = cases(rand);
  let state = initialPortfolioState();
  const funds = [...tickers].sort(() => rand() - 0.5);
  const byHand = funds.slice(0, 8);
  const synced = funds.slice(8, 20);
  for (const [i, ticker] of byHand.entries()) {
    const parsed = NewHolding.safeParse({ etfId: catalog.get(ticker)!._id, shares: gen.formShares(), purchasePrice: gen.formPrice(), purchaseDate: gen.formDate(), isDrip: gen.pick([0, 1, true, false, '1']) });
    if (!parsed.success) continue;
    try {
      state = apply(state, decidePortfolio({ type: 'AddHolding', data: { userId: USER, holdingId: `h-${seed}-${i}`, ticker, ...parsed.data } }, state, ctx));
    } catch (error) {
      if (!(error instanceof AppError) || error.status !== 400) throw error; // e.g. a date in the future
    }
  }
  for (let round = 0; round < 2; round++) {
    const report = (ticker: string): BrokeragePositionReport => ({ symbol: gen.pick([ticker, ticker.toLowerCase()]), kind: 'etf', units: gen.units(), averageCost: gen.cost() });
    const positions = [...synced.filter(() => rand() < 0.8), gen.pick(byHand), gen.pick(synced)].map(report);
    const found = fundsOfPositions(
      [
        { account: { id: 'a', brokerageName: 'B', accountName: 'A' }, positions: positions.slice(0, 6) },
        { account: { id: 'b', brokerageName: 'B', accountName: 'B' }, positions: positions.slice(6) },
      ],
      catalog,
    );
    const command = { userId: USER, positions: found.funds.map((f, i) => ({ ...f, newHoldingId: `s-${seed}-${round}-${i}` })) };
    state = apply(state, planBrokerageSync(command, state, ctx).events);
  }
  return state;
}

function importLines(text: string): { lines: ImportLine[]; parseErrors: { line: number; message: string }[] } {
  const parsed = parseHoldingsCsv(text, TODAY);
  expect(parsed.fileError).toBeNull();
  const lines = parsed.rows.map((row, i) => {
    const fund = catalog.get(row.ticker)!;
    return { ...row, etfId: fund._id, ticker: fund.ticker, firstTradingDay: null, newHoldingId: `i-${i}` };
  });
  return { lines, parseErrors: parsed.errors };
}

describe('the holdings CSV round trip (security audit S3)', () => {
  it.each(Array.from({ length: 40 }, (_, i) => i + 1))('seed %i: the export of what the form and the sync stored imports back without an error', (seed) => {
    const state = generatedPortfolio(seed);
    const text = exportOf(state);
    const { lines, parseErrors } = importLines(text);
    expect(parseErrors).toEqual([]);
    expect(lines).toHaveLength(state.holdings.length);
    // into the same account: nothing to change
    const same = planHoldingsImport({ userId: USER, lines }, state, ctx);
    expect(same).toEqual({ events: [], created: 0, updated: 0, errors: [] });
    // into an empty account: every holding, with the same entered values
    const fresh = planHoldingsImport({ userId: 'u2', lines }, initialPortfolioState(), ctx);
    expect(fresh.errors).toEqual([]);
    expect(fresh.created).toBe(state.holdings.length);
    expect(apply(initialPortfolioState(), fresh.events).holdings.map((h) => enteredOf(h))).toEqual(state.holdings.map((h) => enteredOf(h)));
  });

  it("the audit's positions: 1e21 and 2e9 units and a cost of 1e300 are not stored, so the export imports back", () => {
    const found = fundsOfPositions(
      [
        {
          account: { id: 'a', brokerageName: 'B', accountName: 'A' },
          positions: [
            { symbol: tickers[0]!, kind: 'etf', units: '1e+21', averageCost: null },
            { symbol: tickers[1]!, kind: 'etf', units: '2000000000', averageCost: '10' },
            { symbol: tickers[2]!, kind: 'etf', units: '5', averageCost: '1e+300' },
            { symbol: tickers[3]!, kind: 'etf', units: '5', averageCost: '20' },
          ],
        },
      ],
      catalog,
    );
    const state = apply(initialPortfolioState(), planBrokerageSync({ userId: USER, positions: found.funds.map((f, i) => ({ ...f, newHoldingId: `n${i}` })) }, initialPortfolioState(), ctx).events);
    expect(importLines(exportOf(state)).parseErrors).toEqual([]);
    expect(state.holdings.map((h) => [h.etfId, h.shares, h.purchasePrice])).toEqual([['etf-3', '5', '20']]);
  });
});
