import { importCharacters, importDistributions, putDistribution, withdrawalInputMessages, withdrawDistribution, type DistributionJson } from '../../contracts/catalog.ts';
import { newYorkDate } from '../../domain/market/trading-days.ts';
import { requireListedEtf } from '../catalog/commands.ts';
import { badRequest } from '../core/errors.ts';
import { apiModule, handle } from '../http/endpoints.ts';
import * as commands from './commands.ts';
import { parseCharacterCsv } from './character-csv.ts';
import { noValidRows, parseDistributionCsv } from './csv.ts';

/**
 * The owner's distributions of one fund (definitions in contracts/catalog.ts; docs/data-operations.md):
 * the distribution history import, `POST /api/admin/etfs/{id}/distributions/import` (through the
 * decider with source `csv`: the same file twice appends nothing), and the withdrawal of one,
 * `DELETE /api/admin/etfs/{id}/distributions/{exDate}?kind=&reason=`; the owner's edit of one distribution,
 * `PUT /api/admin/etfs/{id}/distributions/{exDate}?kind=` (source `manual`, its ROC estimate among its
 * values), and the year-end character file, `POST /api/admin/etfs/{id}/distributions/character` (issue 27).
 * Under /api/admin (the app's owner guard).
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

  handle(importCharacters, async ({ params, body }, call) => {
    const etf = await requireListedEtf(deps.log, params.id);
    const parsed = parseCharacterCsv(body);
    const byLine = (errors: { line: number; message: string }[]) => (errors.length > 0 ? Object.fromEntries(errors.map((e) => [`line ${e.line}`, e.message])) : undefined);
    if (parsed.fileError) throw badRequest(parsed.fileError, byLine(parsed.errors));
    const counts = await commands.recordCharacters(deps.log, etf, parsed.rows, call.context());
    const errors = [...parsed.errors, ...counts.errors].sort((a, b) => a.line - b.line);
    // no row named a distribution of the fund: nothing recorded, each row's reason (as a file with no valid row)
    if (counts.updated + counts.unchanged === 0) throw badRequest(noValidRows(errors, commands.characterMessages.noneRecorded), byLine(errors));
    await call.waitFor(counts.position);
    return { updated: counts.updated, unchanged: counts.unchanged, errors };
  }),

  handle(putDistribution, async ({ params, query, body }, call) => {
    const etf = await requireListedEtf(deps.log, params.id);
    const kind = query.kind ?? 'regular';
    const done = await commands.putDistribution(
      deps.log,
      etf.etfId,
      {
        exDate: params.exDate,
        recordDate: body.recordDate ?? null,
        payDate: body.payDate ?? null,
        amount: body.amount,
        kind,
        ...(body.status !== undefined ? { status: body.status } : {}),
        ...(body.rocEstimatePercent !== undefined ? { rocEstimatePercent: body.rocEstimatePercent } : {}),
      },
      call.context(),
    );
    await call.waitFor(done.position);
    const d = done.distribution;
    const answer: DistributionJson = {
      id: d.distributionId,
      etfId: etf.etfId,
      ticker: etf.ticker,
      exDate: d.exDate,
      kind: d.kind,
      recordDate: d.recordDate,
      payDate: d.payDate,
      amount: d.amount,
      status: d.status,
      source: d.source,
      rocEstimatePercent: d.rocEstimatePercent ?? null,
      character: d.character ?? null,
      result: done.result,
    };
    return done.result === 'recorded' ? call.reply(201, answer) : answer;
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
