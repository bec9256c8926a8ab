import { createHash } from 'node:crypto';
import {
  declaredRowSchema,
  RELEASE_MAX_PROBLEMS,
  RELEASE_MAX_ROWS,
  RELEASE_TEXT_MAX,
  type DeclaredRowData,
  type Issuer,
  type ReleaseEvent,
  type ReleaseOutcome,
  type ReleaseProblemData,
  type ReleaseRead,
} from '../../events/releases.ts';
import { dec } from '../../domain/market/decimal.ts';
import { addDays, newYorkDate, type IsoDate } from '../../domain/market/trading-days.ts';
import type { CommandContext, Decider } from '../core/decider.ts';
import { badRequest, conflict, notFound } from '../core/errors.ts';
import { exDateProblem } from '../dividends/business-logic.ts';
import type { ParsedRelease } from './release.ts';

/**
 * The `releases-<releaseId>` stream (docs/declarations.md): an issuer's release read once, then applied
 * (its complete rows published as declarations) or dismissed. And the checks every row passes before it
 * may be published, whatever the parser said: the same rules as every other source (a ticker, an
 * amount, an ex-date with a session, a pay date not before it) plus what only a release needs (an
 * ex-date near the release's own date, one row per distribution, a table of a sane length).
 */

// ---------------------------------------------------------------------------------------------------
// Identity

/** The stable id of a feed item: a hash of its guid, else of its (absolute) link (as the news ingestion does). */
export function releaseIdOf(guid: string | null, link: string): string {
  const key = guid?.trim() ? `guid:${guid.trim()}` : `link:${link}`;
  return createHash('sha256').update(key).digest('hex').slice(0, 32);
}

// ---------------------------------------------------------------------------------------------------
// Checking what the parser read

/** A distribution per share above this is not a weekly or monthly fund's payout: it goes to review. */
export const MAX_PLAUSIBLE_AMOUNT = 100;
/**
 * An ex-date outside this window around the release's own date is not what the release declares now: an
 * old table quoted in it, a year typed wrong. Ahead, a year (Roundhill's XPAY declares a year's schedule),
 * as the parser allows.
 */
export const EX_DATE_WINDOW_DAYS = { before: 45, after: 400 } as const;

export interface CheckedRelease {
  issuer: Issuer | null;
  rows: DeclaredRowData[];
  problems: ReleaseProblemData[];
  complete: boolean;
  notADeclaration: boolean;
  unknownTickers: string[];
}

/** Text for the owner's screens: control characters out, whitespace collapsed, at most RELEASE_TEXT_MAX characters. */
export function cleanText(text: string, max = RELEASE_TEXT_MAX): string {
  // eslint-disable-next-line no-control-regex -- control characters are what is removed
  const flat = text.replace(/[\u0000-\u001f\u007f-\u009f]/g, ' ').replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1)}…`;
}

function rowProblem(ticker: string, message: string): ReleaseProblemData {
  const label = cleanText(ticker, 16);
  return { message: cleanText(`${label || 'A row'}: ${message}`), ...(label ? { ticker: label } : {}) };
}

/** The row as the events keep it, or why it cannot be published (the rules every source follows, and a release's own). */
function checkRow(raw: ParsedRelease['rows'][number], releaseDate: IsoDate): DeclaredRowData | string {
  const candidate = {
    ticker: String(raw.ticker ?? '').trim().toUpperCase(),
    name: raw.name === null || raw.name === undefined ? null : cleanText(String(raw.name)) || null,
    frequency: raw.frequency,
    amount: raw.amount,
    kind: raw.kind,
    statedRate: raw.statedRate,
    secYield: raw.secYield,
    rocEstimatePercent: raw.rocEstimatePercent,
    exDate: raw.exDate,
    recordDate: raw.recordDate,
    payDate: raw.payDate,
  };
  const parsed = declaredRowSchema.safeParse(candidate);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return `${issue.path.join('.') || 'row'} ${JSON.stringify(String((candidate as Record<string, unknown>)[String(issue.path[0])] ?? '')).slice(0, 40)} is not readable (${issue.message})`;
  }
  const row = parsed.data;
  if (dec(row.amount).gt(MAX_PLAUSIBLE_AMOUNT)) return `a distribution of $${row.amount} per share is not plausible`;
  if (row.rocEstimatePercent !== null && dec(row.rocEstimatePercent).gt(100)) return `a return-of-capital estimate of ${row.rocEstimatePercent}% is more than 100%`;
  const closed = exDateProblem(row.exDate);
  if (closed) return closed;
  if (row.payDate !== null && row.payDate < row.exDate) return `pay date ${row.payDate} is before the ex-date ${row.exDate}`;
  if (row.exDate < addDays(releaseDate, -EX_DATE_WINDOW_DAYS.before)) return `ex-date ${row.exDate} is more than ${EX_DATE_WINDOW_DAYS.before} days before the release's date ${releaseDate}`;
  if (row.exDate > addDays(releaseDate, EX_DATE_WINDOW_DAYS.after)) return `ex-date ${row.exDate} is more than ${EX_DATE_WINDOW_DAYS.after} days after the release's date ${releaseDate}`;
  return row;
}

const sameRow = (a: DeclaredRowData, b: DeclaredRowData) => JSON.stringify(a) === JSON.stringify(b);

/**
 * What may be published of a parsed release: its rows checked one by one (a row that fails a rule moves
 * to the problems), rows stated twice with different figures moved out too, the tickers the catalog does
 * not list set apart (possible new funds; they stay among the rows read). Complete only when the parser
 * said so and no check found anything; a release that is "not a declaration" but has rows goes to review.
 */
export function checkRelease(parsed: ParsedRelease, context: { listedTickers: ReadonlySet<string>; releaseDate: IsoDate }): CheckedRelease {
  const problems: ReleaseProblemData[] = parsed.problems.map((p) => ({
    message: cleanText(String(p.message)) || 'A part of the release could not be read',
    ...(p.ticker ? { ticker: cleanText(String(p.ticker), 16) } : {}),
  }));
  let rows: DeclaredRowData[] = [];
  if (parsed.rows.length > RELEASE_MAX_ROWS) {
    problems.push({ message: `The release's tables have ${parsed.rows.length} rows; at most ${RELEASE_MAX_ROWS} are read: none was kept` });
  } else {
    for (const raw of parsed.rows) {
      const checked = checkRow(raw, context.releaseDate);
      if (typeof checked === 'string') problems.push(rowProblem(String(raw.ticker ?? ''), checked));
      else rows.push(checked);
    }
  }
  // One distribution per (ticker, ex-date, kind): the same row twice is one; two different rows are neither.
  const byKey = new Map<string, DeclaredRowData[]>();
  for (const row of rows) byKey.set(`${row.ticker}|${row.exDate}|${row.kind}`, [...(byKey.get(`${row.ticker}|${row.exDate}|${row.kind}`) ?? []), row]);
  rows = [];
  for (const same of byKey.values()) {
    if (same.every((r) => sameRow(r, same[0]!))) rows.push(same[0]!);
    else problems.push(rowProblem(same[0]!.ticker, `the ${same[0]!.kind} distribution ex ${same[0]!.exDate} is stated ${same.length} times with different figures`));
  }
  const notADeclaration = parsed.notADeclaration && rows.length === 0 && problems.length === 0;
  if (parsed.notADeclaration && !notADeclaration) problems.push({ message: 'The parser called it not a declaration, yet read rows from it' });
  if (!parsed.notADeclaration && parsed.complete && rows.length === 0 && problems.length === 0) problems.push({ message: 'No distribution was read from the release' });
  const kept = problems.length <= RELEASE_MAX_PROBLEMS ? problems : [...problems.slice(0, RELEASE_MAX_PROBLEMS - 1), { message: `and ${problems.length - RELEASE_MAX_PROBLEMS + 1} more problems` }];
  const unknownTickers = [...new Set(rows.map((r) => r.ticker).filter((t) => !context.listedTickers.has(t)))].sort();
  return {
    issuer: parsed.issuer,
    rows,
    problems: kept,
    complete: parsed.complete && !notADeclaration && problems.length === 0,
    notADeclaration,
    unknownTickers,
  };
}

/** The release's date for the ex-date window: its publication (New York), else when it was read. */
export function releaseDateOf(publishedAt: string | null, readAt: string): IsoDate {
  return newYorkDate(publishedAt !== null && publishedAt <= readAt ? publishedAt : readAt);
}

// ---------------------------------------------------------------------------------------------------
// The stream

export type ReleaseStatus = 'publishing' | 'published' | 'review' | 'applied' | 'dismissed' | 'not-a-declaration';

export interface ReleaseState {
  read: ReleaseRead['data'] | null;
  applied: boolean;
  dismissed: boolean;
}

export const initialReleaseState = (): ReleaseState => ({ read: null, applied: false, dismissed: false });

export function evolveRelease(state: ReleaseState, event: ReleaseEvent): ReleaseState {
  switch (event.type) {
    case 'ReleaseRead':
      return state.read ? state : { ...state, read: event.data };
    case 'ReleaseApplied':
      return { ...state, applied: true };
    case 'ReleaseDismissed':
      return { ...state, dismissed: true };
    default: {
      const never: never = event;
      throw new Error(`unhandled event ${JSON.stringify(never)}`);
    }
  }
}

/** Where a release stands: the job publishes a complete one (`publishing` until it did), the owner decides on `review`. */
export function releaseStatusOf(read: Pick<ReleaseRead['data'], 'complete' | 'notADeclaration'>, applied: { automatically: boolean } | null, dismissed: boolean): ReleaseStatus {
  if (dismissed) return 'dismissed';
  if (applied) return applied.automatically ? 'published' : 'applied';
  if (read.notADeclaration) return 'not-a-declaration';
  return read.complete ? 'publishing' : 'review';
}

export const releaseMessages = {
  notFound: 'Release not found',
  dismissed: 'This release was dismissed: nothing of it is published',
  applied: 'This release was applied: its declarations are published (a corrected release revises them)',
  notADeclaration: 'This release declares no distribution: nothing to apply',
  nothingRead: 'Nothing was read completely from this release: nothing to apply',
  notComplete: 'Only a complete release is published without the owner',
} as const;

export type ReleaseCommand =
  | { type: 'RecordRelease'; release: ReleaseRead['data'] }
  /** Records that the complete rows were published (after they were, so a retry publishes them again harmlessly). */
  | { type: 'ApplyRelease'; releaseId: string; automatically: boolean; outcome: ReleaseOutcome }
  | { type: 'DismissRelease'; releaseId: string };

export function decideRelease(command: ReleaseCommand, state: ReleaseState, ctx?: CommandContext): ReleaseEvent[] {
  switch (command.type) {
    case 'RecordRelease':
      // read again: changes nothing
      return state.read ? [] : [{ type: 'ReleaseRead', data: command.release }];
    case 'ApplyRelease': {
      if (!state.read) throw notFound(releaseMessages.notFound);
      if (state.dismissed) throw conflict(releaseMessages.dismissed);
      if (state.applied) return [];
      if (state.read.notADeclaration) throw conflict(releaseMessages.notADeclaration);
      if (command.automatically && !state.read.complete) throw conflict(releaseMessages.notComplete);
      if (state.read.rows.length === 0) throw conflict(releaseMessages.nothingRead);
      if (!ctx) throw new Error('ApplyRelease needs the command context (time, actor)');
      return [{ type: 'ReleaseApplied', data: { releaseId: command.releaseId, automatically: command.automatically, appliedBy: ctx.actor, outcome: command.outcome, appliedAt: ctx.now } }];
    }
    case 'DismissRelease': {
      if (!state.read) throw notFound(releaseMessages.notFound);
      if (state.applied) throw conflict(releaseMessages.applied);
      if (state.dismissed) return [];
      if (!ctx) throw new Error('DismissRelease needs the command context (time, actor)');
      return [{ type: 'ReleaseDismissed', data: { releaseId: command.releaseId, dismissedBy: ctx.actor, dismissedAt: ctx.now } }];
    }
    default: {
      const never: never = command;
      throw badRequest(`unhandled command ${JSON.stringify(never)}`);
    }
  }
}

export const releaseDecider: Decider<ReleaseCommand, ReleaseState, ReleaseEvent> = {
  initialState: initialReleaseState,
  evolve: evolveRelease,
  decide: decideRelease,
  folds: { ReleaseRead: true, ReleaseApplied: true, ReleaseDismissed: true },
};
