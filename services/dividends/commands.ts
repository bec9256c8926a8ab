import type { DataSource } from '../../events/catalog.ts';
import { streams } from '../../events/streams.ts';
import type { MarketDataProvider } from '../../infra/market-data/port.ts';
import type { IsoDate } from '../../domain/market/trading-days.ts';
import { handleCommand } from '../core/command-handler.ts';
import type { CommandContext } from '../core/decider.ts';
import { notFound } from '../core/errors.ts';
import type { EventLog } from '../core/event-log.ts';
import { RETRIES, syncRange, type RangeCounts, type SyncEtf, type SyncOptions } from '../core/provider-sync.ts';
import type { PayoutFrequency } from '../../events/catalog.ts';
import type { DistributionKind } from '../../events/dividends.ts';
import { inferredFrequencyWarning, runRateOf } from '../../domain/market/run-rate.ts';
import type { CsvLineError } from '../../contracts/catalog.ts';
import {
  activeDistributions,
  distributionsDecider,
  exDateProblem,
  knownDistribution,
  type IncomingCharacter,
  type IncomingDistribution,
  type KnownDistribution,
} from './business-logic.ts';

/**
 * The writes of `dividends-<etfId>`: distributions into the log (idempotent by content, see
 * services/core/provider-sync.ts) from the owner's CSV import and the provider sync, and the owner's
 * withdrawal of one.
 */

export interface DistributionCounts {
  declared: number;
  revised: number;
  unchanged: number;
  position: number;
}

/** Records distributions of one fund on `dividends-<etfId>`. */
export async function recordDistributions(
  log: EventLog,
  etfId: string,
  distributions: readonly IncomingDistribution[],
  source: DataSource,
  ctx: CommandContext,
): Promise<DistributionCounts> {
  if (distributions.length === 0) return { declared: 0, revised: 0, unchanged: 0, position: 0 };
  const result = await handleCommand(log, streams.dividends(etfId), distributionsDecider, { type: 'SyncDistributions', etfId, distributions, source }, ctx, RETRIES);
  const declared = result.events.filter((e) => e.type === 'DistributionDeclared').length;
  const revised = result.events.filter((e) => e.type === 'DistributionRevised').length;
  // one distribution per ex-date and kind (the decider adds up two records of one kind)
  const distinct = new Set(distributions.map((d) => `${d.exDate}|${d.kind ?? 'regular'}`)).size;
  return { declared, revised, unchanged: distinct - declared - revised, position: result.position };
}

/** A provider's row left out of a sync, with the rule's reason. */
export interface SkippedDistribution {
  ticker: string;
  exDate: IsoDate;
  amount: string;
  reason: string;
}

/**
 * Distributions with ex-dates in [from, to] (from the inception date for younger funds), each of the
 * provider's records kept with its kind (a regular and a special on one date stay two). Rows with an
 * ex-date on a weekend or an NYSE holiday are left out (the decider refuses them) and reported through
 * `onSkipped` (the jobs log them) and in `skipped`.
 */
export async function syncDistributions(
  log: EventLog,
  provider: MarketDataProvider,
  etfs: readonly SyncEtf[],
  from: IsoDate,
  to: IsoDate,
  ctx: CommandContext,
  options: SyncOptions & { onSkipped?: (skipped: SkippedDistribution) => void } = {},
): Promise<RangeCounts<DistributionCounts> & { skipped: SkippedDistribution[] }> {
  const skipped: SkippedDistribution[] = [];
  const counts = await syncRange(
    etfs, from, to, options, 'Distributions',
    async (tickers, start) =>
      (await provider.distributions(tickers, start, to)).filter((d) => {
        // A provider's row on a day without a session is no ex-date: left out (and told) rather than failing the run.
        const reason = exDateProblem(d.exDate);
        if (reason === null) return true;
        const row = { ticker: d.ticker, exDate: d.exDate, amount: d.amount, reason };
        skipped.push(row);
        options.onSkipped?.(row);
        return false;
      }),
    (etfId, rows) => recordDistributions(log, etfId, rows, provider.source, ctx),
    { declared: 0, revised: 0, unchanged: 0 },
  );
  return { ...counts, skipped };
}

/**
 * What the owner should know about a fund's figures after an import: its last regular payouts
 * contradict its catalog frequency, so the figures use the inferred one ("Payouts every 28 days; the
 * catalog says weekly — figures use four-weekly"; domain/market/run-rate.ts). Empty when all is well.
 */
export async function distributionWarnings(log: EventLog, etf: { etfId: string; frequency: PayoutFrequency }, today: IsoDate): Promise<string[]> {
  const { state } = await log.aggregate(streams.dividends(etf.etfId), distributionsDecider);
  const { inferred } = runRateOf(activeDistributions(state), etf.frequency, today);
  return inferred ? [inferredFrequencyWarning(etf.frequency, inferred)] : [];
}

// ---------------------------------------------------------------------------------------------------
// Withdrawal

/**
 * The owner's withdrawal of a distribution (`DistributionWithdrawn` on `dividends-<etfId>`): it no
 * longer counts in any figure (metrics, calendars, dividend history, holdings' income), and no provider
 * sync declares it again; only an owner's import does (docs/data-operations.md, "Withdrawing a distribution").
 */

/** " special", " capital-gain" before "distribution"; nothing for a regular one (the messages of old stay word for word). */
const kindWord = (kind: DistributionKind) => (kind === 'regular' ? '' : ` ${kind}`);

export const withdrawalMessages = {
  none: (ticker: string, exDate: IsoDate, kind: DistributionKind = 'regular') => `${ticker} has no${kindWord(kind)} distribution with ex-date ${exDate}`,
  already: (ticker: string, exDate: IsoDate, kind: DistributionKind = 'regular') =>
    `The ${ticker}${kindWord(kind)} distribution with ex-date ${exDate} was already withdrawn`,
} as const;

export interface Withdrawal {
  distribution: KnownDistribution;
  reason: string;
  withdrawnAt: string;
  position: number;
}

/** Withdraws the fund's distribution of `kind` on `exDate`: 404 when there is none, or it was withdrawn already. */
export async function withdrawDistribution(
  log: EventLog,
  etf: { etfId: string; ticker: string },
  exDate: IsoDate,
  reason: string,
  ctx: CommandContext,
  kind: DistributionKind = 'regular',
): Promise<Withdrawal> {
  const stream = streams.dividends(etf.etfId);
  const { state } = await log.aggregate(stream, distributionsDecider);
  const distribution = knownDistribution(state, etf.etfId, exDate, kind);
  if (!distribution) throw notFound(withdrawalMessages.none(etf.ticker, exDate, kind));
  if (distribution.withdrawn) throw notFound(withdrawalMessages.already(etf.ticker, exDate, kind));
  const result = await handleCommand(log, stream, distributionsDecider, { type: 'WithdrawDistribution', etfId: etf.etfId, exDate, kind, reason }, ctx, RETRIES);
  const event = result.events.find((e) => e.type === 'DistributionWithdrawn');
  // withdrawn by a concurrent request between the read and the append
  if (!event) throw notFound(withdrawalMessages.already(etf.ticker, exDate, kind));
  return { distribution, reason: event.data.reason, withdrawnAt: event.data.withdrawnAt, position: result.position };
}

// ---------------------------------------------------------------------------------------------------
// The owner's edit of one distribution, and the year-end character (issue 27)

export interface PutDistribution {
  distribution: KnownDistribution;
  result: 'recorded' | 'revised' | 'unchanged';
  position: number;
}

/**
 * The owner records or corrects one distribution by hand (source `manual`: above every other source).
 * The same values again write nothing (`unchanged`).
 */
export async function putDistribution(log: EventLog, etfId: string, incoming: IncomingDistribution, ctx: CommandContext): Promise<PutDistribution> {
  const counts = await recordDistributions(log, etfId, [incoming], 'manual', ctx);
  const { state } = await log.aggregate(streams.dividends(etfId), distributionsDecider);
  const distribution = knownDistribution(state, etfId, incoming.exDate, incoming.kind ?? 'regular')!;
  return { distribution, result: counts.declared > 0 ? 'recorded' : counts.revised > 0 ? 'revised' : 'unchanged', position: counts.position };
}

export const characterMessages = {
  none: (ticker: string, exDate: IsoDate, kind: DistributionKind = 'regular') => `Skipped: ${withdrawalMessages.none(ticker, exDate, kind)}`,
  withdrawn: (ticker: string, exDate: IsoDate, kind: DistributionKind = 'regular') => `Skipped: the ${ticker}${kindWord(kind)} distribution with ex-date ${exDate} was withdrawn`,
  noneRecorded: 'No distribution character recorded',
} as const;

export interface CharacterCounts {
  updated: number;
  unchanged: number;
  /** Rows naming no known distribution of the fund, or a withdrawn one, by file line. */
  errors: CsvLineError[];
  position: number;
}

/**
 * Records the year-end character of a fund's distributions (`DistributionCharacterRecorded` on
 * `dividends-<etfId>`): a row whose figures the distribution already has writes nothing, so the same
 * file twice changes nothing. Rows naming no known distribution (or a withdrawn one) are reported by line.
 */
export async function recordCharacters(
  log: EventLog,
  etf: { etfId: string; ticker: string },
  rows: readonly (IncomingCharacter & { line: number })[],
  ctx: CommandContext,
): Promise<CharacterCounts> {
  const stream = streams.dividends(etf.etfId);
  const { state } = await log.aggregate(stream, distributionsDecider);
  const errors: CsvLineError[] = [];
  const known: (IncomingCharacter & { line: number })[] = [];
  for (const row of rows) {
    const found = knownDistribution(state, etf.etfId, row.exDate, row.kind ?? 'regular');
    if (!found) errors.push({ line: row.line, message: characterMessages.none(etf.ticker, row.exDate, row.kind) });
    else if (found.withdrawn) errors.push({ line: row.line, message: characterMessages.withdrawn(etf.ticker, row.exDate, row.kind) });
    else known.push(row);
  }
  if (known.length === 0) return { updated: 0, unchanged: 0, errors, position: 0 };
  const characters = known.map(({ line: _line, ...row }) => row);
  const result = await handleCommand(log, stream, distributionsDecider, { type: 'RecordCharacters', etfId: etf.etfId, characters, source: 'csv' }, ctx, RETRIES);
  const updated = result.events.filter((e) => e.type === 'DistributionCharacterRecorded').length;
  return { updated, unchanged: known.length - updated, errors, position: result.position };
}
