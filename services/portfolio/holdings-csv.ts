import type { SameShape } from '../../contracts/same-shape.ts';
import { canonical, dec, parseAmount, type Decimal } from '../../domain/market/decimal.ts';
import type { HoldingEntered } from '../../events/portfolio.ts';
import type { IsoDate } from '../../domain/market/trading-days.ts';
import { normaliseTicker } from '../../domain/market/tickers.ts';
import type { CsvLineError } from '../../contracts/catalog.ts';
import { csvField, nextTurn, normaliseHeader, parseCsvDate, readRecords, readRecordsInSlices } from '../http/csv.ts';
import { HOLDING_LIMITS, holdingMessages as holdingInputMessages } from '../../contracts/portfolio.ts';

/**
 * The holdings CSV of the personal area (docs/holdings-csv.md): our own layout, written by the export
 * and read back by the import, and the positions downloads of Fidelity, Schwab and Robinhood. Pure
 * text in, typed rows out; whether a ticker is in the catalog and what the user holds already is the
 * command's business (planHoldingsImport).
 */

export type HoldingsCsvLayout = 'weeklydiv' | 'fidelity' | 'schwab' | 'robinhood';

/** One position of the file, values checked like `POST /api/user/portfolio`'s. */
export interface HoldingsCsvRow {
  /** 1-based line of the file (the first line of the row when several accounts' rows were added up). */
  line: number;
  ticker: string;
  /** Canonical decimal string above 0. */
  shares: string;
  /** Per share; null: the cell is empty (none); undefined: the layout has no such value (an update keeps the holding's). */
  purchasePrice?: string | null;
  purchaseDate?: IsoDate | null;
  isDrip?: boolean;
}

export interface HoldingsCsvResult {
  layout: HoldingsCsvLayout | null;
  rows: HoldingsCsvRow[];
  errors: CsvLineError[];
  /** The file cannot be used at all: `rows` and `errors` are empty. */
  fileError: string | null;
}

export const HOLDINGS_CSV_COLUMNS = ['ticker', 'shares', 'purchasePrice', 'purchaseDate', 'isDrip'] as const;

export const holdingsCsvMessages = {
  empty: 'The CSV file is empty',
  header:
    "No header row found: the file needs a 'ticker' and a 'shares' column (the WeeklyDiv layout) or a positions download from Fidelity, Schwab or Robinhood (with 'Symbol' and 'Quantity' columns)",
  robinhoodActivity:
    "This is Robinhood's account activity report (transactions), not a list of positions: use a positions list with Symbol, Quantity and Average Cost columns, or the WeeklyDiv layout",
  noRows: 'The CSV file has no holdings rows',
  tickerRequired: 'Ticker: Required',
  sharesRequired: 'Shares: Required',
  shares: `Shares: ${holdingInputMessages.sharesPositive}`,
  sharesTooLarge: `Shares: ${holdingInputMessages.sharesTooLarge}`,
  price: holdingInputMessages.pricePositive,
  priceTooLarge: holdingInputMessages.priceTooLarge,
  date: holdingInputMessages.dateInvalid,
  dateInFuture: holdingInputMessages.dateInFuture,
  isDrip: `isDrip: ${holdingInputMessages.isDrip}`,
} as const;

/** Column names read per layout (normalised: lowercase, punctuation to spaces; see normaliseHeader), in order of preference. */
export const HOLDINGS_CSV_HEADERS = {
  weeklydiv: { ticker: ['ticker'], shares: ['shares'], price: ['purchaseprice', 'purchase price'], date: ['purchasedate', 'purchase date'], drip: ['isdrip', 'is drip', 'drip'] },
  // Fidelity's 2021 layout named them Cost Basis Per Share and Cost Basis (a total).
  fidelity: { ticker: ['symbol'], shares: ['quantity'], price: ['average cost basis', 'cost basis per share'], cost: ['cost basis total', 'cost basis'], drip: [] },
  schwab: { ticker: ['symbol'], shares: ['qty quantity', 'quantity', 'qty'], price: ['cost share'], cost: ['cost basis'], drip: ['reinvest dividends', 'reinvest'] },
  // average_buy_price: the name of Robinhood's API, which scripts writing its positions to a file keep.
  robinhood: { ticker: ['symbol'], shares: ['quantity', 'shares'], price: ['average cost', 'avg cost', 'average price', 'average buy price'], cost: [], drip: [] },
} as const;

/** Header names that tell the brokers' layouts apart (after 'Symbol'). */
const FIDELITY_MARKS = ['account number', 'average cost basis', 'cost basis total', 'last price'];
const SCHWAB_MARKS = ['qty quantity', 'reinvest dividends', 'reinvest', 'security type', 'mkt val market value', 'market value', 'cost basis'];
const ROBINHOOD_MARKS = ['average cost', 'avg cost', 'average buy price', 'equity', 'shares'];

/** Rows of a positions download that are no position: cash, money market core, pending activity, totals. */
const NOT_A_POSITION = /^(cash( & cash investments| and money market)?|account total|total|pending activity|pending)$/i;


function find(columns: readonly string[], names: readonly string[]): number {
  for (const name of names) {
    const i = columns.indexOf(name);
    if (i >= 0) return i;
  }
  return -1;
}

/** A line whose one filled cell is the Symbol cell and holds a space: a title, not a position. */
function isSectionTitle(cells: readonly string[], symbol: string): boolean {
  return /\s/.test(symbol) && cells.filter((c) => c !== '').length === 1;
}

function detect(columns: readonly string[]): HoldingsCsvLayout | null {
  const has = (names: readonly string[]) => names.some((n) => columns.includes(n));
  if (has(['ticker']) && has(HOLDINGS_CSV_HEADERS.weeklydiv.shares)) return 'weeklydiv';
  if (!has(['symbol'])) return null;
  const layout: HoldingsCsvLayout | null = has(FIDELITY_MARKS) ? 'fidelity' : has(SCHWAB_MARKS) ? 'schwab' : has(ROBINHOOD_MARKS) ? 'robinhood' : null;
  return layout && has(HOLDINGS_CSV_HEADERS[layout].shares) ? layout : null;
}

/** "$1,234.56", "+$12.34", "$-5.00", "(5.00)", "1,000": a decimal; "", "--", "n/a": 'none'; anything else null. */
export function parseMoney(raw: string): Decimal | 'none' | null {
  const s = raw.trim();
  if (s === '' || /^(-+|n\/?a)$/i.test(s)) return 'none';
  return parseAmount(s.replace(/^\+/, '').replace(/^\$\s*-/, '-$'));
}

type Cell = { ok: true; value: string | null } | { ok: false; message: string };

function sharesCell(raw: string): Cell {
  const d = parseMoney(raw);
  if (d === 'none') return { ok: false, message: holdingsCsvMessages.sharesRequired };
  if (d === null || !d.gt(0)) return { ok: false, message: holdingsCsvMessages.shares };
  if (d.gt(HOLDING_LIMITS.maxShares)) return { ok: false, message: holdingsCsvMessages.sharesTooLarge };
  return { ok: true, value: canonical(d) };
}

function priceOf(d: Decimal): Cell {
  if (!d.gt(0)) return { ok: false, message: holdingsCsvMessages.price };
  if (d.gt(HOLDING_LIMITS.maxPrice)) return { ok: false, message: holdingsCsvMessages.priceTooLarge };
  return { ok: true, value: canonical(d) };
}

/** Per-share cost from a total, to 4 decimals (half-up). */
function perShare(total: Decimal, shares: string): Decimal {
  return total.div(dec(shares)).toDecimalPlaces(4);
}

function yesNo(raw: string): boolean | undefined | null {
  const s = raw.trim().toLowerCase();
  if (s === '' || /^(-+|n\/?a)$/.test(s)) return undefined;
  if (['1', 'true', 'yes', 'y'].includes(s)) return true;
  if (['0', 'false', 'no', 'n'].includes(s)) return false;
  return null;
}

/**
 * Reads a holdings CSV as of `today` (the New York date of the request clock): finds the header row
 * (preamble lines before it are skipped), tells the layout from it, checks every row. A row with an
 * error is reported in `errors` (with its file line) and left out of `rows`.
 */
export function parseHoldingsCsv(text: string, today: IsoDate): HoldingsCsvResult {
  const steps = holdingsOfRecords(readRecords(text, { relaxQuotes: true }), today);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * parseHoldingsCsv with the event loop free between slices of the work (the parse in 16 KiB slices,
 * the rows in slices of ROWS_PER_SLICE): the same result, and a 256 KiB file no longer holds every other
 * request meanwhile (security audit I6). The import route uses it.
 */
export async function parseHoldingsCsvInSlices(text: string, today: IsoDate): Promise<HoldingsCsvResult> {
  const steps = holdingsOfRecords(await readRecordsInSlices(text, { relaxQuotes: true }), today);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    await nextTurn();
  }
}

/** Rows checked between two turns of the event loop (a few milliseconds of work). */
const ROWS_PER_SLICE = 2000;

/** The work of parseHoldingsCsv after the CSV parse, pausing (`yield`) every ROWS_PER_SLICE records. */
function* holdingsOfRecords(records: ReturnType<typeof readRecords>, today: IsoDate): Generator<void, HoldingsCsvResult> {
  const fail = (message: string): HoldingsCsvResult => ({ layout: null, rows: [], errors: [], fileError: message });
  if ('error' in records) return fail(records.error);
  if (records.length === 0) return fail(holdingsCsvMessages.empty);
  // The header is the first row (of the first ten) naming a ticker or symbol column (or Robinhood's
  // activity report's instrument): Schwab puts a "Positions for account ..." line before it.
  const headerIndex = records.slice(0, 10).findIndex((r) => r.cells.some((c) => ['ticker', 'symbol', 'instrument'].includes(normaliseHeader(c))));
  if (headerIndex < 0) return fail(holdingsCsvMessages.header);
  const columns = records[headerIndex]!.cells.map(normaliseHeader);
  if (columns.includes('trans code') && columns.includes('instrument')) return fail(holdingsCsvMessages.robinhoodActivity);
  const layout = detect(columns);
  if (!layout) return fail(holdingsCsvMessages.header);
  const names = HOLDINGS_CSV_HEADERS[layout];
  const col = {
    ticker: find(columns, names.ticker),
    shares: find(columns, names.shares),
    price: find(columns, names.price),
    cost: 'cost' in names ? find(columns, names.cost) : -1,
    date: 'date' in names ? find(columns, names.date) : -1,
    drip: find(columns, names.drip),
    securityType: layout === 'schwab' ? columns.indexOf('security type') : -1,
  };
  const own = layout === 'weeklydiv';
  const rows: HoldingsCsvRow[] = [];
  const errors: CsvLineError[] = [];
  const byTicker = new Map<string, { row: HoldingsCsvRow; costs: (Decimal | null)[] }>();
  let seen = 0;
  for (const r of records.slice(headerIndex + 1)) {
    if (++seen % ROWS_PER_SLICE === 0) yield;
    const get = (i: number) => (i < 0 ? '' : (r.cells[i] ?? ''));
    const symbol = get(col.ticker);
    // Positions downloads end with totals, disclaimers and the download date, and list cash: no positions.
    if (!own && (symbol === '' || NOT_A_POSITION.test(symbol) || symbol.endsWith('**') || /^cash/i.test(get(col.securityType)))) continue;
    // Schwab's All-Accounts download has a section per account: its name on a line of its own
    // ("Roth IRA   XXXX-5678": a space, so never a ticker), then the header again.
    if (!own && (isSectionTitle(r.cells, symbol) || normaliseHeader(symbol) === columns[col.ticker])) continue;
    if (own && symbol === '') {
      errors.push({ line: r.line, message: holdingsCsvMessages.tickerRequired });
      continue;
    }
    const ticker = normaliseTicker(symbol);
    const shares = sharesCell(get(col.shares));
    if (!shares.ok) {
      errors.push({ line: r.line, message: shares.message });
      continue;
    }
    const row: HoldingsCsvRow = { line: r.line, ticker, shares: shares.value! };
    let problem: string | null = null;
    // Price: our layout's cell as the user wrote it; a broker's average cost when above 0, else its total cost / quantity.
    if (col.price >= 0 || col.cost >= 0) {
      const price = col.price >= 0 ? parseMoney(get(col.price)) : 'none';
      const cost = col.cost >= 0 ? parseMoney(get(col.cost)) : 'none';
      if (own) {
        if (price === null) problem = holdingsCsvMessages.price;
        else if (price === 'none') row.purchasePrice = null;
        else {
          const checked = priceOf(price);
          if (checked.ok) row.purchasePrice = checked.value;
          else problem = checked.message;
        }
      } else {
        const perShareCost = price !== 'none' && price !== null && price.gt(0) ? price : cost !== 'none' && cost !== null && cost.gt(0) ? perShare(cost, row.shares) : null;
        if (perShareCost) {
          const checked = priceOf(perShareCost);
          if (checked.ok) row.purchasePrice = checked.value;
          else problem = checked.message;
        }
      }
    }
    if (!problem && col.date >= 0) {
      const raw = get(col.date);
      if (raw === '') row.purchaseDate = null;
      else {
        const date = parseCsvDate(raw);
        if (!date) problem = holdingsCsvMessages.date;
        else if (date > today) problem = holdingsCsvMessages.dateInFuture;
        else row.purchaseDate = date;
      }
    }
    if (!problem && col.drip >= 0) {
      const drip = yesNo(get(col.drip));
      if (drip === null) problem = holdingsCsvMessages.isDrip;
      else if (drip !== undefined) row.isDrip = drip;
    }
    if (problem) {
      errors.push({ line: r.line, message: problem });
      continue;
    }
    if (own) {
      rows.push(row);
      continue;
    }
    // A fund held in several accounts (Fidelity's rows per account, Schwab's sections): one holding
    // with the shares added up and the average cost weighted by shares (unknown if any part's is).
    const merged = byTicker.get(ticker);
    const cost = row.purchasePrice ? dec(row.purchasePrice).mul(row.shares) : null;
    if (!merged) {
      byTicker.set(ticker, { row, costs: [cost] });
      rows.push(row);
      continue;
    }
    merged.costs.push(cost);
    merged.row.shares = canonical(dec(merged.row.shares).add(row.shares));
    const known = merged.costs.every((c) => c !== null);
    if (known) merged.row.purchasePrice = canonical(perShare(merged.costs.reduce<Decimal>((a, c) => a.add(c!), dec(0)), merged.row.shares));
    else delete merged.row.purchasePrice;
    if (merged.row.isDrip !== row.isDrip) delete merged.row.isDrip;
  }
  if (rows.length === 0 && errors.length === 0) return fail(holdingsCsvMessages.noRows);
  return { layout, rows, errors, fileError: null };
}

/** A holding as the export writes it: the fund's ticker and the entered values. */
export type HoldingsCsvExportRow = { ticker: string } & HoldingEntered;

/**
 * The export is the user's copy of what they entered: a column per entered value, so a field added to
 * `holdingEntered` fails the type-check here until the layout (and the import's reading of it) has it.
 */
export const exportHasEveryEnteredValue: SameShape<(typeof HOLDINGS_CSV_COLUMNS)[number], keyof HoldingsCsvExportRow> = true;

/** One cell of the export: none is empty, a flag 1 or 0. */
function exportCell(value: HoldingsCsvExportRow[keyof HoldingsCsvExportRow]): string {
  if (value === null) return '';
  if (typeof value === 'boolean') return value ? '1' : '0';
  return String(value);
}

/** The export (`weeklydiv-holdings-{date}.csv`): RFC 4180, CRLF, cells a spreadsheet would run as formulas defused. */
export function holdingsToCsv(holdings: readonly HoldingsCsvExportRow[]): string {
  const lines = [HOLDINGS_CSV_COLUMNS.join(',')];
  for (const h of holdings) lines.push(HOLDINGS_CSV_COLUMNS.map((column) => csvField(exportCell(h[column]))).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
