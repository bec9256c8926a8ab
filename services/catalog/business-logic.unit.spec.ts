import { describe, expect, it } from 'vitest';
import type { CatalogEvent } from '../../events/catalog.ts';
import { fold, type CommandContext } from '../core/decider.ts';
import { deciderSpec } from '../testing/decider-spec.ts';
import { etfInputSchema } from '../../contracts/catalog.ts';
import { etfDecider, tickerDecider } from './business-logic.ts';

const etfId = '0b6f3a8e-3c1d-4f7a-9d2e-1a2b3c4d5e6f';
const otherId = '1b6f3a8e-3c1d-4f7a-9d2e-1a2b3c4d5e6f';
const ctx: CommandContext = { actor: 'user:owner', correlationId: 'c1', now: '2025-06-27T15:00:00.000Z' };
const givenEtf = deciderSpec(etfDecider, ctx);
const givenTicker = deciderSpec(tickerDecider, ctx);

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
    givenEtf([]).when({ type: 'ListEtf', etfId, dataSource: 'manual', ...input }).then([listed]);
  });
  it('refuses to list it twice', () => {
    givenEtf([listed]).when({ type: 'ListEtf', etfId, dataSource: 'manual', ...input }).thenThrows({ status: 409 });
  });
  it('changes only what differs', () => {
    givenEtf([listed]).when({ type: 'ChangeEtfDetails', etfId, changes: { name: 'Roundhill NVDA WeeklyPay ETF', description: 'Weekly pay on NVDA' } }).then([
      { type: 'EtfDetailsChanged', data: { etfId, description: 'Weekly pay on NVDA', changedAt: ctx.now } },
    ]);
    givenEtf([listed]).when({ type: 'ChangeEtfDetails', etfId, changes: { brand: 'Roundhill' } }).then([]);
  });
  it('folds changes into the state', () => {
    const state = fold(etfDecider, [listed, { type: 'EtfDetailsChanged', data: { etfId, underlying: 'NVDA', changedAt: ctx.now } }]);
    expect(state).toMatchObject({ listed: true, ticker: 'NVDW', underlying: 'NVDA' });
  });
  it('answers 404 for an unknown fund', () => {
    givenEtf([]).when({ type: 'ChangeEtfDetails', etfId, changes: { name: 'x' } }).thenThrows({ status: 404 });
  });
});

describe('catalog-<TICKER> reservations', () => {
  const reserved: CatalogEvent = { type: 'TickerReserved', data: { ticker: 'NVDW', etfId, reservedAt: ctx.now } };
  const released: CatalogEvent = { type: 'TickerReleased', data: { ticker: 'NVDW', etfId, releasedAt: ctx.now } };
  it('reserves a free ticker', () => {
    givenTicker([]).when({ type: 'ReserveTicker', ticker: 'nvdw', etfId }).then([reserved]);
  });
  it('a duplicate ticker is a 409 with a clear message', () => {
    givenTicker([reserved]).when({ type: 'ReserveTicker', ticker: 'NVDW', etfId: otherId }).thenThrows('Ticker NVDW already exists');
  });
  it('re-reserving for the same fund is a no-op', () => {
    givenTicker([reserved]).when({ type: 'ReserveTicker', ticker: 'NVDW', etfId }).then([]);
  });
  it('a released ticker can be taken by another fund', () => {
    expect(givenTicker([reserved, released]).when({ type: 'ReserveTicker', ticker: 'NVDW', etfId: otherId }).events()).toMatchObject([{ type: 'TickerReserved', data: { etfId: otherId } }]);
  });
  it('only the holder releases', () => {
    givenTicker([reserved]).when({ type: 'ReleaseTicker', ticker: 'NVDW', etfId: otherId }).then([]);
    givenTicker([reserved]).when({ type: 'ReleaseTicker', ticker: 'NVDW', etfId }).then([released]);
  });
});
