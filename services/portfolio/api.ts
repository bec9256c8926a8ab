import express, { Router, type Request, type Response } from 'express';
import { AppError, badRequest, notFound } from '../core/errors.ts';
import type { AppDeps } from '../http/deps.ts';
import { actors, commandContext } from '../http/context.ts';
import { authOf, requireUser } from '../http/session.ts';
import { validate } from '../http/validation.ts';
import { newYorkDate } from '../../domain/market/trading-days.ts';
import { portfolioProjection } from '../../read-models/portfolio/projection.ts';
import type { HoldingsImportResult } from '../../contracts/portfolio.ts';
import { portfolioMessages } from './business-logic.ts';
import { addHolding, holdingsForExport, importHoldings, removeHolding } from './commands.ts';
import { holdingInputFor } from './holding-input.ts';
import { holdingsToCsv, parseHoldingsCsv } from './holdings-csv.ts';

/** The largest holdings CSV the import reads, as a text/csv body or as JSON `{csv}` (413 beyond). */
export const HOLDINGS_CSV_LIMIT_BYTES = 256 * 1024;

const holdingsCsvText = express.text({ type: ['text/csv', 'text/plain', 'application/csv'], limit: HOLDINGS_CSV_LIMIT_BYTES });

export const HOLDINGS_CSV_BODY_MESSAGE = 'Send the CSV file as text/csv or as JSON { "csv": "..." }';

/** The uploaded CSV text: a `text/csv` body, or `{ csv: "..." }` in JSON (whose text counts against the same limit). */
function holdingsCsvBody(req: Request): string {
  const body: unknown = req.body;
  const text = typeof body === 'string' ? body : typeof body === 'object' && body !== null && typeof (body as { csv?: unknown }).csv === 'string' ? (body as { csv: string }).csv : null;
  if (text === null) throw badRequest(HOLDINGS_CSV_BODY_MESSAGE);
  if (Buffer.byteLength(text, 'utf8') > HOLDINGS_CSV_LIMIT_BYTES) throw new AppError(413, 'Request body is too large');
  return text;
}

/**
 * What a holding write waits for before it answers: the `portfolios` read model, the only one fed by
 * portfolio events (the answer and the next GET read it; the market side they combine it with does not
 * move on a holding write). Waiting for every read model made each write wait for, and fail with, read
 * models it never reads (docs/benchmarks.md, "Writes").
 */
const WRITES_READ_BY_THE_ANSWER = { only: [portfolioProjection] };

/** The portfolio answer's own demo label (its body is the spec's array of holdings). */
export const DEMO_DATA_HEADER = 'X-Demo-Data';

/** Sends JSON encoded earlier (no serialisation, no hashing per request: a write's answer needs no ETag either). */
function sendJsonBody(res: Response, body: Buffer, status = 200): void {
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', body.length);
  res.end(body);
}

/**
 * The signed-in user's portfolio and payout calendar (mounted at /api):
 * - `GET /user/portfolio` -> holdings with their derived values (read-models/portfolio/views.ts), and
 *   `X-Demo-Data: true|false`: whether any holding's figures (so the portfolio totals) rest on demo data;
 * - `GET /user/portfolio/:holdingId` -> one holding, 404 unless it is the user's;
 * - `POST /user/portfolio` {etfId, shares, purchasePrice?, purchaseDate?, isDrip} -> 201 with the holding;
 *   400 per field (messages in docs/user-area.md), 404 unknown ETF, 409 when the ETF is held already;
 * - `DELETE /user/portfolio/:holdingId` -> 204; 404 unless it is the user's;
 * - `GET /user/dividends/calendar` -> the user's payouts for the four weeks from Monday of this week;
 * - `GET /user/portfolio/export.csv` -> the holdings as entered (docs/holdings-csv.md);
 * - `POST /user/portfolio/import` (text/csv or {csv}) -> {created, updated, errors: [{line, message}]};
 *   400 for a file that cannot be read at all, 413 beyond HOLDINGS_CSV_LIMIT_BYTES.
 * "Today" for validation is the New York date of the request clock; derived values are as of the
 * market date (the latest MarketDayBegan), like every public figure.
 */
export function portfolioRouter(deps: AppDeps): Router {
  const router = Router();
  const { readModels } = deps;
  const reads = deps.userArea;
  const requestToday = () => newYorkDate(deps.now().getTime());

  router.get('/user/portfolio', requireUser(deps), async (_req, res) => {
    const answer = await reads.portfolioAnswer(authOf(res).user._id, requestToday());
    // The answer is an array (the holdings); its own demo label, for the portfolio totals, is a header.
    res.setHeader(DEMO_DATA_HEADER, String(answer.isDemo));
    sendJsonBody(res, answer.body);
  });

  router.get('/user/portfolio/export.csv', requireUser(deps), async (_req, res) => {
    const today = requestToday();
    const rows = await holdingsForExport(readModels, authOf(res).user._id);
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="weeklydiv-holdings-${today}.csv"`);
    res.send(holdingsToCsv(rows));
  });

  router.post('/user/portfolio/import', requireUser(deps), holdingsCsvText, async (req, res) => {
    const userId = authOf(res).user._id;
    const ctx = commandContext(req, deps, actors.user(userId));
    const parsed = parseHoldingsCsv(holdingsCsvBody(req), newYorkDate(ctx.now));
    if (parsed.fileError) throw badRequest(parsed.fileError);
    const { position, ...report } = await importHoldings({ log: deps.log, readModels }, userId, parsed.rows, parsed.errors, ctx);
    if (position > 0) await readModels.waitFor(position, WRITES_READ_BY_THE_ANSWER);
    res.json(report satisfies HoldingsImportResult);
  });

  router.get('/user/portfolio/:holdingId', requireUser(deps), async (req, res) => {
    const holding = await reads.holding(authOf(res).user._id, String(req.params['holdingId']), requestToday());
    if (!holding) throw notFound(portfolioMessages.holdingNotFound);
    res.json(holding);
  });

  router.get('/user/dividends/calendar', requireUser(deps), async (_req, res) => {
    sendJsonBody(res, await reads.calendarBody(authOf(res).user._id, requestToday()));
  });

  router.post('/user/portfolio', requireUser(deps), async (req, res) => {
    const ctx = commandContext(req, deps, actors.user(authOf(res).user._id));
    const today = newYorkDate(ctx.now);
    const input = validate(holdingInputFor(today), req.body);
    const userId = authOf(res).user._id;
    const { holdingId, position } = await addHolding(deps, userId, input, ctx);
    await readModels.waitFor(position, WRITES_READ_BY_THE_ANSWER);
    // the holding's JSON as the user area computed it (no parse and re-serialisation)
    const holding = await reads.holdingJson(userId, holdingId, today);
    sendJsonBody(res, Buffer.from(holding ?? 'null', 'utf8'), 201);
  });

  router.delete('/user/portfolio/:holdingId', requireUser(deps), async (req, res) => {
    const userId = authOf(res).user._id;
    const ctx = commandContext(req, deps, actors.user(userId));
    const { position } = await removeHolding(deps, userId, String(req.params['holdingId']), ctx);
    await readModels.waitFor(position, WRITES_READ_BY_THE_ANSWER);
    res.status(204).end();
  });

  return router;
}
