import express, { Router, type Request } from 'express';
import { parse } from 'csv-parse/sync';
import { z } from 'zod';
import type { EtfImportResult, EtfJson } from '../../contracts/catalog.ts';
import { listCatalog } from '../../read-models/catalog/catalog-index.ts';
import { AppError, badRequest, notFound } from '../core/errors.ts';
import type { AppDeps } from '../http/deps.ts';
import { actors, commandContext } from '../http/context.ts';
import { authOf, requireOwner } from '../http/session.ts';
import { validate } from '../http/validation.ts';
import { etfsToCsv, parseEtfCsv } from './csv.ts';
import { catalogMessages, changeEtf, listNewEtf } from './commands.ts';
import { etfInputSchema, type EtfDetails } from './business-logic.ts';
import { brandSlug } from '../../domain/market/tickers.ts';
import { newYorkDate } from '../../domain/market/trading-days.ts';

/**
 * Catalog routes (owner only): `POST /api/etfs`, `PUT /api/admin/etfs/{id}`, the ETF list CSV import
 * (`POST /api/admin/etfs/import`) and export (`GET /api/admin/etfs/export.csv`). The writes are the
 * catalog commands (commands.ts): every change is an event on `etf-<id>` (and `catalog-<TICKER>` for
 * the ticker) with the owner as actor, so `npm run wd -- history etf-<id>` shows who changed what and when.
 */

// ---------------------------------------------------------------------------------------------------
// Request schemas

/** A missing or null ticker/name reads as empty, so the owner sees "Ticker is required", not "Required". */
function withRequiredText(body: unknown): unknown {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return body;
  const b = body as Record<string, unknown>;
  return { ...b, ticker: b['ticker'] ?? '', name: b['name'] ?? '' };
}

export const createEtfSchema = z.preprocess(withRequiredText, etfInputSchema);

const shape = etfInputSchema.shape;
/**
 * The edit form sends the same fields as the create form. Ticker and name are required; a field that
 * is left out keeps its value (the extras frequency, underlying and inception date are not on the form).
 */
export const updateEtfSchema = z.preprocess(
  withRequiredText,
  z.object({
    ticker: shape.ticker,
    name: shape.name,
    brand: shape.brand.unwrap().optional(),
    description: shape.description.unwrap().optional(),
    frequency: shape.frequency.unwrap().optional(),
    underlying: shape.underlying.unwrap().optional(),
    inceptionDate: shape.inceptionDate.unwrap().optional(),
  }),
);
export type EtfUpdate = z.output<typeof updateEtfSchema>;

// ---------------------------------------------------------------------------------------------------
// The ETF as the write API answers it

/** The contract (contracts/catalog.ts). */
export type { EtfJson };

export function toEtfJson(etf: EtfDetails): EtfJson {
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

// ---------------------------------------------------------------------------------------------------
// CSV bodies

/** CSV uploads: `text/csv` (or text/plain) up to this size; JSON `{ csv }` bodies go through the app's JSON parser. */
export const CSV_BODY_LIMIT = '5mb';

export const csvText = express.text({ type: ['text/csv', 'text/plain', 'application/csv'], limit: CSV_BODY_LIMIT });

export const csvJsonSchema = z.object({ csv: z.string({ error: 'Send the CSV file as text/csv or as JSON { "csv": "..." }' }) });

/** The uploaded CSV text: a `text/csv` body, or `{ csv: "..." }` in JSON. */
export function csvBody(req: Request): string {
  if (typeof req.body === 'string') return req.body;
  return validate(csvJsonSchema, req.body).csv;
}

/**
 * The 1-based file line of each data record, in file order (the parsers skip empty lines and quoted
 * fields can span lines, so line numbers cannot be counted by hand).
 */
function dataRecordLines(text: string): number[] {
  try {
    const records = parse(text.replace(/^\uFEFF/, ''), {
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
      skip_records_with_empty_values: true,
    }) as unknown as { info: { lines: number } }[];
    return records.slice(1).map((r) => r.info.lines);
  } catch {
    return [];
  }
}

// ---------------------------------------------------------------------------------------------------
// Routers

/** The answer of the ETF list import: the contract (contracts/catalog.ts). */
export type { EtfImportResult };

/** `POST /api/etfs` (mounted at /api). The spec puts it outside /api/admin, so it checks the owner itself. */
export function etfCreateRouter(deps: AppDeps): Router {
  const router = Router();
  router.post('/etfs', requireOwner(deps), async (req, res) => {
    const input = validate(createEtfSchema, req.body);
    const ctx = commandContext(req, deps, actors.user(authOf(res).user._id));
    const { etf, position } = await listNewEtf(deps.log, input, ctx);
    await deps.readModels.waitFor(position);
    res.status(201).json(toEtfJson(etf));
  });
  return router;
}

/** Owner-only catalog routes (mounted at /api/admin, guarded by app.ts). */
export function catalogAdminRouter(deps: AppDeps): Router {
  const router = Router();

  router.get('/etfs/export.csv', async (_req, res) => {
    const etfs = await listCatalog(deps.readModels);
    const date = newYorkDate(deps.now().getTime());
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="etfs-${date}.csv"`);
    res.send(etfsToCsv(etfs));
  });

  router.post('/etfs/import', csvText, async (req, res) => {
    const text = csvBody(req);
    const parsed = parseEtfCsv(text);
    if (parsed.fileError) {
      throw badRequest(parsed.fileError);
    }
    const ctx = commandContext(req, deps, actors.user(authOf(res).user._id));
    const skippedLines = new Set(parsed.errors.map((e) => e.line));
    const lines = dataRecordLines(text).filter((l) => !skippedLines.has(l));
    const result: EtfImportResult = { created: 0, failed: 0, results: [], skipped: parsed.errors, message: '' };
    let position = 0;
    for (const [i, row] of parsed.rows.entries()) {
      const line = lines.length === parsed.rows.length ? lines[i]! : i + 2;
      try {
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
    await deps.readModels.waitFor(position);
    res.json(result);
  });

  router.put('/etfs/:id', async (req, res) => {
    const id = String(req.params['id']);
    if (!z.uuid().safeParse(id).success) throw notFound(catalogMessages.notFound);
    const changes = validate(updateEtfSchema, req.body);
    const ctx = commandContext(req, deps, actors.user(authOf(res).user._id));
    const { etf, position } = await changeEtf(deps.log, id, changes, ctx);
    await deps.readModels.waitFor(position);
    res.json(toEtfJson(etf));
  });

  return router;
}
