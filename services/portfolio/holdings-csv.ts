import type { SameShape } from '../../contracts/same-shape.ts';
import { canonical, dec, parseAmount, type Decimal } from '../../domain/market/decimal.ts';
import type { HoldingEntered } from '../../events/portfolio.ts';
import type { IsoDate } from '../../domain/market/trading-days.ts';
import { normaliseTicker } from '../../domain/market/tickers.ts';
import type { CsvLineError } from '../../contracts/catalog.ts';
import { csvField, nextTurn, normaliseHeader, parseCsvDate, readRecords, readRecordsInSlices, type RawRecord } from '../http/csv.ts';
import { HOLDING_LIMITS, holdingMessages as holdingInputMessages } from '../../contracts/portfolio.ts';

/**
 * The holdings CSV of the personal area (docs/holdings-csv.md): our own layout, written by the export
 * and read back by the import, and the positions downloads of Fidelity, Schwab, Robinhood, E*TRADE,
 * Vanguard, Merrill and Interactive Brokers. Pure text in, typed rows out; whether a ticker is in the
 * catalog and what the user holds already is the command's business (planHoldingsImport).
 */

export type HoldingsCsvLayout = 'weeklydiv' | 'fidelity' | 'schwab' | 'robinhood' | 'etrade' | 'vanguard' | 'merrill' | 'ibkr' | 'webull';

/**
 * What a line of a file is: a position (handed on as a holding, its values checked), cash (a cash
 * balance or money market core, not a holding) or a line to skip (titles, headers, totals, options,
 * bonds, other tables, disclaimers). Every line of our own layout after the header is a position.
 */
export type HoldingsCsvLineKind = 'position' | 'cash' | 'skip';

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
    "No header row found: the file needs a 'ticker' and a 'shares' column (the WeeklyDiv layout) or a positions download from Fidelity, Schwab, Robinhood, E*TRADE, Vanguard, Merrill, Interactive Brokers or Webull (with 'Symbol' and 'Quantity' columns)",
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
  // E*TRADE's PortfolioDownload.csv: Price Paid $ is the cost per share.
  etrade: { ticker: ['symbol'], shares: ['quantity'], price: ['price paid'], cost: [], drip: [] },
  // Vanguard's OfxDownload.csv: its holdings table has no cost.
  vanguard: { ticker: ['symbol'], shares: ['shares'], price: [], cost: [], drip: [] },
  // Merrill's Holdings export has no cost column: Value less Unrealized Gain/Loss is the total cost (MERRILL_VALUE).
  merrill: { ticker: ['symbol'], shares: ['quantity'], price: [], cost: [], drip: [] },
  // Interactive Brokers: the activity statement's Open Positions (Cost Price, Cost Basis), a Flex query's (CostBasisPrice, CostBasisMoney).
  ibkr: { ticker: ['symbol'], shares: ['quantity'], price: ['cost price', 'costbasisprice'], cost: ['cost basis', 'costbasismoney'], drip: [] },
  // Webull: its positions as its OpenAPI names them (`symbol, instrument_type, …, unit_cost, qty, total_cost,
  // last_price, market_value, …`), the form a script writing them to a file keeps (no published Webull file: docs/holdings-csv.md).
  webull: { ticker: ['symbol'], shares: ['qty', 'quantity'], price: ['unit cost'], cost: ['total cost'], drip: [] },
} as const;

/** Header names that tell the brokers' layouts apart (after 'Symbol' and a quantity), tried in this order. */
const LAYOUT_MARKS: readonly (readonly [HoldingsCsvLayout, readonly string[]])[] = [
  ['ibkr', ['clientaccountid', 'costbasisprice', 'assetclass']],
  // before Fidelity and Schwab: Webull's names also give 'last price' and 'market value'
  ['webull', ['unit cost', 'instrument type']],
  ['etrade', ['price paid']],
  ['vanguard', ['investment name', 'share price']],
  ['merrill', ['cob date', 'account registration']],
  ['fidelity', ['account number', 'average cost basis', 'cost basis total', 'last price']],
  ['schwab', ['qty quantity', 'reinvest dividends', 'reinvest', 'security type', 'asset type', 'mkt val market value', 'market value', 'cost basis']],
  ['robinhood', ['average cost', 'avg cost', 'average buy price', 'equity', 'shares']],
];

const TICKER_HEADERS = ['ticker', 'symbol'];
const QUANTITY_HEADERS = ['shares', 'quantity', 'qty', 'qty quantity'];
/** The header is searched among the first lines: E*TRADE's comes after an account summary and a filter table. */
const HEADER_SEARCH = 30;
/** Merrill's value and unrealized gain columns, whose difference is the total cost. */
const MERRILL_VALUE = { value: 'value', gain: 'unrealized gain loss' } as const;

/** Rows of a positions download that are no position: totals, pending activity. */
const NOT_A_POSITION = /^(account total|positions total|total|pending activity|pending)$/i;
/**
 * Rows that are cash: the cash line ("Cash & Cash Investments", E*TRADE's "CASH", "Cash (FCASH)") and
 * money market funds, whose tickers are five letters ending in XX (VMFXX, SWVXX, IIAXX); Fidelity marks
 * its core position with asterisks ("SPAXX**", "CORE**", "USD***").
 */
const CASH_SYMBOL = /^(cash\b.*|[A-Z]{3}XX)$/i;
/**
 * Securities that are no fund's shares: options ("DDD 12/18/2026 50.00 C", Fidelity's "-SNDK270917C1500",
 * Merrill's "XYZ#B1326C425000", "DEF260227P15") and bonds, CDs or plan trusts named by a CUSIP
 * ("912797KX4"). A symbol with a space is also a title line (Schwab's "Roth IRA   XXXX-5678", E*TRADE's
 * "Generated at …"): a ticker never has one.
 */
const NOT_A_FUND = /\s|#|^-|^[A-Z]{1,6}\d{6}[CP][\d.]+$|^\d{3}[0-9A-Z]{5}\d$/i;
/** A Flex query's control lines (BOF, BOA, BOS, EOS, EOA, EOF) and its message line. */
const FLEX_CONTROL = new Set(['BOF', 'BOA', 'BOS', 'EOS', 'EOA', 'EOF', 'MSG']);

function find(columns: readonly string[], names: readonly string[]): number {
  for (const name of names) {
    const i = columns.indexOf(name);
    if (i >= 0) return i;
  }
  return -1;
}

function detect(columns: readonly string[]): HoldingsCsvLayout | null {
  const has = (names: readonly string[]) => names.some((n) => columns.includes(n));
  if (has(['ticker']) && has(HOLDINGS_CSV_HEADERS.weeklydiv.shares)) return 'weeklydiv';
  if (!has(['symbol'])) return null;
  const layout = LAYOUT_MARKS.find(([, marks]) => has(marks))?.[0] ?? null;
  return layout && has(HOLDINGS_CSV_HEADERS[layout].shares) ? layout : null;
}

/** Where the file's positions table starts and how it is laid out. */
interface Table {
  index: number;
  layout: HoldingsCsvLayout;
  columns: string[];
  /**
   * Lines that name their section and kind first: Interactive Brokers' activity statement (`Open
   * Positions,Header,…`, `Open Positions,Data,…`) and a Flex query with section codes (`"HEADER","POST",…`,
   * `"DATA","POST",…`). Only the header's section is read.
   */
  sections: 'statement' | 'codes' | null;
}

function findTable(records: readonly RawRecord[]): Table | string {
  const first = records[0]!.cells;
  if (first[0] === 'Statement' && first[1] === 'Header') {
    const index = records.findIndex((r) => r.cells[1] === 'Header' && /open positions$/i.test(r.cells[0] ?? ''));
    return index < 0 ? holdingsCsvMessages.header : { index, layout: 'ibkr', columns: records[index]!.cells.map(normaliseHeader), sections: 'statement' };
  }
  const heads = records.slice(0, HEADER_SEARCH).map((r) => r.cells.map(normaliseHeader));
  // The header names a ticker and a quantity (E*TRADE's filter table before it names only a Symbol);
  // else the first naming a ticker, symbol or instrument (Robinhood's activity report), for the message.
  let index = heads.findIndex((c) => c.some((x) => TICKER_HEADERS.includes(x)) && c.some((x) => QUANTITY_HEADERS.includes(x)));
  if (index < 0) index = heads.findIndex((c) => c.some((x) => [...TICKER_HEADERS, 'instrument'].includes(x)));
  if (index < 0) return holdingsCsvMessages.header;
  const columns = heads[index]!;
  if (columns.includes('trans code') && columns.includes('instrument')) return holdingsCsvMessages.robinhoodActivity;
  const layout = detect(columns);
  const sections = layout === 'ibkr' && records[index]!.cells[0] === 'HEADER' ? 'codes' : null;
  return layout ? { index, layout, columns, sections } : holdingsCsvMessages.header;
}

/** The header's cells without the empty ones a trailing comma leaves. */
function headerKey(cells: readonly string[]): string {
  const names = cells.map(normaliseHeader);
  while (names.length > 0 && names.at(-1) === '') names.pop();
  return names.join('|');
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

/** A decimal of a money cell, or null (empty, unknown, not a number). */
function money(raw: string): Decimal | null {
  const d = parseMoney(raw);
  return d === 'none' ? null : d;
}

function yesNo(raw: string): boolean | undefined | null {
  const s = raw.trim().toLowerCase();
  if (s === '' || /^(-+|n\/?a)$/.test(s)) return undefined;
  if (['1', 'true', 'yes', 'y'].includes(s)) return true;
  if (['0', 'false', 'no', 'n'].includes(s)) return false;
  return null;
}

/** Told what each line of the file is (classifyHoldingsCsv). */
type LineNote = (line: number, kind: HoldingsCsvLineKind) => void;

/**
 * Reads a holdings CSV as of `today` (the New York date of the request clock): finds the header row
 * (preamble lines before it are skipped), tells the layout from it, checks every row. A row with an
 * error is reported in `errors` (with its file line) and left out of `rows`.
 */
export function parseHoldingsCsv(text: string, today: IsoDate): HoldingsCsvResult {
  return runToEnd(holdingsOfRecords(readRecords(text, { relaxQuotes: true }), today));
}

function runToEnd(steps: Generator<void, HoldingsCsvResult>): HoldingsCsvResult {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * What each line of a file is (position, cash or skip), by 1-based line, with the parse's result: the
 * measure of docs/holdings-csv.md ("How well the layouts are read") compares it with each sample's
 * expected classification. Lines the CSV reader drops (blank, or only empty cells) are not listed: skip.
 */
export function classifyHoldingsCsv(text: string, today: IsoDate): { result: HoldingsCsvResult; lines: Map<number, HoldingsCsvLineKind> } {
  const lines = new Map<number, HoldingsCsvLineKind>();
  const result = runToEnd(holdingsOfRecords(readRecords(text, { relaxQuotes: true }), today, (line, kind) => lines.set(line, kind)));
  return { result, lines };
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
function* holdingsOfRecords(records: ReturnType<typeof readRecords>, today: IsoDate, note?: LineNote): Generator<void, HoldingsCsvResult> {
  const fail = (message: string): HoldingsCsvResult => ({ layout: null, rows: [], errors: [], fileError: message });
  if ('error' in records) return fail(records.error);
  if (records.length === 0) return fail(holdingsCsvMessages.empty);
  const table = findTable(records);
  if (typeof table === 'string') return fail(table);
  const { index: headerIndex, layout, columns, sections } = table;
  const names = HOLDINGS_CSV_HEADERS[layout];
  const ibkr = layout === 'ibkr';
  const col = {
    ticker: find(columns, names.ticker),
    shares: find(columns, names.shares),
    price: find(columns, names.price),
    cost: 'cost' in names ? find(columns, names.cost) : -1,
    date: 'date' in names ? find(columns, names.date) : -1,
    drip: find(columns, names.drip),
    securityType: layout === 'schwab' ? find(columns, ['security type', 'asset type']) : -1,
    value: layout === 'merrill' ? columns.indexOf(MERRILL_VALUE.value) : -1,
    gain: layout === 'merrill' ? columns.indexOf(MERRILL_VALUE.gain) : -1,
    assetClass: ibkr ? find(columns, ['asset category', 'assetclass']) : layout === 'webull' ? columns.indexOf('instrument type') : -1,
    currency: ibkr || layout === 'webull' ? find(columns, ['currency', 'currencyprimary']) : -1,
    detail: ibkr ? find(columns, ['datadiscriminator', 'levelofdetail']) : -1,
  };
  const own = layout === 'weeklydiv';
  const header = records[headerIndex]!.cells;
  const ourHeader = headerKey(header);
  const ourSection = sections === 'statement' ? header[0] : header[1];
  // false while inside another table of the file (Vanguard's transactions under its holdings, a Flex query's other sections)
  let inTable = true;

  /** What a broker's line is. */
  const kindOf = (cells: readonly string[]): HoldingsCsvLineKind => {
    const get = (i: number) => (i < 0 ? '' : (cells[i] ?? ''));
    if (sections) {
      // another section, the header again (another with other columns: not ours until ours again), a
      // total, a lot of a position (its Summary line has the position)
      const [section, kind] = sections === 'statement' ? [cells[0], cells[1]] : [cells[1], cells[0]];
      if (section !== ourSection) return 'skip';
      if (/^header$/i.test(kind ?? '')) {
        inTable = headerKey(cells) === ourHeader;
        return 'skip';
      }
      if (!inTable || !/^data$/i.test(kind ?? '')) return 'skip';
    } else {
      const first = normaliseHeader(cells[0] ?? '');
      if (first !== '' && first === columns[0]) {
        inTable = headerKey(cells) === ourHeader;
        return 'skip';
      }
      if (!inTable || (ibkr && FLEX_CONTROL.has(cells[0] ?? ''))) return 'skip';
    }
    if (col.detail >= 0 && get(col.detail) !== '' && !/^summary$/i.test(get(col.detail))) return 'skip';
    const symbol = get(col.ticker);
    if (symbol === '' || NOT_A_POSITION.test(symbol)) return 'skip';
    if (CASH_SYMBOL.test(symbol) || symbol.endsWith('**') || /^cash/i.test(get(col.securityType))) return 'cash';
    if (NOT_A_FUND.test(symbol)) return 'skip';
    // Interactive Brokers lists every asset class and currency: ETFs are its US dollar stocks
    // (Webull's instrument_type: US_STOCK and US_ETF are shares; US_OPTION, crypto and the others are not)
    if (col.assetClass >= 0 && !/^(stocks|stk|us_stock|us_etf)$/i.test(get(col.assetClass))) return 'skip';
    if (col.currency >= 0 && get(col.currency).toUpperCase() !== 'USD') return 'skip';
    return 'position';
  };

  const rows: HoldingsCsvRow[] = [];
  const errors: CsvLineError[] = [];
  const byTicker = new Map<string, { row: HoldingsCsvRow; costs: (Decimal | null)[] }>();
  let seen = 0;
  for (const [i, r] of records.entries()) {
    if (i <= headerIndex) {
      note?.(r.line, 'skip');
      continue;
    }
    if (++seen % ROWS_PER_SLICE === 0) yield;
    const get = (i: number) => (i < 0 ? '' : (r.cells[i] ?? ''));
    const kind = own ? 'position' : kindOf(r.cells);
    note?.(r.line, kind);
    if (kind !== 'position') continue;
    const symbol = get(col.ticker);
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
    if (own && col.price >= 0) {
      const price = parseMoney(get(col.price));
      if (price === null) problem = holdingsCsvMessages.price;
      else if (price === 'none') row.purchasePrice = null;
      else {
        const checked = priceOf(price);
        if (checked.ok) row.purchasePrice = checked.value;
        else problem = checked.message;
      }
    } else if (!own) {
      const price = col.price >= 0 ? money(get(col.price)) : null;
      const value = money(get(col.value));
      const gain = money(get(col.gain));
      const cost = col.cost >= 0 ? money(get(col.cost)) : value && gain ? value.sub(gain) : null;
      const perShareCost = price?.gt(0) ? price : cost?.gt(0) ? perShare(cost, row.shares) : null;
      if (perShareCost) {
        const checked = priceOf(perShareCost);
        if (checked.ok) row.purchasePrice = checked.value;
        else problem = checked.message;
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
