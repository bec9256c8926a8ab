import { describe, expect, it } from 'vitest';
import type { PortfolioEvent } from '../../events/portfolio.ts';
import { fold, type CommandContext } from '../core/decider.ts';
import { deciderSpec } from '../testing/decider-spec.ts';
import { planBrokerageSync, planHoldingsImport, portfolioDecider, type ImportLine, type PortfolioCommand } from './business-logic.ts';

const userId = '4f6c1d3e-8a2b-4c5d-9e0f-1a2b3c4d5e6f';
const nvdw = '00000000-0000-4000-8000-000000000001';
const msty = '00000000-0000-4000-8000-000000000002';
const h1 = '10000000-0000-4000-8000-000000000001';
const h2 = '10000000-0000-4000-8000-000000000002';
// 2026-01-08T03:00Z is still Wednesday 2026-01-07 in New York (UTC-5).
const ctx: CommandContext = { actor: `user:${userId}`, correlationId: 'c1', now: '2026-01-08T03:00:00.000Z' };

const given = deciderSpec(portfolioDecider, ctx);

const add = (over: Partial<Extract<PortfolioCommand, { type: 'AddHolding' }>['data']> = {}): PortfolioCommand => ({
  type: 'AddHolding',
  data: { userId, holdingId: h1, etfId: nvdw, ticker: 'NVDW', shares: '100', purchasePrice: '50.25', purchaseDate: '2026-01-02', isDrip: true, ...over },
});
const added: PortfolioEvent = {
  type: 'HoldingAdded',
  data: { userId, holdingId: h1, etfId: nvdw, shares: '100', purchasePrice: '50.25', purchaseDate: '2026-01-02', isDrip: true, addedAt: ctx.now },
};

describe('portfolio-<userId>', () => {
  it('adds a holding', () => {
    given([]).when(add()).then([added]);
  });

  it('adds a holding without price and date', () => {
    given([]).when(add({ purchasePrice: null, purchaseDate: null, isDrip: false })).then([
      { type: 'HoldingAdded', data: { userId, holdingId: h1, etfId: nvdw, shares: '100', purchasePrice: null, purchaseDate: null, isDrip: false, addedAt: ctx.now } },
    ]);
  });

  it("refuses a purchase date before the fund's first trading day, naming it; the day itself is fine", () => {
    given([]).when({ ...add({ purchaseDate: '2025-06-01' }), firstTradingDay: '2025-06-02' } as PortfolioCommand).thenThrows({
      status: 400,
      message: "Purchase date cannot be before NVDW's first trading day, 2025-06-02",
      fieldErrors: { purchaseDate: "Purchase date cannot be before NVDW's first trading day, 2025-06-02" },
    });
    given([]).when({ ...add({ purchaseDate: '2025-06-02' }), firstTradingDay: '2025-06-02' } as PortfolioCommand).then((events) => expect(events).toHaveLength(1));
    given([]).when({ ...add({ purchaseDate: null }), firstTradingDay: '2025-06-02' } as PortfolioCommand).then((events) => expect(events).toHaveLength(1));
  });

  it('refuses a second holding of the same ETF with 409 naming the ticker', () => {
    given([added]).when(add({ holdingId: h2 })).thenThrows({ status: 409, message: 'NVDW is already in your portfolio' });
  });

  it('holds several ETFs, one holding each', () => {
    expect(given([added]).when(add({ holdingId: h2, etfId: msty, ticker: 'MSTY' })).events()).toHaveLength(1);
  });

  it('accepts a purchase date of today in New York, refuses tomorrow', () => {
    expect(given([]).when(add({ purchaseDate: '2026-01-07' })).events()).toHaveLength(1);
    given([]).when(add({ purchaseDate: '2026-01-08' })).thenThrows({ status: 400, message: 'Purchase date cannot be in the future' });
  });

  it('keeps the invariants whoever sends the command: shares and price above 0', () => {
    given([]).when(add({ shares: '0' })).thenThrows({ status: 400, message: 'Must be a positive number' });
    given([]).when(add({ purchasePrice: '0' })).thenThrows({ status: 400, message: 'Purchase price must be a positive number' });
  });

  it('removes a holding by id', () => {
    given([added]).when({ type: 'RemoveHolding', data: { userId, holdingId: h1 } }).then([
      { type: 'HoldingRemoved', data: { userId, holdingId: h1, etfId: nvdw, removedAt: ctx.now } },
    ]);
  });

  it('answers 404 for a holding that is not in this portfolio (unknown, removed, or another user\'s)', () => {
    given([added]).when({ type: 'RemoveHolding', data: { userId, holdingId: h2 } }).thenThrows({ status: 404, message: 'Holding not found' });
    const removed: PortfolioEvent = { type: 'HoldingRemoved', data: { userId, holdingId: h1, etfId: nvdw, removedAt: ctx.now } };
    given([added, removed]).when({ type: 'RemoveHolding', data: { userId, holdingId: h1 } }).thenThrows({ status: 404 });
  });

  it('lets the ETF be added again after its holding was removed', () => {
    const removed: PortfolioEvent = { type: 'HoldingRemoved', data: { userId, holdingId: h1, etfId: nvdw, removedAt: ctx.now } };
    expect(given([added, removed]).when(add({ holdingId: h2 })).events()).toHaveLength(1);
  });
});

describe('ImportHoldings (a CSV import: one decision, one append)', () => {
  const h3 = '10000000-0000-4000-8000-000000000003';
  const ulty = '00000000-0000-4000-8000-000000000003';
  const line = (over: Partial<ImportLine> = {}): ImportLine => ({ line: 2, etfId: nvdw, ticker: 'NVDW', shares: '100', firstTradingDay: null, newHoldingId: h2, ...over });
  const importing = (...lines: ImportLine[]): PortfolioCommand => ({ type: 'ImportHoldings', data: { userId, lines } });
  const plan = (history: PortfolioEvent[], ...lines: ImportLine[]) => planHoldingsImport({ userId, lines }, fold(portfolioDecider, history), ctx);
  const synced: PortfolioEvent = { type: 'HoldingAdded', data: { ...added.data, holdingId: h3, etfId: ulty, purchaseDate: null, isDrip: false, source: 'brokerage' } };

  it('creates a holding for a fund not held, with no price, date or DRIP where the file has none', () => {
    given([]).when(importing(line())).then([
      { type: 'HoldingAdded', data: { userId, holdingId: h2, etfId: nvdw, shares: '100', purchasePrice: null, purchaseDate: null, isDrip: false, addedAt: ctx.now } },
    ]);
  });

  it("updates the user's own holding: the values the file has, the others kept; nothing when they match", () => {
    given([added]).when(importing(line({ shares: '120', isDrip: false }))).then([
      { type: 'HoldingUpdated', data: { userId, holdingId: h1, etfId: nvdw, shares: '120', purchasePrice: '50.25', purchaseDate: '2026-01-02', isDrip: false, updatedAt: ctx.now } },
    ]);
    given([added]).when(importing(line({ purchasePrice: null, purchaseDate: null }))).then((events) => expect(events[0]?.data).toMatchObject({ purchasePrice: null, purchaseDate: null, isDrip: true }));
    given([added]).when(importing(line({ purchasePrice: '50.25', purchaseDate: '2026-01-02', isDrip: true }))).then([]);
    expect(plan([added], line())).toEqual({ events: [], created: 0, updated: 0, errors: [] });
  });

  it('keeps an account apart: its own holding of a fund beside the unlabelled one, found again by fund and account; a merge goes to the unlabelled one', () => {
    const intoAccount = (account: string, ...lines: ImportLine[]): PortfolioCommand => ({ type: 'ImportHoldings', data: { userId, lines, account } });
    const roth: PortfolioEvent = { type: 'HoldingAdded', data: { userId, holdingId: h2, etfId: nvdw, shares: '40', purchasePrice: null, purchaseDate: null, isDrip: false, addedAt: ctx.now, account: 'Roth IRA' } };
    given([added]).when(intoAccount('Roth IRA', line({ shares: '40' }))).then([roth]);
    given([added, roth]).when(intoAccount('Roth IRA', line({ shares: '40', newHoldingId: h3 }))).then([]);
    given([added, roth]).when(intoAccount('Roth IRA', line({ shares: '45', newHoldingId: h3 }))).then([
      { type: 'HoldingUpdated', data: { userId, holdingId: h2, etfId: nvdw, shares: '45', purchasePrice: null, purchaseDate: null, isDrip: false, updatedAt: ctx.now } },
    ]);
    given([roth]).when(importing(line({ shares: '5', newHoldingId: h3 }))).then([
      { type: 'HoldingAdded', data: { userId, holdingId: h3, etfId: nvdw, shares: '5', purchasePrice: null, purchaseDate: null, isDrip: false, addedAt: ctx.now } },
    ]);
    // the form's one holding per fund is the one without an account
    given([roth]).when(add()).then([added]);
    given([roth, added]).when(add({ holdingId: h3 })).thenThrows({ status: 409, message: 'NVDW is already in your portfolio' });
  });

  it('folds HoldingUpdated: a second identical import writes nothing', () => {
    const first = given([added]).when(importing(line({ shares: '7' }))).events();
    given([added, ...first]).when(importing(line({ shares: '7' }))).then([]);
  });

  it('never changes a holding a brokerage sync owns: a differing line is an error, a matching one is no change', () => {
    expect(plan([synced], line({ etfId: ulty, ticker: 'ULTY', shares: '5' }))).toEqual({
      events: [],
      created: 0,
      updated: 0,
      errors: [{ line: 2, message: 'ULTY is synced from your brokerage: change it there (the next sync would overwrite it)' }],
    });
    expect(plan([synced], line({ etfId: ulty, ticker: 'ULTY', shares: '100', purchasePrice: '50.25' })).errors).toEqual([]);
  });

  it('reports a fund named on two lines (the first counts), and each broken rule, and still imports the other lines', () => {
    const result = plan(
      [],
      line({ line: 2, shares: '1' }),
      line({ line: 3, shares: '2' }),
      line({ line: 4, etfId: msty, ticker: 'MSTY', purchaseDate: '2026-01-08' }),
      line({ line: 5, etfId: ulty, ticker: 'ULTY', purchaseDate: '2025-06-01', firstTradingDay: '2025-06-02' }),
    );
    expect(result.errors).toEqual([
      { line: 3, message: 'NVDW already appears on line 2' },
      { line: 4, message: 'Purchase date cannot be in the future' },
      { line: 5, message: "Purchase date cannot be before ULTY's first trading day, 2025-06-02" },
    ]);
    expect(result).toMatchObject({ created: 1, updated: 0 });
    expect(result.events.map((e) => e.data)).toEqual([expect.objectContaining({ etfId: nvdw, shares: '1' })]);
  });

  it('keeps the invariants whoever sends the command (zero shares or price)', () => {
    expect(plan([], line({ shares: '0' })).errors).toEqual([{ line: 2, message: 'Must be a positive number' }]);
    expect(plan([], line({ purchasePrice: '0' })).errors).toEqual([{ line: 2, message: 'Purchase price must be a positive number' }]);
    expect(plan([], line({ purchaseDate: '2026-02-30' })).errors).toEqual([{ line: 2, message: 'Purchase date must be a valid date (YYYY-MM-DD)' }]);
  });

  it('does not check again a purchase date the holding already had', () => {
    expect(plan([added], line({ shares: '3', firstTradingDay: '2026-01-05' })).errors).toEqual([]);
  });
});

describe('the limits of a holding, whoever sends it (security audit S3)', () => {
  it('AddHolding refuses more than 1,000,000,000 shares and a price above 1,000,000; the limits themselves are fine', () => {
    given([]).when(add({ shares: '1000000000.000001' })).thenThrows({ status: 400, fieldErrors: { shares: 'Must be at most 1,000,000,000' } });
    given([]).when(add({ purchasePrice: '1000000.0001' })).thenThrows({ status: 400, fieldErrors: { purchasePrice: 'Purchase price must be at most 1,000,000' } });
    given([]).when(add({ shares: '1000000000', purchasePrice: '1000000' })).then((events) => expect(events).toHaveLength(1));
  });

  it('SyncBrokerageHoldings leaves a position outside the limits out, and the holding it synced before as it was', () => {
    const synced: PortfolioEvent = { type: 'HoldingAdded', data: { ...added.data, purchaseDate: null, isDrip: false, source: 'brokerage' } };
    const sync = (...positions: { etfId: string; shares: string; purchasePrice: string | null }[]): PortfolioCommand => ({
      type: 'SyncBrokerageHoldings',
      data: { userId, positions: positions.map((p) => ({ ...p, newHoldingId: h2 })) },
    });
    // neither updated nor removed
    given([synced]).when(sync({ etfId: nvdw, shares: '1000000000000000000000', purchasePrice: null })).then([]);
    given([synced]).when(sync({ etfId: nvdw, shares: '100', purchasePrice: `1${'0'.repeat(300)}` })).then([]);
    // not added
    given([]).when(sync({ etfId: msty, shares: '2000000000', purchasePrice: '10' })).then([]);
    given([]).when(sync({ etfId: msty, shares: '5', purchasePrice: '0' })).then([]);
    expect(planBrokerageSync({ userId, positions: [{ etfId: msty, shares: '2000000000', purchasePrice: '10', newHoldingId: h2 }, { etfId: nvdw, shares: '1', purchasePrice: '1000001', newHoldingId: h1 }] }, fold(portfolioDecider, []), ctx).notSynced).toEqual([
      { etfId: msty, reason: 'Shares: Must be at most 1,000,000,000' },
      { etfId: nvdw, reason: 'Purchase price must be at most 1,000,000' },
    ]);
  });
});
