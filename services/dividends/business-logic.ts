import { sourceRank, type DataSource } from '../../events/catalog.ts';
import {
  distributionIdOf,
  type DistributionCharacter,
  type DistributionData,
  type DistributionKind,
  type DistributionStatus,
  type DividendEvent,
  type IssuerDeclaration,
} from '../../events/dividends.ts';
import type { CommandContext, Decider } from '../core/decider.ts';
import { badRequest, notFound } from '../core/errors.ts';
import { canonical, dec, parseAmount } from '../../domain/market/decimal.ts';
import { KIND_ORDER } from '../../domain/market/run-rate.ts';
import { CHARACTER_PARTS, characterSumProblem, isPercent } from '../../domain/market/return-of-capital.ts';
import { holidayNameOf, isValidDate, weekdayOf, type IsoDate } from '../../domain/market/trading-days.ts';

/**
 * The `dividends-<etfId>` stream: a fund's distributions, one per ex-date and kind (a regular payout
 * and a special may share an ex-date).
 *
 * Sync rules (idempotent by content):
 * - an (ex-date, kind) not seen before -> `DistributionDeclared`;
 * - the same content again -> nothing;
 * - a changed amount, record date, pay date or status -> `DistributionRevised` (with the previous amount);
 * - a missing (null) record or pay date never erases a known one: a provider that does not know the
 *   date is not evidence that it changed;
 * - an `estimated` distribution never replaces a `declared` one;
 * - several records of one kind on one ex-date in one batch (a provider splitting a payout) are
 *   recorded as one distribution of their total; records of different kinds stay apart;
 * - a withdrawn distribution is declared again only by an owner's import (`csv`, `manual`), never by a
 *   provider sync, so a provider's bad row cannot come back every hour;
 * - precedence (`sourceRank`): the owner's data (`csv`, `manual`) > the issuer's announcement (`issuer`) >
 *   a provider (`alpaca`) > demo data. A source never revises a distribution whose current entry ranks
 *   above it: a provider sync only declares ex-dates the owner and the issuer did not, and a later
 *   provider record of an issuer's declaration changes nothing (neither a second entry, the id being
 *   the same, nor the issuer's figures). The owner's import revises anything, and its explicit
 *   `estimated` status applies even over a declaration;
 * - the issuer's declaration takes over a provider's or demo entry of the same distribution even at the
 *   same amount (its source, release and figures are news); read again, with the same amount, dates and
 *   figures, it changes nothing whatever the release's address; a corrected release revises it;
 * - an ex-date on a Saturday, a Sunday or an NYSE holiday is refused (no market session, so no ex-date);
 * - the return-of-capital estimate (`rocEstimatePercent`, 0-100, issue 27) comes from the issuer's release
 *   or the owner's data (CSV `ROC %` column, the owner's edit), never from a provider or demo data; a
 *   record that states none (undefined) keeps the known estimate, as a missing date keeps the known date;
 *   null (the owner's edit, a release's "--") clears it; a changed estimate alone is a revision;
 * - the final character (`RecordCharacters`, the owner's year-end CSV) is recorded per distribution
 *   (`DistributionCharacterRecorded`); the same figures again record nothing, other figures replace them;
 *   a revision of the distribution keeps its character; a withdrawn or unknown distribution takes none.
 */

export interface IncomingDistribution {
  exDate: IsoDate;
  recordDate: IsoDate | null;
  payDate: IsoDate | null;
  /** Cash per share: decimal string or finite number (`$` and separators accepted). */
  amount: string | number;
  status?: DistributionStatus;
  /** Absent: regular. */
  kind?: DistributionKind;
  /** Source `issuer` only: the release and the issuer's own figures (events/dividends.ts). */
  issuer?: IssuerDeclaration;
  /**
   * Sources `issuer`, `csv` and `manual`: the return-of-capital estimate, percent 0-100 (decimal string or
   * number). Absent: not stated (a known one stays); null: none published (a known one is cleared).
   */
  rocEstimatePercent?: string | number | null;
}

/** One distribution's final character (the owner's year-end CSV row). */
export interface IncomingCharacter {
  exDate: IsoDate;
  /** Absent: regular. */
  kind?: DistributionKind;
  character: DistributionCharacter;
}

export type DividendCommand =
  | { type: 'SyncDistributions'; etfId: string; distributions: readonly IncomingDistribution[]; source: DataSource }
  /** Withdraws the distribution of `kind` (regular when absent) on `exDate`. */
  | { type: 'WithdrawDistribution'; etfId: string; exDate: IsoDate; kind?: DistributionKind; reason: string }
  /** Records the final character of known distributions (unknown or withdrawn ones are left out: the command's caller reports them). */
  | { type: 'RecordCharacters'; etfId: string; characters: readonly IncomingCharacter[]; source: DataSource };

export interface KnownDistribution {
  distributionId: string;
  exDate: IsoDate;
  recordDate: IsoDate | null;
  payDate: IsoDate | null;
  amount: string;
  status: DistributionStatus;
  /** regular, special or capital-gain (the alert reactor folds this state: a special is told apart here). */
  kind: DistributionKind;
  source: DataSource;
  /** Source `issuer`: the release and the issuer's figures. */
  issuer?: IssuerDeclaration;
  rocEstimatePercent?: string | null;
  /** The final character, once recorded (kept through revisions of the amount or dates). */
  character?: DistributionCharacter;
  withdrawn: boolean;
}

export interface DistributionsState {
  etfId: string | null;
  /** By distribution id: one per ex-date and kind (`distributionIdOf`). */
  byId: Readonly<Record<string, KnownDistribution>>;
}

export const initialDistributionsState = (): DistributionsState => ({ etfId: null, byId: {} });

function known(data: DistributionData): KnownDistribution {
  const { etfId: _etfId, ...rest } = data;
  return { ...rest, withdrawn: false };
}

export function evolveDistributions(state: DistributionsState, event: DividendEvent): DistributionsState {
  switch (event.type) {
    case 'DistributionDeclared':
      return { etfId: event.data.etfId, byId: { ...state.byId, [event.data.distributionId]: known(event.data) } };
    case 'DistributionRevised': {
      const { previousAmount: _previous, ...data } = event.data;
      // the final character describes the distribution, not its amount: a revision keeps it
      const character = state.byId[data.distributionId]?.character;
      return { etfId: data.etfId, byId: { ...state.byId, [data.distributionId]: { ...known(data), ...(character ? { character } : {}) } } };
    }
    case 'DistributionCharacterRecorded': {
      const existing = state.byId[event.data.distributionId];
      if (!existing) return state;
      return { etfId: event.data.etfId, byId: { ...state.byId, [event.data.distributionId]: { ...existing, character: event.data.character } } };
    }
    case 'DistributionWithdrawn': {
      const existing = state.byId[event.data.distributionId];
      if (!existing) return state;
      return { etfId: event.data.etfId, byId: { ...state.byId, [event.data.distributionId]: { ...existing, withdrawn: true } } };
    }
    default: {
      const never: never = event;
      throw new Error(`unhandled event ${JSON.stringify(never)}`);
    }
  }
}

function optionalDate(value: IsoDate | null, what: string): IsoDate | null {
  if (value === null) return null;
  if (!isValidDate(value)) throw badRequest(`${what} must be YYYY-MM-DD, got ${JSON.stringify(value)}`);
  return value;
}

interface Normalised {
  exDate: IsoDate;
  recordDate: IsoDate | null;
  payDate: IsoDate | null;
  amount: string;
  status: DistributionStatus;
  kind: DistributionKind;
  issuer?: IssuerDeclaration;
  rocEstimatePercent?: string | null;
}

/** The message of an estimate that is no percentage (the CSV and the edit form check it first, with their own words). */
export const rocEstimateMessage = (exDate: IsoDate, got: unknown) =>
  `distribution ${exDate}: the ROC estimate must be a number from 0 to 100 (percent of the payout), got ${JSON.stringify(got)}`;

/**
 * A ROC estimate as decimal text: a plain decimal as stated ("100.00", the issuer's figures are kept as
 * written), anything else ("92 %", a number) canonical; null stays null, undefined (not stated) stays undefined.
 */
function normaliseRoc(exDate: IsoDate, value: string | number | null | undefined): string | null | undefined {
  if (value === undefined || value === null) return value;
  const d = parseAmount(typeof value === 'string' ? value.replace(/\s*%$/, '') : value);
  if (d === null || !isPercent(d)) throw badRequest(rocEstimateMessage(exDate, value));
  return typeof value === 'string' && /^\d+(\.\d+)?$/.test(value) ? value : canonical(d);
}

/**
 * The rule's message for an ex-date with no market session, or null for a trading day (the CSV import,
 * the provider sync and the decider use it): a weekend ("Ex-date 2025-06-28 is a Saturday: an ex-date
 * must be a weekday (Monday to Friday)") or an NYSE holiday, named ("Ex-date 2026-04-03 is Good Friday:
 * the market is closed"). A half day (the day after Thanksgiving) is a trading day.
 */
export function exDateProblem(exDate: IsoDate): string | null {
  const wd = weekdayOf(exDate);
  if (wd === 0 || wd === 6) return `Ex-date ${exDate} is a ${wd === 6 ? 'Saturday' : 'Sunday'}: an ex-date must be a weekday (Monday to Friday)`;
  const holiday = holidayNameOf(exDate);
  return holiday === null ? null : `Ex-date ${exDate} is ${holiday}: the market is closed`;
}

function normalise(d: IncomingDistribution): Normalised {
  if (!isValidDate(d.exDate)) throw badRequest(`ex-date must be YYYY-MM-DD, got ${JSON.stringify(d.exDate)}`);
  const closed = exDateProblem(d.exDate);
  if (closed) throw badRequest(closed);
  const amount = parseAmount(d.amount);
  if (amount === null || amount.lt(0)) throw badRequest(`distribution ${d.exDate}: amount must be a number >= 0, got ${JSON.stringify(d.amount)}`);
  const payDate = optionalDate(d.payDate, `distribution ${d.exDate} pay date`);
  if (payDate !== null && payDate < d.exDate) throw badRequest(`distribution ${d.exDate}: pay date ${payDate} is before the ex-date`);
  return {
    exDate: d.exDate,
    recordDate: optionalDate(d.recordDate, `distribution ${d.exDate} record date`),
    payDate,
    amount: canonical(amount),
    status: d.status ?? 'declared',
    kind: d.kind ?? 'regular',
    ...(d.issuer !== undefined ? { issuer: d.issuer } : {}),
    ...(d.rocEstimatePercent !== undefined ? { rocEstimatePercent: normaliseRoc(d.exDate, d.rocEstimatePercent) } : {}),
  };
}

/** The issuer's figures of an entry, for comparing a release read again (null where absent). */
function issuerFigures(d: { issuer?: IssuerDeclaration; rocEstimatePercent?: string | null }): [string | null, string | null, string | null] {
  return [d.issuer?.statedRate ?? null, d.issuer?.secYield ?? null, d.rocEstimatePercent ?? null];
}

const sameFigure = (a: string | null, b: string | null) => (a === null || b === null ? a === b : dec(a).eq(b));

/** Merges one batch: the same ex-date and kind twice -> one distribution with the summed amount. */
function mergeBatch(list: readonly IncomingDistribution[], source: DataSource): Normalised[] {
  const byKey = new Map<string, Normalised>();
  for (const raw of list) {
    const d = normalise(raw);
    if (d.issuer !== undefined && source !== 'issuer') {
      throw badRequest(`distribution ${d.exDate}: the issuer's figures come only with source issuer`);
    }
    if (d.rocEstimatePercent !== undefined && sourceRank(source) < sourceRank('issuer')) {
      throw badRequest(`distribution ${d.exDate}: a return-of-capital estimate comes only from the issuer or the owner`);
    }
    const key = `${d.exDate}|${d.kind}`;
    const seen = byKey.get(key);
    if (!seen) {
      byKey.set(key, d);
      continue;
    }
    // A release states each distribution once: two rows are not a split payout to add up.
    if (source === 'issuer') throw badRequest(`distribution ${d.exDate}: the release states the ${d.kind} distribution twice`);
    byKey.set(key, {
      exDate: d.exDate,
      recordDate: seen.recordDate ?? d.recordDate,
      payDate: seen.payDate ?? d.payDate,
      amount: canonical(dec(seen.amount).plus(d.amount)),
      status: seen.status === 'declared' || d.status === 'declared' ? 'declared' : 'estimated',
      kind: d.kind,
      ...(seen.rocEstimatePercent !== undefined || d.rocEstimatePercent !== undefined ? { rocEstimatePercent: seen.rocEstimatePercent ?? d.rocEstimatePercent ?? null } : {}),
    });
  }
  return [...byKey.values()].sort((a, b) => (a.exDate < b.exDate ? -1 : a.exDate > b.exDate ? 1 : KIND_ORDER[a.kind] - KIND_ORDER[b.kind]));
}

export function decideDistributions(command: DividendCommand, state: DistributionsState, ctx?: CommandContext): DividendEvent[] {
  if (state.etfId !== null && state.etfId !== command.etfId) {
    throw badRequest(`dividend stream of ${state.etfId} cannot take data of ${command.etfId}`);
  }
  switch (command.type) {
    case 'SyncDistributions': {
      const ownerImport = command.source === 'csv' || command.source === 'manual';
      const events: DividendEvent[] = [];
      for (const d of mergeBatch(command.distributions, command.source)) {
        const distributionId = distributionIdOf(command.etfId, d.exDate, d.kind);
        const existing = state.byId[distributionId];
        if (!existing || (existing.withdrawn && ownerImport)) {
          events.push({ type: 'DistributionDeclared', data: { etfId: command.etfId, distributionId, ...d, source: command.source } });
          continue;
        }
        if (existing.withdrawn) continue;
        // precedence: never over a source that ranks above (the owner's over all, the issuer's over a provider's)
        if (sourceRank(existing.source) > sourceRank(command.source)) continue;
        if (existing.status === 'declared' && d.status === 'estimated' && !ownerImport) continue;
        const merged = {
          ...d,
          recordDate: d.recordDate ?? existing.recordDate,
          payDate: d.payDate ?? existing.payDate,
          // an estimate not stated keeps the known one (a provider's or an owner's file without the column)
          ...(d.rocEstimatePercent !== undefined || existing.rocEstimatePercent != null ? { rocEstimatePercent: d.rocEstimatePercent === undefined ? existing.rocEstimatePercent! : d.rocEstimatePercent } : {}),
        };
        // the issuer's release over a provider's entry, or its figures restated: news even at the same amount
        const issuerNews =
          command.source === 'issuer' &&
          (existing.source !== 'issuer' || !issuerFigures(existing).every((figure, i) => sameFigure(figure, issuerFigures(merged)[i]!)));
        const unchanged =
          dec(existing.amount).eq(merged.amount) &&
          existing.recordDate === merged.recordDate &&
          existing.payDate === merged.payDate &&
          existing.status === merged.status &&
          sameFigure(existing.rocEstimatePercent ?? null, merged.rocEstimatePercent ?? null) &&
          !issuerNews;
        if (unchanged) continue;
        events.push({
          type: 'DistributionRevised',
          data: { etfId: command.etfId, distributionId, ...merged, source: command.source, previousAmount: existing.amount },
        });
      }
      return events;
    }
    case 'WithdrawDistribution': {
      const existing = state.byId[distributionIdOf(command.etfId, command.exDate, command.kind)];
      if (!existing) throw notFound(`No ${command.kind && command.kind !== 'regular' ? `${command.kind} ` : ''}distribution with ex-date ${command.exDate}`);
      if (existing.withdrawn) return [];
      if (!ctx) throw new Error('WithdrawDistribution needs the command context (time)');
      return [
        {
          type: 'DistributionWithdrawn',
          data: {
            etfId: command.etfId,
            distributionId: existing.distributionId,
            exDate: command.exDate,
            reason: command.reason.trim() || 'withdrawn',
            withdrawnAt: ctx.now,
          },
        },
      ];
    }
    case 'RecordCharacters': {
      if (!ctx) throw new Error('RecordCharacters needs the command context (time)');
      const events: DividendEvent[] = [];
      const seen = new Set<string>();
      for (const row of command.characters) {
        const kind = row.kind ?? 'regular';
        const character = normaliseCharacter(row.exDate, row.character);
        const distributionId = distributionIdOf(command.etfId, row.exDate, kind);
        const existing = state.byId[distributionId];
        if (!existing || existing.withdrawn || seen.has(distributionId)) continue;
        seen.add(distributionId);
        if (existing.character && CHARACTER_PARTS.every((part) => dec(existing.character![part]).eq(character[part]))) continue;
        events.push({
          type: 'DistributionCharacterRecorded',
          data: { etfId: command.etfId, distributionId, exDate: row.exDate, kind, character, source: command.source, recordedAt: ctx.now },
        });
      }
      return events;
    }
    default: {
      const never: never = command;
      throw new Error(`unhandled command ${JSON.stringify(never)}`);
    }
  }
}

/** A character's four percentages as canonical text, each 0-100, adding up to 100 (within the tolerance). */
function normaliseCharacter(exDate: IsoDate, c: DistributionCharacter): DistributionCharacter {
  const out = {} as Record<(typeof CHARACTER_PARTS)[number], string>;
  for (const part of CHARACTER_PARTS) {
    const d = parseAmount(c[part]);
    if (d === null || !isPercent(d)) throw badRequest(`distribution ${exDate}: ${part} must be a percentage from 0 to 100, got ${JSON.stringify(c[part])}`);
    out[part] = canonical(d);
  }
  const problem = characterSumProblem(out);
  if (problem) throw badRequest(`distribution ${exDate}: ${problem}`);
  return out;
}

export const distributionsDecider: Decider<DividendCommand, DistributionsState, DividendEvent> = {
  initialState: initialDistributionsState,
  evolve: evolveDistributions,
  decide: decideDistributions,
  folds: { DistributionDeclared: true, DistributionRevised: true, DistributionWithdrawn: true, DistributionCharacterRecorded: true },
};

/** The distributions that count (not withdrawn), oldest first (on one ex-date the regular one first): the input of metrics and calendars. */
export function activeDistributions(state: DistributionsState): KnownDistribution[] {
  return Object.values(state.byId)
    .filter((d) => !d.withdrawn)
    .sort((a, b) => (a.exDate < b.exDate ? -1 : a.exDate > b.exDate ? 1 : KIND_ORDER[a.kind] - KIND_ORDER[b.kind]));
}

/** The known distribution (withdrawn or not) of a kind on an ex-date. */
export function knownDistribution(state: DistributionsState, etfId: string, exDate: IsoDate, kind: DistributionKind = 'regular'): KnownDistribution | null {
  return state.byId[distributionIdOf(etfId, exDate, kind)] ?? null;
}
