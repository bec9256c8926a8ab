import type { CsvLineError } from '../../contracts/catalog.ts';
import { csvField, readRecords, unusableFile, type CsvImportResult, type RawRecord } from '../http/csv.ts';

/**
 * The owner's ETF list CSV: the upload (header and row rules in docs/data-operations.md, "ETF list
 * CSV") and the download. Records are read by services/http/csv.ts.
 */

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
  if ('error' in records) return unusableFile(records.error);
  const [header, ...data] = records;
  if (!header) return unusableFile(ETF_CSV_MESSAGES.empty);
  const columns = header.cells.map((c) => c.trim().toLowerCase());
  const at = (name: string) => columns.indexOf(name);
  const [iTicker, iName, iBrand, iDescription] = [at('ticker'), at('name'), at('brand'), at('description')];
  if (iTicker < 0 || iName < 0) return unusableFile(ETF_CSV_MESSAGES.header);
  if (data.length === 0) return unusableFile(ETF_CSV_MESSAGES.empty);
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

/** The ETF list download (`etfs-{date}.csv`): columns ticker,name,brand,description; RFC 4180 quoting. */
export function etfsToCsv(etfs: readonly EtfCsvRow[]): string {
  const lines = ['ticker,name,brand,description'];
  for (const e of etfs) lines.push([e.ticker, e.name, e.brand, e.description].map(csvField).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
