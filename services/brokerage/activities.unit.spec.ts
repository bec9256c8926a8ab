import { describe, expect, it } from 'vitest';
import { dividendRecordsOf } from './activities.ts';

const report = { id: 'a', type: 'DIVIDEND' as const, symbol: ' rcvw ', amount: '40.000', units: null, price: null, tradeDate: '2026-01-14T00:00:00.000Z', settlementDate: '2026-01-16T00:00:00.000Z' };

describe('dividendRecordsOf', () => {
  it('keeps the date part of the trade date, else of the settlement date; symbols upper case; decimals canonical', () => {
    expect(dividendRecordsOf('acc-1', [report, { ...report, id: 'b', tradeDate: null }, { ...report, id: 'c', tradeDate: 'garbage' }])).toEqual([
      { id: 'a', accountId: 'acc-1', type: 'DIVIDEND', symbol: 'RCVW', amount: '40', units: null, price: null, date: '2026-01-14' },
      { id: 'b', accountId: 'acc-1', type: 'DIVIDEND', symbol: 'RCVW', amount: '40', units: null, price: null, date: '2026-01-16' },
      { id: 'c', accountId: 'acc-1', type: 'DIVIDEND', symbol: 'RCVW', amount: '40', units: null, price: null, date: '2026-01-16' },
    ]);
  });

  it("a reinvestment's shares and price; zero or negative ones are none; no date, symbol or amount: left out", () => {
    expect(dividendRecordsOf('acc-1', [{ ...report, type: 'REI', amount: '-40', units: '2.5', price: '16' }])[0]).toMatchObject({ amount: '-40', units: '2.5', price: '16' });
    expect(dividendRecordsOf('acc-1', [{ ...report, units: '0', price: '-1' }])[0]).toMatchObject({ units: null, price: null });
    expect(dividendRecordsOf('acc-1', [{ ...report, tradeDate: null, settlementDate: null }, { ...report, symbol: '  ' }, { ...report, amount: 'n/a' }])).toEqual([]);
  });
});
