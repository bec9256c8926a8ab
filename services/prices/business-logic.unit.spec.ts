import { describe, expect, it } from 'vitest';
import type { PriceEvent } from '../../events/prices.ts';
import type { CommandContext } from '../core/decider.ts';
import { AppError } from '../core/errors.ts';
import { deciderSpec } from '../testing/decider-spec.ts';
import { barsByYear, priceStreamOf, priceYearDecider, recordBarsCommands, recordQuoteCommand } from './business-logic.ts';

const etfId = '0b6f3a8e-3c1d-4f7a-9d2e-1a2b3c4d5e6f';
const ctx: CommandContext = { actor: 'job:update-prices', correlationId: 'c1', now: '2025-06-27T21:00:00.000Z' };

const given = deciderSpec(priceYearDecider, ctx);

const bar = (date: string, close: string, volume = 1000) => ({ date, open: close, high: close, low: close, close, volume });
const recorded = (date: string, close: string, volume = 1000): PriceEvent => ({
  type: 'PriceBarRecorded',
  data: { etfId, date, open: close, high: close, low: close, close, volume, source: 'alpaca' },
});

describe('prices-<etfId>_<year>: syncing daily bars', () => {
  it('records bars seen for the first time, in date order', () => {
    given([]).when({ type: 'RecordPriceBars', etfId, year: 2025, source: 'alpaca', bars: [bar('2025-06-27', '15.30'), bar('2025-06-26', '15')] }).then([
      recorded('2025-06-26', '15'),
      recorded('2025-06-27', '15.3'),
    ]);
  });
  it('appends nothing when the same bars come again (equal values, any notation)', () => {
    const history = [recorded('2025-06-26', '15'), recorded('2025-06-27', '15.3')];
    given(history).when({ type: 'RecordPriceBars', etfId, year: 2025, source: 'alpaca', bars: [bar('2025-06-26', '15.00'), { ...bar('2025-06-27', '15.3'), close: 15.3 }] }).then([]);
  });
  it('revises a bar whose values changed, and records only the new ones', () => {
    const history = [recorded('2025-06-26', '15')];
    given(history).when({ type: 'RecordPriceBars', etfId, year: 2025, source: 'csv', bars: [bar('2025-06-26', '15.05'), bar('2025-06-27', '15.3')] }).then([
      { type: 'PriceBarRevised', data: { etfId, date: '2025-06-26', open: '15.05', high: '15.05', low: '15.05', close: '15.05', volume: 1000, source: 'csv' } },
      { type: 'PriceBarRecorded', data: { etfId, date: '2025-06-27', open: '15.3', high: '15.3', low: '15.3', close: '15.3', volume: 1000, source: 'csv' } },
    ]);
  });
  it('a changed volume alone is a revision too', () => {
    expect(given([recorded('2025-06-26', '15')]).when({ type: 'RecordPriceBars', etfId, year: 2025, source: 'alpaca', bars: [bar('2025-06-26', '15', 2000)] }).events()).toHaveLength(1);
  });
  it('refuses bars of another year, non-positive prices and conflicting duplicates', () => {
    given([]).when({ type: 'RecordPriceBars', etfId, year: 2025, source: 'alpaca', bars: [bar('2024-12-31', '15')] }).thenThrows(AppError);
    given([]).when({ type: 'RecordPriceBars', etfId, year: 2025, source: 'alpaca', bars: [bar('2025-01-02', '0')] }).thenThrows(/positive price/);
    given([]).when({ type: 'RecordPriceBars', etfId, year: 2025, source: 'alpaca', bars: [bar('2025-01-02', '1'), bar('2025-01-02', '2')] }).thenThrows(/two different bars/);
  });
  it('refuses data of another fund on this stream', () => {
    given([recorded('2025-06-26', '15')]).when({ type: 'RecordPriceBars', etfId: '1b6f3a8e-3c1d-4f7a-9d2e-1a2b3c4d5e6f', year: 2025, source: 'alpaca', bars: [] }).thenThrows(AppError);
  });
});

describe('prices-<etfId>_<year>: the owner\'s data wins over a provider\'s (docs/data-operations.md, "Precedence")', () => {
  const owned = (date: string, close: string, source: 'csv' | 'manual' = 'csv'): PriceEvent => ({
    type: 'PriceBarRecorded',
    data: { etfId, date, open: close, high: close, low: close, close, volume: 1000, source },
  });
  it.each(['demo', 'alpaca'] as const)('a %s sync never revises a bar the owner imported or edited, and fills only the dates the owner did not load', (source) => {
    const history = [owned('2025-06-25', '10'), owned('2025-06-26', '10', 'manual')];
    given(history).when({ type: 'RecordPriceBars', etfId, year: 2025, source, bars: [bar('2025-06-25', '11.58'), bar('2025-06-26', '8.64'), bar('2025-06-27', '10.02')] }).then([
      { type: 'PriceBarRecorded', data: { etfId, date: '2025-06-27', open: '10.02', high: '10.02', low: '10.02', close: '10.02', volume: 1000, source } },
    ]);
  });
  it('the owner\'s import still revises a provider\'s bar and the owner\'s own', () => {
    const history = [recorded('2025-06-25', '15'), owned('2025-06-26', '10')];
    expect(given(history).when({ type: 'RecordPriceBars', etfId, year: 2025, source: 'csv', bars: [bar('2025-06-25', '15.1'), bar('2025-06-26', '10.1')] }).events()).toMatchObject([
      { type: 'PriceBarRevised', data: { date: '2025-06-25', close: '15.1', source: 'csv' } },
      { type: 'PriceBarRevised', data: { date: '2025-06-26', close: '10.1', source: 'csv' } },
    ]);
  });
});

describe('prices-<etfId>_<year>: intraday quotes', () => {
  const quoted: PriceEvent = { type: 'PriceQuoted', data: { etfId, price: '15.1', quotedAt: '2025-06-27T17:00:00.000Z', source: 'alpaca' } };
  it('records a newer quote', () => {
    given([quoted]).when({ type: 'RecordPriceQuote', etfId, year: 2025, price: 15.2, quotedAt: '2025-06-27T18:00:00Z', source: 'alpaca' }).then([
      { type: 'PriceQuoted', data: { etfId, price: '15.2', quotedAt: '2025-06-27T18:00:00.000Z', source: 'alpaca' } },
    ]);
  });
  it('ignores the same or an older quote', () => {
    given([quoted]).when({ type: 'RecordPriceQuote', etfId, year: 2025, price: '15.1', quotedAt: '2025-06-27T17:00:00Z', source: 'alpaca' }).then([]);
    given([quoted]).when({ type: 'RecordPriceQuote', etfId, year: 2025, price: '15.4', quotedAt: '2025-06-27T16:00:00Z', source: 'alpaca' }).then([]);
  });
  it('files a quote under its New York year (00:30 UTC on Jan 1 is still Dec 31 in New York)', () => {
    given([]).when({ type: 'RecordPriceQuote', etfId, year: 2026, price: '15', quotedAt: '2026-01-01T00:30:00Z', source: 'alpaca' }).thenThrows(AppError);
    expect(given([]).when({ type: 'RecordPriceQuote', etfId, year: 2025, price: '15', quotedAt: '2026-01-01T00:30:00Z', source: 'alpaca' }).events()).toHaveLength(1);
  });
});

describe('price stream helpers', () => {
  it('names the yearly stream and splits a batch by year', () => {
    expect(priceStreamOf(etfId, '2025-06-27')).toBe(`prices-${etfId}_2025`);
    expect([...barsByYear([bar('2024-12-31', '1'), bar('2025-01-02', '1'), bar('2025-01-03', '1')]).entries()].map(([y, b]) => [y, b.length])).toEqual([
      [2024, 1],
      [2025, 2],
    ]);
  });
  it('plans one command per yearly stream', () => {
    const plan = recordBarsCommands(etfId, [bar('2025-01-02', '1'), bar('2024-12-31', '1')], 'demo');
    expect(plan.map((p) => [p.stream, p.command.year, p.command.bars.length])).toEqual([
      [`prices-${etfId}_2024`, 2024, 1],
      [`prices-${etfId}_2025`, 2025, 1],
    ]);
    expect(recordQuoteCommand(etfId, '15', '2026-01-01T00:30:00Z', 'alpaca')).toMatchObject({ stream: `prices-${etfId}_2025`, command: { year: 2025 } });
  });
});
