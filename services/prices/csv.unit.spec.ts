import { describe, expect, it } from 'vitest';
import { parsePriceCsv } from './csv.ts';

describe('price history CSV', () => {
  it('reads the Yahoo export and ignores Adj Close', () => {
    const text = 'Date,Open,High,Low,Close,Adj Close,Volume\n2025-06-26,15.10,15.20,14.90,15.00,14.2,"1,234,567"\n2025-06-27,15.00,15.40,14.95,15.30,14.5,980000\n';
    expect(parsePriceCsv(text)).toEqual({
      rows: [
        { date: '2025-06-26', open: '15.1', high: '15.2', low: '14.9', close: '15', volume: 1234567 },
        { date: '2025-06-27', open: '15', high: '15.4', low: '14.95', close: '15.3', volume: 980000 },
      ],
      errors: [],
      fileError: null,
    });
  });
  it('reads the Nasdaq export ("Close/Last" with $)', () => {
    const text = 'Date,Close/Last,Volume,Open,High,Low\n06/27/2025,$15.30,980000,$15.00,$15.40,$14.95\n';
    expect(parsePriceCsv(text).rows).toEqual([{ date: '2025-06-27', open: '15', high: '15.4', low: '14.95', close: '15.3', volume: 980000 }]);
  });
  it('an issuer file with only date and market price: open/high/low take the close, volume 0', () => {
    expect(parsePriceCsv('As Of Date,Market Price\n6/27/2025,15.30\n').rows).toEqual([{ date: '2025-06-27', open: '15.3', high: '15.3', low: '15.3', close: '15.3', volume: 0 }]);
  });
  it('reports bad rows by line and keeps the good ones', () => {
    const text = 'Date,Close\n2025-06-25,15\nnot a date,15\n2025-06-26,-1\n2025-06-25,16\n2025-06-27,15.3\n';
    const r = parsePriceCsv(text);
    expect(r.rows.map((x) => x.date)).toEqual(['2025-06-25', '2025-06-27']);
    expect(r.errors).toEqual([
      { line: 3, message: "Skipped: date 'not a date' not understood (use YYYY-MM-DD or M/D/YYYY)" },
      { line: 4, message: "Skipped: close '-1' is not a positive price" },
      { line: 5, message: 'Skipped: 2025-06-25 already appears on line 2' },
    ]);
  });
  it('refuses a file with only adjusted closes', () => {
    expect(parsePriceCsv('Date,Adj Close\n2025-06-27,15\n').fileError).toMatch(/unadjusted 'Close'/);
  });
});
