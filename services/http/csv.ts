import { finished } from 'node:stream/promises';
import { Parser } from 'csv-parse';
import { parse } from 'csv-parse/sync';
import type { CsvLineError } from '../../contracts/catalog.ts';
import { isValidDate, makeDate, type IsoDate } from '../../domain/market/trading-days.ts';

/**
 * Reading and writing the CSV files of the API: records with their file lines, dates and headers as
 * issuers, data sites and brokers write them, cells a spreadsheet will not run. The parsers of each
 * file beside their routes use these (services/catalog/csv.ts the ETF list, services/prices/csv.ts
 * and services/dividends/csv.ts the histories, services/portfolio/holdings-csv.ts the holdings).
 * Pure text in, typed rows out.
 *
 * Every parser returns `{ rows, errors, fileError }`:
 * - `fileError`: the file cannot be used at all (message for the owner); `rows` is then empty;
 * - `errors`: one entry per skipped row, with its 1-based line number in the file;
 * - `rows`: the usable rows, in file order.
 */

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
    const records = parse(text.replace(/^\uFEFF/, ''), recordOptions(options)) as unknown as ParsedRecord[];
    return records.map(toRawRecord);
  } catch (error) {
    return parsingError(error);
  }
}

type ParsedRecord = { record: string[]; info: { lines: number } };

function recordOptions(options: { relaxQuotes?: boolean }) {
  return { info: true, relax_column_count: true, relax_quotes: options.relaxQuotes ?? false, skip_empty_lines: true, skip_records_with_empty_values: true };
}

function toRawRecord(r: ParsedRecord): RawRecord {
  return { line: r.info.lines, cells: r.record.map((c) => c.trim()) };
}

function parsingError(error: unknown): { error: string } {
  return { error: `CSV parsing error: ${error instanceof Error ? error.message : String(error)}` };
}

/** Characters handed to the parser at a time by readRecordsInSlices (cut after a line end). */
const SLICE_CHARS = 16 * 1024;

/** Lets the event loop run what waits (other requests) before the next slice of work. */
export function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/**
 * readRecords in slices of about 16 KiB, the event loop free between them: a 256 KiB file (some 37,000
 * lines) no longer holds every other request for the whole parse (security audit I6). The same parser
 * and options, so the same records and errors.
 */
export async function readRecordsInSlices(text: string, options: { relaxQuotes?: boolean } = {}): Promise<RawRecord[] | { error: string }> {
  const parser = new Parser(recordOptions(options));
  const records: RawRecord[] = [];
  let failure: unknown;
  parser.on('data', (r: ParsedRecord) => records.push(toRawRecord(r)));
  parser.on('error', (error) => (failure ??= error));
  const body = text.replace(/^\uFEFF/, '');
  for (let at = 0; at < body.length && failure === undefined; ) {
    // cut after a line end, never inside a character
    const cut = body.indexOf('\n', at + SLICE_CHARS);
    const end = cut < 0 ? body.length : cut + 1;
    parser.write(body.slice(at, end));
    at = end;
    await nextTurn();
  }
  if (failure === undefined) {
    parser.end();
    await finished(parser).catch((error: unknown) => (failure ??= error));
  }
  return failure === undefined ? records : parsingError(failure);
}

/** A file that cannot be used at all. */
export function unusableFile<T>(message: string): CsvImportResult<T> {
  return { rows: [], errors: [], fileError: message };
}

export function csvField(value: string): string {
  // A cell starting with = + - @ (or a tab / carriage return) is a formula to spreadsheet programs:
  // an apostrophe in front makes it text (OWASP "CSV injection"). Descriptions are owner-entered, but
  // a CSV import may have brought in anything.
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]|^\s|\s$/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

// ---------------------------------------------------------------------------------------------------
// Dates and headers

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

/** The index of the first of `candidates` (normalised header names, in order of preference) among `columns`, or -1. */
export function findColumn(columns: readonly string[], candidates: readonly string[]): number {
  for (const c of candidates) {
    const i = columns.indexOf(c);
    if (i >= 0) return i;
  }
  return -1;
}
