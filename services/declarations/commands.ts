import type { DeclaredRowData, ReleaseOutcome, ReleaseRead } from '../../events/releases.ts';
import { streams } from '../../events/streams.ts';
import { handleCommand } from '../core/command-handler.ts';
import type { CommandContext } from '../core/decider.ts';
import type { EventLog } from '../core/event-log.ts';
import { RETRIES } from '../core/provider-sync.ts';
import type { IncomingDistribution } from '../dividends/business-logic.ts';
import { recordDistributions } from '../dividends/commands.ts';
import { decideRelease, releaseDecider, type ReleaseState } from './business-logic.ts';

/**
 * The writes of the declarations module (docs/declarations.md): a release read (`releases-<id>`), its
 * complete rows published as declarations on each fund's `dividends-<etfId>` (source `issuer`, through
 * the dividends decider and its precedence), and the owner's dismissal. The job and the owner's routes
 * call these; the callers pass the listed funds (ticker to fund id, from the catalog index).
 */

/** Records a release read; the same release again appends nothing (`created` false). */
export async function recordRelease(log: EventLog, release: ReleaseRead['data'], ctx: CommandContext): Promise<{ created: boolean; position: number }> {
  const result = await handleCommand(log, streams.releases(release.releaseId), releaseDecider, { type: 'RecordRelease', release }, ctx, RETRIES);
  return { created: result.events.length > 0, position: result.position };
}

/** A release row as a declaration of the dividends decider: the release's address and time with the issuer's figures. */
export function declarationOf(row: DeclaredRowData, release: Pick<ReleaseRead['data'], 'issuer' | 'url' | 'publishedAt' | 'readAt'>): IncomingDistribution {
  // a feed's clock in the future is not the time of the declaration: when it was read instead
  const declaredAt = release.publishedAt !== null && release.publishedAt <= release.readAt ? release.publishedAt : release.readAt;
  return {
    exDate: row.exDate,
    recordDate: row.recordDate,
    payDate: row.payDate,
    amount: row.amount,
    status: 'declared',
    kind: row.kind,
    issuer: { name: release.issuer, url: release.url, declaredAt, statedRate: row.statedRate, secYield: row.secYield },
    rocEstimatePercent: row.rocEstimatePercent,
  };
}

export interface Publication {
  /** False when it had been applied already (nothing appended, the outcome is zeros). */
  applied: boolean;
  outcome: ReleaseOutcome;
  position: number;
}

/**
 * Publishes a release's complete rows as declarations, then records `ReleaseApplied`: `automatically`
 * (the job, a complete release) or by the owner from the review queue. The rows come from the stream
 * (what the owner saw is what is published: a release's rows never change once read). Rows of tickers
 * the catalog does not list are skipped. Refused (409) for a dismissed release, one that declares
 * nothing, or an incomplete one without the owner; applying an applied one again changes nothing.
 * Declarations first, then the record: a run cut off between the two publishes again harmlessly (the
 * dividends decider finds the same content) and records it then.
 */
export async function publishRelease(
  log: EventLog,
  releaseId: string,
  listed: ReadonlyMap<string, string>,
  options: { automatically: boolean },
  ctx: CommandContext,
): Promise<Publication> {
  const stream = streams.releases(releaseId);
  const { state } = await log.aggregate(stream, releaseDecider);
  const none: ReleaseOutcome = { declared: 0, revised: 0, unchanged: 0, skipped: 0 };
  // the stream's own rules first (throws 404 / 409), before anything is published
  if (decideRelease({ type: 'ApplyRelease', releaseId, automatically: options.automatically, outcome: none }, state, ctx).length === 0) {
    return { applied: false, outcome: none, position: 0 };
  }
  const { outcome, position: published } = await publishRows(log, state, listed, ctx);
  const result = await handleCommand(log, stream, releaseDecider, { type: 'ApplyRelease', releaseId, automatically: options.automatically, outcome }, ctx, RETRIES);
  return { applied: result.events.length > 0, outcome, position: Math.max(published, result.position) };
}

async function publishRows(log: EventLog, state: ReleaseState, listed: ReadonlyMap<string, string>, ctx: CommandContext): Promise<{ outcome: ReleaseOutcome; position: number }> {
  const release = state.read!;
  const byFund = new Map<string, IncomingDistribution[]>();
  let skipped = 0;
  for (const row of release.rows) {
    const etfId = listed.get(row.ticker);
    if (etfId === undefined) {
      skipped++;
      continue;
    }
    byFund.set(etfId, [...(byFund.get(etfId) ?? []), declarationOf(row, release)]);
  }
  const outcome: ReleaseOutcome = { declared: 0, revised: 0, unchanged: 0, skipped };
  let position = 0;
  for (const [etfId, declarations] of byFund) {
    const counts = await recordDistributions(log, etfId, declarations, 'issuer', ctx);
    outcome.declared += counts.declared;
    outcome.revised += counts.revised;
    outcome.unchanged += counts.unchanged;
    position = Math.max(position, counts.position);
  }
  return { outcome, position };
}

/** The owner sets a release aside (404 unknown, 409 applied; dismissed again changes nothing). */
export async function dismissRelease(log: EventLog, releaseId: string, ctx: CommandContext): Promise<{ dismissed: boolean; position: number }> {
  const result = await handleCommand(log, streams.releases(releaseId), releaseDecider, { type: 'DismissRelease', releaseId }, ctx, RETRIES);
  return { dismissed: result.events.length > 0, position: result.position };
}
