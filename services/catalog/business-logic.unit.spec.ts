import { describe, expect, it } from 'vitest';
import type { CatalogEvent } from '../../events/catalog.ts';
import { registry } from '../../events/registry.ts';
import { fold } from '../core/decider.ts';
import type { CommandContext } from '../core/event-log.ts';
import { etfDecider, etfInputSchema, tickerDecider, type EtfCommand, type TickerCommand } from './business-logic.ts';

const etfId = '0b6f3a8e-3c1d-4f7a-9d2e-1a2b3c4d5e6f';
const otherId = '1b6f3a8e-3c1d-4f7a-9d2e-1a2b3c4d5e6f';
const ctx: CommandContext = { actor: 'user:owner', correlationId: 'c1', now: '2025-06-27T15:00:00.000Z' };
const check = (events: CatalogEvent[]) => {
  for (const e of events) registry.encode(e, { actor: 'test', correlationId: 'c' });
  return events;
};
const whenEtf = (given: CatalogEvent[], c: EtfCommand) => check(etfDecider.decide(c, fold(etfDecider, given), ctx));
const whenTicker = (given: CatalogEvent[], c: TickerCommand) => check(tickerDecider.decide(c, fold(tickerDecider, given), ctx));

const input = etfInputSchema.parse({ ticker: ' nvdw ', name: 'Roundhill NVDA WeeklyPay ETF', brand: 'Roundhill' });
const listed: CatalogEvent = {
  type: 'EtfListed',
  data: { etfId, ...input, dataSource: 'manual', listedAt: ctx.now },
};

describe('the owner ETF form', () => {
  it('uppercases and trims the ticker; brand and description default to empty', () => {
    expect(input).toEqual({ ticker: 'NVDW', name: 'Roundhill NVDA WeeklyPay ETF', brand: 'Roundhill', description: '', frequency: 'weekly', underlying: null, inceptionDate: null });
  });
  it('requires ticker and name', () => {
    const r = etfInputSchema.safeParse({ brand: 'X' });
    expect(r.success).toBe(false);
    expect(r.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['ticker', 'Ticker is required'],
      ['name', 'Name is required'],
    ]);
    expect(etfInputSchema.safeParse({ ticker: '  ', name: 'x' }).error!.issues[0]!.message).toBe('Ticker is required');
  });
});

describe('etf-<etfId>', () => {
  it('lists a fund', () => {
    expect(whenEtf([], { type: 'ListEtf', etfId, dataSource: 'manual', ...input })).toEqual([listed]);
  });
  it('refuses to list it twice', () => {
    expect(() => whenEtf([listed], { type: 'ListEtf', etfId, dataSource: 'manual', ...input })).toThrow(expect.objectContaining({ status: 409 }));
  });
  it('changes only what differs', () => {
    expect(whenEtf([listed], { type: 'ChangeEtfDetails', etfId, changes: { name: 'Roundhill NVDA WeeklyPay ETF', description: 'Weekly pay on NVDA' } })).toEqual([
      { type: 'EtfDetailsChanged', data: { etfId, description: 'Weekly pay on NVDA', changedAt: ctx.now } },
    ]);
    expect(whenEtf([listed], { type: 'ChangeEtfDetails', etfId, changes: { brand: 'Roundhill' } })).toEqual([]);
  });
  it('folds changes into the state', () => {
    const state = fold(etfDecider, [listed, { type: 'EtfDetailsChanged', data: { etfId, underlying: 'NVDA', changedAt: ctx.now } }]);
    expect(state).toMatchObject({ listed: true, ticker: 'NVDW', underlying: 'NVDA' });
  });
  it('answers 404 for an unknown fund', () => {
    expect(() => whenEtf([], { type: 'ChangeEtfDetails', etfId, changes: { name: 'x' } })).toThrow(expect.objectContaining({ status: 404 }));
  });
});

describe('catalog-<TICKER> reservations', () => {
  const reserved: CatalogEvent = { type: 'TickerReserved', data: { ticker: 'NVDW', etfId, reservedAt: ctx.now } };
  const released: CatalogEvent = { type: 'TickerReleased', data: { ticker: 'NVDW', etfId, releasedAt: ctx.now } };
  it('reserves a free ticker', () => {
    expect(whenTicker([], { type: 'ReserveTicker', ticker: 'nvdw', etfId })).toEqual([reserved]);
  });
  it('a duplicate ticker is a 409 with a clear message', () => {
    expect(() => whenTicker([reserved], { type: 'ReserveTicker', ticker: 'NVDW', etfId: otherId })).toThrow('Ticker NVDW already exists');
  });
  it('re-reserving for the same fund is a no-op', () => {
    expect(whenTicker([reserved], { type: 'ReserveTicker', ticker: 'NVDW', etfId })).toEqual([]);
  });
  it('a released ticker can be taken by another fund', () => {
    expect(whenTicker([reserved, released], { type: 'ReserveTicker', ticker: 'NVDW', etfId: otherId })).toMatchObject([{ type: 'TickerReserved', data: { etfId: otherId } }]);
  });
  it('only the holder releases', () => {
    expect(whenTicker([reserved], { type: 'ReleaseTicker', ticker: 'NVDW', etfId: otherId })).toEqual([]);
    expect(whenTicker([reserved], { type: 'ReleaseTicker', ticker: 'NVDW', etfId })).toEqual([released]);
  });
});
