import type { CsvLineError } from '../../contracts/catalog.ts';
import { canonical, parseAmount, type Decimal } from '../../domain/market/decimal.ts';
import { isPercent } from '../../domain/market/return-of-capital.ts';
import type { IsoDate } from '../../domain/market/trading-days.ts';
import type { DistributionKind, DistributionStatus } from '../../events/dividends.ts';
import { findColumn, normaliseHeader, parseCsvDate, readRecords, unusableFile, type CsvImportResult } from '../http/csv.ts';
import { exDateProblem } from './business-logic.ts';

/**
 * The owner's distribution history files (`POST /api/admin/etfs/{id}/distributions/import`), as issuers
 * and Yahoo publish them (services/http/csv.ts reads the records, dates and headers).
 */

export interface DistributionCsvRow {
  exDate: IsoDate;
  recordDate: IsoDate | null;
  payDate: IsoDate | null;
  amount: string;
  /** From the optional Status column; absent (declared) when the file has none or the cell is empty. */
  status?: DistributionStatus;
  /** From the optional Type column; absent (regular) when the file has none or the cell is empty. */
  kind?: DistributionKind;
  /**
   * From the optional `ROC %` column (issue 27): the estimated part of the payout that is a return of
   * capital, percent 0-100. Absent when the file has no such column or the cell is empty (or n/a, -):
   * nothing stated, so a known estimate stays.
   */
  rocEstimatePercent?: string;
}

export const DISTRIBUTION_HEADERS = {
  exDate: ['ex date', 'ex dividend date', 'ex div date', 'ex distribution date', 'exdate', 'ex dividend', 'ex'],
  recordDate: ['record date', 'rec date', 'record'],
  payDate: ['pay date', 'payable date', 'payment date', 'paid date', 'pay', 'payable'],
  amount: [
    'amount',
    'amount per share',
    'distribution amount',
    'distribution per share',
    'distribution',
    'dividend amount',
    'dividend per share',
    'dividend',
    'dividends',
    'cash amount',
    'rate',
  ],
  status: ['status', 'distribution status', 'dividend status'],
  kind: ['type', 'distribution type', 'dividend type', 'kind', 'distribution kind'],
  // "ROC %", "ROC", "Return of Capital %", "Est. ROC %" (normalised: the % sign and dots go)
  roc: ['roc', 'roc estimate', 'est roc', 'estimated roc', 'return of capital', 'return of capital estimate', 'estimated return of capital', 'roc percent'],
} as const;

/** A cell that states no figure: empty, n/a, na, a dash or dashes, tbd (a release's "--"). */
export const NO_FIGURE = /^(n\/?a|-+|tbd|)$/i;

/**
 * A percentage cell as issuers and spreadsheets write it: "92", "92.5", "92%", "92.50 %" (no sign, no
 * thousands). The value or null when it is not a number; `NO_FIGURE` cells are the caller's.
 */
export function percentOfCell(text: string): Decimal | null {
  const t = text.trim().replace(/\s*%$/, '');
  return /^\d+(\.\d+)?$|^\.\d+$/.test(t) ? parseAmount(t) : null;
}

const STATUSES: readonly DistributionStatus[] = ['declared', 'estimated'];

/**
 * The Type column's spellings (any case; spaces, hyphens and underscores alike; a plural "s" ignored).
 * A return of capital is not here: it is a part of a distribution (its tax character), not a kind of one.
 */
const KIND_SPELLINGS: ReadonlyMap<string, DistributionKind> = new Map([
  ...['regular', 'ordinary', 'ordinary income', 'normal', 'regular dividend', 'regular distribution', 'regular cash'].map((t) => [t, 'regular'] as const),
  ...['special', 'special dividend', 'special distribution', 'special cash', 'extra', 'extra dividend'].map((t) => [t, 'special'] as const),
  ...[
    'capital gain',
    'cap gain',
    'capital gain distribution',
    'long term capital gain',
    'short term capital gain',
    'long term cap gain',
    'short term cap gain',
    'ltcg',
    'stcg',
  ].map((t) => [t, 'capital-gain'] as const),
]);

/** The kind a Type cell names, null for anything else. */
export function kindOfCell(text: string): DistributionKind | null {
  const t = text.toLowerCase().replace(/[\s_-]+/g, ' ').trim();
  return KIND_SPELLINGS.get(t) ?? KIND_SPELLINGS.get(t.replace(/s$/, '')) ?? null;
}

/** The rows' reasons named in the answer itself (the first few), the rest in `errors`. */
const REASONS_NAMED = 5;

/**
 * The file error of a file whose every row was refused: each row's reason (a bare "no valid rows" left
 * the owner guessing). `what` names the rows: "No valid distribution rows found in CSV: line 2: ...".
 */
export function noValidRows(errors: readonly CsvLineError[], what = 'No valid distribution rows found in CSV'): string {
  if (errors.length === 0) return what;
  const named = errors.slice(0, REASONS_NAMED).map((e) => `line ${e.line}: ${e.message.replace(/^Skipped: /, '')}`);
  const more = errors.length > REASONS_NAMED ? `; and ${errors.length - REASONS_NAMED} more` : '';
  return `${what}: ${named.join('; ')}${more}`;
}

/** The Type column's message (the distribution and the character files). */
export const typeMessage = (text: string) => `Skipped: type '${text}' must be regular, special or capital gain (empty means regular)`;

/**
 * Distribution history: needs an ex-date and an amount column (a plain "Date" column counts as the
 * ex-date, as in Yahoo's "Date,Dividends" export). Record and pay dates are optional. Amounts may
 * carry `$`; zero is allowed (a fund can declare $0.0000). An optional Type column says regular,
 * special or capital gain (`kindOfCell`; empty means regular); any other value skips the row. A row
 * repeating an ex-date and type is skipped (a special beside the regular payout is its own row). An
 * ex-date on a Saturday, a Sunday or an NYSE holiday is skipped, the holiday named (no session, no
 * ex-date). An optional Status column says `declared` or `estimated` (any case; empty means declared);
 * any other value skips the row. An optional `ROC %` column gives the estimated return of capital (0 to
 * 100, "%" allowed; empty, n/a or a dash: none stated); anything else skips the row. A file whose every
 * row is skipped answers each row's reason.
 */
export function parseDistributionCsv(text: string): CsvImportResult<DistributionCsvRow> {
  const records = readRecords(text);
  if ('error' in records) return unusableFile(records.error);
  const [header, ...data] = records;
  if (!header || data.length === 0) return unusableFile('CSV file is empty or contains no data rows');
  const columns = header.cells.map(normaliseHeader);
  let exCol = findColumn(columns, DISTRIBUTION_HEADERS.exDate);
  if (exCol < 0) exCol = findColumn(columns, ['date']);
  const col = {
    exDate: exCol,
    recordDate: findColumn(columns, DISTRIBUTION_HEADERS.recordDate),
    payDate: findColumn(columns, DISTRIBUTION_HEADERS.payDate),
    amount: findColumn(columns, DISTRIBUTION_HEADERS.amount),
    status: findColumn(columns, DISTRIBUTION_HEADERS.status),
    kind: findColumn(columns, DISTRIBUTION_HEADERS.kind),
    roc: findColumn(columns, DISTRIBUTION_HEADERS.roc),
  };
  if (col.exDate < 0) return unusableFile("CSV must include an 'Ex Date' column in the header row");
  if (col.amount < 0) return unusableFile("CSV must include an 'Amount' column in the header row");
  const rows: DistributionCsvRow[] = [];
  const errors: CsvLineError[] = [];
  const firstLine = new Map<string, number>();
  for (const r of data) {
    const get = (i: number) => (i < 0 ? '' : (r.cells[i] ?? ''));
    const exDate = parseCsvDate(get(col.exDate));
    if (!exDate) {
      errors.push({ line: r.line, message: `Skipped: ex-date '${get(col.exDate)}' not understood (use YYYY-MM-DD or M/D/YYYY)` });
      continue;
    }
    const closed = exDateProblem(exDate);
    if (closed) {
      errors.push({ line: r.line, message: `Skipped: ${closed.replace(/^Ex-date/, 'ex-date')}` });
      continue;
    }
    const amount = parseAmount(get(col.amount));
    if (amount === null || amount.lt(0)) {
      errors.push({ line: r.line, message: `Skipped: amount '${get(col.amount)}' is not a number >= 0` });
      continue;
    }
    const optional = (i: number, what: string): IsoDate | null | Error => {
      const raw = get(i);
      if (raw === '' || /^(n\/?a|-+|tbd)$/i.test(raw)) return null;
      return parseCsvDate(raw) ?? new Error(`Skipped: ${what} '${raw}' not understood`);
    };
    const recordDate = optional(col.recordDate, 'record date');
    const payDate = optional(col.payDate, 'pay date');
    if (recordDate instanceof Error || payDate instanceof Error) {
      errors.push({ line: r.line, message: (recordDate instanceof Error ? recordDate : (payDate as Error)).message });
      continue;
    }
    if (payDate !== null && payDate < exDate) {
      errors.push({ line: r.line, message: `Skipped: pay date ${payDate} is before the ex-date ${exDate}` });
      continue;
    }
    const statusText = get(col.status);
    const status = STATUSES.find((s) => s === statusText.toLowerCase());
    if (statusText !== '' && !status) {
      errors.push({ line: r.line, message: `Skipped: status '${statusText}' must be declared or estimated (empty means declared)` });
      continue;
    }
    const kindText = get(col.kind).trim();
    const kind = kindText === '' ? null : kindOfCell(kindText);
    if (kindText !== '' && !kind) {
      errors.push({ line: r.line, message: typeMessage(kindText) });
      continue;
    }
    const rocText = get(col.roc).trim();
    const roc = NO_FIGURE.test(rocText) ? null : percentOfCell(rocText);
    if (!NO_FIGURE.test(rocText) && (roc === null || !isPercent(roc))) {
      errors.push({ line: r.line, message: `Skipped: ROC % '${rocText}' must be a number from 0 to 100 (empty when not published)` });
      continue;
    }
    const key = `${exDate}|${kind ?? 'regular'}`;
    const seen = firstLine.get(key);
    if (seen !== undefined) {
      const type = kind && kind !== 'regular' ? ` with type ${kind === 'capital-gain' ? 'capital gain' : kind}` : '';
      errors.push({ line: r.line, message: `Skipped: ex-date ${exDate} already appears on line ${seen}${type}` });
      continue;
    }
    firstLine.set(key, r.line);
    rows.push({
      exDate,
      recordDate,
      payDate,
      amount: canonical(amount),
      ...(status ? { status } : {}),
      ...(kind ? { kind } : {}),
      ...(roc !== null ? { rocEstimatePercent: canonical(roc) } : {}),
    });
  }
  return { rows, errors, fileError: rows.length === 0 ? noValidRows(errors) : null };
}
