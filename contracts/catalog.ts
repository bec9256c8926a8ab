import { z } from 'zod';
import { canonical, parseAmount } from '../domain/market/decimal.ts';
import { normaliseTicker } from '../domain/market/tickers.ts';
import { isBusinessDay, isValidDate } from '../domain/market/trading-days.ts';
import { endpoint } from './endpoint.ts';
import { decimalDoc, lenient, lenientOptional } from './fields.ts';
import { DataSource, DistributionCharacter, DistributionKind, EtfSplit, IsoDate, PayoutFrequency } from './market.ts';

/**
 * The owner's fund data: the catalog writes (`POST /api/etfs`, `PUT /api/admin/etfs/{id}`, the ETF list
 * CSV import and export) and one fund's market data (the price and distribution history CSV imports,
 * the withdrawal of a distribution, splits). Request schemas and their messages, answers, and the
 * endpoint definitions at the end (handled by services/{catalog,prices,dividends,splits}/api.ts).
 */

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

/** The distribution history import's answer: the counts, and what the owner should know about the fund's figures after it. */
export const DistributionImportResult = HistoryImportResult.extend({
  /**
   * Warnings about the fund's figures after the import, e.g. its payouts contradict its catalog
   * frequency: "Payouts every 28 days; the catalog says weekly — figures use four-weekly".
   */
  warnings: z.array(z.string()),
});
export type DistributionImportResult = z.infer<typeof DistributionImportResult>;

/**
 * `POST /api/admin/etfs/{id}/distributions/character` (issue 27): what the year-end character file did.
 * Importing the same file again changes nothing (`updated` 0, every row `unchanged`).
 */
export const CharacterImportResult = z.object({
  /** Distributions whose final character was recorded (new, or other figures than before). */
  updated: z.number(),
  /** Rows whose distribution already had these figures: nothing written. */
  unchanged: z.number(),
  /** Rows not recorded, with their file line and reason (unreadable, not adding up, no such distribution, withdrawn). */
  errors: z.array(CsvLineError),
});
export type CharacterImportResult = z.infer<typeof CharacterImportResult>;

/** `PUT /api/admin/etfs/{id}/distributions/{exDate}?kind=`: the distribution as now recorded. */
export const DistributionJson = z.object({
  id: z.string(),
  etfId: z.string(),
  ticker: z.string(),
  exDate: IsoDate,
  kind: DistributionKind,
  recordDate: IsoDate.nullable(),
  payDate: IsoDate.nullable(),
  /** Cash per share, decimal string. */
  amount: z.string(),
  status: z.enum(['declared', 'estimated']),
  source: DataSource,
  /** The estimated return of capital, percent; null: none published. */
  rocEstimatePercent: z.string().nullable(),
  /** The final character once recorded (the year-end file), else null. */
  character: DistributionCharacter.nullable(),
  /** `recorded` (new), `revised` (a value changed), `unchanged` (the same values again: nothing written). */
  result: z.enum(['recorded', 'revised', 'unchanged']),
});
export type DistributionJson = z.infer<typeof DistributionJson>;

/** `DELETE /api/admin/etfs/{id}/distributions/{exDate}?kind=`: the distribution that no longer counts. */
export const DistributionWithdrawal = z.object({
  /** The distribution id (`<etfId>_<exDate>` for a regular one, `<etfId>_<exDate>_<kind>` for the others). */
  id: z.string(),
  etfId: z.string(),
  ticker: z.string(),
  exDate: z.string(),
  kind: DistributionKind,
  /** The amount it had (decimal string): no longer in any figure. */
  amount: z.string(),
  reason: z.string(),
  withdrawnAt: z.string(),
});
export type DistributionWithdrawal = z.infer<typeof DistributionWithdrawal>;

/** A CSV upload sent as JSON (it may also be sent as a `text/csv` body). */
export const CsvUpload = z.object({ csv: z.string() });
export type CsvUpload = z.infer<typeof CsvUpload>;

/** The recorded split: 201 when new, 200 when it revised the ratio of a known ex-date or was already recorded. */
export const SplitJson = EtfSplit.extend({
  etfId: z.string(),
  source: DataSource,
  /** `recorded` (new), `revised` (a different ratio for a known ex-date), `unchanged` (the same split again). */
  status: z.enum(['recorded', 'revised', 'unchanged']),
});
export type SplitJson = z.infer<typeof SplitJson>;

// ---------------------------------------------------------------------------------------------------
// The ETF form and the ETF list rows

const payoutFrequencies = ['weekly', 'four-weekly', 'twice-weekly', 'monthly'] as const satisfies readonly PayoutFrequency[];

/** A stored ticker: letters and digits, optionally a class suffix (`BRK.B`, `BRK-B`). */
export const TICKER_RE = /^[A-Z0-9]{1,8}([.-][A-Z0-9]{1,3})?$/;

/** The messages of the owner's ETF form and ETF list rows (docs/data-operations.md, "Catalog writes"), word for word. */
export const etfInputMessages = {
  tickerRequired: 'Ticker is required',
  tickerText: 'Ticker must be text',
  tickerFormat: 'Ticker must be 1-8 letters or digits',
  nameRequired: 'Name is required',
  nameText: 'Name must be text',
  text: 'Must be text',
  frequency: `Frequency must be one of ${payoutFrequencies.join(', ')}`,
  inceptionDate: 'Inception date must be YYYY-MM-DD',
} as const;

/** Text trimmed before its rule (the input type says a caller sends text). */
const trimmedText = (max: number) => z.preprocess((v: string) => (typeof v === 'string' ? v.trim() : v), z.string({ error: etfInputMessages.text }).max(max));

/**
 * The owner's ETF form and CSV rows (`POST /api/etfs`, `PUT /api/admin/etfs/{id}`): ticker and name
 * required, brand and description optional (default ""), ticker stored uppercase.
 */
export const etfInputSchema = z.object({
  ticker: z.preprocess(
    (v: string) => (typeof v === 'string' ? normaliseTicker(v) : v),
    z
      .string({ error: (i) => (i.input === undefined ? etfInputMessages.tickerRequired : etfInputMessages.tickerText) })
      .min(1, etfInputMessages.tickerRequired)
      .regex(TICKER_RE, etfInputMessages.tickerFormat),
  ),
  name: z.preprocess(
    (v: string) => (typeof v === 'string' ? v.trim() : v),
    z.string({ error: (i) => (i.input === undefined ? etfInputMessages.nameRequired : etfInputMessages.nameText) }).min(1, etfInputMessages.nameRequired).max(200),
  ),
  brand: trimmedText(100).default(''),
  description: trimmedText(5000).default(''),
  frequency: z.enum(payoutFrequencies, { error: etfInputMessages.frequency }).default('weekly'),
  underlying: z
    .preprocess((v: string | null) => (typeof v === 'string' ? v.trim().toUpperCase() || null : v), z.string().max(12).nullable())
    .default(null),
  inceptionDate: z
    .preprocess((v: string | null) => (v === '' ? null : v), z.string().refine(isValidDate, etfInputMessages.inceptionDate).nullable())
    .default(null),
});
export type EtfInput = z.output<typeof etfInputSchema>;

/** A missing or null ticker/name reads as empty, so the owner sees "Ticker is required", not "Required". */
function withRequiredText(body: unknown): unknown {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return body;
  const b = body as Record<string, unknown>;
  return { ...b, ticker: b['ticker'] ?? '', name: b['name'] ?? '' };
}

const createFields = etfInputSchema.strict();
/** `POST /api/etfs` and each row of the ETF list CSV. */
export const createEtfSchema = z.preprocess((body: z.input<typeof createFields>) => withRequiredText(body), createFields);

const shape = etfInputSchema.shape;
const updateFields = z
  .object({
    ticker: shape.ticker,
    name: shape.name,
    brand: shape.brand.unwrap().optional(),
    description: shape.description.unwrap().optional(),
    frequency: shape.frequency.unwrap().optional(),
    underlying: shape.underlying.unwrap().optional(),
    inceptionDate: shape.inceptionDate.unwrap().optional(),
  })
  .strict();
/**
 * The edit form sends the same fields as the create form. Ticker and name are required; a field that
 * is left out keeps its value (the extras frequency, underlying and inception date are not on the form).
 */
export const updateEtfSchema = z.preprocess((body: z.input<typeof updateFields>) => withRequiredText(body), updateFields);

// ---------------------------------------------------------------------------------------------------
// One fund's market data: the withdrawal of a distribution, splits

/** The longest reason a withdrawal keeps. */
const REASON_MAX = 200;

/** The messages of a withdrawal's ex-date, kind and reason, word for word. */
export const withdrawalInputMessages = {
  exDate: (got: string) => `Ex-date must be a date YYYY-MM-DD, e.g. 2026-11-19 (got '${got}')`,
  kind: 'Kind must be regular, special or capital-gain',
  reasonText: 'Reason must be text',
  reasonTooLong: `Reason must be at most ${REASON_MAX} characters`,
  /** The reason kept when the owner gives none. */
  defaultReason: 'withdrawn by the owner',
} as const;

/** The messages of a split's fields (docs/metrics.md, splits), word for word. */
export const splitMessages = {
  exDate: 'Ex-date must be a date (YYYY-MM-DD)',
  exDateTradingDay: 'Ex-date must be a trading day (Monday to Friday, not an NYSE holiday)',
  oldRate: 'Old rate must be a positive number (shares before the split: 10 for a 1-for-10 reverse split)',
  newRate: 'New rate must be a positive number (shares after the split: 1 for a 1-for-10 reverse split)',
  equalRates: 'Old and new rate must differ: a 1-for-10 reverse split is old rate 10, new rate 1',
  tooLarge: 'Rates must be at most 1,000,000',
} as const;

const MAX_RATE = 1_000_000;

/** A split's rate: a positive decimal up to 1,000,000 (a number or text), as canonical decimal text. */
const rate = (message: string, what: string) =>
  lenient<string>(
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
    }),
    decimalDoc(what),
  );

/** `POST /api/admin/etfs/{id}/splits`: a 1-for-10 reverse split is `{ exDate, oldRate: 10, newRate: 1 }`. */
export const SplitRequest = z
  .object({
    /** The first session on the new share basis (a trading day). */
    exDate: z
      .string({ error: splitMessages.exDate })
      .refine(isValidDate, splitMessages.exDate)
      .refine((d) => !isValidDate(d) || isBusinessDay(d), splitMessages.exDateTradingDay)
      .describe('The first session on the new share basis (a trading day), YYYY-MM-DD.'),
    oldRate: rate(splitMessages.oldRate, 'Shares before the split, > 0'),
    newRate: rate(splitMessages.newRate, 'Shares after the split, > 0 and not equal to oldRate'),
  })
  .strict()
  .superRefine((s, ctx) => {
    if (parseAmount(s.oldRate)!.eq(s.newRate)) ctx.addIssue({ code: 'custom', path: ['newRate'], message: splitMessages.equalRates });
  });
/** What the client sends. */
export type SplitRequest = z.input<typeof SplitRequest>;

// ---------------------------------------------------------------------------------------------------
// The owner's edit of one distribution (issue 27: its return-of-capital estimate among its values)

/** The messages of the owner's distribution form, word for word (docs/data-operations.md). */
export const distributionInputMessages = {
  amount: 'Amount must be a number of at least 0 (cash per share)',
  recordDate: 'Record date must be a date (YYYY-MM-DD)',
  payDate: 'Pay date must be a date (YYYY-MM-DD)',
  status: 'Status must be declared or estimated',
  rocEstimatePercent: 'ROC estimate must be a number from 0 to 100 (percent of the payout that is a return of capital), or null when none is published',
} as const;

const optionalDate = (message: string, what: string) =>
  lenientOptional<string | null | undefined, string | null>(
    z
      .unknown()
      .optional()
      .transform((value, ctx): string | null | undefined => {
        if (value === undefined) return undefined;
        if (value === null || value === '') return null;
        if (typeof value !== 'string' || !isValidDate(value)) {
          ctx.addIssue({ code: 'custom', message });
          return z.NEVER;
        }
        return value;
      }),
    { description: `${what}, YYYY-MM-DD; left out, empty or null: not known (a known one stays).`, type: ['string', 'null'] },
  );

/**
 * `PUT /api/admin/etfs/{id}/distributions/{exDate}?kind=`: the owner records or corrects one distribution
 * (source `manual`, above every other source). `rocEstimatePercent`: a number or text from 0 to 100 ("92",
 * "92 %"); null clears the estimate (none published); left out keeps the known one.
 */
export const DistributionRequest = z
  .object({
    amount: lenient<string>(
      z.unknown().transform((value, ctx) => {
        const d = parseAmount(value);
        if (d === null || d.lt(0)) {
          ctx.addIssue({ code: 'custom', message: value === undefined || value === null ? 'Required' : distributionInputMessages.amount });
          return z.NEVER;
        }
        return canonical(d);
      }) as z.ZodType<string>,
      decimalDoc('Cash per share, >= 0'),
    ),
    recordDate: optionalDate(distributionInputMessages.recordDate, 'The record date'),
    payDate: optionalDate(distributionInputMessages.payDate, 'The pay date'),
    status: z.enum(['declared', 'estimated'], { error: distributionInputMessages.status }).optional().describe('declared (default) or estimated.'),
    rocEstimatePercent: lenientOptional<string | null | undefined, string | number | null>(
      z
        .unknown()
        .optional()
        .transform((value, ctx): string | null | undefined => {
          if (value === undefined || value === null) return value;
          const d = parseAmount(typeof value === 'string' ? value.replace(/\s*%$/, '') : value);
          if (d === null || d.lt(0) || d.gt(100)) {
            ctx.addIssue({ code: 'custom', message: distributionInputMessages.rocEstimatePercent });
            return z.NEVER;
          }
          return canonical(d);
        }),
      { description: 'The estimated return of capital, percent 0-100; null: none published (clears a known one); left out: the known one stays.', type: ['string', 'number', 'null'] },
    ),
  })
  .strict();
/** What the client sends. */
export type DistributionRequest = z.input<typeof DistributionRequest>;

// ---------------------------------------------------------------------------------------------------
// Endpoints (owner only; those under /api/admin are also behind the app's owner guard)

const tags = ['Admin'];
const etfIdParam = z.object({ id: z.string().describe('The ETF id (uuid).') });

/** The largest CSV file the owner's imports read, as a text/csv body or as JSON `{csv}` (413 beyond). */
const OWNER_CSV_LIMIT_BYTES = 5 * 1024 * 1024;

export const createEtf = endpoint({
  method: 'post',
  path: '/api/etfs',
  access: 'owner',
  summary: 'List a new ETF.',
  description: 'Outside `/api/admin`, as the spec has it; for the owner only all the same.',
  tags,
  body: createEtfSchema,
  responses: { 201: { description: 'The listed ETF.', json: EtfJson } },
  errors: [400, 409],
  waitsFor: 'all',
});

export const updateEtf = endpoint({
  method: 'put',
  path: '/api/admin/etfs/:id',
  access: 'owner',
  summary: "Change an ETF's details (left-out fields keep their value).",
  tags,
  params: etfIdParam,
  body: updateEtfSchema,
  responses: { 200: { description: 'The ETF.', json: EtfJson } },
  errors: [400, 404, 409],
  waitsFor: 'all',
});

export const exportEtfs = endpoint({
  method: 'get',
  path: '/api/admin/etfs/export.csv',
  access: 'owner',
  summary: 'The ETF list as CSV.',
  tags,
  responses: { 200: { description: 'The CSV file (attachment `etfs-YYYY-MM-DD.csv`), columns ticker,name,brand,description.', content: { 'text/csv': z.string() } } },
  errors: [],
  reads: ['catalog-index'],
});

export const importEtfs = endpoint({
  method: 'post',
  path: '/api/admin/etfs/import',
  access: 'owner',
  summary: 'List the ETFs of a CSV file, row by row.',
  tags,
  upload: { kind: 'csv', maxBytes: OWNER_CSV_LIMIT_BYTES },
  responses: { 200: { description: 'What was created, failed and skipped.', json: EtfImportResult } },
  errors: [400, 413],
  waitsFor: 'all',
});

export const importPrices = endpoint({
  method: 'post',
  path: '/api/admin/etfs/:id/prices/import',
  access: 'owner',
  summary: "Record one fund's daily closes from a CSV file (idempotent).",
  tags,
  params: etfIdParam,
  upload: { kind: 'csv', maxBytes: OWNER_CSV_LIMIT_BYTES },
  responses: { 200: { description: 'What was appended, revised or unchanged.', json: HistoryImportResult } },
  errors: [400, 404, 413],
  waitsFor: 'all',
});

export const importDistributions = endpoint({
  method: 'post',
  path: '/api/admin/etfs/:id/distributions/import',
  access: 'owner',
  summary: "Record one fund's distributions from a CSV file (idempotent).",
  description:
    'Columns Ex Date and Amount; optional Record Date, Pay Date, Status (declared or estimated), Type (regular, special or capital gain) ' +
    'and ROC % (the estimated return of capital, 0-100; empty: none stated, a known estimate stays). ' +
    'A file whose every row is refused answers 400 with each row\'s reason.',
  tags,
  params: etfIdParam,
  upload: { kind: 'csv', maxBytes: OWNER_CSV_LIMIT_BYTES },
  responses: { 200: { description: 'What was appended, revised or unchanged, and warnings about the figures.', json: DistributionImportResult } },
  errors: [400, 404, 413],
  waitsFor: 'all',
});

export const importCharacters = endpoint({
  method: 'post',
  path: '/api/admin/etfs/:id/distributions/character',
  access: 'owner',
  summary: "Record the final character of one fund's distributions from its year-end CSV file (idempotent).",
  description:
    'Columns Ex Date, Ordinary %, Qualified %, Capital Gain % and Return of Capital % (the fund\'s Form 8937 / 1099-DIV figures: ordinary is the ' +
    'non-qualified part), adding up to 100 within 0.1; an empty cell is 0; optional Type (regular, special or capital gain). The final figures ' +
    'replace the estimate in every figure; the estimate stays shown. A file whose every row is refused answers 400 with each row\'s reason.',
  tags,
  params: etfIdParam,
  upload: { kind: 'csv', maxBytes: OWNER_CSV_LIMIT_BYTES },
  responses: { 200: { description: 'How many distributions were updated and unchanged, and each row not recorded.', json: CharacterImportResult } },
  errors: [400, 404, 413],
  waitsFor: 'all',
});

export const putDistribution = endpoint({
  method: 'put',
  path: '/api/admin/etfs/:id/distributions/:exDate',
  access: 'owner',
  summary: 'Record or correct one distribution by hand (source manual), its return-of-capital estimate among its values.',
  description:
    'The owner\'s edit form. A new distribution answers 201; a known one 200 (`revised`, or `unchanged` when nothing differs). ' +
    'A date left out keeps the known one; `rocEstimatePercent` null clears the estimate, left out keeps it.',
  tags,
  params: etfIdParam.extend({
    exDate: z
      .string()
      .refine((d) => /^\d{4}-\d{2}-\d{2}$/.test(d) && isValidDate(d), { error: (issue) => withdrawalInputMessages.exDate(String(issue.input)) })
      .describe('The ex-date, YYYY-MM-DD (a trading day).'),
  }),
  query: z.object({
    kind: z.enum(DistributionKind.options, { error: withdrawalInputMessages.kind }).optional().describe('The kind of the distribution on that ex-date; default regular.'),
  }),
  body: DistributionRequest,
  responses: {
    201: { description: 'The distribution, recorded.', json: DistributionJson },
    200: { description: 'The distribution as now recorded (`revised` or `unchanged`).', json: DistributionJson },
  },
  errors: [400, 404],
  waitsFor: 'all',
});

export const withdrawDistribution = endpoint({
  method: 'delete',
  path: '/api/admin/etfs/:id/distributions/:exDate',
  access: 'owner',
  summary: 'Withdraw one distribution: it counts nowhere afterwards, and no provider sync declares it again.',
  tags,
  // A real calendar date (a weekend one too: that is how a wrong row goes).
  params: etfIdParam.extend({
    exDate: z
      .string()
      .refine((d) => /^\d{4}-\d{2}-\d{2}$/.test(d) && isValidDate(d), { error: (issue) => withdrawalInputMessages.exDate(String(issue.input)) })
      .describe('The ex-date, YYYY-MM-DD.'),
  }),
  query: z.object({
    kind: z.enum(DistributionKind.options, { error: withdrawalInputMessages.kind }).optional().describe('The kind of the distribution on that ex-date; default regular.'),
    reason: z
      .string({ error: withdrawalInputMessages.reasonText })
      .trim()
      .max(REASON_MAX, withdrawalInputMessages.reasonTooLong)
      .optional()
      .describe(`Why (kept in the event); default "${withdrawalInputMessages.defaultReason}".`),
  }),
  responses: { 200: { description: 'The withdrawn distribution.', json: DistributionWithdrawal } },
  errors: [400, 404],
  waitsFor: 'all',
});

export const recordSplit = endpoint({
  method: 'post',
  path: '/api/admin/etfs/:id/splits',
  access: 'owner',
  summary: "Record one fund's split or reverse split (a 1-for-10 reverse split: oldRate 10, newRate 1).",
  description:
    'Prices and per-share amounts before the ex-date are adjusted by oldRate / newRate, holdings by newRate / oldRate (docs/metrics.md). ' +
    'The same split again writes nothing (200, `unchanged`); a different ratio for a known ex-date corrects it (200, `revised`).',
  tags,
  params: etfIdParam,
  body: SplitRequest,
  responses: {
    201: { description: 'The split, recorded.', json: SplitJson },
    200: { description: 'The split as now recorded (`unchanged` or `revised`).', json: SplitJson },
  },
  errors: [400, 404],
  waitsFor: 'all',
});
