import type { CsvLineError } from '../../contracts/catalog.ts';
import { canonical, parseAmount } from '../../domain/market/decimal.ts';
import type { IsoDate } from '../../domain/market/trading-days.ts';
import type { DistributionStatus } from '../../events/dividends.ts';
import { findColumn, normaliseHeader, parseCsvDate, readRecords, unusableFile, type CsvImportResult } from '../http/csv.ts';
import { weekendExDateProblem } from './business-logic.ts';

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
} as const;

const STATUSES: readonly DistributionStatus[] = ['declared', 'estimated'];

/**
 * Distribution history: needs an ex-date and an amount column (a plain "Date" column counts as the
 * ex-date, as in Yahoo's "Date,Dividends" export). Record and pay dates are optional. Amounts may
 * carry `$`; zero is allowed (a fund can declare $0.0000). A row repeating an ex-date is skipped:
 * combine a special and a regular distribution into one row. An ex-date on a Saturday or Sunday is
 * skipped (no session, no ex-date). An optional Status column says `declared` or `estimated` (any
 * case; empty means declared); any other value skips the row.
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
  };
  if (col.exDate < 0) return unusableFile("CSV must include an 'Ex Date' column in the header row");
  if (col.amount < 0) return unusableFile("CSV must include an 'Amount' column in the header row");
  const rows: DistributionCsvRow[] = [];
  const errors: CsvLineError[] = [];
  const firstLine = new Map<IsoDate, number>();
  for (const r of data) {
    const get = (i: number) => (i < 0 ? '' : (r.cells[i] ?? ''));
    const exDate = parseCsvDate(get(col.exDate));
    if (!exDate) {
      errors.push({ line: r.line, message: `Skipped: ex-date '${get(col.exDate)}' not understood (use YYYY-MM-DD or M/D/YYYY)` });
      continue;
    }
    const weekend = weekendExDateProblem(exDate);
    if (weekend) {
      errors.push({ line: r.line, message: `Skipped: ${weekend.replace(/^Ex-date/, 'ex-date')}` });
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
    const seen = firstLine.get(exDate);
    if (seen !== undefined) {
      errors.push({ line: r.line, message: `Skipped: ex-date ${exDate} already appears on line ${seen}` });
      continue;
    }
    firstLine.set(exDate, r.line);
    rows.push({ exDate, recordDate, payDate, amount: canonical(amount), ...(status ? { status } : {}) });
  }
  return { rows, errors, fileError: rows.length === 0 ? 'No valid distribution rows found in CSV' : null };
}
