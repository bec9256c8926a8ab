import { z } from 'zod';
import { defineEvent, type EventsOf } from './define.ts';
import { dataSourceSchema, decimalString, isoDate } from './catalog.ts';

/**
 * Share splits and reverse splits live on `splits-<etfId>` (a handful in a fund's life): the invariant
 * "one split per fund and ex-date" stays inside one small stream, apart from the distributions and the
 * yearly price streams it adjusts. A split is identified by fund and ex-date: `splitId = <etfId>_<exDate>`.
 *
 * `oldRate` shares before become `newRate` shares from the ex-date on: a 1-for-10 reverse split is
 * oldRate 10, newRate 1; a 3-for-1 split is oldRate 1, newRate 3. Prices and per-share amounts dated
 * before the ex-date are multiplied by oldRate / newRate, share counts by newRate / oldRate.
 */
const positiveDecimal = decimalString.refine((s) => /[1-9]/.test(s), 'expected a positive decimal string');

const splitData = z.object({
  etfId: z.uuid(),
  splitId: z.string().min(1),
  /** The first session on the new share basis (America/New_York). */
  exDate: isoDate,
  oldRate: positiveDecimal,
  newRate: positiveDecimal,
  source: dataSourceSchema,
});

/** A split seen for the first time. */
export const splitRecorded = defineEvent('SplitRecorded', splitData);

/** A known split's ratio corrected (an owner's correction, or the provider's own record changed). */
export const splitRevised = defineEvent('SplitRevised', splitData.extend({ previousOldRate: positiveDecimal, previousNewRate: positiveDecimal }));

export const splitEvents = [splitRecorded, splitRevised] as const;

export type SplitEvent = EventsOf<typeof splitEvents>;
export type SplitData = z.infer<typeof splitData>;

/** Deterministic id of a fund's split on an ex-date. */
export function splitIdOf(etfId: string, exDate: string): string {
  return `${etfId}_${exDate}`;
}
