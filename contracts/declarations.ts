import { z } from 'zod';
import { declaredRowSchema, issuerSchema, releaseOutcomeSchema, releaseProblemSchema } from '../events/releases.ts';
import { endpoint } from './endpoint.ts';

/**
 * The owner's side of the issuers' declarations (docs/declarations.md): the releases the
 * `ingest-declarations` job read, the review queue of those not read completely ("Apply" publishes the
 * rows that were read completely, after the owner saw them; "Dismiss" sets the release aside), and the
 * tickers releases named that the catalog does not list (possible new funds). Handled by
 * services/declarations/api.ts; the job itself is started with `POST /api/admin/ingest-declarations`
 * (contracts/jobs.ts).
 */

export const Issuer = issuerSchema;
export type Issuer = z.infer<typeof Issuer>;

/**
 * Where a release stands:
 * - `publishing`: read completely, its declarations being published by the job (for a moment, or until
 *   the next run after an interrupted one);
 * - `published`: read completely and published by the job;
 * - `review`: not read completely, waiting for the owner (nothing of it is published);
 * - `applied`: the owner applied its complete rows;
 * - `dismissed`: the owner set it aside;
 * - `not-a-declaration`: a launch, a fee change, a "scheduled for next week" notice (nothing to publish).
 */
export const ReleaseStatus = z.enum(['publishing', 'published', 'review', 'applied', 'dismissed', 'not-a-declaration']);
export type ReleaseStatus = z.infer<typeof ReleaseStatus>;

/** One distribution read completely from the release's table, as the release states it. */
export const ReleaseRow = declaredRowSchema.extend({
  /** The ticker is a listed fund (else a possible new fund, never published). */
  listed: z.boolean(),
});
export type ReleaseRow = z.infer<typeof ReleaseRow>;

export const ReleaseProblem = releaseProblemSchema;
export type ReleaseProblem = z.infer<typeof ReleaseProblem>;

/** What publishing the rows did (added up over the funds). */
export const ReleaseOutcome = releaseOutcomeSchema;
export type ReleaseOutcome = z.infer<typeof ReleaseOutcome>;

export const ReleaseJson = z.object({
  id: z.string(),
  status: ReleaseStatus,
  /** The release's page (the feed item's link). */
  url: z.string(),
  /** The feed it came from (no query, no credentials). */
  feedUrl: z.string(),
  title: z.string(),
  issuer: Issuer.nullable(),
  /** The feed item's publication instant (ISO); null when the feed gave none. */
  publishedAt: z.string().nullable(),
  readAt: z.string(),
  /** Every row of every distribution table was read completely. */
  complete: z.boolean(),
  /** What was read completely (what "Apply" publishes, for the listed tickers). */
  rows: z.array(ReleaseRow),
  /** What was not read, in words for the owner. */
  problems: z.array(ReleaseProblem),
  /** Tickers of rows read that the catalog did not list when the release was read. */
  unknownTickers: z.array(z.string()),
  /** Set once applied (by the job or the owner). */
  appliedAt: z.string().nullable(),
  /** `job:ingest-declarations` or `user:<id>`. */
  appliedBy: z.string().nullable(),
  outcome: ReleaseOutcome.nullable(),
  dismissedAt: z.string().nullable(),
});
export type ReleaseJson = z.infer<typeof ReleaseJson>;

/** A ticker releases named that the catalog does not list: a fund the owner may want to add. */
export const PossibleNewFund = z.object({
  ticker: z.string(),
  /** The fund's name as the latest release wrote it. */
  name: z.string().nullable(),
  issuer: Issuer.nullable(),
  frequency: declaredRowSchema.shape.frequency,
  /** Its latest declaration read (amount per share, ex-date, pay date). */
  latest: z.object({ amount: z.string(), exDate: z.string(), payDate: z.string().nullable(), kind: declaredRowSchema.shape.kind }),
  firstSeenAt: z.string(),
  lastSeenAt: z.string(),
  /** The releases that named it, newest first. */
  releases: z.array(z.object({ id: z.string(), url: z.string(), title: z.string(), publishedAt: z.string().nullable() })),
});
export type PossibleNewFund = z.infer<typeof PossibleNewFund>;

/** The answer of "Apply": the release as it stands now and what publishing it did. */
export const ReleaseApplication = z.object({ release: ReleaseJson, outcome: ReleaseOutcome });
export type ReleaseApplication = z.infer<typeof ReleaseApplication>;

export const releaseListMessages = {
  status: 'Status must be review or all',
  limitNumber: 'Limit must be a number',
  limitWhole: 'Limit must be a whole number',
  limitRange: 'Limit must be 1-500',
} as const;

const RELEASE_LIST_DEFAULT_LIMIT = 100;

export const ReleaseListQuery = z.object({
  status: z
    .enum(['review', 'all'], { error: releaseListMessages.status })
    .default('review')
    .describe('`review` (default): the review queue, oldest first; `all`: every release read, newest first.'),
  limit: z.coerce
    .number({ error: releaseListMessages.limitNumber })
    .int(releaseListMessages.limitWhole)
    .min(1, releaseListMessages.limitRange)
    .max(500, releaseListMessages.limitRange)
    .default(RELEASE_LIST_DEFAULT_LIMIT)
    .describe(`How many releases, 1-500 (default ${RELEASE_LIST_DEFAULT_LIMIT}).`),
});

const ReleaseParams = z.object({ id: z.string().describe('The release id (32 hex digits).') });

// ---------------------------------------------------------------------------------------------------
// Endpoints (owner only: under /api/admin, behind the app's owner guard too)

const tags = ['Admin'];

export const getReleases = endpoint({
  method: 'get',
  path: '/api/admin/releases',
  access: 'owner',
  summary: 'The review queue of issuer releases not read completely (or every release read, `status=all`).',
  tags,
  query: ReleaseListQuery,
  responses: { 200: { description: 'The releases, each with what was read and what was not.', json: z.array(ReleaseJson) } },
  errors: [400],
  reads: ['releases', 'catalog-index'],
});

export const getRelease = endpoint({
  method: 'get',
  path: '/api/admin/releases/:id',
  access: 'owner',
  summary: 'One issuer release read: its rows, its problems, where it stands.',
  tags,
  params: ReleaseParams,
  responses: { 200: { description: 'The release.', json: ReleaseJson } },
  errors: [404],
  reads: ['releases', 'catalog-index'],
});

export const applyRelease = endpoint({
  method: 'post',
  path: '/api/admin/releases/:id/apply',
  access: 'owner',
  summary: "Publish the rows of a release that were read completely (listed funds only), after the owner saw them.",
  description:
    'Each row becomes a declaration with source `issuer` (precedence: the owner\'s data is never overwritten). 409 for a dismissed release, ' +
    'one that declares nothing or of which nothing was read completely; applying an applied release again changes nothing.',
  tags,
  params: ReleaseParams,
  responses: { 200: { description: 'The release, now applied, and what publishing did.', json: ReleaseApplication } },
  errors: [404, 409],
  reads: ['releases', 'catalog-index'],
  waitsFor: 'all',
});

export const dismissRelease = endpoint({
  method: 'post',
  path: '/api/admin/releases/:id/dismiss',
  access: 'owner',
  summary: 'Set a release aside: nothing of it is published.',
  tags,
  params: ReleaseParams,
  responses: { 200: { description: 'The release, now dismissed.', json: ReleaseJson } },
  errors: [404, 409],
  reads: ['releases', 'catalog-index'],
  waitsFor: ['releases'],
});

export const getPossibleNewFunds = endpoint({
  method: 'get',
  path: '/api/admin/possible-funds',
  access: 'owner',
  summary: 'Tickers the issuers\' releases named that the catalog does not list, with the releases that named them.',
  tags,
  responses: { 200: { description: 'By ticker.', json: z.array(PossibleNewFund) } },
  errors: [],
  reads: ['releases', 'catalog-index'],
});
