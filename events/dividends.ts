import { z } from 'zod';
import { defineEvent, type EventsOf } from './define.ts';
import { dataSourceSchema, decimalString, isoDate, isoInstant } from './catalog.ts';

/**
 * Distributions live on `dividends-<etfId>` (about 52 a year per fund, so one stream per fund stays
 * small). A distribution is identified by fund, ex-date and kind: several distributions may share an
 * ex-date when their kinds differ (a year-end special beside the regular payout).
 * `distributionId = <etfId>_<exDate>` for a regular one (the ids of version 1 stay valid),
 * `<etfId>_<exDate>_<kind>` for the others.
 */
export const distributionStatusSchema = z.enum(['declared', 'estimated']);
export type DistributionStatus = z.infer<typeof distributionStatusSchema>;

/**
 * `regular`: the fund's usual payout, the run rate (yield, distribution rate, projections);
 * `special`: a one-off (a year-end special); `capital-gain`: a capital-gain distribution. Every kind
 * is cash paid (TTM, returns, income); only regular ones make the run rate (docs/metrics.md, "Kinds").
 */
export const distributionKindSchema = z.enum(['regular', 'special', 'capital-gain']);
export type DistributionKind = z.infer<typeof distributionKindSchema>;

/** Version 1: no kind (every distribution was regular). */
const distributionDataV1 = z.object({
  etfId: z.uuid(),
  distributionId: z.string().min(1),
  exDate: isoDate,
  recordDate: isoDate.nullable(),
  payDate: isoDate.nullable(),
  /** Cash per share, as declared (full precision, e.g. `0.263798`). */
  amount: decimalString,
  /** `declared` by the issuer, or `estimated` (an issuer estimate or a provider's projection). */
  status: distributionStatusSchema,
  source: dataSourceSchema,
});

const distributionData = distributionDataV1.extend({ kind: distributionKindSchema });

/** Version 1 events read as regular distributions. */
const asRegular = <T extends object>(old: T): T & { kind: DistributionKind } => ({ ...old, kind: 'regular' });

export const distributionDeclared = defineEvent('DistributionDeclared', distributionData, {
  version: 2,
  legacy: [{ version: 1, schema: distributionDataV1, upcast: asRegular }],
});

/** A known distribution corrected: the full new content plus the amount it replaces (its kind never changes: it is part of its identity). */
export const distributionRevised = defineEvent('DistributionRevised', distributionData.extend({ previousAmount: decimalString }), {
  version: 2,
  legacy: [{ version: 1, schema: distributionDataV1.extend({ previousAmount: decimalString }), upcast: asRegular }],
});

/** A distribution recorded by mistake (wrong fund or date in an import); it no longer counts anywhere. Its id says its kind. */
export const distributionWithdrawn = defineEvent(
  'DistributionWithdrawn',
  z.object({
    etfId: z.uuid(),
    distributionId: z.string().min(1),
    exDate: isoDate,
    reason: z.string().min(1),
    withdrawnAt: isoInstant,
  }),
);

export const dividendEvents = [distributionDeclared, distributionRevised, distributionWithdrawn] as const;

export type DividendEvent = EventsOf<typeof dividendEvents>;
export type DistributionData = z.infer<typeof distributionData>;
export type DistributionDeclared = Extract<DividendEvent, { type: 'DistributionDeclared' }>;
export type DistributionRevised = Extract<DividendEvent, { type: 'DistributionRevised' }>;
export type DistributionWithdrawn = Extract<DividendEvent, { type: 'DistributionWithdrawn' }>;

/** Deterministic id of a fund's distribution of a kind on an ex-date (a regular one keeps version 1's `<etfId>_<exDate>`). */
export function distributionIdOf(etfId: string, exDate: string, kind: DistributionKind = 'regular'): string {
  return kind === 'regular' ? `${etfId}_${exDate}` : `${etfId}_${exDate}_${kind}`;
}
