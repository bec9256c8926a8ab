import { Router } from 'express';
import { z } from 'zod';
import type { SplitJson } from '../../contracts/catalog.ts';
import { canonical, parseAmount } from '../../domain/market/decimal.ts';
import { describeSplit } from '../../domain/market/splits.ts';
import { isBusinessDay, isValidDate, newYorkDate } from '../../domain/market/trading-days.ts';
import type { AppDeps } from '../http/deps.ts';
import { actors, commandContext } from '../http/context.ts';
import { authOf } from '../http/session.ts';
import { validate } from '../http/validation.ts';
import { requireListedEtf } from '../catalog/commands.ts';
import { recordSplits } from './commands.ts';

/**
 * `POST /api/admin/etfs/{id}/splits` (owner only, mounted at /api/admin): records a split or reverse
 * split of one fund on `splits-<etfId>`. 201 with the split when new; 200 when the same split was
 * already recorded (nothing written) or when it corrects the ratio of a known ex-date (`SplitRevised`).
 */

export const splitMessages = {
  exDate: 'Ex-date must be a date (YYYY-MM-DD)',
  exDateTradingDay: 'Ex-date must be a trading day (Monday to Friday, not an NYSE holiday)',
  oldRate: 'Old rate must be a positive number (shares before the split: 10 for a 1-for-10 reverse split)',
  newRate: 'New rate must be a positive number (shares after the split: 1 for a 1-for-10 reverse split)',
  equalRates: 'Old and new rate must differ: a 1-for-10 reverse split is old rate 10, new rate 1',
  tooLarge: 'Rates must be at most 1,000,000',
} as const;

const MAX_RATE = 1_000_000;

const rate = (message: string) =>
  z.unknown().transform((value, ctx) => {
    if (value === undefined || value === null) {
      ctx.addIssue({ code: 'custom', message: 'Required' });
      return z.NEVER;
    }
    const d = parseAmount(value);
    if (d === null || !d.gt(0)) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    if (d.gt(MAX_RATE)) {
      ctx.addIssue({ code: 'custom', message: splitMessages.tooLarge });
      return z.NEVER;
    }
    return canonical(d);
  });

export const splitInputSchema = z
  .object({
    exDate: z
      .string({ error: splitMessages.exDate })
      .refine(isValidDate, splitMessages.exDate)
      .refine((d) => !isValidDate(d) || isBusinessDay(d), splitMessages.exDateTradingDay),
    oldRate: rate(splitMessages.oldRate),
    newRate: rate(splitMessages.newRate),
  })
  .superRefine((s, ctx) => {
    if (parseAmount(s.oldRate)!.eq(s.newRate)) ctx.addIssue({ code: 'custom', path: ['newRate'], message: splitMessages.equalRates });
  });

export function splitsAdminRouter(deps: AppDeps): Router {
  const router = Router();
  router.post('/etfs/:id/splits', async (req, res) => {
    const etf = await requireListedEtf(deps.log, String(req.params['id']));
    const input = validate(splitInputSchema, req.body);
    const ctx = commandContext(req, deps, actors.user(authOf(res).user._id));
    const counts = await recordSplits(deps.log, etf.etfId, [input], 'manual', ctx);
    await deps.readModels.waitFor(counts.position);
    const split = counts.state[input.exDate]!;
    const status = counts.recorded > 0 ? 'recorded' : counts.revised > 0 ? 'revised' : 'unchanged';
    const body: SplitJson = {
      etfId: etf.etfId,
      exDate: split.exDate,
      oldRate: split.oldRate,
      newRate: split.newRate,
      description: describeSplit(split),
      upcoming: split.exDate > newYorkDate(deps.now().getTime()),
      source: split.source,
      status,
    };
    res.status(status === 'recorded' ? 201 : 200).json(body);
  });
  return router;
}
