import { describe, expect, it } from 'vitest';
import { CsvSyntaxError, EtfCsvError, exportFileName, parseCsvRecords, parseEtfCsv, uploadErrorMessage, uploadSummary } from './etf-csv.ts';

function refused(text: string): string {
  try {
    parseEtfCsv(text);
  } catch (error) {
    return uploadErrorMessage(error);
  }
  throw new Error('the file was accepted');
}

describe('parseCsvRecords', () => {
  it('reads quoted fields with commas, doubled quotes and line breaks, CRLF and a byte-order mark', () => {
    const records = parseCsvRecords('\uFEFFticker,name\r\nAAA,"Fund, ""one"""\r\n\r\nBBB,"two\nlines"\nCCC,last');
    expect(records).toEqual([
      { line: 1, cells: ['ticker', 'name'] },
      { line: 2, cells: ['AAA', 'Fund, "one"'] },
      { line: 4, cells: ['BBB', 'two\nlines'] },
      { line: 6, cells: ['CCC', 'last'] },
    ]);
  });

  it('refuses a quote that is never closed, naming its line', () => {
    expect(() => parseCsvRecords('ticker,name\nAAA,"open')).toThrow(CsvSyntaxError);
    expect(() => parseCsvRecords('ticker,name\nAAA,"open')).toThrow('a quoted field opened on line 2 is never closed');
  });
});

describe('parseEtfCsv (spec §5)', () => {
  it('trims and lowercases the headers, trims the cells and uppercases the ticker', () => {
    const parsed = parseEtfCsv(' Ticker , NAME ,Brand,description\n  abcd , Weekly Fund , Roundhill , Pays weekly \n');
    expect(parsed.rows).toEqual([{ line: 2, ticker: 'ABCD', name: 'Weekly Fund', brand: 'Roundhill', description: 'Pays weekly' }]);
    expect(parsed.skipped).toEqual([]);
  });

  it('takes the columns in any order, brand and description optional', () => {
    expect(parseEtfCsv('name,ticker\nSome Fund,xyz').rows).toEqual([{ line: 2, ticker: 'XYZ', name: 'Some Fund', brand: '', description: '' }]);
  });

  it('skips the rows without ticker or name and lists them with their line', () => {
    const parsed = parseEtfCsv('ticker,name\nAAA,One\n,No ticker\nBBB,\nCCC,Three');
    expect(parsed.rows.map((r) => r.ticker)).toEqual(['AAA', 'CCC']);
    expect(parsed.skipped).toEqual([
      { line: 3, ticker: '', message: 'Skipped: a row needs a ticker and a name' },
      { line: 4, ticker: 'BBB', message: 'Skipped: a row needs a ticker and a name' },
    ]);
  });

  it('an empty file, or a header alone: "CSV file is empty or contains no data rows"', () => {
    expect(refused('')).toBe('CSV file is empty or contains no data rows');
    expect(refused('\n\n')).toBe('CSV file is empty or contains no data rows');
    expect(refused('ticker,name,brand,description\n')).toBe('CSV file is empty or contains no data rows');
  });

  it("without ticker or name in the header: \"CSV must include 'ticker' and 'name' columns in the header row\"", () => {
    expect(refused('symbol,name\nAAA,One')).toBe("CSV must include 'ticker' and 'name' columns in the header row");
    expect(refused('ticker,title\nAAA,One')).toBe("CSV must include 'ticker' and 'name' columns in the header row");
  });

  it('no row with both: "No valid ETF rows found in CSV. Each row must have ticker and name."', () => {
    expect(refused('ticker,name\n,One\nBBB,  \n')).toBe('No valid ETF rows found in CSV. Each row must have ticker and name.');
  });

  it('a syntax error: "CSV parsing error: …"; anything else: "Failed to upload CSV"', () => {
    expect(refused('ticker,name\nAAA,"One')).toBe('CSV parsing error: a quoted field opened on line 2 is never closed');
    expect(uploadErrorMessage(new Error('file could not be read'))).toBe('Failed to upload CSV');
    expect(uploadErrorMessage(new EtfCsvError('x'))).toBe('x');
  });
});

describe('uploadSummary (spec §8)', () => {
  it('all rows failed: the destructive "Upload Error"', () => {
    expect(uploadSummary(0, 3)).toEqual({
      title: 'Upload Error',
      description: 'All 3 ETF rows failed to create. Check for duplicate tickers or invalid data.',
      variant: 'destructive',
    });
  });

  it('partial success: "Successfully created N ETFs, M failed"', () => {
    expect(uploadSummary(2, 1)).toEqual({ title: 'Success', description: 'Successfully created 2 ETFs, 1 failed', variant: 'default' });
  });

  it('all created: "Successfully created N ETFs"', () => {
    expect(uploadSummary(4, 0)).toEqual({ title: 'Success', description: 'Successfully created 4 ETFs', variant: 'default' });
  });
});

describe('exportFileName', () => {
  it('is etfs-{date}.csv', () => {
    expect(exportFileName('2026-11-24')).toBe('etfs-2026-11-24.csv');
  });
});
