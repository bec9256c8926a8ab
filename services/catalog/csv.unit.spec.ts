import { describe, expect, it } from 'vitest';
import { ETF_CSV_MESSAGES, etfsToCsv, parseCsvDate, parseDistributionCsv, parseEtfCsv, parsePriceCsv } from './csv.ts';

describe('ETF CSV import: header rules, row rules and messages', () => {
  it('trims headers and cells, lowercases headers, uppercases tickers, skips rows without ticker or name', () => {
    const text = ' Ticker , NAME ,Brand,Description\n nvdw ,Roundhill NVDA WeeklyPay ETF,Roundhill,"1.2x NVDA, weekly"\n,No ticker,X,\nTSLW,,Roundhill,\nulty,YieldMax Ultra,YieldMax,\n';
    expect(parseEtfCsv(text)).toEqual({
      rows: [
        { ticker: 'NVDW', name: 'Roundhill NVDA WeeklyPay ETF', brand: 'Roundhill', description: '1.2x NVDA, weekly' },
        { ticker: 'ULTY', name: 'YieldMax Ultra', brand: 'YieldMax', description: '' },
      ],
      errors: [
        { line: 3, message: 'Skipped: ticker and name are required' },
        { line: 4, message: 'Skipped: ticker and name are required' },
      ],
      fileError: null,
    });
  });
  it('brand and description columns are optional', () => {
    expect(parseEtfCsv('name,ticker\nFund,abc\n').rows).toEqual([{ ticker: 'ABC', name: 'Fund', brand: '', description: '' }]);
  });
  it('answers with the owner-facing messages, word for word', () => {
    expect(parseEtfCsv('').fileError).toBe(ETF_CSV_MESSAGES.empty);
    expect(parseEtfCsv('ticker,name\n').fileError).toBe(ETF_CSV_MESSAGES.empty);
    expect(parseEtfCsv('symbol,name\nABC,Fund\n').fileError).toBe("CSV must include 'ticker' and 'name' columns in the header row");
    expect(parseEtfCsv('ticker,name\n,Fund\nABC,\n').fileError).toBe('No valid ETF rows found in CSV. Each row must have ticker and name.');
  });
  it('reports malformed CSV', () => {
    expect(parseEtfCsv('ticker,name\n"ABC,Fund\n').fileError).toMatch(/^CSV parsing error: /);
  });
  it('exports with proper quoting, and the export reads back the same', () => {
    const etfs = [
      { ticker: 'NVDW', name: 'Roundhill NVDA WeeklyPay ETF', brand: 'Roundhill', description: '1.2x NVDA, "weekly" pay\nsecond line' },
      { ticker: 'ULTY', name: 'YieldMax Ultra', brand: 'YieldMax', description: '' },
    ];
    const csv = etfsToCsv(etfs);
    expect(csv).toBe('ticker,name,brand,description\r\nNVDW,Roundhill NVDA WeeklyPay ETF,Roundhill,"1.2x NVDA, ""weekly"" pay\nsecond line"\r\nULTY,YieldMax Ultra,YieldMax,\r\n');
    expect(parseEtfCsv(csv).rows).toEqual(etfs);
  });
  it('defuses cells a spreadsheet would run as formulas', () => {
    const csv = etfsToCsv([{ ticker: 'EVIL', name: '=HYPERLINK("http://x","y")', brand: '+1', description: '@SUM(A1)' }]);
    expect(csv.split('\r\n')[1]).toBe(`EVIL,"'=HYPERLINK(""http://x"",""y"")",'+1,'@SUM(A1)`);
  });
});

describe('dates in history files', () => {
  it('accepts ISO, US and written forms; refuses impossible dates', () => {
    expect(parseCsvDate('2025-06-27')).toBe('2025-06-27');
    expect(parseCsvDate('2025-06-27 00:00:00-04:00')).toBe('2025-06-27');
    expect(parseCsvDate('6/27/2025')).toBe('2025-06-27');
    expect(parseCsvDate('06/05/2025')).toBe('2025-06-05');
    expect(parseCsvDate('Jun 27, 2025')).toBe('2025-06-27');
    expect(parseCsvDate('27-Jun-2025')).toBe('2025-06-27');
    expect(parseCsvDate('2/30/2025')).toBeNull();
    expect(parseCsvDate('6/27/25')).toBeNull();
  });
});

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
});
