import {
  addHolding,
  exportHoldings,
  getHolding,
  getPortfolio,
  getTaxSummary,
  getTaxSummaryCsv,
  getUserCalendar,
  importHoldings,
  removeHolding,
  DEMO_DATA_HEADER,
} from '../../contracts/portfolio.ts';
import { importAccountMessages, type HoldingsImportResult } from '../../contracts/portfolio.ts';
import { newYorkDate } from '../../domain/market/trading-days.ts';
import { badRequest, notFound } from '../core/errors.ts';
import { apiModule, handle, SENT } from '../http/endpoints.ts';
import { portfolioMessages } from './business-logic.ts';
import * as commands from './commands.ts';
import { holdingsToCsv, parseHoldingsCsvInSlices } from './holdings-csv.ts';
import { taxSummaryToCsv } from './tax-summary-csv.ts';

/**
 * The signed-in user's portfolio and payout calendar (definitions in contracts/portfolio.ts): the
 * holdings with their derived values (read-models/portfolio/views.ts, kept per user by UserAreaReads),
 * one holding, the four-week payout calendar, add and remove, and the CSV export and import
 * (docs/holdings-csv.md). "Today" for the answers is the New York date of the request clock; derived
 * values are as of the market date (the latest MarketDayBegan), like every public figure.
 */
export const portfolioApi = apiModule('portfolio', (deps) => {
  const reads = deps.userArea;
  const requestToday = () => newYorkDate(deps.now().getTime());

  return [
    handle(getPortfolio, async (_input, call) => {
      const answer = await reads.portfolioAnswer(call.auth.user._id, requestToday());
      // The answer is an array (the holdings); its own demo label, for the portfolio totals, is a header.
      call.res.setHeader(DEMO_DATA_HEADER, String(answer.isDemo));
      return call.sendJsonBytes(answer.body);
    }),

    handle(exportHoldings, async (_input, call) => {
      const rows = await commands.holdingsForExport(deps.readModels, call.auth.user._id);
      call.res.setHeader('Content-Type', 'text/csv; charset=utf-8');
      call.res.setHeader('Content-Disposition', `attachment; filename="weeklydiv-holdings-${requestToday()}.csv"`);
      call.res.send(holdingsToCsv(rows));
      return SENT;
    }),

    handle(importHoldings, async ({ body, query }, call) => {
      const account = importAccountOf(query);
      const ctx = call.context();
      // in slices, the event loop free between them: a large file does not hold other requests (audit I6)
      const parsed = await parseHoldingsCsvInSlices(body, newYorkDate(ctx.now));
      if (parsed.fileError) throw badRequest(parsed.fileError);
      const { position, ...report } = await commands.importHoldings({ log: deps.log, readModels: deps.readModels }, call.auth.user._id, parsed.rows, parsed.errors, ctx, account);
      await call.waitFor(position);
      return report satisfies HoldingsImportResult;
    }),

    handle(getHolding, async ({ params }, call) => {
      const holding = await reads.holding(call.auth.user._id, params.holdingId, requestToday());
      if (!holding) throw notFound(portfolioMessages.holdingNotFound);
      return holding;
    }),

    handle(getUserCalendar, async (_input, call) => call.sendJsonBytes(await reads.calendarBody(call.auth.user._id, requestToday()))),

    // The tax-year summary (issue 27): JSON, and the same summary as CSV (one builder, the same numbers).
    handle(getTaxSummary, async ({ query }, call) => reads.taxSummary(call.auth.user._id, requestToday(), query.year ?? null)),

    handle(getTaxSummaryCsv, async ({ query }, call) => {
      const summary = await reads.taxSummary(call.auth.user._id, requestToday(), query.year ?? null);
      call.res.setHeader('Content-Type', 'text/csv; charset=utf-8');
      call.res.setHeader('Content-Disposition', `attachment; filename="weeklydiv-tax-summary-${query.year ?? 'all'}.csv"`);
      call.res.send(taxSummaryToCsv(summary));
      return SENT;
    }),

    handle(addHolding, async ({ body }, call) => {
      const ctx = call.context();
      const userId = call.auth.user._id;
      const { holdingId, position } = await commands.addHolding(deps, userId, body, ctx);
      await call.waitFor(position);
      // the holding's JSON as the user area computed it (no parse and re-serialisation)
      const holding = await reads.holdingJson(userId, holdingId, newYorkDate(ctx.now));
      return call.sendJsonBytes(Buffer.from(holding ?? 'null', 'utf8'), 201);
    }, {
      // The decider refuses it too; checked here so one 400 names it beside the other fields.
      checks: { purchaseDate: (date, { now }) => (date !== null && date > newYorkDate(now.getTime()) ? portfolioMessages.dateInFuture : null) },
    }),

    handle(removeHolding, async ({ params }, call) => {
      const { position } = await commands.removeHolding(deps, call.auth.user._id, params.holdingId, call.context());
      await call.waitFor(position);
    }),
  ];
});

/** The account an import keeps its positions apart under (null: merged), or the 400 of a wrong choice. */
function importAccountOf(query: { accounts: 'merge' | 'separate'; account?: string | undefined }): string | null {
  const name = query.account ?? '';
  if (query.accounts === 'merge') {
    if (name !== '') throw badRequest(importAccountMessages.nameWithMerge, { account: importAccountMessages.nameWithMerge });
    return null;
  }
  if (name === '') throw badRequest(importAccountMessages.nameRequired, { account: importAccountMessages.nameRequired });
  return name;
}
