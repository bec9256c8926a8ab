/**
 * The ETF list CSV of the dashboard (pure: no React, no fetch). Upload: the spec's header rules and
 * messages (admin spec §5, §8); the rows are then sent one `POST /api/etfs` each. Download: the
 * file name `etfs-{date}.csv` (the server writes the rows: the list the client holds has no descriptions).
 */

export const csvMessages = {
  empty: 'CSV file is empty or contains no data rows',
  header: "CSV must include 'ticker' and 'name' columns in the header row",
  noValidRows: 'No valid ETF rows found in CSV. Each row must have ticker and name.',
  parsing: (detail: string) => `CSV parsing error: ${detail}`,
  uploadFallback: 'Failed to upload CSV',
  allFailed: (n: number) => `All ${n} ETF rows failed to create. Check for duplicate tickers or invalid data.`,
  someFailed: (created: number, failed: number) => `Successfully created ${created} ETFs, ${failed} failed`,
  allCreated: (created: number) => `Successfully created ${created} ETFs`,
  missingFields: 'Skipped: a row needs a ticker and a name',
} as const;

/** A file the upload refuses as a whole (the toast's message). */
export class EtfCsvError extends Error {}

/** A syntax error of the file itself (an unclosed quote): shown as "CSV parsing error: …". */
export class CsvSyntaxError extends Error {}

export interface EtfCsvRow {
  /** The 1-based line of the file the row starts on. */
  line: number;
  ticker: string;
  name: string;
  brand: string;
  description: string;
}

export interface SkippedRow {
  line: number;
  /** What the row had as ticker (may be empty). */
  ticker: string;
  message: string;
}

export interface ParsedEtfCsv {
  rows: EtfCsvRow[];
  /** Rows without ticker or name (skipped as the spec says; the report lists them). */
  skipped: SkippedRow[];
}

interface Record_ {
  line: number;
  cells: string[];
}

/**
 * RFC 4180 records: commas, double-quoted fields (with "" for a quote, commas and line breaks
 * inside), CRLF or LF line ends, a leading byte-order mark ignored. Blank lines are dropped.
 */
export function parseCsvRecords(text: string): Record_[] {
  const input = text.replace(/^\uFEFF/, '');
  const records: Record_[] = [];
  let cells: string[] = [];
  let cell = '';
  let line = 1;
  let recordLine = 1;
  let quoted = false;
  let quoteLine = 0;
  let i = 0;
  const endRecord = () => {
    cells.push(cell);
    if (!(cells.length === 1 && cells[0]!.trim() === '')) records.push({ line: recordLine, cells });
    cells = [];
    cell = '';
  };
  while (i < input.length) {
    const ch = input[i]!;
    if (quoted) {
      if (ch === '"') {
        if (input[i + 1] === '"') {
          cell += '"';
          i += 2;
          continue;
        }
        quoted = false;
        i++;
        continue;
      }
      if (ch === '\n') line++;
      cell += ch;
      i++;
      continue;
    }
    if (ch === '"' && cell.trim() === '') {
      quoted = true;
      quoteLine = line;
      cell = '';
      i++;
    } else if (ch === ',') {
      cells.push(cell);
      cell = '';
      i++;
    } else if (ch === '\r' || ch === '\n') {
      endRecord();
      i += ch === '\r' && input[i + 1] === '\n' ? 2 : 1;
      line++;
      recordLine = line;
    } else {
      cell += ch;
      i++;
    }
  }
  if (quoted) throw new CsvSyntaxError(`a quoted field opened on line ${quoteLine} is never closed`);
  if (cell !== '' || cells.length > 0) endRecord();
  return records;
}

/**
 * The spec's rules: headers trimmed and lowercased must include ticker and name; an empty file (or a
 * header alone) is refused; cells are trimmed and the ticker uppercased; rows without ticker or name
 * are skipped (and listed); none left is refused. Throws `EtfCsvError` (the spec's messages) or
 * `CsvSyntaxError`.
 */
export function parseEtfCsv(text: string): ParsedEtfCsv {
  const records = parseCsvRecords(text);
  if (records.length < 2) throw new EtfCsvError(csvMessages.empty);
  const header = records[0]!.cells.map((h) => h.trim().toLowerCase());
  const col = (name: string) => header.indexOf(name);
  const [ticker, name, brand, description] = [col('ticker'), col('name'), col('brand'), col('description')];
  if (ticker < 0 || name < 0) throw new EtfCsvError(csvMessages.header);
  const rows: EtfCsvRow[] = [];
  const skipped: SkippedRow[] = [];
  for (const record of records.slice(1)) {
    const cell = (index: number) => (index >= 0 ? (record.cells[index] ?? '').trim() : '');
    const row = { line: record.line, ticker: cell(ticker).toUpperCase(), name: cell(name), brand: cell(brand), description: cell(description) };
    if (row.ticker === '' || row.name === '') skipped.push({ line: row.line, ticker: row.ticker, message: csvMessages.missingFields });
    else rows.push(row);
  }
  if (rows.length === 0) throw new EtfCsvError(csvMessages.noValidRows);
  return { rows, skipped };
}

/** The message of a file the upload could not read: the spec's own, "CSV parsing error: …", or the fallback. */
export function uploadErrorMessage(error: unknown): string {
  if (error instanceof EtfCsvError) return error.message;
  if (error instanceof CsvSyntaxError) return csvMessages.parsing(error.message);
  return csvMessages.uploadFallback;
}

export interface UploadSummary {
  title: 'Success' | 'Upload Error';
  description: string;
  variant: 'default' | 'destructive';
}

/** The toast after every row was sent: all failed → "Upload Error"; otherwise the created (and failed) count. */
export function uploadSummary(created: number, failed: number): UploadSummary {
  if (created === 0) return { title: 'Upload Error', description: csvMessages.allFailed(failed), variant: 'destructive' };
  if (failed > 0) return { title: 'Success', description: csvMessages.someFailed(created, failed), variant: 'default' };
  return { title: 'Success', description: csvMessages.allCreated(created), variant: 'default' };
}

/** `etfs-{date}.csv`, the date as YYYY-MM-DD. */
export function exportFileName(date: string): string {
  return `etfs-${date}.csv`;
}
