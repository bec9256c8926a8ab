import { parse } from 'csv-parse/sync';
import { canonical, parseAmount } from '../../domain/market/decimal.ts';
import { isValidDate, makeDate, type IsoDate } from '../../domain/market/trading-days.ts';
import type { DistributionStatus } from '../../events/dividends.ts';
import { weekendExDateProblem } from '../dividends/business-logic.ts';

/**
 * CSV import and export for the owner: the ETF list (header and row rules in
 * docs/data-operations.md, "ETF list CSV"), and price and distribution
 * histories as issuers and Yahoo/Nasdaq publish them. Pure text in, typed rows out.
 *
 * Every parser returns `{ rows, errors, fileError }`:
 * - `fileError`: the file cannot be used at all (message for the owner); `rows` is then empty;
 * - `errors`: one entry per skipped row, with its 1-based line number in the file;
 * - `rows`: the usable rows, in file order.
 */

export interface CsvLineError {
  line: number;
  message: string;
}

export interface CsvImportResult<T> {
  rows: T[];
  errors: CsvLineError[];
  fileError: string | null;
}

export interface RawRecord {
  line: number;
  cells: string[];
}

/**
 * The records of a CSV text with their 1-based line numbers, cells trimmed (a BOM, ragged rows and empty
 * lines are fine); `relaxQuotes` also takes a quote inside an unquoted cell (brokers' exports).
 */
export function readRecords(text: string, options: { relaxQuotes?: boolean } = {}): RawRecord[] | { error: string } {
  try {
    const records = parse(text.replace(/^\uFEFF/, ''), {
      info: true,
      relax_column_count: true,
      relax_quotes: options.relaxQuotes ?? false,
      skip_empty_lines: true,
      skip_records_with_empty_values: true,
    }) as unknown as { record: string[]; info: { lines: number } }[];
    return records.map((r) => ({ line: r.info.lines, cells: r.record.map((c) => c.trim()) }));
  } catch (error) {
    return { error: `CSV parsing error: ${error instanceof Error ? error.message : String(error)}` };
  }
}

function fail<T>(message: string): CsvImportResult<T> {
  return { rows: [], errors: [], fileError: message };
}

// ---------------------------------------------------------------------------------------------------
// ETF list

export interface EtfCsvRow {
  ticker: string;
  name: string;
  brand: string;
  description: string;
}

export const ETF_CSV_MESSAGES = {
  empty: 'CSV file is empty or contains no data rows',
  header: "CSV must include 'ticker' and 'name' columns in the header row",
  noValidRows: 'No valid ETF rows found in CSV. Each row must have ticker and name.',
} as const;

/**
 * The admin ETF upload: headers trimmed and lowercased must include ticker and name; rows are trimmed
 * and the ticker uppercased; rows without ticker or name are skipped (reported in `errors`).
 */
export function parseEtfCsv(text: string): CsvImportResult<EtfCsvRow> {
  const records = readRecords(text);
  if ('error' in records) return fail(records.error);
  const [header, ...data] = records;
  if (!header) return fail(ETF_CSV_MESSAGES.empty);
  const columns = header.cells.map((c) => c.trim().toLowerCase());
  const at = (name: string) => columns.indexOf(name);
  const [iTicker, iName, iBrand, iDescription] = [at('ticker'), at('name'), at('brand'), at('description')];
  if (iTicker < 0 || iName < 0) return fail(ETF_CSV_MESSAGES.header);
  if (data.length === 0) return fail(ETF_CSV_MESSAGES.empty);
  const rows: EtfCsvRow[] = [];
  const errors: CsvLineError[] = [];
  const cell = (r: RawRecord, i: number) => (i < 0 ? '' : (r.cells[i] ?? '').trim());
  for (const r of data) {
    const ticker = cell(r, iTicker).toUpperCase();
    const name = cell(r, iName);
    if (!ticker || !name) {
      errors.push({ line: r.line, message: 'Skipped: ticker and name are required' });
      continue;
    }
    rows.push({ ticker, name, brand: cell(r, iBrand), description: cell(r, iDescription) });
  }
  if (rows.length === 0) return { rows, errors, fileError: ETF_CSV_MESSAGES.noValidRows };
  return { rows, errors, fileError: null };
}

export function csvField(value: string): string {
  // A cell starting with = + - @ (or a tab / carriage return) is a formula to spreadsheet programs:
  // an apostrophe in front makes it text (OWASP "CSV injection"). Descriptions are owner-entered, but
  // a CSV import may have brought in anything.
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]|^\s|\s$/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The ETF list download (`etfs-{date}.csv`): columns ticker,name,brand,description; RFC 4180 quoting. */
export function etfsToCsv(etfs: readonly EtfCsvRow[]): string {
  const lines = ['ticker,name,brand,description'];
  for (const e of etfs) lines.push([e.ticker, e.name, e.brand, e.description].map(csvField).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

// ---------------------------------------------------------------------------------------------------
// Dates and headers of history files

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/**
 * A date as issuers write it: `YYYY-MM-DD` (optionally with a time after it), `YYYY/MM/DD`,
 * `M/D/YYYY` (US order), `Jun 27, 2025`, `June 27, 2025`, `27-Jun-2025`. Null when not understood.
 */
export function parseCsvDate(input: string): IsoDate | null {
  const s = input.trim();
  let m = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?:[T ].*)?$/.exec(s);
  if (m) return validDate(Number(m[1]), Number(m[2]), Number(m[3]));
  m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(s);
  if (m) return validDate(Number(m[3]), Number(m[1]), Number(m[2]));
  m = /^([A-Za-z]{3,9})\.? (\d{1,2}),? (\d{4})$/.exec(s);
  if (m) return validDate(Number(m[3]), monthNumber(m[1]!), Number(m[2]));
  m = /^(\d{1,2})[- ]([A-Za-z]{3,9})[- ](\d{4})$/.exec(s);
  if (m) return validDate(Number(m[3]), monthNumber(m[2]!), Number(m[1]));
  return null;
}

function monthNumber(name: string): number {
  const i = MONTHS.indexOf(name.slice(0, 3).toLowerCase());
  return i < 0 ? 0 : i + 1;
}

function validDate(y: number, m: number, d: number): IsoDate | null {
  if (m < 1 || m > 12 || d < 1 || d > 31) return null;
  const date = `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
  return isValidDate(date) ? makeDate(y, m, d) : null;
}

/** "Ex-Dividend Date" -> "ex dividend date"; "Close/Last" -> "close last"; "Adj. Close**" -> "adj close". */
export function normaliseHeader(header: string): string {
  return header
    .toLowerCase()
    .replace(/[_\-/.]+/g, ' ')
    .replace(/[^a-z0-9 ]+/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

function findColumn(columns: readonly string[], candidates: readonly string[]): number {
  for (const c of candidates) {
    const i = columns.indexOf(c);
    if (i >= 0) return i;
  }
  return -1;
}

// ---------------------------------------------------------------------------------------------------
// Price history

export interface PriceCsvRow {
  date: IsoDate;
  open: string;
  high: string;
  low: string;
  close: string;
  volume: number;
}

/** Accepted header names, in order of preference. */
export const PRICE_HEADERS = {
  date: ['date', 'trade date', 'timestamp', 'as of date', 'as of', 'day'],
  open: ['open', 'open price', 'opening price'],
  high: ['high', 'high price'],
  low: ['low', 'low price'],
  close: ['close', 'close last', 'close price', 'closing price', 'market price', 'market close', 'last', 'last price', 'price'],
  volume: ['volume', 'vol', 'shares traded'],
} as const;

/**
 * Daily price history: needs a date and an unadjusted close column ("Adj Close" is ignored: it folds
 * the distributions into the price, and metrics add distributions themselves). Open, high and low
 * default to the close and volume to 0 when the file has no such column. Prices may carry `$` and
 * thousands separators.
 */
export function parsePriceCsv(text: string): CsvImportResult<PriceCsvRow> {
  const records = readRecords(text);
  if ('error' in records) return fail(records.error);
  const [header, ...data] = records;
  if (!header || data.length === 0) return fail('CSV file is empty or contains no data rows');
  const columns = header.cells.map(normaliseHeader);
  const col = {
    date: findColumn(columns, PRICE_HEADERS.date),
    open: findColumn(columns, PRICE_HEADERS.open),
    high: findColumn(columns, PRICE_HEADERS.high),
    low: findColumn(columns, PRICE_HEADERS.low),
    close: findColumn(columns, PRICE_HEADERS.close),
    volume: findColumn(columns, PRICE_HEADERS.volume),
  };
  if (col.date < 0) return fail("CSV must include a 'Date' column in the header row");
  if (col.close < 0) {
    return fail(
      columns.includes('adj close')
        ? "CSV must include an unadjusted 'Close' column ('Adj Close' includes the distributions and is not used)"
        : "CSV must include a 'Close' column in the header row",
    );
  }
  const rows: PriceCsvRow[] = [];
  const errors: CsvLineError[] = [];
  const firstLine = new Map<IsoDate, number>();
  for (const r of data) {
    const get = (i: number) => (i < 0 ? '' : (r.cells[i] ?? ''));
    const date = parseCsvDate(get(col.date));
    if (!date) {
      errors.push({ line: r.line, message: `Skipped: date '${get(col.date)}' not understood (use YYYY-MM-DD or M/D/YYYY)` });
      continue;
    }
    const close = parseAmount(get(col.close));
    if (close === null || close.lte(0)) {
      errors.push({ line: r.line, message: `Skipped: close '${get(col.close)}' is not a positive price` });
      continue;
    }
    const other = (i: number, what: string) => {
      if (i < 0 || get(i) === '') return close;
      const v = parseAmount(get(i));
      if (v === null || v.lte(0)) throw new Error(`Skipped: ${what} '${get(i)}' is not a positive price`);
      return v;
    };
    let open, high, low;
    try {
      open = other(col.open, 'open');
      high = other(col.high, 'high');
      low = other(col.low, 'low');
    } catch (error) {
      errors.push({ line: r.line, message: (error as Error).message });
      continue;
    }
    let volume = 0;
    if (col.volume >= 0 && get(col.volume) !== '') {
      const v = parseAmount(get(col.volume));
      if (v === null || v.lt(0) || !v.isInteger()) {
        errors.push({ line: r.line, message: `Skipped: volume '${get(col.volume)}' is not a whole number` });
        continue;
      }
      volume = v.toNumber();
    }
    const seen = firstLine.get(date);
    if (seen !== undefined) {
      errors.push({ line: r.line, message: `Skipped: ${date} already appears on line ${seen}` });
      continue;
    }
    firstLine.set(date, r.line);
    rows.push({ date, open: canonical(open), high: canonical(high), low: canonical(low), close: canonical(close), volume });
  }
  return { rows, errors, fileError: rows.length === 0 ? 'No valid price rows found in CSV' : null };
}

// ---------------------------------------------------------------------------------------------------
// Distribution history

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
  if ('error' in records) return fail(records.error);
  const [header, ...data] = records;
  if (!header || data.length === 0) return fail('CSV file is empty or contains no data rows');
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
  if (col.exDate < 0) return fail("CSV must include an 'Ex Date' column in the header row");
  if (col.amount < 0) return fail("CSV must include an 'Amount' column in the header row");
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
