import { createHash } from 'node:crypto';
import type { CsvLineError } from '../../contracts/catalog.ts';
import { canonical, parseAmount, type Decimal } from '../../domain/market/decimal.ts';
import { isValidDate, type IsoDate } from '../../domain/market/trading-days.ts';
import type { BrokerPayoutRecord } from '../../events/payouts.ts';
import { normaliseHeader, parseCsvDate, readRecords, type RawRecord } from '../http/csv.ts';

/**
 * A broker's dividend history / account activity CSV (docs/payouts.md "Dividend history files"): the
 * lines that paid a fund's distribution in cash (`DIVIDEND`) or reinvested it (`REI`: shares bought),
 * as broker records like the brokerage sync's, for the hand-entered holdings. Every other line (buys,
 * sells, interest, fees, taxes, transfers, totals, titles, disclaimers) is skipped without a message;
 * a dividend line whose date or amount cannot be read is an error naming its line. Pure text in.
 */

export type DividendHistoryLayout = 'fidelity' | 'schwab' | 'robinhood' | 'etrade' | 'vanguard' | 'ibkr';
export type DividendLineKind = 'dividend' | 'reinvestment' | 'skip';

/** One dividend line of the file. */
export interface DividendHistoryRow {
  line: number;
  type: 'DIVIDEND' | 'REI';
  /** Upper case, as the file writes it. */
  symbol: string;
  /** Signed as the broker writes it (a reinvestment's purchase negative), canonical decimal text. */
  amount: string;
  units: string | null;
  price: string | null;
  date: IsoDate;
  /** The account the file names for the line (Vanguard's and Fidelity's account column), else ''. */
  account: string;
}

export interface DividendHistoryResult {
  layout: DividendHistoryLayout | null;
  rows: DividendHistoryRow[];
  errors: CsvLineError[];
  fileError: string | null;
}

export const dividendHistoryMessages = {
  empty: 'The CSV file is empty',
  noHeader:
    "No dividend history found: the file needs to be an account activity or transactions download from Fidelity (Account History), Schwab (Transactions), Robinhood (Reports: account activity), E*TRADE, Vanguard (OfxDownload) or Interactive Brokers (activity statement)",
  noDividends: 'The file has no dividend lines',
  date: 'Date: Must be a valid date',
  amount: 'Amount: Must be a number',
} as const;

/** The header names (normalised) that tell each layout apart, and the columns read from it. */
interface LayoutSpec {
  layout: DividendHistoryLayout;
  /** Every one of these names is in the header. */
  marks: readonly string[];
  date: readonly string[];
  action: readonly string[];
  symbol: readonly string[];
  amount: readonly string[];
  units: readonly string[];
  price: readonly string[];
  account: readonly string[];
  description: readonly string[];
}

const LAYOUTS: readonly LayoutSpec[] = [
  // Fidelity Account History (History_for_Account_<n>.csv / Accounts_History.csv): "Run Date, Action, Symbol, …, Amount ($)"
  { layout: 'fidelity', marks: ['run date', 'action', 'symbol'], date: ['run date'], action: ['action'], symbol: ['symbol'], amount: ['amount', 'amount usd'], units: ['quantity'], price: ['price', 'price usd'], account: ['account', 'account number'], description: ['description'] },
  // Schwab Transactions (<account>_Transactions_<date>.csv): "Date, Action, Symbol, Description, Quantity, Price, Fees & Comm, Amount"
  { layout: 'schwab', marks: ['date', 'action', 'symbol', 'fees comm'], date: ['date'], action: ['action'], symbol: ['symbol'], amount: ['amount'], units: ['quantity'], price: ['price'], account: [], description: ['description'] },
  // Robinhood Reports > account activity: "Activity Date, Process Date, Settle Date, Instrument, Description, Trans Code, Quantity, Price, Amount"
  { layout: 'robinhood', marks: ['activity date', 'instrument', 'trans code'], date: ['activity date'], action: ['trans code'], symbol: ['instrument'], amount: ['amount'], units: ['quantity'], price: ['price'], account: [], description: ['description'] },
  // E*TRADE transactions: "TransactionDate, TransactionType, SecurityType, Symbol, Quantity, Amount, Price, Commission, Description"
  { layout: 'etrade', marks: ['transactiondate', 'transactiontype', 'symbol'], date: ['transactiondate'], action: ['transactiontype'], symbol: ['symbol'], amount: ['amount'], units: ['quantity'], price: ['price'], account: [], description: ['description'] },
  // E*TRADE's "All Transactions" (2025): "Activity/Trade Date, Transaction Date, Settlement Date, Activity Type, Description, Symbol, Cusip, Quantity #, Price $, Amount $, …"
  { layout: 'etrade', marks: ['activity trade date', 'activity type', 'symbol'], date: ['activity trade date', 'transaction date'], action: ['activity type'], symbol: ['symbol'], amount: ['amount'], units: ['quantity'], price: ['price'], account: [], description: ['description'] },
  // Vanguard OfxDownload.csv, its transactions table: "Account Number, Trade Date, Settlement Date, Transaction Type, …, Net Amount, …"
  { layout: 'vanguard', marks: ['trade date', 'transaction type', 'symbol', 'net amount'], date: ['trade date', 'settlement date'], action: ['transaction type'], symbol: ['symbol'], amount: ['net amount'], units: ['shares'], price: ['share price'], account: ['account number'], description: ['transaction description'] },
];

/** The header is searched among the first lines (E*TRADE's "For Account:" line, Schwab's title, Vanguard's holdings table first). */
const HEADER_SEARCH = 60;

/**
 * What a line's action says, per layout (upper case): a dividend paid in cash, a dividend's reinvestment,
 * or null (anything else). Capital gain distributions are a fund's payouts too.
 */
function actionKind(layout: DividendHistoryLayout, action: string, description: string, units: Decimal | null, amount: Decimal | null): 'DIVIDEND' | 'REI' | null {
  const a = action.trim().toUpperCase();
  switch (layout) {
    case 'fidelity':
      if (/^(DIVIDEND RECEIVED|LONG-TERM CAP GAIN|SHORT-TERM CAP GAIN)/.test(a)) return 'DIVIDEND';
      if (/^REINVESTMENT\b/.test(a)) return 'REI';
      return null;
    case 'schwab':
      // "Reinvest Dividend" is the cash credited, "Reinvest Shares" the shares it bought
      if (/^(CASH DIVIDEND|QUALIFIED DIVIDEND|NON-QUALIFIED DIV|SPECIAL DIVIDEND|SPECIAL QUAL DIV|PR YR CASH DIV|PR YR SPECIAL DIV|PR YR NON-QUAL DIV|REINVEST DIVIDEND|QUAL DIV REINVEST|PR YR DIV REINVEST|LONG TERM CAP GAIN|SHORT TERM CAP GAIN|LONG TERM CAP GAIN REINVEST|SHORT TERM CAP GAIN REINVEST)$/.test(a)) return 'DIVIDEND';
      if (a === 'REINVEST SHARES') return 'REI';
      return null;
    case 'robinhood':
      if (a === 'CDIV' || a === 'SCDIV') return 'DIVIDEND';
      if (a === 'BUY' && /dividend reinvestment/i.test(description)) return 'REI';
      return null;
    case 'etrade':
      // the older download writes a reinvestment as a Dividend line with shares and a negative amount
      if (/^(DIVIDEND|DIV|QUALIFIED DIVIDEND|CAPITAL GAIN|LT CAP GAIN DISTRIBUTION|ST CAP GAIN DISTRIBUTION)$/.test(a)) return units?.gt(0) && amount?.lt(0) ? 'REI' : 'DIVIDEND';
      if (/^(REINVEST|DIVIDEND REINVESTMENT)$/.test(a)) return 'REI';
      return null;
    case 'vanguard':
      if (/^(DIVIDEND|CAPITAL GAIN \((LT|ST)\))$/.test(a)) return 'DIVIDEND';
      if (a === 'REINVESTMENT') return 'REI';
      return null;
    case 'ibkr':
      return null;
    default: {
      const never: never = layout;
      throw new Error(`unknown layout ${String(never)}`);
    }
  }
}

/** `M/D/YY` (E*TRADE), `MM/DD/YYYY as of MM/DD/YYYY` (Schwab: the first is the day it posted), and parseCsvDate's forms. */
function dateOf(raw: string): IsoDate | null {
  const s = raw.trim().replace(/\s+as of .*$/i, '');
  const short = /^(\d{1,2})\/(\d{1,2})\/(\d{2})$/.exec(s);
  if (short) {
    const date = `20${short[3]}-${short[1]!.padStart(2, '0')}-${short[2]!.padStart(2, '0')}`;
    return isValidDate(date) ? date : null;
  }
  return parseCsvDate(s);
}

/** "$1,234.56", "-$5.00", "$-5.00", "($5.00)", "12.5": a decimal; empty or "--": null; else 'bad'. */
function numberOf(raw: string): Decimal | null | 'bad' {
  const s = raw.trim();
  if (s === '' || /^-+$/.test(s) || /^n\/?a$/i.test(s)) return null;
  const negative = /^\(.*\)$/.test(s) || /^-/.test(s) || /^\$\s*-/.test(s);
  const d = parseAmount(s.replace(/[()$\s+]/g, '').replace(/^-/, ''));
  if (d === null) return 'bad';
  return negative ? d.negated() : d;
}

const find = (columns: readonly string[], names: readonly string[]) => {
  for (const n of names) {
    const i = columns.indexOf(n);
    if (i >= 0) return i;
  }
  return -1;
};

/** The rows of a dividend history file, and each non-blank line's kind (for the samples' measure). */
export function classifyDividendHistoryCsv(text: string): { result: DividendHistoryResult; lines: Map<number, DividendLineKind> } {
  const lines = new Map<number, DividendLineKind>();
  const result = parse(text, (line, kind) => lines.set(line, kind));
  return { result, lines };
}

export function parseDividendHistoryCsv(text: string): DividendHistoryResult {
  return parse(text);
}

function parse(text: string, note?: (line: number, kind: DividendLineKind) => void): DividendHistoryResult {
  const fail = (fileError: string): DividendHistoryResult => ({ layout: null, rows: [], errors: [], fileError });
  if (text.trim() === '') return fail(dividendHistoryMessages.empty);
  const records = readRecords(text, { relaxQuotes: true });
  if ('error' in records) return fail(records.error);
  if (records[0]?.cells[0] === 'Statement' || records.some((r) => r.cells[0] === 'Dividends' && r.cells[1] === 'Header')) return ibkr(records, note);
  let headerIndex = -1;
  let spec: LayoutSpec | undefined;
  for (const [i, r] of records.slice(0, HEADER_SEARCH).entries()) {
    const columns = r.cells.map(normaliseHeader);
    spec = LAYOUTS.find((l) => l.marks.every((m) => columns.includes(m)));
    if (spec) {
      headerIndex = i;
      break;
    }
  }
  if (!spec) return fail(dividendHistoryMessages.noHeader);
  const columns = records[headerIndex]!.cells.map(normaliseHeader);
  const col = {
    date: find(columns, spec.date),
    action: find(columns, spec.action),
    symbol: find(columns, spec.symbol),
    amount: find(columns, spec.amount),
    units: find(columns, spec.units),
    price: find(columns, spec.price),
    account: find(columns, spec.account),
    description: find(columns, spec.description),
  };
  const rows: DividendHistoryRow[] = [];
  const errors: CsvLineError[] = [];
  for (const [i, r] of records.entries()) {
    const get = (c: number) => (c < 0 ? '' : (r.cells[c] ?? ''));
    if (i <= headerIndex) {
      note?.(r.line, 'skip');
      continue;
    }
    const units = numberOf(get(col.units));
    const amount = numberOf(get(col.amount));
    const kind = actionKind(spec.layout, get(col.action), get(col.description), units === 'bad' ? null : units, amount === 'bad' ? null : amount);
    const symbol = get(col.symbol).toUpperCase();
    // a dividend of no fund (Robinhood's and Schwab's cash lines have no symbol) is no payout
    if (kind === null || symbol === '') {
      note?.(r.line, 'skip');
      continue;
    }
    note?.(r.line, kind === 'DIVIDEND' ? 'dividend' : 'reinvestment');
    const row = rowOf(r.line, kind, symbol, get(col.date), amount, units, numberOf(get(col.price)), get(col.account));
    if ('message' in row) errors.push(row);
    else rows.push(row);
  }
  return done(spec.layout, rows, errors);
}

function rowOf(
  line: number,
  type: 'DIVIDEND' | 'REI',
  symbol: string,
  rawDate: string,
  amount: Decimal | null | 'bad',
  units: Decimal | null | 'bad',
  price: Decimal | null | 'bad',
  account: string,
): DividendHistoryRow | CsvLineError {
  const date = dateOf(rawDate);
  if (date === null) return { line, message: dividendHistoryMessages.date };
  if (amount === null || amount === 'bad') return { line, message: dividendHistoryMessages.amount };
  const positive = (d: Decimal | null | 'bad') => (d === null || d === 'bad' || !d.gt(0) ? null : canonical(d));
  return { line, type, symbol, amount: canonical(amount), units: positive(units), price: positive(price), date, account };
}

function done(layout: DividendHistoryLayout, rows: DividendHistoryRow[], errors: CsvLineError[]): DividendHistoryResult {
  if (rows.length === 0 && errors.length === 0) return { layout, rows, errors, fileError: dividendHistoryMessages.noDividends };
  return { layout, rows, errors, fileError: null };
}

/**
 * Interactive Brokers' activity statement: its `Dividends` section (`Dividends,Header,Currency,Date,
 * Description,Amount`), US dollar lines only; the fund is the description's start (`MSTY(US…) Cash
 * Dividend USD 0.25 per Share …`). Its `Total` lines and every other section are skipped.
 */
function ibkr(records: readonly RawRecord[], note?: (line: number, kind: DividendLineKind) => void): DividendHistoryResult {
  const rows: DividendHistoryRow[] = [];
  const errors: CsvLineError[] = [];
  let columns: string[] = [];
  for (const r of records) {
    const [section, kind] = r.cells;
    if (section !== 'Dividends') {
      note?.(r.line, 'skip');
      continue;
    }
    if (kind === 'Header') {
      columns = r.cells.map(normaliseHeader);
      note?.(r.line, 'skip');
      continue;
    }
    const get = (name: string) => r.cells[columns.indexOf(name)] ?? '';
    const currency = get('currency');
    const description = get('description');
    const symbol = /^([A-Z0-9.]+)\s*\(/.exec(description)?.[1] ?? '';
    if (kind !== 'Data' || currency !== 'USD' || symbol === '') {
      note?.(r.line, 'skip');
      continue;
    }
    note?.(r.line, 'dividend');
    const row = rowOf(r.line, 'DIVIDEND', symbol, get('date'), numberOf(get('amount')), null, null, '');
    if ('message' in row) errors.push(row);
    else rows.push(row);
  }
  // a reversal (`… - Reversal`, the amount negated) cancels the line it reverses: neither is a payout
  const kept = rows.filter((r) => !r.amount.startsWith('-'));
  for (const reversal of rows.filter((r) => r.amount.startsWith('-'))) {
    const i = kept.findIndex((r) => r.symbol === reversal.symbol && r.date === reversal.date && `-${r.amount}` === reversal.amount);
    if (i >= 0) kept.splice(i, 1);
  }
  return done('ibkr', kept, errors);
}

/**
 * The broker records of a file's rows. Each record's id is the line's content (broker, account, date,
 * symbol, type, amount, shares) with its count among equal lines: the same file again gives the same
 * ids (nothing new to record), and two equal lines of one file (two payouts alike) stay two.
 */
export function dividendHistoryRecords(layout: DividendHistoryLayout, rows: readonly DividendHistoryRow[]): BrokerPayoutRecord[] {
  const seen = new Map<string, number>();
  return rows.map((r) => {
    const accountId = r.account === '' ? `file:${layout}` : `file:${layout}:${r.account}`;
    const content = [accountId, r.date, r.symbol, r.type, r.amount, r.units ?? ''].join('|');
    const n = (seen.get(content) ?? 0) + 1;
    seen.set(content, n);
    const id = `file:${createHash('sha256').update(content).digest('hex').slice(0, 24)}:${n}`;
    return { id, accountId: accountId.slice(0, 200), type: r.type, symbol: r.symbol.slice(0, 40), amount: r.amount, units: r.units, price: r.price, date: r.date, source: 'file' as const };
  });
}
