import { z } from 'zod';
import { decimalString, isoDate, isoInstant, payoutFrequencySchema, signedDecimalString } from './catalog.ts';
import { defineEvent, type EventsOf } from './define.ts';
import { distributionKindSchema, issuerSchema } from './dividends.ts';

/**
 * An issuer's announcement read by the `ingest-declarations` job (docs/declarations.md) lives on
 * `releases-<releaseId>`, one stream per feed item (the id is a hash of the item's guid, else its link):
 * `ReleaseRead` once, with what was read and what was not; then `ReleaseApplied` when its complete rows
 * were published as declarations (by the job for a complete release, by the owner from the review queue)
 * or `ReleaseDismissed` (the owner's). Reading it again appends nothing.
 */

/** The issuers whose releases are read (the parser's `Issuer`, services/declarations/release.ts). */
export { issuerSchema, type Issuer } from './dividends.ts';

/** At most this many rows are kept of one release (a table longer than that is refused, not published). */
export const RELEASE_MAX_ROWS = 200;
/** At most this many problems are kept (the last one says how many more there were). */
export const RELEASE_MAX_PROBLEMS = 50;
/** Longest text kept of a title, a fund name or a problem. */
export const RELEASE_TEXT_MAX = 300;

/** A ticker as the catalog writes it: 1-8 capital letters or digits. */
export const tickerSchema = z.string().regex(/^[A-Z0-9]{1,8}$/, 'expected a ticker of 1-8 letters or digits');

/** One distribution read completely from a release's table, every figure as the release states it. */
export const declaredRowSchema = z.object({
  ticker: tickerSchema,
  name: z.string().max(RELEASE_TEXT_MAX).nullable(),
  frequency: payoutFrequencySchema.nullable(),
  /** Cash per share, canonical decimal text ("0.0908"); "0" is a real zero payout. */
  amount: decimalString,
  kind: distributionKindSchema,
  /** The issuer's stated distribution rate and 30-day SEC yield, percent; null for "--" or absent. */
  statedRate: signedDecimalString.nullable(),
  secYield: signedDecimalString.nullable(),
  /** The issuer's return-of-capital estimate, percent (0-100). */
  rocEstimatePercent: decimalString.nullable(),
  exDate: isoDate,
  recordDate: isoDate.nullable(),
  payDate: isoDate.nullable(),
});
export type DeclaredRowData = z.infer<typeof declaredRowSchema>;

/** What could not be read ("row 4 (SDTY): no distribution per share"), for the owner's review queue. */
export const releaseProblemSchema = z.object({ message: z.string().min(1).max(RELEASE_TEXT_MAX), ticker: z.string().max(16).optional() });
export type ReleaseProblemData = z.infer<typeof releaseProblemSchema>;

export const releaseRead = defineEvent(
  'ReleaseRead',
  z.object({
    releaseId: z.string().regex(/^[0-9a-f]{32}$/),
    /** The release's address (the feed item's link): the `sourceUrl` of its declarations. */
    url: z.url(),
    /** The feed it came from, as it may be shown (no query, no credentials). */
    feedUrl: z.string().max(2000),
    title: z.string().max(RELEASE_TEXT_MAX),
    /** The feed item's publication instant; null when the feed gave none. */
    publishedAt: isoInstant.nullable(),
    issuer: issuerSchema.nullable(),
    /** The rows read completely (also when the release is not complete: the review queue shows them). */
    rows: z.array(declaredRowSchema).max(RELEASE_MAX_ROWS),
    /** What was not read; non-empty means not complete. */
    problems: z.array(releaseProblemSchema).max(RELEASE_MAX_PROBLEMS),
    /** Every row of every distribution table was read completely: only then is anything published without the owner. */
    complete: z.boolean(),
    /** Not a declaration at all (a launch, a "scheduled for next week" notice, a fee change). */
    notADeclaration: z.boolean(),
    /** The tickers of rows read that were not in the catalog when it was read: possible new funds. */
    unknownTickers: z.array(tickerSchema).max(RELEASE_MAX_ROWS),
    readAt: isoInstant,
  }),
);

/** What publishing a release's rows did, fund by fund added up (the owner's data and later releases are never overwritten). */
export const releaseOutcomeSchema = z.object({
  /** New distributions. */
  declared: z.number().int().nonnegative(),
  /** Distributions whose amount, dates or issuer's figures changed (a corrected release, or a provider's entry taken over). */
  revised: z.number().int().nonnegative(),
  /** Rows that changed nothing: read before, or kept by precedence (the owner's data). */
  unchanged: z.number().int().nonnegative(),
  /** Rows of tickers not in the catalog at the time: not published (possible new funds). */
  skipped: z.number().int().nonnegative(),
});
export type ReleaseOutcome = z.infer<typeof releaseOutcomeSchema>;

/**
 * The release's complete rows were published: by the job for a complete release (`automatically`), or by
 * the owner from the review queue (`appliedBy` the owner's actor) after seeing them.
 */
export const releaseApplied = defineEvent(
  'ReleaseApplied',
  z.object({
    releaseId: z.string().regex(/^[0-9a-f]{32}$/),
    automatically: z.boolean(),
    /** `job:ingest-declarations` or `user:<id>`. */
    appliedBy: z.string().min(1),
    outcome: releaseOutcomeSchema,
    appliedAt: isoInstant,
  }),
);

/** The owner set a release in the review queue aside: nothing of it is published. */
export const releaseDismissed = defineEvent(
  'ReleaseDismissed',
  z.object({ releaseId: z.string().regex(/^[0-9a-f]{32}$/), dismissedBy: z.string().min(1), dismissedAt: isoInstant }),
);

export const releaseEvents = [releaseRead, releaseApplied, releaseDismissed] as const;

export type ReleaseEvent = EventsOf<typeof releaseEvents>;
export type ReleaseRead = Extract<ReleaseEvent, { type: 'ReleaseRead' }>;
export type ReleaseApplied = Extract<ReleaseEvent, { type: 'ReleaseApplied' }>;
export type ReleaseDismissed = Extract<ReleaseEvent, { type: 'ReleaseDismissed' }>;
