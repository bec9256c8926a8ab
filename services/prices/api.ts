import { importPrices } from '../../contracts/catalog.ts';
import { requireListedEtf } from '../catalog/commands.ts';
import { badRequest } from '../core/errors.ts';
import { apiModule, handle } from '../http/endpoints.ts';
import { recordBars } from './commands.ts';
import { parsePriceCsv } from './csv.ts';

/**
 * The owner's price history import of one fund, `POST /api/admin/etfs/{id}/prices/import` (definition
 * in contracts/catalog.ts; docs/data-operations.md, "Price and distribution history CSV"): the rows go
 * through the price deciders with source `csv`, so the same file twice appends nothing. Under /api/admin
 * (the app's owner guard).
 */
export const pricesApi = apiModule('prices', (deps) => [
  handle(importPrices, async ({ params, body }, call) => {
    const etf = await requireListedEtf(deps.log, params.id);
    const parsed = parsePriceCsv(body);
    if (parsed.fileError) throw badRequest(parsed.fileError);
    const counts = await recordBars(deps.log, etf.etfId, parsed.rows, 'csv', call.context());
    await call.waitFor(counts.position);
    return { appended: counts.recorded, revised: counts.revised, unchanged: counts.unchanged, errors: parsed.errors };
  }),
]);
