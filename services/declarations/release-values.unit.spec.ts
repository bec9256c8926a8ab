import { describe, expect, it } from 'vitest';
import {
  classifyHeader, labelledDates, readAmount, readDate, readFrequency, readName, readPercent, readTicker, tickersInParentheses,
} from './release-values.ts';

const value = <T>(v: T) => ({ kind: 'value', value: v });
const dash = { kind: 'missing', dash: true };
const empty = { kind: 'missing', dash: false };
const unreadable = { kind: 'unreadable' };

describe('column headers, by meaning', () => {
  it.each([
    ['ETF Ticker1', 'ticker'], ['ETF Ticker', 'ticker'], ['Ticker', 'ticker'], ['Symbol', 'ticker'],
    ['ETF Name', 'name'], ['Fund Name', 'name'], ['YieldBOOST ETF Name', 'name'], ['Fund', 'name'],
    ['Distribution Frequency', 'frequency'], ['Distribution Frequency15', 'frequency'],
    ['Distribution per Share', 'amount'], ['Distribution per share', 'amount'], ['Distribution\nPer Share', 'amount'],
    ['Amount', 'amount'], ['Income Distribution per Share', 'amount'], ['Regular Distribution per Share', 'amount'],
    ['Special Distribution per Share', 'amountSpecial'], ['Short-Term Capital Gain per Share', 'amountCapitalGain'],
    ['Distribution Rate2,4', 'statedRate'], ['Distribution Rate(**)', 'statedRate'], ['Distribution Yield**', 'statedRate'],
    ['30-Day SEC Yield3', 'secYield'], ['30-Day\nSEC Yield', 'secYield'], ['Subsidized 30-Day SEC Yield15', 'secYield'],
    ['Unsubsidized 30-Day SEC Yield15', 'ignored'], ['ROC5', 'roc'], ['Return of Capital (ROC)', 'roc'],
    ['Ex-Date', 'exDate'], ['Ex Date', 'exDate'], ['Ex-Dividend Date', 'exDate'],
    ['Ex-Date & Record Date', 'exAndRecord'], ['Ex. & Record Date', 'exAndRecord'], ['Ex-Date & Record Date*', 'exAndRecord'],
    ['Record Date', 'recordDate'], ['Payment Date', 'payDate'], ['Pay Date', 'payDate'], ['Payable Date', 'payDate'],
    ['Distribution Per Share (%)*', 'ignored'], ['Reference Asset', 'ignored'], ['Fund NAV', 'ignored'],
    ['Expense Ratio', 'ignored'], ['Declaration Date', 'ignored'], ['Payout', 'unknown'],
  ])('%j is %s', (header, kind) => {
    expect(classifyHeader(header)).toBe(kind);
  });
});

describe('dates', () => {
  it('reads the forms the issuers write, month first', () => {
    for (const text of ['10/15/25', '10/15/2025', '2025-10-15', 'October 15, 2025', 'Oct. 15, 2025', 'Oct 15 2025', 'October 15th, 2025', '15-Oct-2025', '15 October 2025', 'Wednesday, October 15, 2025', '10/15/25*', '10.15.25']) {
      expect(readDate(text, null), text).toEqual(value('2025-10-15'));
    }
    expect(readDate('Sept. 18, 2024', null)).toEqual(value('2024-09-18'));
    expect(readDate('9/2/2025', null)).toEqual(value('2025-09-02'));
  });

  it('never turns a day-first or impossible date into one', () => {
    for (const text of ['15/10/2025', '2/30/26', 'February 30, 2026', '13/01/25', 'Octember 15, 2025', '10/15', 'October 15', '10/15/25 or 10/16/25', '1/1/1999', 'soon']) {
      expect(readDate(text, null), text).toEqual(unreadable);
    }
  });

  it('gives a year-less date the year that puts it closest to the publication', () => {
    expect(readDate('October 15', '2025-10-14')).toEqual(value('2025-10-15'));
    expect(readDate('January 2', '2025-12-30')).toEqual(value('2026-01-02'));
    expect(readDate('12/31', '2026-01-02')).toEqual(value('2025-12-31'));
  });

  it('says when there is no date ("--", "TBD", an empty cell)', () => {
    expect(readDate('--', null)).toEqual(dash);
    expect(readDate('TBD', null)).toEqual(dash);
    expect(readDate('  ', null)).toEqual(empty);
  });

  it('finds labelled dates in a line, several in one line, ordinals and weekdays aside', () => {
    expect(labelledDates('Ex. & Record Date: October 15, 2025', null)).toEqual([{ label: 'exAndRecord', date: '2025-10-15', text: 'October 15, 2025' }]);
    expect(labelledDates('Ex. & Record Date: October 15, 2025 Payment Date: October 16th, 2025', null).map((d) => [d.label, d.date])).toEqual([
      ['exAndRecord', '2025-10-15'], ['pay', '2025-10-16'],
    ]);
    expect(labelledDates('Ex-Date: Tuesday, September 2nd, 2025', null).map((d) => d.date)).toEqual(['2025-09-02']);
    expect(labelledDates('Record Date: 9/3/25; Payable Date: 9/4/25', null).map((d) => [d.label, d.date])).toEqual([['record', '2025-09-03'], ['pay', '2025-09-04']]);
    expect(labelledDates('Payment Date: TBD', null)).toEqual([{ label: 'pay', date: null, text: 'TBD' }]);
    // a sentence that names the dates without stating one
    expect(labelledDates('This change makes the Ex-Date fall on the same day as the Record Date.', null)).toEqual([]);
    expect(labelledDates('Distribution as of 9/18/2024', null)).toEqual([]);
  });
});

describe('amounts and percents', () => {
  it('reads cash per share as canonical decimal text', () => {
    expect(readAmount('$0.0908')).toEqual(value('0.0908'));
    expect(readAmount('$ 0.51300')).toEqual(value('0.513'));
    expect(readAmount('0.6516')).toEqual(value('0.6516'));
    expect(readAmount('$0.0000')).toEqual(value('0'));
    expect(readAmount('$.25')).toEqual(value('0.25'));
    expect(readAmount('$4.125000')).toEqual(value('4.125'));
  });

  it('tells a missing amount from an unreadable one', () => {
    expect(readAmount('--')).toEqual(dash);
    expect(readAmount('-')).toEqual(dash);
    expect(readAmount('—')).toEqual(dash);
    expect(readAmount('')).toEqual(empty);
    for (const text of ['$0.2O19', '0.49%', '-$0.10', '$1,250.00', '$0.123456789', 'Weekly', '$', '1/2']) expect(readAmount(text), text).toEqual(unreadable);
  });

  it('keeps a percent as stated, sign included', () => {
    expect(readPercent('87.10%')).toEqual(value('87.10'));
    expect(readPercent('100.04 %')).toEqual(value('100.04'));
    expect(readPercent('-6.10%')).toEqual(value('-6.10'));
    expect(readPercent('−0.46%')).toEqual(value('-0.46'));
    expect(readPercent('38.78')).toEqual(value('38.78'));
    expect(readPercent('n/a')).toEqual(dash);
    expect(readPercent('N/A')).toEqual(dash);
    expect(readPercent('about 5%')).toEqual(unreadable);
  });
});

describe('tickers, names, frequencies', () => {
  it('drops footnote marks and digits glued to a ticker', () => {
    expect(readTicker('ULTY4')).toBe('ULTY');
    expect(readTicker('YMAX1,2')).toBe('YMAX');
    expect(readTicker('SDTY*')).toBe('SDTY');
    expect(readTicker('ULTY⁴')).toBe('ULTY');
    expect(readTicker('$TSYY')).toBe('TSYY');
    expect(readTicker('NYSE: XPAY')).toBe('XPAY');
    expect(readTicker('\u202eULTY')).toBe('ULTY');
    for (const text of ['Ultra ETF', 'ulty', '', 'ETF', 'ROC', 'TOOLONGX', '12']) expect(readTicker(text), text).toBeNull();
  });

  it('finds the one fund a paragraph names in parentheses', () => {
    expect(tickersInParentheses('the Roundhill S&P 500® Target 20 Managed Distribution ETF (XPAY).')).toEqual(['XPAY']);
    expect(tickersInParentheses('Income ETF (NASDAQ: FEPI) and (GLOBE NEWSWIRE) and (ETF) and (87.10%)')).toEqual(['FEPI']);
  });

  it('keeps a name as printed, without a footnote digit after "ETF"', () => {
    expect(readName('YieldMax™ Ultra Option Income Strategy ETF4')).toBe('YieldMax™ Ultra Option Income Strategy ETF');
    expect(readName('YieldMax Dorsey Wright Hybrid 5 Income ETF')).toBe('YieldMax Dorsey Wright Hybrid 5 Income ETF');
    expect(readName('--')).toBeNull();
  });

  it('reads the frequencies the app tracks, nothing else', () => {
    expect(readFrequency('Weekly')).toBe('weekly');
    expect(readFrequency('Every 4 weeks')).toBe('four-weekly');
    expect(readFrequency('Monthly')).toBe('monthly');
    expect(readFrequency('Twice Weekly')).toBe('twice-weekly');
    expect(readFrequency('Quarterly')).toBeNull();
    expect(readFrequency('Bi-weekly')).toBeNull();
  });
});
