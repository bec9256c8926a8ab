import { z } from 'zod';
import { streams } from '../../events/streams.ts';
import { notFound } from '../core/errors.ts';
import type { EventLog } from '../core/event-log.ts';
import { ETF_NOT_FOUND, etfDecider, type ListedEtf } from './etf-catalog.ts';

/**
 * Catalog commands: the writes to `etf-<id>` and `catalog-<TICKER>`, called by the routers, the jobs
 * and the CLI alike, and the "is this fund listed" check the other modules' commands make.
 */

/** The fund as its `etf-<id>` stream has it (the source of truth, never behind); 404 unless it is listed. */
export async function requireListedEtf(log: EventLog, etfId: string): Promise<ListedEtf> {
  if (!z.uuid().safeParse(etfId).success) throw notFound(ETF_NOT_FOUND);
  const { state } = await log.aggregate(streams.etf(etfId), etfDecider);
  if (!state.listed) throw notFound(ETF_NOT_FOUND);
  return state;
}
