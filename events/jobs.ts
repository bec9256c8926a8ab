import { z } from 'zod';
import { defineEvent, type EventsOf } from './define.ts';
import { isoInstant } from './catalog.ts';

/**
 * One run of a data job (initialize-production, update-prices, ...) lives on `job-<jobId>`:
 * requested (by the owner `user:<id>` or by `schedule` / `startup`), started by a worker, a few progress
 * reports, then succeeded or failed. The `jobs` read model shows the owner where a run is.
 */

export const jobNameSchema = z.enum([
  'initialize-production',
  'update-prices',
  'sync-dividends',
  'recalculate-yields',
  'clear-cache',
  'begin-market-day',
  'ingest-news',
  'sync-brokerage',
  'refresh-premium-quotes',
  'send-ex-date-reminders',
  'ingest-declarations',
]);
export type JobName = z.infer<typeof jobNameSchema>;

export const jobRequested = defineEvent(
  'JobRequested',
  z.object({
    jobId: z.uuid(),
    name: jobNameSchema,
    /** `user:<id>` for the owner's buttons, `schedule` for a timed run, `startup` for the first-start seeding. */
    requestedBy: z.string().min(1),
    requestedAt: isoInstant,
  }),
);

export const jobStarted = defineEvent('JobStarted', z.object({ jobId: z.uuid(), startedAt: isoInstant }));

export const jobProgressed = defineEvent(
  'JobProgressed',
  z.object({
    jobId: z.uuid(),
    done: z.number().int().nonnegative(),
    total: z.number().int().nonnegative(),
    message: z.string(),
    progressedAt: isoInstant,
  }),
);

/** `summary`: what the run did, in a sentence for the owner, plus counts (JSON-safe numbers). */
export const jobSucceeded = defineEvent(
  'JobSucceeded',
  z.object({
    jobId: z.uuid(),
    summary: z.string(),
    counts: z.record(z.string(), z.number().int()),
    succeededAt: isoInstant,
  }),
);

/** `reason`: why, in words the owner understands ("Alpaca API keys are not set"). */
export const jobFailed = defineEvent('JobFailed', z.object({ jobId: z.uuid(), reason: z.string().min(1), failedAt: isoInstant }));

export const jobEvents = [jobRequested, jobStarted, jobProgressed, jobSucceeded, jobFailed] as const;

export type JobEvent = EventsOf<typeof jobEvents>;
export type JobRequested = Extract<JobEvent, { type: 'JobRequested' }>;
export type JobStarted = Extract<JobEvent, { type: 'JobStarted' }>;
export type JobProgressed = Extract<JobEvent, { type: 'JobProgressed' }>;
export type JobSucceeded = Extract<JobEvent, { type: 'JobSucceeded' }>;
export type JobFailed = Extract<JobEvent, { type: 'JobFailed' }>;
