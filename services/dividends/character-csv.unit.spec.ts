import { describe, expect, it } from 'vitest';
import { parseCharacterCsv } from './character-csv.ts';

const HEADER = 'Ex Date,Ordinary %,Qualified %,Capital Gain %,Return of Capital %';

describe("the year-end character CSV (issue 27: Ex Date,Ordinary %,Qualified %,Capital Gain %,Return of Capital %)", () => {
  it('reads one row per distribution; "%" signs, empty cells as 0, an optional Type column', () => {
    const r = parseCharacterCsv(`${HEADER},Type\n2025-12-03,5,2,3,90\n12/10/2025,0%,0 %,,100%\n2025-12-10,,,100,,Capital Gain\n`);
    expect(r).toEqual({
      rows: [
        { line: 2, exDate: '2025-12-03', character: { ordinary: '5', qualified: '2', capitalGain: '3', returnOfCapital: '90' } },
        { line: 3, exDate: '2025-12-10', character: { ordinary: '0', qualified: '0', capitalGain: '0', returnOfCapital: '100' } },
        { line: 4, exDate: '2025-12-10', kind: 'capital-gain', character: { ordinary: '0', qualified: '0', capitalGain: '100', returnOfCapital: '0' } },
      ],
      errors: [],
      fileError: null,
    });
  });
  it("takes the 1099-DIV's words too: Nondividend Distributions is the return of capital", () => {
    const r = parseCharacterCsv('Ex-Dividend Date,Ordinary Dividends,Qualified Dividends,Capital Gains,Nondividend Distributions\n2025-12-03,1.5,0,0,98.5\n');
    expect(r.rows[0]!.character).toEqual({ ordinary: '1.5', qualified: '0', capitalGain: '0', returnOfCapital: '98.5' });
  });
  it('accepts four figures rounded by their publisher (99.99 in all), refuses a row that does not add up to 100 within 0.1', () => {
    const r = parseCharacterCsv(`${HEADER}\n2025-12-03,33.33,33.33,33.33,0\n2025-12-10,0,0,0,92\n2025-12-17,0,0,0.2,100\n`);
    expect(r.rows.map((row) => row.exDate)).toEqual(['2025-12-03']);
    expect(r.errors).toEqual([
      { line: 3, message: 'Skipped: the four percentages add up to 92, not 100 (within 0.1)' },
      { line: 4, message: 'Skipped: the four percentages add up to 100.2, not 100 (within 0.1)' },
    ]);
  });
  it('names the cell that is not a percentage from 0 to 100', () => {
    const r = parseCharacterCsv(`${HEADER}\n2025-12-03,abc,0,0,100\n2025-12-10,0,0,0,101\n2025-12-17,0,-1,0,101\n`);
    expect(r.errors).toEqual([
      { line: 2, message: "Skipped: Ordinary % 'abc' must be a number from 0 to 100 (empty means 0)" },
      { line: 3, message: "Skipped: Return of Capital % '101' must be a number from 0 to 100 (empty means 0)" },
      { line: 4, message: "Skipped: Qualified % '-1' must be a number from 0 to 100 (empty means 0)" },
    ]);
  });
  it('refuses an ex-date it cannot read or without a session, a type that is no kind, and a repeated distribution', () => {
    const r = parseCharacterCsv(`${HEADER},Type\nlast week,0,0,0,100,\n2026-04-03,0,0,0,100,\n2025-12-03,0,0,0,100,bonus\n2025-12-10,0,0,0,100,\n2025-12-10,0,0,0,100,\n2025-12-10,0,0,100,0,special\n2025-12-10,0,0,100,0,Special\n`);
    expect(r.errors).toEqual([
      { line: 2, message: "Skipped: ex-date 'last week' not understood (use YYYY-MM-DD or M/D/YYYY)" },
      { line: 3, message: 'Skipped: ex-date 2026-04-03 is Good Friday: the market is closed' },
      { line: 4, message: "Skipped: type 'bonus' must be regular, special or capital gain (empty means regular)" },
      { line: 6, message: 'Skipped: ex-date 2025-12-10 already appears on line 5' },
      { line: 8, message: 'Skipped: ex-date 2025-12-10 already appears on line 7 with type special' },
    ]);
    expect(r.rows.map((row) => [row.line, row.kind])).toEqual([
      [5, undefined],
      [7, 'special'],
    ]);
  });
  it('file errors: no ex-date column, a missing percentage column, no rows, every row refused', () => {
    expect(parseCharacterCsv('Ordinary %,Qualified %,Capital Gain %,Return of Capital %\n0,0,0,100\n').fileError).toBe("CSV must include an 'Ex Date' column in the header row");
    expect(parseCharacterCsv('Ex Date,Ordinary %,Return of Capital %\n2025-12-03,0,100\n').fileError).toBe(
      'CSV must include the columns Ordinary %, Qualified %, Capital Gain % and Return of Capital % in the header row (missing: Qualified %, Capital Gain %)',
    );
    expect(parseCharacterCsv(`${HEADER}\n`).fileError).toBe('CSV file is empty or contains no data rows');
    expect(parseCharacterCsv(`${HEADER}\n2025-12-03,0,0,0,92\n`).fileError).toBe('No valid character rows found in CSV: line 2: the four percentages add up to 92, not 100 (within 0.1)');
  });
});
