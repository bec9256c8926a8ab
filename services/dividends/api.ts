import { importDistributions, withdrawalInputMessages, withdrawDistribution } from '../../contracts/catalog.ts';
import { newYorkDate } from '../../domain/market/trading-days.ts';
import { requireListedEtf } from '../catalog/commands.ts';
import { badRequest } from '../core/errors.ts';
import { apiModule, handle } from '../http/endpoints.ts';
import * as commands from './commands.ts';
import { parseDistributionCsv } from './csv.ts';

/**
 * The owner's distributions of one fund (definitions in contracts/catalog.ts; docs/data-operations.md):
 * the distribution history import, `POST /api/admin/etfs/{id}/distributions/import` (through the
 * decider with source `csv`: the same file twice appends nothing), and the withdrawal of one,
 * `DELETE /api/admin/etfs/{id}/distributions/{exDate}?kind=&reason=`. Under /api/admin (the app's owner guard).
 */
export const dividendsApi = apiModule('dividends', (deps) => [
  handle(importDistributions, async ({ params, body }, call) => {
    const etf = await requireListedEtf(deps.log, params.id);
    const parsed = parseDistributionCsv(body);
    // every row refused: the message names the first reasons, `errors` each row's (by line)
    if (parsed.fileError) throw badRequest(parsed.fileError, parsed.errors.length > 0 ? Object.fromEntries(parsed.errors.map((e) => [`line ${e.line}`, e.message])) : undefined);
    const context = call.context();
    const counts = await commands.recordDistributions(deps.log, etf.etfId, parsed.rows, 'csv', context);
    await call.waitFor(counts.position);
    const warnings = await commands.distributionWarnings(deps.log, etf, newYorkDate(context.now));
    return { appended: counts.declared, revised: counts.revised, unchanged: counts.unchanged, errors: parsed.errors, warnings };
  }),

  handle(withdrawDistribution, async ({ params, query }, call) => {
    const etf = await requireListedEtf(deps.log, params.id);
    const { exDate } = params;
    const reason = query.reason || withdrawalInputMessages.defaultReason;
    const kind = query.kind ?? 'regular';
    const done = await commands.withdrawDistribution(deps.log, etf, exDate, reason, call.context(), kind);
    await call.waitFor(done.position);
    return {
      id: done.distribution.distributionId,
      etfId: etf.etfId,
      ticker: etf.ticker,
      exDate,
      kind,
      amount: done.distribution.amount,
      reason: done.reason,
      withdrawnAt: done.withdrawnAt,
    };
  }),
]);
