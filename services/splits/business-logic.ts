import type { DataSource } from '../../events/catalog.ts';
import { splitIdOf, type SplitData, type SplitEvent } from '../../events/splits.ts';
import type { Decider } from '../core/decider.ts';
import { badRequest } from '../core/errors.ts';
import { canonical, parseAmount, type Decimal } from '../../domain/market/decimal.ts';
import { isValidDate, type IsoDate } from '../../domain/market/trading-days.ts';

/**
 * The `splits-<etfId>` stream: a fund's splits and reverse splits, one per ex-date.
 *
 * - an ex-date not seen before -> `SplitRecorded`;
 * - the same ratio again (10:1 and 20:2 are the same ratio) -> nothing;
 * - a different ratio for a known ex-date -> `SplitRevised` (with the previous rates): a split is a
 *   fact the issuer announces once, so a different ratio is a correction of a wrong record, and the
 *   owner must be able to make it (there is no 409);
 * - except that a provider sync never revises a split the owner recorded (`csv`, `manual`): the owner's
 *   data wins over the feed (as for distributions and bars the owner loaded).
 */

export interface IncomingSplit {
  exDate: IsoDate;
  /** Shares before: a decimal string or a finite number. */
  oldRate: string | number;
  /** Shares after. */
  newRate: string | number;
}

export type SplitCommand = { type: 'RecordSplits'; etfId: string; splits: readonly IncomingSplit[]; source: DataSource };

export interface KnownSplit {
  splitId: string;
  exDate: IsoDate;
  oldRate: string;
  newRate: string;
  source: DataSource;
}

export interface SplitsState {
  etfId: string | null;
  byExDate: Readonly<Record<IsoDate, KnownSplit>>;
}

export const initialSplitsState = (): SplitsState => ({ etfId: null, byExDate: {} });

function known(data: SplitData): KnownSplit {
  return { splitId: data.splitId, exDate: data.exDate, oldRate: data.oldRate, newRate: data.newRate, source: data.source };
}

export function evolveSplits(state: SplitsState, event: SplitEvent): SplitsState {
  switch (event.type) {
    case 'SplitRecorded':
    case 'SplitRevised':
      return { etfId: event.data.etfId, byExDate: { ...state.byExDate, [event.data.exDate]: known(event.data) } };
    default: {
      const never: never = event;
      throw new Error(`unhandled event ${JSON.stringify(never)}`);
    }
  }
}

function rate(value: string | number, what: string, exDate: IsoDate): Decimal {
  const r = parseAmount(value);
  if (r === null || !r.gt(0)) throw badRequest(`split ${exDate}: ${what} must be a positive number, got ${JSON.stringify(value)}`);
  return r;
}

/** Validated, canonical rates; the same ratio written differently compares equal with `sameRatio`. */
export function normaliseSplit(s: IncomingSplit): { exDate: IsoDate; oldRate: string; newRate: string } {
  if (!isValidDate(s.exDate)) throw badRequest(`split ex-date must be YYYY-MM-DD, got ${JSON.stringify(s.exDate)}`);
  const oldRate = rate(s.oldRate, 'old rate', s.exDate);
  const newRate = rate(s.newRate, 'new rate', s.exDate);
  if (oldRate.eq(newRate)) throw badRequest(`split ${s.exDate}: old and new rate are equal (${canonical(oldRate)}), which changes nothing`);
  return { exDate: s.exDate, oldRate: canonical(oldRate), newRate: canonical(newRate) };
}

export function sameRatio(a: { oldRate: string; newRate: string }, b: { oldRate: string; newRate: string }): boolean {
  const x = parseAmount(a.oldRate)!.times(b.newRate);
  return x.eq(parseAmount(a.newRate)!.times(b.oldRate));
}

export function decideSplits(command: SplitCommand, state: SplitsState): SplitEvent[] {
  if (state.etfId !== null && state.etfId !== command.etfId) throw badRequest(`split stream of ${state.etfId} cannot take data of ${command.etfId}`);
  const ownerData = (source: DataSource) => source === 'csv' || source === 'manual';
  const events: SplitEvent[] = [];
  const seen = new Map<IsoDate, ReturnType<typeof normaliseSplit>>();
  for (const raw of command.splits) seen.set(raw.exDate, normaliseSplit(raw)); // the last row of a date wins within one batch
  for (const s of [...seen.values()].sort((a, b) => (a.exDate < b.exDate ? -1 : 1))) {
    const existing = state.byExDate[s.exDate];
    const data = { etfId: command.etfId, splitId: splitIdOf(command.etfId, s.exDate), ...s, source: command.source };
    if (!existing) {
      events.push({ type: 'SplitRecorded', data });
      continue;
    }
    if (sameRatio(existing, s)) continue;
    if (ownerData(existing.source) && !ownerData(command.source)) continue;
    events.push({ type: 'SplitRevised', data: { ...data, previousOldRate: existing.oldRate, previousNewRate: existing.newRate } });
  }
  return events;
}

export const splitsDecider: Decider<SplitCommand, SplitsState, SplitEvent> = {
  initialState: initialSplitsState,
  evolve: evolveSplits,
  decide: decideSplits,
  folds: { SplitRecorded: true, SplitRevised: true },
};
