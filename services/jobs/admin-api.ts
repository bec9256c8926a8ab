import { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import type { DistributionWithdrawal, HistoryImportResult } from '../../contracts/catalog.ts';
import type { JobQueued } from '../../contracts/jobs.ts';
import type { JobName } from '../../events/jobs.ts';
import { AppError, badRequest } from '../core/errors.ts';
import type { AppDeps } from '../http/deps.ts';
import { actors, commandContext } from '../http/context.ts';
import { authOf } from '../http/session.ts';
import { csvBody, csvText } from '../catalog/api.ts';
import { requireListedEtf } from '../catalog/commands.ts';
import { parsePriceCsv } from '../prices/csv.ts';
import { parseDistributionCsv } from '../dividends/csv.ts';
import { recordBars } from '../prices/commands.ts';
import { recordDistributions, withdrawDistribution } from '../dividends/commands.ts';
import { validate } from '../http/validation.ts';
import { isValidDate } from '../../domain/market/trading-days.ts';
import { jobsProjection } from '../../read-models/jobs/projection.ts';

/**
 * Owner-only data operations (the Data Sync tab: initialize, update prices, sync dividends, recalculate
 * yields, clear cache; empty bodies): each POST starts a job and answers at once
 * (202 with the run id; `GET /api/admin/jobs/{id}` follows it). Also the price-history and
 * distribution-history CSV imports of one fund, applied through the deciders (idempotent by content),
 * and the withdrawal of one distribution (`DELETE /etfs/{id}/distributions/{exDate}`).
 * Mounted at /api/admin (owner guard in app.ts).
 */

export const REASON_MAX = 200;

/** The path and query of a withdrawal: a real calendar date (a weekend one too: that is how a wrong row goes). */
export const withdrawalRequest = z.object({
  exDate: z.string().transform((d, ctx) => {
    if (/^\d{4}-\d{2}-\d{2}$/.test(d) && isValidDate(d)) return d;
    ctx.addIssue({ code: 'custom', message: `Ex-date must be a date YYYY-MM-DD, e.g. 2026-11-19 (got '${d}')` });
    return z.NEVER;
  }),
  reason: z
    .string({ error: 'Reason must be text' })
    .trim()
    .max(REASON_MAX, `Reason must be at most ${REASON_MAX} characters`)
    .optional()
    .transform((r) => (r ? r : 'withdrawn by the owner')),
});

/** What the owner is told when a run is queued (the Data Sync tab shows it). */
export const DATA_OPERATIONS: Readonly<Record<string, { job: JobName; message: string }>> = {
  '/initialize-production': {
    job: 'initialize-production',
    message: 'Initialization started: ETFs, two years of prices and dividends, and yields will be loaded. Follow its progress in the job list.',
  },
  '/update-prices': { job: 'update-prices', message: 'Price sync started. It may take a few minutes.' },
  '/sync-dividends': { job: 'sync-dividends', message: 'Dividend sync started. It may take a few minutes.' },
  '/recalculate-yields': { job: 'recalculate-yields', message: 'Yield calculation started. It may take a few minutes.' },
  '/clear-cache': { job: 'clear-cache', message: 'Cache clearing started. Fresh data will load on next request.' },
  '/ingest-news': { job: 'ingest-news', message: 'News ingestion started. Check back in a minute for new articles.' },
};

/** The answer of a price or distribution history import: the contract (contracts/catalog.ts). */
export type { HistoryImportResult };

function ownerContext(req: Request, res: Response, deps: AppDeps) {
  return commandContext(req, deps, actors.user(authOf(res).user._id));
}

export function marketAdminRouter(deps: AppDeps): Router {
  const router = Router();

  for (const [path, op] of Object.entries(DATA_OPERATIONS)) {
    router.post(path, async (req, res) => {
      const jobs = deps.jobs;
      if (!jobs) throw new AppError(503, 'Data jobs are not running');
      const ctx = ownerContext(req, res, deps);
      const { jobId, position } = await jobs.request(op.job, ctx.actor, ctx);
      // The answer (and GET /api/admin/jobs/{id}) needs the job in the jobs read model only: a market
      // projection busy re-rendering every fund must not turn the owner's button into a timeout (audit 01).
      await deps.readModels.waitFor(position, { only: [jobsProjection] });
      res.status(202).location(`/api/admin/jobs/${jobId}`).json({ jobId, name: op.job, status: 'queued', message: op.message } satisfies JobQueued);
    });
  }

  router.post('/etfs/:id/prices/import', csvText, async (req, res) => {
    const etf = await requireListedEtf(deps.log, String(req.params['id']));
    const parsed = parsePriceCsv(csvBody(req));
    if (parsed.fileError) throw badRequest(parsed.fileError);
    const counts = await recordBars(deps.log, etf.etfId, parsed.rows, 'csv', ownerContext(req, res, deps));
    await deps.readModels.waitFor(counts.position);
    const result: HistoryImportResult = { appended: counts.recorded, revised: counts.revised, unchanged: counts.unchanged, errors: parsed.errors };
    res.json(result);
  });

  router.post('/etfs/:id/distributions/import', csvText, async (req, res) => {
    const etf = await requireListedEtf(deps.log, String(req.params['id']));
    const parsed = parseDistributionCsv(csvBody(req));
    if (parsed.fileError) throw badRequest(parsed.fileError);
    const counts = await recordDistributions(deps.log, etf.etfId, parsed.rows, 'csv', ownerContext(req, res, deps));
    await deps.readModels.waitFor(counts.position);
    const result: HistoryImportResult = { appended: counts.declared, revised: counts.revised, unchanged: counts.unchanged, errors: parsed.errors };
    res.json(result);
  });

  router.delete('/etfs/:id/distributions/:exDate', async (req, res) => {
    const etf = await requireListedEtf(deps.log, String(req.params['id']));
    const { exDate, reason } = validate(withdrawalRequest, { exDate: String(req.params['exDate']), reason: req.query['reason'] });
    const done = await withdrawDistribution(deps.log, etf, exDate, reason, ownerContext(req, res, deps));
    await deps.readModels.waitFor(done.position);
    const result: DistributionWithdrawal = {
      id: done.distribution.distributionId,
      etfId: etf.etfId,
      ticker: etf.ticker,
      exDate,
      amount: done.distribution.amount,
      reason: done.reason,
      withdrawnAt: done.withdrawnAt,
    };
    res.json(result);
  });

  return router;
}
