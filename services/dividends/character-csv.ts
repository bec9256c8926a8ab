import type { CsvLineError } from '../../contracts/catalog.ts';
import { canonical, ZERO } from '../../domain/market/decimal.ts';
import { CHARACTER_PARTS, characterSumProblem, isPercent } from '../../domain/market/return-of-capital.ts';
import type { IsoDate } from '../../domain/market/trading-days.ts';
import type { DistributionCharacter, DistributionKind } from '../../events/dividends.ts';
import { findColumn, normaliseHeader, parseCsvDate, readRecords, unusableFile, type CsvImportResult } from '../http/csv.ts';
import { exDateProblem } from './business-logic.ts';
import { DISTRIBUTION_HEADERS, kindOfCell, NO_FIGURE, noValidRows, percentOfCell, typeMessage } from './csv.ts';

/**
 * The owner's year-end character file of one fund (`POST /api/admin/etfs/{id}/distributions/character`,
 * issue 27): `Ex Date,Ordinary %,Qualified %,Capital Gain %,Return of Capital %`, one row per
 * distribution, as the fund reports it after the year ends (Form 8937, the 1099-DIV, the 19a-1 notice).
 * An optional Type column picks the special or capital-gain distribution of an ex-date (as in the
 * distribution file). Whether each ex-date is a known distribution of the fund is the command's business.
 */

export interface CharacterCsvRow {
  /** 1-based line of the file (what an error about this row names). */
  line: number;
  exDate: IsoDate;
  /** From the optional Type column; absent (regular) when the file has none or the cell is empty. */
  kind?: DistributionKind;
  character: DistributionCharacter;
}

/** The percentage columns by their headers (normalised: the "%" goes), with the name a message uses. */
export const CHARACTER_HEADERS: Record<(typeof CHARACTER_PARTS)[number], { label: string; names: readonly string[] }> = {
  // non-qualified ordinary income: a 1099-DIV's box 1a less box 1b
  ordinary: { label: 'Ordinary %', names: ['ordinary', 'ordinary income', 'ordinary dividends', 'non qualified', 'nonqualified', 'non qualified dividends'] },
  qualified: { label: 'Qualified %', names: ['qualified', 'qualified dividends', 'qualified dividend', 'qualified income'] },
  capitalGain: { label: 'Capital Gain %', names: ['capital gain', 'capital gains', 'cap gain', 'cap gains', 'capital gain distributions'] },
  // a 1099-DIV's box 3, "nondividend distributions", is the return of capital
  returnOfCapital: { label: 'Return of Capital %', names: ['return of capital', 'roc', 'nondividend distributions', 'non dividend distributions', 'nondividend distribution'] },
};

export const characterCsvMessages = {
  exDate: "CSV must include an 'Ex Date' column in the header row",
  columns: (missing: readonly string[]) =>
    `CSV must include the columns Ordinary %, Qualified %, Capital Gain % and Return of Capital % in the header row (missing: ${missing.join(', ')})`,
  empty: 'CSV file is empty or contains no data rows',
  noRows: 'No valid character rows found in CSV',
  badExDate: (raw: string) => `Skipped: ex-date '${raw}' not understood (use YYYY-MM-DD or M/D/YYYY)`,
  percent: (label: string, raw: string) => `Skipped: ${label} '${raw}' must be a number from 0 to 100 (empty means 0)`,
  sum: (problem: string) => `Skipped: ${problem}`,
  repeated: (exDate: IsoDate, line: number, kind: DistributionKind | null) =>
    `Skipped: ex-date ${exDate} already appears on line ${line}${kind && kind !== 'regular' ? ` with type ${kind === 'capital-gain' ? 'capital gain' : kind}` : ''}`,
} as const;

/**
 * Reads the character file. An empty percentage cell (or n/a, a dash) is 0: the sum rule (100 within
 * 0.1, domain/market/return-of-capital.ts) refuses a row that leaves a part out, so nothing is invented.
 * Every row is checked alone; a file whose every row is refused answers each row's reason.
 */
export function parseCharacterCsv(text: string): CsvImportResult<CharacterCsvRow> {
  const records = readRecords(text);
  if ('error' in records) return unusableFile(records.error);
  const [header, ...data] = records;
  if (!header || data.length === 0) return unusableFile(characterCsvMessages.empty);
  const columns = header.cells.map(normaliseHeader);
  let exCol = findColumn(columns, DISTRIBUTION_HEADERS.exDate);
  if (exCol < 0) exCol = findColumn(columns, ['date']);
  if (exCol < 0) return unusableFile(characterCsvMessages.exDate);
  const partCols = CHARACTER_PARTS.map((part) => ({ part, ...CHARACTER_HEADERS[part], col: findColumn(columns, CHARACTER_HEADERS[part].names) }));
  const missing = partCols.filter((p) => p.col < 0).map((p) => p.label);
  if (missing.length > 0) return unusableFile(characterCsvMessages.columns(missing));
  const kindCol = findColumn(columns, DISTRIBUTION_HEADERS.kind);

  const rows: CharacterCsvRow[] = [];
  const errors: CsvLineError[] = [];
  const firstLine = new Map<string, number>();
  for (const r of data) {
    const get = (i: number) => (i < 0 ? '' : (r.cells[i] ?? '').trim());
    const read = readRow(r.line, get, exCol, kindCol, partCols);
    if ('message' in read) {
      errors.push(read);
      continue;
    }
    const key = `${read.exDate}|${read.kind ?? 'regular'}`;
    const seen = firstLine.get(key);
    if (seen !== undefined) {
      errors.push({ line: r.line, message: characterCsvMessages.repeated(read.exDate, seen, read.kind ?? null) });
      continue;
    }
    firstLine.set(key, r.line);
    rows.push(read);
  }
  return { rows, errors, fileError: rows.length === 0 ? noValidRows(errors, characterCsvMessages.noRows) : null };
}

/** One record: its row, or the line's error. */
function readRow(
  line: number,
  get: (i: number) => string,
  exCol: number,
  kindCol: number,
  partCols: readonly { part: (typeof CHARACTER_PARTS)[number]; label: string; col: number }[],
): CharacterCsvRow | CsvLineError {
  const exDate = parseCsvDate(get(exCol));
  if (!exDate) return { line, message: characterCsvMessages.badExDate(get(exCol)) };
  const closed = exDateProblem(exDate);
  if (closed) return { line, message: `Skipped: ${closed.replace(/^Ex-date/, 'ex-date')}` };
  const kindText = get(kindCol);
  const kind = kindText === '' ? null : kindOfCell(kindText);
  if (kindText !== '' && !kind) return { line, message: typeMessage(kindText) };
  const character = {} as DistributionCharacter;
  for (const { part, label, col } of partCols) {
    const raw = get(col);
    const value = NO_FIGURE.test(raw) ? ZERO : percentOfCell(raw);
    if (value === null || !isPercent(value)) return { line, message: characterCsvMessages.percent(label, raw) };
    character[part] = canonical(value);
  }
  const problem = characterSumProblem(character);
  if (problem) return { line, message: characterCsvMessages.sum(problem) };
  return { line, exDate, ...(kind ? { kind } : {}), character };
}
