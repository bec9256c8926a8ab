import { describe, expect, it } from 'vitest';
import { parseDistributionCsv } from './csv.ts';

describe('distribution history CSV', () => {
  it('reads issuer headers (Ex-Date, Record Date, Payable Date, Amount) with $ amounts', () => {
    const text = 'Ex-Date,Record Date,Payable Date,Amount\n6/27/2024,6/27/2024,6/28/2024,$0.263798\n7/3/2025,7/3/2025,,$0.2500\n';
    expect(parseDistributionCsv(text)).toEqual({
      rows: [
        { exDate: '2024-06-27', recordDate: '2024-06-27', payDate: '2024-06-28', amount: '0.263798' },
        { exDate: '2025-07-03', recordDate: '2025-07-03', payDate: null, amount: '0.25' },
      ],
      errors: [],
      fileError: null,
    });
  });
  it('reads "Ex Dividend Date", "Payment Date" and "Dividend"', () => {
    expect(parseDistributionCsv('Ex Dividend Date,Payment Date,Dividend\n2025-07-11,2025-07-15,0.24238\n').rows).toEqual([
      { exDate: '2025-07-11', recordDate: null, payDate: '2025-07-15', amount: '0.24238' },
    ]);
  });
  it('takes a plain Date column as the ex-date (Yahoo "Date,Dividends")', () => {
    expect(parseDistributionCsv('Date,Dividends\n2025-10-15,0.0908\n2025-10-22,0.0000\n').rows).toEqual([
      { exDate: '2025-10-15', recordDate: null, payDate: null, amount: '0.0908' },
      { exDate: '2025-10-22', recordDate: null, payDate: null, amount: '0' },
    ]);
  });
  it('reports bad rows and a missing amount column', () => {
    const r = parseDistributionCsv('Ex Date,Pay Date,Amount\n2025-07-11,2025-07-10,0.2\n2025-07-18,N/A,abc\n2025-07-25,TBD,0.3\n');
    expect(r.errors).toEqual([
      { line: 2, message: 'Skipped: pay date 2025-07-10 is before the ex-date 2025-07-11' },
      { line: 3, message: "Skipped: amount 'abc' is not a number >= 0" },
    ]);
    expect(r.rows).toEqual([{ exDate: '2025-07-25', recordDate: null, payDate: null, amount: '0.3' }]);
    expect(parseDistributionCsv('Ex Date,Pay Date\n2025-07-11,2025-07-15\n').fileError).toBe("CSV must include an 'Amount' column in the header row");
  });
  it('takes an optional Status column: declared or estimated (any case), empty for declared, anything else is a row error', () => {
    const r = parseDistributionCsv('Ex Date,Amount,Status\n2025-07-10,0.2,Declared\n2025-07-17,0.21,estimated\n2025-07-24,0.22,\n2025-07-31,0.23,final\n');
    expect(r.rows).toEqual([
      { exDate: '2025-07-10', recordDate: null, payDate: null, amount: '0.2', status: 'declared' },
      { exDate: '2025-07-17', recordDate: null, payDate: null, amount: '0.21', status: 'estimated' },
      { exDate: '2025-07-24', recordDate: null, payDate: null, amount: '0.22' },
    ]);
    expect(r.errors).toEqual([{ line: 5, message: "Skipped: status 'final' must be declared or estimated (empty means declared)" }]);
  });
  it('refuses an ex-date on a Saturday or a Sunday, naming the rule', () => {
    // 2026-10-31 is a Saturday (the audit's AUDH row), 2026-11-01 a Sunday
    const r = parseDistributionCsv('Ex Date,Amount\n2026-10-30,0.1\n10/31/2026,0.1\n2026-11-01,0.1\n');
    expect(r.rows.map((row) => row.exDate)).toEqual(['2026-10-30']);
    expect(r.errors).toEqual([
      { line: 3, message: 'Skipped: ex-date 2026-10-31 is a Saturday: an ex-date must be a weekday (Monday to Friday)' },
      { line: 4, message: 'Skipped: ex-date 2026-11-01 is a Sunday: an ex-date must be a weekday (Monday to Friday)' },
    ]);
  });
  it('N13: refuses an ex-date on an NYSE holiday, naming it', () => {
    // the audit's N3HX file: Good Friday 2026-04-03 as filed; 2026-11-27, the day after Thanksgiving, is a half day
    const r = parseDistributionCsv('Ex Date,Amount\n2026-04-02,0.15\n2026-04-03,0.15\n2026-11-27,0.15\n');
    expect(r.rows.map((row) => row.exDate)).toEqual(['2026-04-02', '2026-11-27']);
    expect(r.errors).toEqual([{ line: 3, message: 'Skipped: ex-date 2026-04-03 is Good Friday: the market is closed' }]);
  });
  it("N13: a file whose every row is refused names each row's reason", () => {
    const r = parseDistributionCsv('Ex Date,Amount\n2026-04-03,0.15\n2026-10-31,0.1\n');
    expect(r.rows).toEqual([]);
    expect(r.fileError).toBe(
      'No valid distribution rows found in CSV: line 2: ex-date 2026-04-03 is Good Friday: the market is closed; ' +
        'line 3: ex-date 2026-10-31 is a Saturday: an ex-date must be a weekday (Monday to Friday)',
    );
    expect(r.errors).toHaveLength(2);
  });
});

describe('distribution history CSV: the Type column (N1)', () => {
  it('reads regular, special and capital gain in their usual spellings; empty means regular', () => {
    const r = parseDistributionCsv(
      'Ex Date,Pay Date,Amount,Type\n2026-11-25,2026-11-27,0.20,Regular\n2026-11-25,2026-11-27,1.00,Special\n' +
        '2026-12-17,2026-12-18,0.31,Cap Gain\n2026-12-18,,0.05,Capital Gains\n2026-12-24,,0.2,\n2026-12-29,,0.4,special dividend\n',
    );
    expect(r.errors).toEqual([]);
    expect(r.rows.map((row) => [row.exDate, row.amount, row.kind])).toEqual([
      ['2026-11-25', '0.2', 'regular'],
      ['2026-11-25', '1', 'special'],
      ['2026-12-17', '0.31', 'capital-gain'],
      ['2026-12-18', '0.05', 'capital-gain'],
      ['2026-12-24', '0.2', undefined],
      ['2026-12-29', '0.4', 'special'],
    ]);
  });
  it('two rows with one ex-date are two distributions when their kinds differ; the same kind twice is still refused', () => {
    const r = parseDistributionCsv('Ex Date,Amount,Distribution Type\n2026-11-25,0.20,regular\n2026-11-25,1.00,special\n2026-11-25,0.5,Special\n2026-11-25,0.2,\n');
    expect(r.rows.map((row) => [row.amount, row.kind])).toEqual([
      ['0.2', 'regular'],
      ['1', 'special'],
    ]);
    expect(r.errors).toEqual([
      { line: 4, message: 'Skipped: ex-date 2026-11-25 already appears on line 3 with type special' },
      { line: 5, message: 'Skipped: ex-date 2026-11-25 already appears on line 2' },
    ]);
  });
  it('refuses a type that is no kind of distribution (a return of capital is a part of one, not a kind)', () => {
    const r = parseDistributionCsv('Ex Date,Amount,Type\n2026-11-19,0.2,Return of capital\n2026-11-25,0.2,bonus\n');
    expect(r.errors).toEqual([
      { line: 2, message: "Skipped: type 'Return of capital' must be regular, special or capital gain (empty means regular)" },
      { line: 3, message: "Skipped: type 'bonus' must be regular, special or capital gain (empty means regular)" },
    ]);
  });
});

describe('distribution history CSV: the ROC % column (issue 27)', () => {
  it('reads the estimated return of capital, with or without "%"; empty, n/a or a dash states none', () => {
    const r = parseDistributionCsv(
      'Ex Date,Amount,ROC %\n2026-11-05,0.20,92\n2026-11-12,0.20,92.50 %\n2026-11-19,0.20,100%\n2026-11-25,0.20,\n2026-12-03,0.20,n/a\n2026-12-10,0.20,--\n2026-12-17,0.20,0\n',
    );
    expect(r.errors).toEqual([]);
    expect(r.rows.map((row) => [row.exDate, row.rocEstimatePercent])).toEqual([
      ['2026-11-05', '92'],
      ['2026-11-12', '92.5'],
      ['2026-11-19', '100'],
      ['2026-11-25', undefined],
      ['2026-12-03', undefined],
      ['2026-12-10', undefined],
      ['2026-12-17', '0'],
    ]);
  });
  it('takes "Return of Capital %" and "Est. ROC" as the column too', () => {
    expect(parseDistributionCsv('Ex Date,Amount,Return of Capital %\n2026-11-05,0.2,96.66\n').rows[0]).toMatchObject({ rocEstimatePercent: '96.66' });
    expect(parseDistributionCsv('Ex Date,Amount,Est. ROC\n2026-11-05,0.2,40\n').rows[0]).toMatchObject({ rocEstimatePercent: '40' });
  });
  it('refuses a figure outside 0-100 or not a number, naming the cell', () => {
    const r = parseDistributionCsv('Ex Date,Amount,ROC %\n2026-11-05,0.2,101\n2026-11-12,0.2,-5\n2026-11-19,0.2,most\n2026-11-25,0.2,50\n');
    expect(r.errors).toEqual([
      { line: 2, message: "Skipped: ROC % '101' must be a number from 0 to 100 (empty when not published)" },
      { line: 3, message: "Skipped: ROC % '-5' must be a number from 0 to 100 (empty when not published)" },
      { line: 4, message: "Skipped: ROC % 'most' must be a number from 0 to 100 (empty when not published)" },
    ]);
    expect(r.rows.map((row) => row.rocEstimatePercent)).toEqual(['50']);
  });
});
