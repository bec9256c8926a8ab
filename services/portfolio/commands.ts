import { randomUUID } from 'node:crypto';
import { enteredOf } from '../../events/portfolio.ts';
import { streams } from '../../events/streams.ts';
import { handleCommand } from '../core/command-handler.ts';
import { WRITE_RETRIES, type CommandContext } from '../core/decider.ts';
import type { EventLog } from '../core/event-log.ts';
import { requireListedEtf } from '../catalog/commands.ts';
import { planBrokerageSync, planHoldingsImport, portfolioDecider, portfolioMessages, type BrokeragePosition, type BrokerageSyncPlan, type ImportLine, type ImportPlan } from './business-logic.ts';
import { nextTurn } from '../http/csv.ts';
import type { HoldingInput } from '../../contracts/portfolio.ts';
import type { HoldingsCsvExportRow, HoldingsCsvRow } from './holdings-csv.ts';
import { listCatalog } from '../../read-models/catalog/catalog-index.ts';
import { portfolioDoc } from '../../read-models/portfolio/queries.ts';
import { firstBarDate } from '../../read-models/market/queries.ts';
import type { ReadModels } from '../../read-models/runtime/read-models.ts';

/**
 * Portfolio commands (the writes to `portfolio-<userId>`), for the router and any other caller. Each
 * answers the global position of its append, for the caller to wait on before it reads.
 */

export interface PortfolioCommandDeps {
  log: EventLog;
  /** Where a fund without an inception date finds its first bar (the market read model). */
  readModels?: ReadModels;
}

/**
 * Adds a holding of a listed fund (404 for an unknown one, 409 when the user holds it already; 400 for
 * a purchase date before the fund's first trading day: its inception date, else its first bar).
 */
export async function addHolding(
  { log, readModels }: PortfolioCommandDeps,
  userId: string,
  input: HoldingInput,
  ctx: CommandContext,
): Promise<{ holdingId: string; position: number }> {
  const etf = await requireListedEtf(log, input.etfId);
  const firstTradingDay = etf.inceptionDate ?? (input.purchaseDate !== null && readModels ? await firstBarDate(readModels, etf.etfId) : null);
  const holdingId = randomUUID();
  const command = { type: 'AddHolding' as const, data: { userId, holdingId, ticker: etf.ticker, ...input }, firstTradingDay };
  const result = await handleCommand(log, streams.portfolio(userId), portfolioDecider, command, ctx, WRITE_RETRIES);
  return { holdingId, position: result.position };
}

/** Removes one of the user's holdings (404 unless it is theirs). */
export async function removeHolding({ log }: PortfolioCommandDeps, userId: string, holdingId: string, ctx: CommandContext): Promise<{ position: number }> {
  const result = await handleCommand(log, streams.portfolio(userId), portfolioDecider, { type: 'RemoveHolding', data: { userId, holdingId } }, ctx, WRITE_RETRIES);
  return { position: result.position };
}

/**
 * Brings the holdings a brokerage sync owns in line with the brokerage's positions (see the
 * `SyncBrokerageHoldings` command): answers what it did, the positions it left out (outside the limits
 * of a holding: nothing changed for them) and the position to wait on (0: nothing written).
 */
export async function syncBrokerageHoldings(
  { log }: PortfolioCommandDeps,
  userId: string,
  positions: readonly Omit<BrokeragePosition, 'newHoldingId'>[],
  ctx: CommandContext,
): Promise<{ created: number; updated: number; removed: number; keptManual: string[]; notSynced: BrokerageSyncPlan['notSynced']; position: number }> {
  const command = { type: 'SyncBrokerageHoldings' as const, data: { userId, positions: positions.map((p) => ({ ...p, newHoldingId: randomUUID() })) } };
  const stream = streams.portfolio(userId);
  // The plan of the decision that was appended (a re-run after a lost race decides again on fresh state).
  let plan: BrokerageSyncPlan = { events: [], notSynced: [] };
  const decider = {
    ...portfolioDecider,
    decide: (...args: Parameters<typeof portfolioDecider.decide>) => {
      const [c, state, at] = args;
      if (c.type !== 'SyncBrokerageHoldings') return portfolioDecider.decide(c, state, at);
      plan = planBrokerageSync(c.data, state, at);
      return plan.events;
    },
  };
  const result = await handleCommand(log, stream, decider, command, ctx, WRITE_RETRIES);
  const { state } = await log.aggregate(stream, portfolioDecider);
  const keptManual = positions.filter((p) => state.holdings.some((h) => h.etfId === p.etfId && h.source === 'manual')).map((p) => p.etfId);
  const count = (type: string) => result.events.filter((e) => e.type === type).length;
  return { created: count('HoldingAdded'), updated: count('HoldingSynced'), removed: count('HoldingRemoved'), keptManual, notSynced: plan.notSynced, position: result.position };
}

/** Rows looked up between two turns of the event loop in an import. */
const ROWS_PER_TURN = 2000;

export const importMessages = {
  unknownTicker: (ticker: string) => `ETF not found: ${ticker} is not in the WeeklyDiv catalog`,
} as const;

export interface ImportReport {
  created: number;
  updated: number;
  errors: { line: number; message: string }[];
  /** Global position of the append (0: nothing written). */
  position: number;
}

/**
 * Imports the rows of a holdings CSV (parseHoldingsCsv) into the user's portfolio as one append
 * (planHoldingsImport): the tickers are found in the catalog (`catalog-index`), each fund's first
 * trading day read for the lines with a purchase date. `parseErrors` (the parser's) join the report.
 */
export async function importHoldings(
  { log, readModels }: PortfolioCommandDeps & { readModels: ReadModels },
  userId: string,
  rows: readonly HoldingsCsvRow[],
  parseErrors: readonly { line: number; message: string }[],
  ctx: CommandContext,
  /** The account the lines are kept apart under; null: merged into the user's holdings (planHoldingsImport). */
  account: string | null = null,
): Promise<ImportReport> {
  const byTicker = new Map((await listCatalog(readModels)).map((e) => [e.ticker, e]));
  const errors = [...parseErrors];
  const lines: ImportLine[] = [];
  // A fund named on an earlier line: reported here, as planHoldingsImport would, so the decision (one
  // piece of work on the event loop) sees each fund once, however long the file (security audit I6).
  const firstLineOf = new Map<string, number>();
  for (const [i, row] of rows.entries()) {
    if (i > 0 && i % ROWS_PER_TURN === 0) await nextTurn();
    const etf = byTicker.get(row.ticker);
    if (!etf) {
      errors.push({ line: row.line, message: importMessages.unknownTicker(row.ticker) });
      continue;
    }
    const earlier = firstLineOf.get(etf._id);
    if (earlier !== undefined) {
      errors.push({ line: row.line, message: portfolioMessages.duplicateLine(etf.ticker, earlier) });
      continue;
    }
    firstLineOf.set(etf._id, row.line);
    const firstTradingDay = etf.inceptionDate ?? (row.purchaseDate ? await firstBarDate(readModels, etf._id) : null);
    lines.push({ ...row, etfId: etf._id, ticker: etf.ticker, firstTradingDay, newHoldingId: randomUUID() });
  }
  // The plan of the decision that was appended (a re-run after a lost race decides again on fresh state).
  let plan: ImportPlan = { events: [], created: 0, updated: 0, errors: [] };
  const decider = {
    ...portfolioDecider,
    decide: (...args: Parameters<typeof portfolioDecider.decide>) => {
      const [command, state, at] = args;
      if (command.type !== 'ImportHoldings') return portfolioDecider.decide(command, state, at);
      plan = planHoldingsImport(command.data, state, at);
      return plan.events;
    },
  };
  const result = await handleCommand(log, streams.portfolio(userId), decider, { type: 'ImportHoldings', data: { userId, lines, account } }, ctx, WRITE_RETRIES);
  const all = [...errors, ...plan.errors].sort((a, b) => a.line - b.line);
  return { created: plan.created, updated: plan.updated, errors: all, position: result.position };
}

/** The user's holdings as the export writes them, in the order added (tickers from the catalog). */
export async function holdingsForExport(readModels: ReadModels, userId: string): Promise<HoldingsCsvExportRow[]> {
  const [doc, catalog] = await Promise.all([portfolioDoc(readModels, userId), listCatalog(readModels)]);
  const tickers = new Map(catalog.map((e) => [e._id, e.ticker]));
  return (doc?.holdings ?? []).flatMap((h) => {
    const ticker = tickers.get(h.etfId);
    return ticker ? [{ ticker, ...enteredOf(h) }] : [];
  });
}
