import { z } from 'zod';
import { DataSource, EtfSplit, IsoDate, PayoutFrequency } from './market.ts';

/** The owner's catalog writes (`POST /api/etfs`, `PUT /api/admin/etfs/{id}`, the CSV imports). */

/** The ETF as the write API answers it (its catalog entry, no market metrics). */
export const EtfJson = z.object({
  id: z.string(),
  ticker: z.string(),
  name: z.string(),
  brand: z.string(),
  brandSlug: z.string(),
  description: z.string(),
  frequency: PayoutFrequency,
  underlying: z.string().nullable(),
  inceptionDate: IsoDate.nullable(),
  dataSource: DataSource,
  listedAt: z.string(),
});
export type EtfJson = z.infer<typeof EtfJson>;

/** A CSV row the parser skipped, with its 1-based file line. */
export const CsvLineError = z.object({ line: z.number(), message: z.string() });
export type CsvLineError = z.infer<typeof CsvLineError>;

export const EtfImportResult = z.object({
  created: z.number(),
  failed: z.number(),
  results: z.array(
    z.object({
      line: z.number(),
      ticker: z.string(),
      status: z.enum(['created', 'failed']),
      id: z.string().optional(),
      message: z.string().optional(),
    }),
  ),
  /** Rows without ticker or name, skipped as the spec says (not counted as failed). */
  skipped: z.array(CsvLineError),
  /** The sentence for the owner's toast. */
  message: z.string(),
});
export type EtfImportResult = z.infer<typeof EtfImportResult>;

export const HistoryImportResult = z.object({
  /** New dates (bars) or ex-dates (distributions) recorded. */
  appended: z.number(),
  /** Known ones whose values changed: one revision event each. */
  revised: z.number(),
  /** Known ones with the same values: nothing written. */
  unchanged: z.number(),
  /** Rows skipped by the parser, with their file line. */
  errors: z.array(CsvLineError),
});
export type HistoryImportResult = z.infer<typeof HistoryImportResult>;

/** `DELETE /api/admin/etfs/{id}/distributions/{exDate}`: the distribution that no longer counts. */
export const DistributionWithdrawal = z.object({
  /** The distribution id (`<etfId>_<exDate>`). */
  id: z.string(),
  etfId: z.string(),
  ticker: z.string(),
  exDate: z.string(),
  /** The amount it had (decimal string): no longer in any figure. */
  amount: z.string(),
  reason: z.string(),
  withdrawnAt: z.string(),
});
export type DistributionWithdrawal = z.infer<typeof DistributionWithdrawal>;

/** A CSV upload sent as JSON (it may also be sent as a `text/csv` body). */
export const CsvUpload = z.object({ csv: z.string() });
export type CsvUpload = z.infer<typeof CsvUpload>;

/** `POST /api/admin/etfs/{id}/splits`: a 1-for-10 reverse split is `{ exDate, oldRate: 10, newRate: 1 }`. */
export const SplitRequest = z.object({
  /** The first session on the new share basis (a trading day). */
  exDate: IsoDate,
  /** Shares before: a positive number (or decimal text). */
  oldRate: z.union([z.number(), z.string()]),
  /** Shares after: a positive number (or decimal text), not equal to oldRate. */
  newRate: z.union([z.number(), z.string()]),
});
export type SplitRequest = z.infer<typeof SplitRequest>;

/** The recorded split: 201 when new, 200 when it revised the ratio of a known ex-date or was already recorded. */
export const SplitJson = EtfSplit.extend({
  etfId: z.string(),
  source: DataSource,
  /** `recorded` (new), `revised` (a different ratio for a known ex-date), `unchanged` (the same split again). */
  status: z.enum(['recorded', 'revised', 'unchanged']),
});
export type SplitJson = z.infer<typeof SplitJson>;
