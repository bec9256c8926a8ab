import { z } from 'zod';
import { defineEvent, type EventsOf } from './define.ts';
import { dataSourceSchema, decimalString, isoDate, isoInstant, signedDecimalString } from './catalog.ts';

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

/** Version 2: a kind (several distributions may share an ex-date). */
const distributionDataV2 = distributionDataV1.extend({ kind: distributionKindSchema });

/** The issuers whose releases are read (the parser's `Issuer`, services/declarations/release.ts). */
export const issuerSchema = z.enum(['yieldmax', 'roundhill', 'graniteshares', 'defiance', 'rex', 'nicholas']);
export type Issuer = z.infer<typeof issuerSchema>;

/**
 * What the issuer's announcement said beside the amount (source `issuer`, docs/declarations.md): the
 * release read (`url`), when it was published (`declaredAt`: the feed item's time, else when it was read),
 * and the issuer's own figures as it states them, in percent: its distribution rate (annualised its way,
 * e.g. x12 or x52 on NAV) and its 30-day SEC yield; null where the release gives none ("--").
 */
export const issuerDeclarationSchema = z.object({
  /** Whose release it is (absent on the declarations recorded before the name was kept: the fund's brand says it). */
  name: issuerSchema.nullable().optional(),
  url: z.url(),
  declaredAt: isoInstant,
  statedRate: signedDecimalString.nullable(),
  secYield: signedDecimalString.nullable(),
});
export type IssuerDeclaration = z.infer<typeof issuerDeclarationSchema>;

/**
 * Version 3: a declaration read from the issuer's release carries `issuer` and the issuer's estimate of
 * the part that is a return of capital (`rocEstimatePercent`, 0-100; null where the release gives none).
 * The owner's data (source `csv` or `manual`, issue 27) may carry an estimate too (the distribution CSV's
 * `ROC %` column, the owner's edit); absent for a provider's or demo data. Absent: nothing stated (a
 * revision keeps the known estimate); null: none published.
 */
const distributionData = distributionDataV2.extend({
  issuer: issuerDeclarationSchema.optional(),
  rocEstimatePercent: decimalString.nullable().optional(),
});

/** Version 1 events read as regular distributions. */
const asRegular = <T extends object>(old: T): T & { kind: DistributionKind } => ({ ...old, kind: 'regular' });
/** Version 2 events are version 3 events without the issuer's figures (the new fields are optional). */
const asIs = <T extends object>(old: T): T => old;

export const distributionDeclared = defineEvent('DistributionDeclared', distributionData, {
  version: 3,
  legacy: [
    { version: 1, schema: distributionDataV1, upcast: asRegular },
    { version: 2, schema: distributionDataV2, upcast: asIs },
  ],
});

/** A known distribution corrected: the full new content plus the amount it replaces (its kind never changes: it is part of its identity). */
export const distributionRevised = defineEvent('DistributionRevised', distributionData.extend({ previousAmount: decimalString }), {
  version: 3,
  legacy: [
    { version: 1, schema: distributionDataV1.extend({ previousAmount: decimalString }), upcast: asRegular },
    { version: 2, schema: distributionDataV2.extend({ previousAmount: decimalString }), upcast: asIs },
  ],
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

/**
 * The final character of a distribution, as the fund reports it after the year ends (Form 8937, the
 * 1099-DIV, the 19a-1 notice): the percent of the payout that is ordinary income (non-qualified: a
 * 1099-DIV's box 1a less box 1b), qualified dividends (box 1b), capital gain, and return of capital. The
 * four are disjoint parts and add up to 100 within CHARACTER_SUM_TOLERANCE (domain/market/return-of-capital.ts).
 */
export const distributionCharacterSchema = z.object({
  ordinary: decimalString,
  qualified: decimalString,
  capitalGain: decimalString,
  returnOfCapital: decimalString,
});
export type DistributionCharacter = z.infer<typeof distributionCharacterSchema>;

/**
 * The final character of one distribution recorded (issue 27; the owner's year-end CSV,
 * `POST /api/admin/etfs/{id}/distributions/character`). It replaces the estimate in every figure; the
 * estimate (`rocEstimatePercent`) stays on the distribution, so both can be shown. A later one for the
 * same distribution replaces it (a corrected 1099); the same figures again are not recorded.
 */
export const distributionCharacterRecorded = defineEvent(
  'DistributionCharacterRecorded',
  z.object({
    etfId: z.uuid(),
    distributionId: z.string().min(1),
    exDate: isoDate,
    kind: distributionKindSchema,
    character: distributionCharacterSchema,
    source: dataSourceSchema,
    recordedAt: isoInstant,
  }),
);

export const dividendEvents = [distributionDeclared, distributionRevised, distributionWithdrawn, distributionCharacterRecorded] as const;

export type DividendEvent = EventsOf<typeof dividendEvents>;
export type DistributionData = z.infer<typeof distributionData>;
export type DistributionDeclared = Extract<DividendEvent, { type: 'DistributionDeclared' }>;
export type DistributionRevised = Extract<DividendEvent, { type: 'DistributionRevised' }>;
export type DistributionWithdrawn = Extract<DividendEvent, { type: 'DistributionWithdrawn' }>;
export type DistributionCharacterRecorded = Extract<DividendEvent, { type: 'DistributionCharacterRecorded' }>;

/** Deterministic id of a fund's distribution of a kind on an ex-date (a regular one keeps version 1's `<etfId>_<exDate>`). */
export function distributionIdOf(etfId: string, exDate: string, kind: DistributionKind = 'regular'): string {
  return kind === 'regular' ? `${etfId}_${exDate}` : `${etfId}_${exDate}_${kind}`;
}
