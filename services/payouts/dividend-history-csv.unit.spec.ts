import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { classifyDividendHistoryCsv, dividendHistoryMessages, dividendHistoryRecords, parseDividendHistoryCsv } from './dividend-history-csv.ts';

/**
 * The brokers' dividend history / activity files (docs/payouts.md "Dividend history files"). The
 * samples in fixtures/dividend-history are published files (sources in its README); beside each,
 * `<file>.expected.json` says by hand which lines are dividends and which reinvestments (every other
 * line is one to skip).
 */
const DIR = path.join(import.meta.dirname, 'fixtures', 'dividend-history');
const samples = readdirSync(DIR).filter((f) => f.endsWith('.csv')).sort();
const read = (file: string) => readFileSync(path.join(DIR, file), 'utf8');
const rowsOf = (text: string) => parseDividendHistoryCsv(text).rows.map((r) => [r.line, r.type, r.symbol, r.amount, r.units, r.price, r.date]);

describe('the samples: every line classified as written beside it', () => {
  it('covers the six brokers, each file with a README entry for its source', () => {
    const layouts = new Set(samples.map((f) => (JSON.parse(read(f.replace(/\.csv$/, '.expected.json'))) as { layout: string }).layout));
    expect([...layouts].sort()).toEqual(['etrade', 'fidelity', 'ibkr', 'robinhood', 'schwab', 'vanguard']);
    const readme = read('README.md');
    for (const file of samples) expect(readme, file).toContain(`\`${file}\``);
  });

  it.each(samples)('%s', (file) => {
    const expected = JSON.parse(read(file.replace(/\.csv$/, '.expected.json'))) as { layout: string; dividend: number[]; reinvestment: number[] };
    const { result, lines } = classifyDividendHistoryCsv(read(file));
    expect(result.layout).toBe(expected.layout);
    expect(result.errors).toEqual([]);
    const kinds = [...lines.entries()];
    expect(kinds.filter(([, k]) => k === 'dividend').map(([l]) => l)).toEqual(expected.dividend);
    expect(kinds.filter(([, k]) => k === 'reinvestment').map(([l]) => l)).toEqual(expected.reinvestment);
  });
});

describe('each layout', () => {
  it('Fidelity Account History: DIVIDEND RECEIVED (cash), REINVESTMENT (shares and price, the amount negative); buys, sells, transfers and the disclaimer skipped', () => {
    expect(rowsOf(read('fidelity-account-history.csv'))).toEqual([
      [4, 'REI', 'FDRXX', '-27.09', '27.09', '1', '2025-12-31'],
      [5, 'DIVIDEND', 'FDRXX', '27.09', null, null, '2025-12-31'],
      [7, 'REI', 'META', '-17.87', '0.027', '662.11', '2025-12-23'],
      [8, 'DIVIDEND', 'META', '17.87', null, null, '2025-12-23'],
    ]);
  });

  it('Schwab Transactions: Qualified Dividend, Reinvest Dividend (cash) and Reinvest Shares; "as of" dates; taxes and interest skipped', () => {
    expect(rowsOf(read('schwab-transactions.csv'))).toEqual([[4, 'DIVIDEND', 'MSFT', '25', null, null, '2025-12-10']]);
    const text = [
      '"Transactions  for account Individual ...123 as of 07/02/2026 17:02:11 ET"',
      '"Date","Action","Symbol","Description","Quantity","Price","Fees & Comm","Amount"',
      '"07/01/2026 as of 06/30/2026","Reinvest Dividend","MSTY","YIELDMAX MSTR","","","","$40.00"',
      '"07/01/2026","Reinvest Shares","MSTY","YIELDMAX MSTR","2.5","$16.00","","-$40.00"',
      '"06/30/2026","Cash Dividend","ULTY","YIELDMAX ULTRA","","","","$6.00"',
      '"06/30/2026","Non-Qualified Div Adj","ULTY","RECLASS","","","","-$1.00"',
      '"Transactions Total","","","","","","","$46.00"',
    ].join('\n');
    expect(rowsOf(text)).toEqual([
      [3, 'DIVIDEND', 'MSTY', '40', null, null, '2026-07-01'],
      [4, 'REI', 'MSTY', '-40', '2.5', '16', '2026-07-01'],
      [5, 'DIVIDEND', 'ULTY', '6', null, null, '2026-06-30'],
    ]);
  });

  it('Robinhood account activity: CDIV, and a Buy described as a dividend reinvestment; multi-line descriptions, ($…) negatives', () => {
    expect(rowsOf(read('robinhood-activity.csv'))).toEqual([[7, 'DIVIDEND', 'NVDA', '0.1', null, null, '2025-07-03']]);
    const text = [
      'Activity Date,Process Date,Settle Date,Instrument,Description,Trans Code,Quantity,Price,Amount',
      '2/17/2026,2/17/2026,2/18/2026,O,"Realty Income\nCUSIP: 756109104\nDividend Reinvestment",Buy,0.140069,$66.11,($9.26)',
      '2/13/2026,2/13/2026,2/13/2026,O,Cash Div: R/D 2026-01-30 P/D 2026-02-13,CDIV,,,$9.26',
      '2/11/2026,2/11/2026,2/11/2026,O,Foreign Tax Witholding at $0.01,DTAX,,,($0.01)',
    ].join('\n');
    expect(rowsOf(text)).toEqual([
      [4, 'REI', 'O', '-9.26', '0.140069', '66.11', '2026-02-17'],
      [5, 'DIVIDEND', 'O', '9.26', null, null, '2026-02-13'],
    ]);
  });

  it('E*TRADE: Dividend lines, those with shares and a negative amount being reinvestments; M/D/YY dates; the newer "All Transactions" header too', () => {
    expect(rowsOf(read('etrade-transactions.csv')).map((r) => [r[0], r[1], r[2], r[3], r[4], r[6]])).toEqual([
      [5, 'REI', 'JSPGX', '-81.33', '5.834', '2019-12-31'],
      [6, 'REI', 'JSPGX', '-18.95', '1.359', '2019-12-31'],
      [7, 'REI', 'BJBHX', '-5.8', '0.655', '2019-12-31'],
      [8, 'DIVIDEND', 'JSPGX', '18.95', null, '2019-12-31'],
      [9, 'DIVIDEND', 'BJBHX', '5.8', null, '2019-12-31'],
      [10, 'DIVIDEND', 'JSPGX', '81.33', null, '2019-12-31'],
    ]);
    const text = [
      'Activity/Trade Date,Transaction Date,Settlement Date,Activity Type,Description,Symbol,Cusip,Quantity #,Price $,Amount $,Commission,Category,Note',
      '01/16/26,01/16/26,01/16/26,Dividend,YIELDMAX MSTR OPTION INCOME,MSTY,88634T493,0,0,45.5,0,--,--',
      '01/16/26,01/16/26,01/16/26,Bought,YIELDMAX MSTR OPTION INCOME,MSTY,88634T493,3,15,-45,0,--,--',
    ].join('\n');
    expect(rowsOf(text)).toEqual([[2, 'DIVIDEND', 'MSTY', '45.5', null, null, '2026-01-16']]);
  });

  it('Vanguard OfxDownload: its transactions table (after the holdings): Dividend, Reinvestment; the account kept', () => {
    const { rows } = parseDividendHistoryCsv(read('vanguard-ofxdownload-transactions.csv'));
    expect(rows.map((r) => [r.line, r.type, r.symbol, r.amount, r.units, r.date, r.account])).toEqual([
      [7, 'DIVIDEND', 'VMFXX', '1492.03', null, '2026-04-30', '57821940'],
      [8, 'REI', 'VMFXX', '-1492.03', null, '2026-04-30', '57821940'],
    ]);
  });

  it('Interactive Brokers activity statement: its Dividends section, US dollars, the fund from the description; a reversal cancels its line; totals skipped', () => {
    expect(rowsOf(read('ibkr-activity-dividends.csv')).map((r) => [r[0], r[2], r[3], r[6]])).toEqual([
      [7, 'INTC', '6.5', '2016-06-01'],
      [8, 'JNJ', '8', '2016-06-07'],
      [9, 'GXC', '1.61', '2019-07-01'],
      [10, 'GXC', '2.42', '2019-07-01'],
      [11, 'BND', '1.66', '2019-08-01'],
    ]);
    const cad = 'Dividends,Header,Currency,Date,Description,Amount\nDividends,Data,CAD,2025-03-14,ZZQ(CA0000000011) Cash Dividend CAD 0.50 per Share,500.00\nDividends,Data,USD,2025-05-02,MSTY(US88634T4932) Cash Dividend USD 1.20 per Share,120\n';
    expect(rowsOf(cad).map((r) => [r[0], r[2]])).toEqual([[3, 'MSTY']]);
  });
});

describe('what cannot be read', () => {
  it('a file of no broker, an empty file, a file without dividends: a file error', () => {
    expect(parseDividendHistoryCsv('').fileError).toBe(dividendHistoryMessages.empty);
    expect(parseDividendHistoryCsv('ticker,shares\nMSTY,1\n').fileError).toBe(dividendHistoryMessages.noHeader);
    expect(parseDividendHistoryCsv('"Date","Action","Symbol","Description","Quantity","Price","Fees & Comm","Amount"\n"12/08/2025","Buy","AAPL","APPLE","1","$1","","-$1"\n').fileError).toBe(dividendHistoryMessages.noDividends);
  });

  it('a dividend line whose date or amount is not readable: an error naming its line; the others kept', () => {
    const text = [
      '"Date","Action","Symbol","Description","Quantity","Price","Fees & Comm","Amount"',
      '"13/45/2026","Cash Dividend","MSTY","X","","","","$1.00"',
      '"01/02/2026","Cash Dividend","MSTY","X","","","","lots"',
      '"01/02/2026","Cash Dividend","ULTY","X","","","",""',
      '"01/09/2026","Cash Dividend","MSTY","X","","","","$2.00"',
    ].join('\n');
    const result = parseDividendHistoryCsv(text);
    expect(result.errors).toEqual([
      { line: 2, message: 'Date: Must be a valid date' },
      { line: 3, message: 'Amount: Must be a number' },
      { line: 4, message: 'Amount: Must be a number' },
    ]);
    expect(result.rows.map((r) => [r.line, r.amount])).toEqual([[5, '2']]);
    expect(result.fileError).toBeNull();
  });
});

describe('dividendHistoryRecords', () => {
  it('gives each line an id from its content: the same file again gives the same ids, two equal lines two ids', () => {
    const text = read('etrade-transactions.csv');
    const { layout, rows } = parseDividendHistoryCsv(text);
    const first = dividendHistoryRecords(layout!, rows);
    expect(dividendHistoryRecords(layout!, parseDividendHistoryCsv(text).rows)).toEqual(first);
    expect(new Set(first.map((r) => r.id)).size).toBe(6);
    const twice = dividendHistoryRecords('schwab', [rows[3]!, rows[3]!]);
    expect(twice[0]!.id).not.toBe(twice[1]!.id);
    expect(first[3]).toEqual({ id: first[3]!.id, accountId: 'file:etrade', type: 'DIVIDEND', symbol: 'JSPGX', amount: '18.95', units: null, price: null, date: '2019-12-31', source: 'file' });
    expect(first[3]!.id).toMatch(/^file:[0-9a-f]{24}:1$/);
  });
});
