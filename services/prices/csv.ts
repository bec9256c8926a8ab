import type { CsvLineError } from '../../contracts/catalog.ts';
import { canonical, parseAmount } from '../../domain/market/decimal.ts';
import type { IsoDate } from '../../domain/market/trading-days.ts';
import { findColumn, normaliseHeader, parseCsvDate, readRecords, unusableFile, type CsvImportResult } from '../http/csv.ts';

/**
 * The owner's price history files (`POST /api/admin/etfs/{id}/prices/import`), as issuers, Yahoo and
 * Nasdaq publish them (services/http/csv.ts reads the records, dates and headers).
 */

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
  if ('error' in records) return unusableFile(records.error);
  const [header, ...data] = records;
  if (!header || data.length === 0) return unusableFile('CSV file is empty or contains no data rows');
  const columns = header.cells.map(normaliseHeader);
  const col = {
    date: findColumn(columns, PRICE_HEADERS.date),
    open: findColumn(columns, PRICE_HEADERS.open),
    high: findColumn(columns, PRICE_HEADERS.high),
    low: findColumn(columns, PRICE_HEADERS.low),
    close: findColumn(columns, PRICE_HEADERS.close),
    volume: findColumn(columns, PRICE_HEADERS.volume),
  };
  if (col.date < 0) return unusableFile("CSV must include a 'Date' column in the header row");
  if (col.close < 0) {
    return unusableFile(
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
