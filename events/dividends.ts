import { z } from 'zod';
import { defineEvent, type EventsOf } from './define.ts';
import { dataSourceSchema, decimalString, isoDate, isoInstant } from './catalog.ts';

/**
 * Distributions live on `dividends-<etfId>` (about 52 a year per fund, so one stream per fund stays
 * small). A distribution is identified by fund and ex-date: `distributionId = <etfId>_<exDate>`.
 */
export const distributionStatusSchema = z.enum(['declared', 'estimated']);
export type DistributionStatus = z.infer<typeof distributionStatusSchema>;

const distributionData = z.object({
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

export const distributionDeclared = defineEvent('DistributionDeclared', distributionData);

/** A known distribution corrected: the full new content plus the amount it replaces. */
export const distributionRevised = defineEvent(
  'DistributionRevised',
  distributionData.extend({ previousAmount: decimalString }),
);

/** A distribution recorded by mistake (wrong fund or date in an import); it no longer counts anywhere. */
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

/** Deterministic id of a fund's distribution on an ex-date. */
export function distributionIdOf(etfId: string, exDate: string): string {
  return `${etfId}_${exDate}`;
}
