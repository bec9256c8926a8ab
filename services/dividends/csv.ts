import type { CsvLineError } from '../../contracts/catalog.ts';
import { canonical, parseAmount } from '../../domain/market/decimal.ts';
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
} as const;

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

/** The file error of a file whose every row was refused: each row's reason (a bare "no valid rows" left the owner guessing). */
function noValidRows(errors: readonly CsvLineError[]): string {
  if (errors.length === 0) return 'No valid distribution rows found in CSV';
  const named = errors.slice(0, REASONS_NAMED).map((e) => `line ${e.line}: ${e.message.replace(/^Skipped: /, '')}`);
  const more = errors.length > REASONS_NAMED ? `; and ${errors.length - REASONS_NAMED} more` : '';
  return `No valid distribution rows found in CSV: ${named.join('; ')}${more}`;
}

/**
 * Distribution history: needs an ex-date and an amount column (a plain "Date" column counts as the
 * ex-date, as in Yahoo's "Date,Dividends" export). Record and pay dates are optional. Amounts may
 * carry `$`; zero is allowed (a fund can declare $0.0000). An optional Type column says regular,
 * special or capital gain (`kindOfCell`; empty means regular); any other value skips the row. A row
 * repeating an ex-date and type is skipped (a special beside the regular payout is its own row). An
 * ex-date on a Saturday, a Sunday or an NYSE holiday is skipped, the holiday named (no session, no
 * ex-date). An optional Status column says `declared` or `estimated` (any case; empty means declared);
 * any other value skips the row. A file whose every row is skipped answers each row's reason.
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
      errors.push({ line: r.line, message: `Skipped: type '${kindText}' must be regular, special or capital gain (empty means regular)` });
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
    rows.push({ exDate, recordDate, payDate, amount: canonical(amount), ...(status ? { status } : {}), ...(kind ? { kind } : {}) });
  }
  return { rows, errors, fileError: rows.length === 0 ? noValidRows(errors) : null };
}
