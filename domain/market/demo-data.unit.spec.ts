import { describe, expect, it } from 'vitest';
import { clearCaches } from '../caches/registry.ts';
import type { DataSource } from '../../events/catalog.ts';
import { dec } from './decimal.ts';
import { distributionsInUse, fundFiguresAreDemo, holdingFiguresAreDemo, projectionIsDemo, type SourcedBar, type SourcedDistribution } from './demo-data.ts';

const TODAY = '2026-01-23'; // a Friday; the one-year window starts at the last bar before 2025-01-23
const b = (date: string, source: DataSource = 'csv', close = '10'): SourcedBar => ({ date, close, source });
const d = (exDate: string, source: DataSource = 'csv', payDate: string | null = null): SourcedDistribution => ({ exDate, payDate, amount: '0.1', source });

describe('distributionsInUse', () => {
  it('every one from the window start (future ones too) and the last eight paid ones, whatever their age', () => {
    const old = ['2023-01-03', '2023-01-10', '2023-01-17', '2023-01-24', '2023-01-31', '2023-02-07', '2023-02-14', '2023-02-21', '2023-02-28'];
    const list = [...old.map((x) => d(x)), d('2025-06-03'), d('2026-01-27')];
    // 2025-06-03 and 2026-01-27 are on or after the window start; the last eight paid are 2023-01-17 .. 2025-06-03.
    expect(distributionsInUse(list, TODAY, '2025-01-17').map((x) => x.exDate)).toEqual([...old.slice(2), '2025-06-03', '2026-01-27']);
  });
});

describe('fundFiguresAreDemo', () => {
  // Window start 2025-01-24 (the first bar on or after 2025-01-23), price 01-23 close, previous close 01-22.
  const bars = [b('2024-06-03'), b('2025-01-24'), b('2025-06-02'), b('2025-06-03'), b('2026-01-22'), b('2026-01-23')];
  const real = { today: TODAY, windowStart: '2025-01-24', bars, quote: null, distributions: [d('2025-06-03'), d('2026-01-20')] };
  const withDemo = (date: string) => ({ ...real, bars: bars.map((x) => (x.date === date ? b(date, 'demo') : x)) });

  it('false when every bar, quote and distribution the figures use is real, whatever other data is', () => {
    expect(fundFiguresAreDemo(real)).toBe(false);
    expect(fundFiguresAreDemo(withDemo('2024-06-03'))).toBe(false); // before the window
    expect(fundFiguresAreDemo(withDemo('2025-06-02'))).toBe(false); // in the window, in no figure
  });

  it('true for the closes the figures use: price, previous close, window start, a DRIP reinvestment', () => {
    expect(fundFiguresAreDemo(withDemo('2026-01-23'))).toBe(true);
    expect(fundFiguresAreDemo(withDemo('2026-01-22'))).toBe(true);
    expect(fundFiguresAreDemo(withDemo('2025-01-24'))).toBe(true);
    expect(fundFiguresAreDemo(withDemo('2025-06-03'))).toBe(true); // the 2025-06-03 payout is reinvested at it
    // the 2026-01-20 payout is reinvested at the last close on or before it: 2025-06-03 too
  });

  it('the quote counts only when it is the current price', () => {
    const demoQuote = { price: '10.2', quotedAt: '2026-01-23T15:30:00.000Z', source: 'demo' as const };
    expect(fundFiguresAreDemo({ ...real, bars: bars.slice(0, -1), quote: demoQuote })).toBe(true); // newer than the last bar (01-22)
    expect(fundFiguresAreDemo({ ...real, quote: demoQuote })).toBe(false); // same session as the 01-23 close: the close is the price
  });

  it('a demo distribution in the window, or among the last eight paid, or declared for later', () => {
    expect(fundFiguresAreDemo({ ...real, distributions: [d('2025-03-04', 'demo'), d('2026-01-20')] })).toBe(true);
    expect(fundFiguresAreDemo({ ...real, distributions: [d('2026-01-20'), d('2026-01-27', 'demo')] })).toBe(true);
    expect(fundFiguresAreDemo({ ...real, distributions: [d('2023-03-07', 'demo'), d('2026-01-20')] })).toBe(true); // one of the last eight
    const nine = ['2025-11-18', '2025-11-25', '2025-12-02', '2025-12-09', '2025-12-16', '2025-12-23', '2025-12-30', '2026-01-06', '2026-01-13'].map((x) => d(x));
    expect(fundFiguresAreDemo({ ...real, distributions: [d('2023-03-07', 'demo'), ...nine] })).toBe(false); // older than the window and the last eight
  });
});

describe('projectionIsDemo', () => {
  it('the last eight distributions or the latest with a pay date', () => {
    const eight = ['2025-12-02', '2025-12-09', '2025-12-16', '2025-12-23', '2025-12-30', '2026-01-06', '2026-01-13', '2026-01-20'].map((x) => d(x));
    expect(projectionIsDemo([d('2025-11-25', 'demo'), ...eight])).toBe(false);
    expect(projectionIsDemo([...eight.slice(0, -1), d('2026-01-20', 'demo')])).toBe(true);
    expect(projectionIsDemo([d('2025-11-25', 'demo', '2025-11-26'), ...eight])).toBe(true); // the pay lag comes from it
  });
});

describe('holdingFiguresAreDemo', () => {
  const bars = [b('2026-01-12'), b('2026-01-14', 'demo'), b('2026-01-15'), b('2026-01-23')];
  const distributions = [d('2026-01-13', 'csv', '2026-01-14'), d('2026-01-20', 'csv', '2026-01-21')];
  const base = { today: TODAY, bars, quote: null, distributions };

  it('the close a payout was reinvested at', () => {
    const cash = [
      { exDate: '2026-01-13', payDate: '2026-01-14', reinvestPrice: null },
      { exDate: '2026-01-20', payDate: '2026-01-21', reinvestPrice: null },
    ];
    expect(holdingFiguresAreDemo({ ...base, payments: cash })).toBe(false); // kept as cash
    // reinvested on 01-14 at the 01-14 close (demo)
    expect(holdingFiguresAreDemo({ ...base, payments: [{ exDate: '2026-01-13', payDate: '2026-01-14', reinvestPrice: dec('10.5') }] })).toBe(true);
  });

  it('the current price and the payouts received', () => {
    expect(holdingFiguresAreDemo({ ...base, bars: [...bars.slice(0, 3), b('2026-01-23', 'demo')], payments: [] })).toBe(true);
    expect(holdingFiguresAreDemo({ ...base, distributions: [d('2026-01-13', 'demo', '2026-01-14'), ...distributions.slice(1)], payments: [{ exDate: '2026-01-13', payDate: '2026-01-14', reinvestPrice: null }] })).toBe(true);
  });

  // The indexes by date and by ex-date are kept for frozen arrays (the cache `demo-label-indexes`).
  it('indexes a new frozen array afresh, even with the same dates as one indexed before', async () => {
    const demoClose = Object.freeze([...bars.slice(0, 3), b('2026-01-23', 'demo')]);
    const realClose = Object.freeze([...bars.slice(0, 3), b('2026-01-23')]);
    expect(holdingFiguresAreDemo({ ...base, bars: demoClose, payments: [] })).toBe(true);
    expect(holdingFiguresAreDemo({ ...base, bars: realClose, payments: [] })).toBe(false);
    expect(holdingFiguresAreDemo({ ...base, bars: demoClose, payments: [] })).toBe(true);

    const received = [{ exDate: '2026-01-13', payDate: '2026-01-14', reinvestPrice: null }];
    const demoPayout = Object.freeze([d('2026-01-13', 'demo', '2026-01-14'), ...distributions.slice(1)]);
    const realPayout = Object.freeze([d('2026-01-13', 'csv', '2026-01-14'), ...distributions.slice(1)]);
    expect(holdingFiguresAreDemo({ ...base, bars: realClose, distributions: demoPayout, payments: received })).toBe(true);
    expect(holdingFiguresAreDemo({ ...base, bars: realClose, distributions: realPayout, payments: received })).toBe(false);

    // emptied by the owner's clear-cache: the same answers
    expect((await clearCaches()).cleared).toContain('demo-label-indexes');
    expect(holdingFiguresAreDemo({ ...base, bars: demoClose, payments: [] })).toBe(true);
    expect(holdingFiguresAreDemo({ ...base, bars: realClose, distributions: demoPayout, payments: received })).toBe(true);
  });

  it('does not keep the index of an array that is not frozen (it may change)', () => {
    const changing = [...bars.slice(0, 3), b('2026-01-23')];
    expect(holdingFiguresAreDemo({ ...base, bars: changing, payments: [] })).toBe(false);
    changing[3] = b('2026-01-23', 'demo');
    expect(holdingFiguresAreDemo({ ...base, bars: changing, payments: [] })).toBe(true);
  });
});
