import { recordSplit, type SplitJson } from '../../contracts/catalog.ts';
import { describeSplit } from '../../domain/market/splits.ts';
import { newYorkDate } from '../../domain/market/trading-days.ts';
import { requireListedEtf } from '../catalog/commands.ts';
import { apiModule, handle } from '../http/endpoints.ts';
import { recordSplits } from './commands.ts';

/**
 * `POST /api/admin/etfs/{id}/splits` (definition in contracts/catalog.ts; under /api/admin, the app's
 * owner guard): records a split or reverse split of one fund on `splits-<etfId>`. 201 with the split
 * when new; 200 when the same split was already recorded (nothing written) or when it corrects the
 * ratio of a known ex-date (`SplitRevised`).
 */
export const splitsApi = apiModule('splits', (deps) => [
  handle(recordSplit, async ({ params, body }, call) => {
    const etf = await requireListedEtf(deps.log, params.id);
    const counts = await recordSplits(deps.log, etf.etfId, [body], 'manual', call.context());
    await call.waitFor(counts.position);
    const split = counts.state[body.exDate]!;
    const status = counts.recorded > 0 ? 'recorded' : counts.revised > 0 ? 'revised' : 'unchanged';
    const answer: SplitJson = {
      etfId: etf.etfId,
      exDate: split.exDate,
      oldRate: split.oldRate,
      newRate: split.newRate,
      description: describeSplit(split),
      upcoming: split.exDate > newYorkDate(deps.now().getTime()),
      source: split.source,
      status,
    };
    return status === 'recorded' ? call.reply(201, answer) : answer;
  }),
]);
