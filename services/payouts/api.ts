import { getIncome, getIncomeCsv, getIncomeGoal, getPayouts, importDividendHistory, markPayoutReceived, payoutMessages, putIncomeGoal, type DividendHistoryImportResult } from '../../contracts/payouts.ts';
import { addDays, newYorkDate } from '../../domain/market/trading-days.ts';
import { buildLedger } from '../../read-models/portfolio/payout-ledger.ts';
import { incomeGoalView, incomeSeriesView, ledgerInput, ledgerView } from '../../read-models/portfolio/payout-queries.ts';
import { badRequest, notFound } from '../core/errors.ts';
import { apiModule, handle, SENT } from '../http/endpoints.ts';
import * as commands from './commands.ts';
import { dividendHistoryRecords, parseDividendHistoryCsv } from './dividend-history-csv.ts';
import { incomeToCsv } from './income-csv.ts';

/** Days of the ledger before and after the market date when `from` / `to` are left out. */
const DEFAULT_DAYS_BEFORE = 90;
const DEFAULT_DAYS_AFTER = 35;

/**
 * The payout ledger, the income record and the income goal (definitions in contracts/payouts.ts;
 * docs/payouts.md). Every answer is derived at the request from the holdings, the payouts document
 * and the market snapshot the portfolio uses; "today" is the market date (the request's New York date
 * before the first market day).
 */
export const payoutsApi = apiModule('payouts', (deps) => {
  const requestToday = () => newYorkDate(deps.now().getTime());
  const input = (userId: string, alsoFunds: readonly string[] = []) => ledgerInput(deps.readModels, deps.marketSnapshots, userId, requestToday(), alsoFunds);

  return [
    handle(getPayouts, async ({ query }, call) => {
      const data = await input(call.auth.user._id);
      const today = data.market.today;
      const from = query.from ?? addDays(today, -DEFAULT_DAYS_BEFORE);
      const to = query.to ?? addDays(from > today ? from : today, DEFAULT_DAYS_AFTER);
      call.res.setHeader('Cache-Control', 'no-store');
      return ledgerView(data, from, to);
    }),

    handle(markPayoutReceived, async ({ params, body }, call) => {
      const userId = call.auth.user._id;
      const ctx = call.context();
      const { position, payDate } = await commands.markPayoutReceived(deps, userId, params.holdingId, params.exDate, body.amount, ctx);
      await call.waitFor(position);
      const data = await input(userId);
      const holdings = data.holdings.filter((h) => h.id === params.holdingId);
      const payout = buildLedger({ ...data, holdings }, payDate, payDate).payouts.find((p) => p.exDate === params.exDate);
      if (!payout) throw notFound(payoutMessages.payoutNotFound);
      return payout;
    }),

    // A broker's dividend history file: its records kept as the sync's are, then matched at read time
    // to the hand-entered holdings' payouts; the answer says which of this file's records a payout took.
    handle(importDividendHistory, async ({ body }, call) => {
      const userId = call.auth.user._id;
      const parsed = parseDividendHistoryCsv(body);
      if (parsed.fileError !== null) throw badRequest(parsed.fileError);
      const records = dividendHistoryRecords(parsed.layout!, parsed.rows);
      const { position, recorded } = await commands.recordBrokerPayouts(deps, userId, records, call.context());
      await call.waitFor(position);
      const data = await input(userId);
      const today = data.market.today;
      const unmatchedIds = new Set(buildLedger(data, today, today).unmatched.map((r) => r.id));
      const lineOf = new Map(records.map((r, i) => [r.id, parsed.rows[i]!.line]));
      const unmatched = records.filter((r) => unmatchedIds.has(r.id)).map((r) => ({ ...r, line: lineOf.get(r.id)! }));
      return {
        broker: parsed.layout!,
        lines: records.length,
        recorded,
        matched: records.length - unmatched.length,
        unmatched,
        errors: parsed.errors,
      } satisfies DividendHistoryImportResult;
    }),

    handle(getIncome, async ({ query }, call) => {
      call.res.setHeader('Cache-Control', 'no-store');
      return incomeSeriesView(await input(call.auth.user._id), query.by);
    }),

    handle(getIncomeCsv, async ({ query }, call) => {
      const series = incomeSeriesView(await input(call.auth.user._id), query.by);
      call.res.setHeader('Content-Type', 'text/csv; charset=utf-8');
      call.res.setHeader('Content-Disposition', `attachment; filename="weeklydiv-income-${query.by}.csv"`);
      call.res.send(incomeToCsv(series));
      return SENT;
    }),

    handle(getIncomeGoal, async ({ query }, call) => {
      const etfId = query.etfId ?? null;
      const data = await input(call.auth.user._id, etfId === null ? [] : [etfId]);
      if (etfId !== null && !data.market.series.get(etfId)) throw notFound(payoutMessages.etfNotFound);
      call.res.setHeader('Cache-Control', 'no-store');
      return incomeGoalView(data, etfId);
    }),

    handle(putIncomeGoal, async ({ body }, call) => {
      const userId = call.auth.user._id;
      const { position } = await commands.setIncomeGoal(deps, userId, body.period, body.amount, call.context());
      await call.waitFor(position);
      return incomeGoalView(await input(userId), null);
    }),
  ];
});
