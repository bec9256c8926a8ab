import { describe, expect, it } from 'vitest';
import { ETF_CSV_MESSAGES, etfsToCsv, parseEtfCsv } from './csv.ts';

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
