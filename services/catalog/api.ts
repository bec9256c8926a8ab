import { z } from 'zod';
import { createEtf, createEtfSchema, exportEtfs, importEtfs, updateEtf, type EtfImportResult, type EtfJson } from '../../contracts/catalog.ts';
import { brandSlug } from '../../domain/market/tickers.ts';
import { newYorkDate } from '../../domain/market/trading-days.ts';
import { listCatalog } from '../../read-models/catalog/catalog-index.ts';
import { AppError, badRequest, notFound } from '../core/errors.ts';
import { readRecords } from '../http/csv.ts';
import { apiModule, handle, SENT } from '../http/endpoints.ts';
import { validate } from '../http/validation.ts';
import type { EtfDetails } from './business-logic.ts';
import { catalogMessages, changeEtf, listNewEtf } from './commands.ts';
import { etfsToCsv, parseEtfCsv } from './csv.ts';

/**
 * The owner's catalog (definitions in contracts/catalog.ts): `POST /api/etfs`, `PUT /api/admin/etfs/{id}`,
 * the ETF list CSV import (`POST /api/admin/etfs/import`) and export (`GET /api/admin/etfs/export.csv`).
 * The writes are the catalog commands (commands.ts): every change is an event on `etf-<id>` (and
 * `catalog-<TICKER>` for the ticker) with the owner as actor, so `npm run wd -- history etf-<id>` shows
 * who changed what and when.
 */

function toEtfJson(etf: EtfDetails): EtfJson {
  return {
    id: etf.etfId,
    ticker: etf.ticker,
    name: etf.name,
    brand: etf.brand,
    brandSlug: brandSlug(etf.brand),
    description: etf.description,
    frequency: etf.frequency,
    underlying: etf.underlying,
    inceptionDate: etf.inceptionDate,
    dataSource: etf.dataSource,
    listedAt: etf.listedAt,
  };
}

/**
 * The 1-based file line of each data record, in file order (the parser skips empty lines and quoted
 * fields can span lines, so line numbers cannot be counted by hand).
 */
function dataRecordLines(text: string): number[] {
  const records = readRecords(text);
  return 'error' in records ? [] : records.slice(1).map((r) => r.line);
}

const etfId = z.uuid();

export const catalogApi = apiModule('catalog', (deps) => [
  // Outside /api/admin (the spec puts it there): the definition's owner access guards it.
  handle(createEtf, async ({ body }, call) => {
    const { etf, position } = await listNewEtf(deps.log, body, call.context());
    await call.waitFor(position);
    return toEtfJson(etf);
  }),

  handle(updateEtf, async ({ params, body }, call) => {
    if (!etfId.safeParse(params.id).success) throw notFound(catalogMessages.notFound);
    const { etf, position } = await changeEtf(deps.log, params.id, body, call.context());
    await call.waitFor(position);
    return toEtfJson(etf);
  }),

  handle(exportEtfs, async (_input, call) => {
    const etfs = await listCatalog(deps.readModels);
    const date = newYorkDate(deps.now().getTime());
    call.res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    call.res.setHeader('Content-Disposition', `attachment; filename="etfs-${date}.csv"`);
    call.res.send(etfsToCsv(etfs));
    return SENT;
  }),

  handle(importEtfs, async ({ body: text }, call) => {
    const parsed = parseEtfCsv(text);
    if (parsed.fileError) throw badRequest(parsed.fileError);
    const ctx = call.context();
    const skippedLines = new Set(parsed.errors.map((e) => e.line));
    const lines = dataRecordLines(text).filter((l) => !skippedLines.has(l));
    const result: EtfImportResult = { created: 0, failed: 0, results: [], skipped: parsed.errors, message: '' };
    let position = 0;
    for (const [i, row] of parsed.rows.entries()) {
      const line = lines.length === parsed.rows.length ? lines[i]! : i + 2;
      try {
        // each row is created as POST /api/etfs would (the same schema and messages)
        const input = validate(createEtfSchema, row);
        const written = await listNewEtf(deps.log, input, ctx);
        position = Math.max(position, written.position);
        result.created++;
        result.results.push({ line, ticker: written.etf.ticker, status: 'created', id: written.etf.etfId });
      } catch (error) {
        if (!(error instanceof AppError) || error.status >= 500) throw error;
        result.failed++;
        result.results.push({ line, ticker: row.ticker, status: 'failed', message: error.message });
      }
    }
    result.message =
      result.created === 0
        ? catalogMessages.allFailed(result.failed)
        : result.failed > 0
          ? catalogMessages.someFailed(result.created, result.failed)
          : catalogMessages.allCreated(result.created);
    await call.waitFor(position);
    return result;
  }),
]);
