/**
 * The issuer release parser (issue 26; docs/declarations.md "The parser's rules"): an issuer's press
 * release in, the distributions it declares out, each figure as the release states it. Pure: no I/O, no
 * clock. The pipeline publishes a release's rows only when `complete` is true; anything read partly goes
 * to the owner's review queue with `problems` saying what was not read. Never a wrong number: when a
 * figure is in doubt its row goes to `problems`.
 *
 * How it reads: release-document.ts parses the HTML with parse5 and walks it into lines and data tables;
 * here each table's header row is matched by meaning (release-values.ts `classifyHeader`), the dates
 * that are not columns come from labelled lines above the table ("Ex. & Record Date: October 15, 2025"),
 * and each row is read cell by cell with a reader per column kind.
 */
import { newYorkDate, type IsoDate } from '../../domain/market/trading-days.ts';
import { readDocument, type Block, type Cell, type TableBlock } from './release-document.ts';
import {
  classifyHeader, daysFrom, isMissing, labelledDates, readAmount, readDate, readFrequency, readName, readPercent,
  readTicker, soundsLikeDistributions, tickersInParentheses, type ColumnKind, type Frequency, type Read,
} from './release-values.ts';

export type Issuer = 'yieldmax' | 'roundhill' | 'graniteshares' | 'defiance' | 'rex' | 'nicholas';

export interface ReleaseInput {
  /** The release's HTML (a press-release page, or a feed item's full content). */
  html: string;
  /** Where it was read (the item's link), for messages. */
  url: string;
  /** The feed item's publication instant (ISO), when known: resolves a year-less date and "next week". */
  publishedAt: string | null;
  /** The issuer when the feed says it (the feed list knows whose feed it is); else the parser infers it. */
  issuer?: Issuer;
}

/** One distribution read from a table row, every figure as the release states it. */
export interface DeclaredRow {
  ticker: string;
  name: string | null;
  frequency: Frequency | null;
  /** Cash per share, canonical decimal text ("0.0908"); "$0.0000" is a real zero payout. */
  amount: string;
  kind: 'regular' | 'special' | 'capital-gain';
  statedRate: string | null;
  secYield: string | null;
  rocEstimatePercent: string | null;
  exDate: string;
  recordDate: string | null;
  payDate: string | null;
}

export interface ReleaseProblem {
  /** What could not be read, for the owner's review queue ("row 4 (SDTY): no distribution per share"). */
  message: string;
  ticker?: string;
}

export interface ParsedRelease {
  issuer: Issuer | null;
  /** True when the release declares distributions and EVERY row of every distribution table was read
   *  completely; only then is anything published. */
  complete: boolean;
  rows: DeclaredRow[];
  problems: ReleaseProblem[];
  /** Not a declaration at all (a fund launch, a "scheduled for next week" notice only, a fee change). */
  notADeclaration: boolean;
}

/**
 * The caps (docs/declarations.md "The caps"): a release longer than `htmlChars` is not parsed at all (the
 * pipeline caps the bytes it fetches too); at most `rows` rows of distribution tables and `tables`
 * distribution tables are read; past either, the release goes to review. A real release has 1 to 4
 * tables and under 100 rows.
 */
export const RELEASE_LIMITS = { htmlChars: 2_000_000, rows: 500, tables: 50 } as const;

/** Lines above a table searched for its dates, frequency and kind (closest first). */
const CONTEXT_LINES = 15;
/** An ex-date must fall this many days around the release's publication (a schedule runs a year ahead). */
const EX_DATE_WINDOW = { before: 45, after: 400 } as const;
/** A payment date falls this many days after the ex-date at most; a record date this many. */
const PAY_DAYS = 45;
const RECORD_DAYS = 7;

type Kind = DeclaredRow['kind'];

interface Column {
  kind: ColumnKind;
  header: string;
  /** Grid slots [from, to). */
  from: number;
  to: number;
}

/** One grid position of a table: which cell covers it, and how. */
interface Slot {
  cell: number;
  text: string;
  /** The cell's first column. */
  start: boolean;
  /** The cell begins in this row (false: a rowspan from above). */
  own: boolean;
}

const MAX_WIDTH = 64;

/** The table's rows as a grid of slots, colspans and rowspans expanded (the HTML table model). */
function buildGrid(rows: readonly Cell[][]): Slot[][] {
  const grid: Slot[][] = [];
  const carry: ({ slot: Slot; left: number } | undefined)[] = [];
  let id = 0;
  for (const cells of rows) {
    const row: Slot[] = [];
    let col = 0;
    const skipCarried = () => {
      for (let c = carry[col]; c && c.left > 0 && col < MAX_WIDTH; c = carry[col]) {
        row[col] = { ...c.slot, own: false };
        c.left--;
        col++;
      }
    };
    for (const cell of cells) {
      skipCarried();
      if (col >= MAX_WIDTH) break;
      const cellId = id++;
      for (let k = 0; k < cell.colspan && col < MAX_WIDTH; k++, col++) {
        const slot: Slot = { cell: cellId, text: cell.text, start: k === 0, own: true };
        row[col] = slot;
        carry[col] = cell.rowspan > 1 ? { slot, left: cell.rowspan - 1 } : undefined;
      }
    }
    for (let c = col; c < carry.length; c++) {
      const pending = carry[c];
      if (pending && pending.left > 0) {
        row[c] = { ...pending.slot, own: false };
        pending.left--;
      }
    }
    for (let c = 0; c < row.length; c++) row[c] ??= { cell: id++, text: '', start: true, own: true };
    grid.push(row);
  }
  return grid;
}

/** The columns of header rows [r0, r1): the finest partition of their cells, each named by the texts above it. */
function columnsOf(grid: readonly Slot[][], r0: number, r1: number): Column[] {
  const width = Math.max(...grid.slice(r0, r1).map((row) => row.length));
  const bounds = new Set<number>([0, width]);
  for (let r = r0; r < r1; r++) grid[r]!.forEach((slot, c) => slot.start && bounds.add(c));
  const edges = [...bounds].sort((a, b) => a - b);
  const columns: Column[] = [];
  for (let i = 0; i + 1 < edges.length; i++) {
    const from = edges[i]!;
    const to = edges[i + 1]!;
    const texts: string[] = [];
    const seen = new Set<number>();
    for (let r = r0; r < r1; r++) {
      const slot = grid[r]![from];
      if (!slot || seen.has(slot.cell) || (!slot.own && r > r0)) continue;
      seen.add(slot.cell);
      if (slot.text !== '') texts.push(slot.text);
    }
    const header = texts.join(' ');
    columns.push({ kind: classifyHeader(header), header, from, to });
  }
  return columns;
}

const AMOUNT_KINDS: readonly ColumnKind[] = ['amount', 'amountSpecial', 'amountCapitalGain'];
const DATE_KINDS: readonly ColumnKind[] = ['exDate', 'exAndRecord', 'recordDate', 'payDate'];
const UNIQUE_KINDS: readonly ColumnKind[] = [
  'ticker', 'name', 'frequency', 'amount', 'amountSpecial', 'amountCapitalGain', 'statedRate', 'secYield', 'roc',
  'exDate', 'exAndRecord', 'recordDate', 'payDate',
];

/** A header row: an amount column, and a ticker column or a date column (a one-fund schedule has no ticker column). */
function isHeader(columns: readonly Column[]): boolean {
  const kinds = new Set(columns.map((c) => c.kind));
  return AMOUNT_KINDS.some((k) => kinds.has(k)) && (kinds.has('ticker') || DATE_KINDS.some((k) => kinds.has(k)));
}

/** Text that is a figure, not a header word ("$0.25", "87.10%", "10/15/25", a ticker). */
function isFigure(text: string): boolean {
  return /[$%]/.test(text) || readDate(text, null).kind === 'value' || readTicker(text) !== null || /^\s*[\d.,]+\s*$/.test(text);
}

/** A second header row (e.g. "Subsidized | Unsubsidized" under a spanning "30-Day SEC Yield"). */
function continuesHeader(row: readonly Slot[], columns: readonly Column[]): boolean {
  const ticker = columns.find((c) => c.kind === 'ticker');
  const tickerSlot = ticker ? row[ticker.from] : undefined;
  if (tickerSlot && tickerSlot.own && tickerSlot.text !== '') return false;
  const own = row.filter((s) => s.own && s.start && s.text !== '');
  return own.length > 0 && own.every((s) => !isFigure(s.text));
}

type HeaderMatch =
  | { kind: 'header'; r0: number; r1: number; columns: Column[] }
  | { kind: 'unmatched'; reason: string }
  | { kind: 'none' };

function quoteHeaders(columns: readonly Column[]): string {
  return columns.filter((c) => c.header !== '').map((c) => `'${c.header}'`).join(', ');
}

const KIND_LABELS: Readonly<Record<ColumnKind, string>> = {
  ticker: 'the ticker', name: 'the name', frequency: 'the frequency', amount: 'the distribution per share',
  amountSpecial: 'the special distribution', amountCapitalGain: 'the capital gain', statedRate: 'the distribution rate',
  secYield: 'the 30-day SEC yield', roc: 'the ROC estimate', exDate: 'the ex-date', exAndRecord: 'the ex-date and record date',
  recordDate: 'the record date', payDate: 'the payment date', ignored: 'an ignored column', unknown: 'an unknown column',
};

/** Two columns read as the same thing, or an "Ex & Record" column beside an "Ex" one: the table cannot be matched. */
function ambiguity(columns: readonly Column[]): string | null {
  for (const kind of UNIQUE_KINDS) {
    const same = columns.filter((c) => c.kind === kind);
    if (same.length > 1) return `two columns read as ${KIND_LABELS[kind]}: ${quoteHeaders(same)}`;
  }
  const kinds = new Set(columns.map((c) => c.kind));
  if (kinds.has('exAndRecord') && (kinds.has('exDate') || kinds.has('recordDate'))) return 'an "ex-date & record date" column beside a separate ex-date or record date column';
  return null;
}

/** Finds the header row(s) in the first rows of a table. */
function findHeader(grid: readonly Slot[][]): HeaderMatch {
  const scan = Math.min(grid.length, 6);
  for (let r0 = 0; r0 < scan; r0++) {
    if (grid[r0]!.length === 0) continue;
    let columns = columnsOf(grid, r0, r0 + 1);
    if (!isHeader(columns)) continue;
    let r1 = r0 + 1;
    while (r1 < grid.length && r1 - r0 < 3 && continuesHeader(grid[r1]!, columns)) {
      r1++;
      columns = columnsOf(grid, r0, r1);
    }
    const ambiguous = ambiguity(columns);
    if (ambiguous) return { kind: 'unmatched', reason: ambiguous };
    return { kind: 'header', r0, r1, columns };
  }
  const headers = grid.slice(0, scan).flatMap((row) => row.filter((s) => s.own && s.start && s.text !== '').map((s) => s.text));
  if (headers.some(soundsLikeDistributions)) {
    const shown = headers.slice(0, 12).map((h) => `'${h.slice(0, 60)}'`).join(', ');
    return { kind: 'unmatched', reason: `no header row with a ticker and a distribution per share (first cells: ${shown})` };
  }
  return { kind: 'none' };
}

/** What the lines above a table (and a section row inside it) say about its rows. */
interface Context {
  ex: DateLine | null;
  record: DateLine | null;
  pay: DateLine | null;
  frequency: Frequency | null;
  kind: Kind | null;
  /** The one fund the lines name as "(XPAY)", for a table without a ticker column. */
  tickers: string[];
}

interface DateLine {
  date: IsoDate | null;
  text: string;
}

const NEXT_WEEK = /scheduled for next week|next week'?s? (distributions|payers)/i;

function frequenciesIn(line: string): Set<Frequency> {
  const found = new Set<Frequency>();
  for (const piece of line.split(/[,;.&]| and /)) {
    const f = readFrequency(piece);
    if (f) found.add(f);
  }
  return found;
}

/**
 * A heading that makes a table's single amount column special or capital-gain: a short line that is only
 * about that ("Special Distribution", "Short-Term Capital Gain Distributions"), never a sentence that also
 * names the regular payout ("the monthly income distribution and a capital gain distribution").
 */
function headingKind(line: string): Kind | null {
  if (line.length > 60 || /\b(and|regular|income|ordinary|weekly|monthly)\b|&/i.test(line)) return null;
  if (/\bspecial (cash )?(distribution|dividend)s?\b/i.test(line)) return 'special';
  if (/\bcapital gains? (distribution|dividend)s?\b/i.test(line)) return 'capital-gain';
  return null;
}

/** Reads dates (closest label wins), frequency and kind from lines, closest first. */
function contextOf(lines: readonly string[], published: IsoDate | null, base?: Context): Context {
  const ctx: Context = base ? { ...base, tickers: [...base.tickers] } : { ex: null, record: null, pay: null, frequency: null, kind: null, tickers: [] };
  const own = { ex: false, record: false, pay: false, frequency: false, kind: false };
  const recent = lines.slice(-CONTEXT_LINES).reverse();
  for (const line of recent) {
    if (NEXT_WEEK.test(line)) continue;
    for (const { label, date, text } of labelledDates(line, published)) {
      const found = { date, text };
      if ((label === 'ex' || label === 'exAndRecord') && !own.ex) {
        ctx.ex = found;
        own.ex = true;
      }
      if ((label === 'record' || label === 'exAndRecord') && !own.record) {
        ctx.record = found;
        own.record = true;
      }
      if (label === 'pay' && !own.pay) {
        ctx.pay = found;
        own.pay = true;
      }
    }
    if (!own.frequency && /distribut|payers?\b/i.test(line)) {
      const found = frequenciesIn(line);
      if (found.size > 0) {
        ctx.frequency = found.size === 1 ? [...found][0]! : null;
        own.frequency = true;
      }
    }
    const kind = own.kind ? null : headingKind(line);
    if (kind) {
      ctx.kind = kind;
      own.kind = true;
    }
  }
  const tickers = new Set(recent.flatMap(tickersInParentheses));
  if (tickers.size > 0) ctx.tickers = [...tickers];
  return ctx;
}

/** What one table yields. */
interface TableResult {
  rows: DeclaredRow[];
  problems: ReleaseProblem[];
  /** The row cap was reached in this table. */
  stoppedAtCap: boolean;
}

function quote(text: string): string {
  const t = text.length > 40 ? `${text.slice(0, 40)}…` : text;
  return `'${t}'`;
}

class ReleaseReader {
  private readonly published: IsoDate | null;
  private rowBudget: number;

  constructor(published: IsoDate | null, rowBudget: number) {
    this.published = published;
    this.rowBudget = rowBudget;
  }

  /** Reads one table: null when it is no distribution table. */
  readTable(table: TableBlock, lines: readonly string[]): TableResult | null {
    const grid = buildGrid(table.rows);
    const match = findHeader(grid);
    if (match.kind === 'none') return null;
    const result: TableResult = { rows: [], problems: [], stoppedAtCap: false };
    if (match.kind === 'unmatched') {
      result.problems.push({ message: `a distribution table whose columns could not be matched: ${match.reason}` });
      return result;
    }
    let { columns } = match;
    // Rows above the header (a title row inside the table, "Group 1 … Ex. & Record Date: …") are lines above it.
    const above = grid.slice(0, match.r0).map(rowText).filter((t) => t !== '');
    const tableContext = contextOf([...lines, ...above], this.published);
    let context = tableContext;
    if (!columns.some((c) => c.kind === 'ticker') && tableContext.tickers.length !== 1) {
      const why = tableContext.tickers.length === 0 ? 'no ticker column, and no single fund named above it' : `no ticker column, and several funds named above it (${tableContext.tickers.join(', ')})`;
      result.problems.push({ message: `a distribution table whose columns could not be matched: ${why}` });
      return result;
    }
    for (let i = match.r1; i < grid.length; i++) {
      const row = grid[i]!;
      const n = i - match.r1 + 1;
      const own = distinctOwn(row);
      if (own.length === 0) continue;
      // A header repeated (or a new one for a second group) inside the table.
      const again = columnsOf(grid, i, i + 1);
      if (isHeader(again) && !ambiguity(again) && own.every((s) => !isFigure(s.text))) {
        columns = again;
        continue;
      }
      if (own.length === 1 && (readTicker(own[0]!.text) === null || spanOf(row, own[0]!.cell) >= Math.max(2, row.length / 2))) {
        context = contextOf([own[0]!.text], this.published, tableContext);
        continue;
      }
      if (this.rowBudget <= 0) {
        result.stoppedAtCap = true;
        break;
      }
      this.rowBudget--;
      this.readRow(row, n, columns, context, tableContext, result);
    }
    if (table.rowsDropped > 0) result.stoppedAtCap = true;
    return result;
  }

  private readRow(row: readonly Slot[], n: number, columns: readonly Column[], ctx: Context, tableCtx: Context, out: TableResult): void {
    const values = rowValues(row, columns);
    const tickerColumn = columns.findIndex((c) => c.kind === 'ticker');
    const tickerText = tickerColumn >= 0 ? (values?.[tickerColumn] ?? row[columns[tickerColumn]!.from]?.text ?? '') : (ctx.tickers[0] ?? '');
    const ticker = readTicker(tickerText);
    const where = `row ${n}${ticker ? ` (${ticker})` : ''}`;
    const problems: ReleaseProblem[] = [];
    const problem = (message: string) => problems.push(ticker ? { message: `${where}: ${message}`, ticker } : { message: `${where}: ${message}` });
    if (values === null) {
      const width = columns[columns.length - 1]!.to;
      problem(row.length < width ? `${row.length} cells where the header has ${width}` : `its cells do not line up with the header's columns`);
      out.problems.push(...problems);
      return;
    }
    if (ticker === null) {
      problem(tickerText === '' ? 'no ticker' : `the ticker ${quote(tickerText)} could not be read`);
      out.problems.push(...problems);
      return;
    }
    const textOf = (kind: ColumnKind): string | null => {
      const i = columns.findIndex((c) => c.kind === kind);
      return i >= 0 ? (values[i] ?? '') : null;
    };

    // ---- the amounts
    const amounts: { kind: Kind; read: Read<string>; text: string; column: ColumnKind }[] = [];
    const amountColumns = columns.filter((c) => AMOUNT_KINDS.includes(c.kind)).length;
    for (const column of AMOUNT_KINDS) {
      const text = textOf(column);
      if (text === null) continue;
      // A heading's kind applies to a table whose only amount column is "Distribution per Share".
      const headed = amountColumns === 1 ? (ctx.kind ?? 'regular') : 'regular';
      const kind: Kind = column === 'amountSpecial' ? 'special' : column === 'amountCapitalGain' ? 'capital-gain' : headed;
      amounts.push({ kind, read: readAmount(text), text, column });
    }
    // ---- the dates: a column, else a labelled line above the table (or a section row)
    const dateColumns = DATE_KINDS.map(textOf).filter((t): t is string => t !== null);
    const exText = textOf('exDate') ?? textOf('exAndRecord');
    const recordText = textOf('recordDate') ?? textOf('exAndRecord');
    const payText = textOf('payDate');
    const declared = amounts.filter((a) => a.read.kind === 'value');
    if (declared.length === 0 && amounts.every((a) => a.read.kind === 'missing' && a.read.dash) && dateColumns.every(isMissing)) {
      return; // "--" across the row: no distribution this time (a new fund, a paused one), skipped
    }
    for (const a of amounts) {
      if (a.read.kind === 'unreadable') problem(`${KIND_LABELS[a.column].replace(/^the /, '')} ${quote(a.text)} could not be read`);
    }
    if (declared.length === 0 && amounts.every((a) => a.read.kind === 'missing')) {
      const dash = amounts.find((a) => a.read.kind === 'missing' && a.read.dash);
      problem(dash ? `no distribution per share (${quote(dash.text)}) although the row gives dates` : 'no distribution per share');
    }

    const dateOf = (text: string | null, line: DateLine | null, label: string, required: boolean): IsoDate | null => {
      if (text !== null) {
        const read = readDate(text, this.published);
        if (read.kind === 'value') return read.value;
        if (read.kind === 'unreadable') problem(`${label} ${quote(text)} could not be read`);
        else if (required) problem(`no ${label}`);
        return null;
      }
      if (line) {
        if (line.date === null) problem(`the ${label} above the table (${quote(line.text)}) could not be read`);
        return line.date;
      }
      if (required) problem(`no ${label}`);
      return null;
    };
    const exDate = dateOf(exText, ctx.ex, 'ex-date', true);
    const recordDate = textOf('exAndRecord') !== null ? exDate : dateOf(recordText, ctx.record, 'record date', false);
    const payDate = dateOf(payText, ctx.pay, 'payment date', false);
    if (exText !== null && exDate && tableCtx.ex?.date && tableCtx.ex.date !== exDate) {
      problem(`ex-date ${exDate} differs from the ex-date above the table (${tableCtx.ex.date})`);
    }
    if (exDate) {
      if (this.published && (daysFrom(this.published, exDate) < -EX_DATE_WINDOW.before || daysFrom(this.published, exDate) > EX_DATE_WINDOW.after)) {
        problem(`ex-date ${exDate} is not within ${EX_DATE_WINDOW.before} days before and ${EX_DATE_WINDOW.after} days after the release (${this.published})`);
      }
      if (recordDate && (daysFrom(exDate, recordDate) < 0 || daysFrom(exDate, recordDate) > RECORD_DAYS)) {
        problem(`record date ${recordDate} is not within ${RECORD_DAYS} days after the ex-date ${exDate}`);
      }
      if (payDate && (daysFrom(exDate, payDate) < 0 || daysFrom(exDate, payDate) > PAY_DAYS)) {
        problem(`payment date ${payDate} is not within ${PAY_DAYS} days after the ex-date ${exDate}`);
      }
    }

    // ---- the issuer's figures
    const percent = (kind: ColumnKind): string | null => {
      const text = textOf(kind);
      if (text === null) return null;
      const read = readPercent(text);
      if (read.kind === 'unreadable') problem(`${KIND_LABELS[kind].replace(/^the /, '')} ${quote(text)} could not be read`);
      return read.kind === 'value' ? read.value : null;
    };
    const statedRate = percent('statedRate');
    const secYield = percent('secYield');
    const roc = percent('roc');
    if (roc !== null && (Number(roc) < 0 || Number(roc) > 100)) problem(`ROC estimate ${roc}% is not a percent from 0 to 100`);
    const frequencyText = textOf('frequency');
    const frequency = frequencyText !== null ? readFrequency(frequencyText) : ctx.frequency;
    const nameText = textOf('name');
    const name = nameText !== null ? readName(nameText) : null;

    if (problems.length > 0 || exDate === null) {
      out.problems.push(...problems);
      return;
    }
    const hasRegular = amounts.some((a) => a.column === 'amount');
    for (const a of declared) {
      if (a.read.kind !== 'value') continue;
      // The issuer's rate, yield and ROC describe the regular payout; an extra special or capital-gain payout gets none.
      const figures = a.column === 'amount' || !hasRegular;
      out.rows.push({
        ticker, name, frequency, amount: a.read.value, kind: a.kind,
        statedRate: figures ? statedRate : null, secYield: figures ? secYield : null, rocEstimatePercent: figures ? roc : null,
        exDate, recordDate, payDate,
      });
    }
  }
}

function rowText(row: readonly Slot[]): string {
  return distinctOwn(row).map((s) => s.text).join(' ').trim();
}

/** The cells that begin in this row and hold text, in column order. */
function distinctOwn(row: readonly Slot[]): Slot[] {
  return row.filter((s) => s.own && s.start && s.text !== '');
}

function spanOf(row: readonly Slot[], cell: number): number {
  return row.filter((s) => s.cell === cell).length;
}

/**
 * The text under each column, or null when the row's cells cannot be lined up with the header. Where the
 * header spans two grid columns (GlobeNewswire's "$" | "0.0908" and "87.10" | "%"), their texts are joined.
 * Where the header does not span them (a copy that lost its colspans), a lone "$" is joined to the cell
 * after it and a lone "%" to the cell before it, and the row must then have exactly the header's columns.
 */
function rowValues(row: readonly Slot[], columns: readonly Column[]): string[] | null {
  const width = columns[columns.length - 1]!.to;
  const slots = [...row];
  while (slots.length > width && slots[slots.length - 1]!.own && slots[slots.length - 1]!.text === '') slots.pop();
  if (slots.length === width) {
    const values: string[] = [];
    for (const column of columns) {
      const first = slots[column.from]!;
      const after = slots[column.to];
      const crosses = !first.start || (after !== undefined && after.cell === slots[column.to - 1]!.cell);
      const cells = new Map<number, string>();
      for (let c = column.from; c < column.to; c++) cells.set(slots[c]!.cell, slots[c]!.text);
      const text = [...cells.values()].filter((t) => t !== '').join(' ');
      if (crosses && !isMissing(text) && column.kind !== 'ignored' && column.kind !== 'unknown' && column.kind !== 'name') return null;
      values.push(text);
    }
    return values;
  }
  // Only a row of single cells under a header of single cells is lined up by joining "$" and "%" cells.
  if (slots.length < width || slots.some((s) => !s.own || !s.start) || columns.some((c) => c.to - c.from !== 1)) return null;
  const merged: string[] = [];
  for (let i = 0; i < slots.length; i++) {
    const text = slots[i]!.text;
    if (text === '$' && i + 1 < slots.length) {
      merged.push(`$${slots[++i]!.text}`);
    } else if (text === '%' && merged.length > 0) {
      merged[merged.length - 1] += '%';
    } else merged.push(text);
  }
  return merged.length === columns.length ? merged : null;
}

// ---- the release

const HOSTS: readonly [RegExp, Issuer][] = [
  [/(^|\.)yieldmaxetfs\.com$/, 'yieldmax'], [/(^|\.)roundhillinvestments\.com$/, 'roundhill'],
  [/(^|\.)graniteshares\.com$/, 'graniteshares'], [/(^|\.)defianceetfs\.com$/, 'defiance'],
  [/(^|\.)rexshares\.com$/, 'rex'], [/(^|\.)(nicholasx|nicholaswealth)\.com$/, 'nicholas'],
];
const BRANDS: readonly [RegExp, Issuer][] = [
  [/\byieldmax/gi, 'yieldmax'], [/\broundhill\b/gi, 'roundhill'], [/\bgraniteshares\b/gi, 'graniteshares'],
  [/\bdefiance\b/gi, 'defiance'], [/\bREX\b|\bRex Shares\b/g, 'rex'], [/\bnicholas\b/gi, 'nicholas'],
];

/** The issuer from the release's address (its own site), else the brand it names most (none on a tie). */
function inferIssuer(url: string, title: string, blocks: readonly Block[]): Issuer | null {
  try {
    const host = new URL(url).hostname.toLowerCase();
    for (const [re, issuer] of HOSTS) if (re.test(host)) return issuer;
  } catch {
    // not an absolute address: the text decides
  }
  const text = [title, ...blocks.filter((b) => b.kind === 'line').slice(0, 60).map((b) => b.text)].join('\n');
  const counts = BRANDS.map(([re, issuer]) => ({ issuer, n: text.match(re)?.length ?? 0 })).sort((a, b) => b.n - a.n);
  const [first, second] = counts;
  return first && first.n > 0 && first.n > (second?.n ?? 0) ? first.issuer : null;
}

/** A distribution stated in a sentence ("…declared a distribution of $0.1796 per share, payable on…"): not read, reviewed. */
function proseDeclaration(line: string): boolean {
  return !NEXT_WEEK.test(line) && /\b(distribution|dividend)s?\b/i.test(line) && /\$\s?\d*\.\d{2,}/.test(line)
    && /\b(ex-?(dividend )?date|record date|of record|payable|paid on|payment date)\b/i.test(line);
}

/** The start of a long line, cut at a word. */
function excerpt(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max).replace(/\s+\S*$/, '')}…`;
}

function publishedDateOf(publishedAt: string | null): IsoDate | null {
  if (publishedAt === null || !Number.isFinite(Date.parse(publishedAt))) return null;
  return newYorkDate(publishedAt);
}

function notRead(issuer: Issuer | null, message: string): ParsedRelease {
  return { issuer, complete: false, rows: [], problems: [{ message }], notADeclaration: false };
}

/** Reads the distributions an issuer's release declares (see the file's comment and docs/declarations.md). */
export function parseRelease(input: ReleaseInput): ParsedRelease {
  const hinted = input.issuer ?? null;
  if (input.html.length > RELEASE_LIMITS.htmlChars) {
    return notRead(hinted, `the release is ${input.html.length.toLocaleString('en-US')} characters long, more than the ${RELEASE_LIMITS.htmlChars.toLocaleString('en-US')} the parser reads`);
  }
  const published = publishedDateOf(input.publishedAt);
  let blocks: Block[];
  let title: string;
  try {
    // A table's title, header and group rows come on top of its data rows: a few more rows are kept.
    ({ blocks, title } = readDocument(input.html, { rowsPerTable: RELEASE_LIMITS.rows + 10 }));
  } catch (err) {
    return notRead(hinted, `the release's HTML could not be read (${err instanceof Error ? err.message : String(err)})`);
  }
  const issuer = hinted ?? inferIssuer(input.url, title, blocks);
  const reader = new ReleaseReader(published, RELEASE_LIMITS.rows);
  const tables: TableResult[] = [];
  const problems: { table: number | null; problem: ReleaseProblem }[] = [];
  let lines: string[] = [];
  const allLines: string[] = [title];
  for (const block of blocks) {
    if (block.kind === 'line') {
      lines.push(block.text);
      allLines.push(block.text);
      continue;
    }
    if (tables.length >= RELEASE_LIMITS.tables) {
      problems.push({ table: null, problem: { message: `more than ${RELEASE_LIMITS.tables} distribution tables: the release was not read past table ${RELEASE_LIMITS.tables}` } });
      break;
    }
    const result = reader.readTable(block, lines);
    if (result === null) {
      // Not a distribution table: its rows are lines (a one-cell "Ex-Date: …" box, a launch's fund list).
      const texts = block.rows.map((row) => row.map((c) => c.text).filter((t) => t !== '').join(' ')).filter((t) => t !== '');
      lines.push(...texts);
      allLines.push(...texts);
      continue;
    }
    tables.push(result);
    lines = [];
    for (const problem of result.problems) problems.push({ table: tables.length, problem });
    if (result.stoppedAtCap) {
      problems.push({ table: null, problem: { message: `more than ${RELEASE_LIMITS.rows} distribution rows: the release was not read past row ${RELEASE_LIMITS.rows}` } });
      break;
    }
  }

  if (tables.length === 0) {
    const prose = allLines.find(proseDeclaration);
    if (prose) return notRead(issuer, `a distribution is stated in the text, not in a table: "${excerpt(prose, 200)}"`);
    return { issuer, complete: false, rows: [], problems: [], notADeclaration: true };
  }

  const rows = tables.flatMap((t) => t.rows);
  const several = tables.length > 1;
  const messages: ReleaseProblem[] = problems.map(({ table, problem }) => (several && table !== null ? { ...problem, message: `table ${table}, ${problem.message}` } : problem));
  const unique = duplicatesResolved(rows, messages);
  if (unique.length === 0 && messages.length === 0) {
    // Every row says "--": the release declares nothing this time.
    return { issuer, complete: false, rows: [], problems: [], notADeclaration: true };
  }
  return { issuer, complete: messages.length === 0 && unique.length > 0, rows: unique, problems: messages, notADeclaration: false };
}

/** The same distribution twice: kept once when identical, else both to review. */
function duplicatesResolved(rows: readonly DeclaredRow[], problems: ReleaseProblem[]): DeclaredRow[] {
  const byKey = new Map<string, DeclaredRow[]>();
  for (const row of rows) {
    const key = `${row.ticker}|${row.exDate}|${row.kind}`;
    byKey.set(key, [...(byKey.get(key) ?? []), row]);
  }
  const out: DeclaredRow[] = [];
  for (const same of byKey.values()) {
    const first = same[0]!;
    if (same.every((r) => JSON.stringify(r) === JSON.stringify(first))) {
      out.push(first);
      continue;
    }
    problems.push({ message: `${first.ticker}: different figures for the same ${first.kind} distribution (ex-date ${first.exDate}): ${same.map((r) => r.amount).join(' and ')}`, ticker: first.ticker });
  }
  return out;
}

