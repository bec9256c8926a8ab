import type { PayoutFrequency } from '../../events/catalog.ts';
import { distributionIdOf, type DistributionKind } from '../../events/dividends.ts';
import { streams } from '../../events/streams.ts';
import type { EventLog } from '../../services/core/event-log.ts';
import { yearOf } from '../../domain/market/trading-days.ts';
import type { GivenEvent } from '../runtime/projection-testing.ts';

/**
 * Small, hand-checkable market fixtures for the market read-model and API specs: domain events with
 * their streams, usable with `recorded()` (projection specs) or appended to a real log (API specs).
 */

export interface FundFixture {
  etfId: string;
  ticker: string;
  name: string;
  brand: string;
  frequency?: PayoutFrequency;
  underlying: string | null;
  description?: string;
  dataSource?: 'demo' | 'alpaca' | 'csv' | 'manual';
}

export function listed(f: FundFixture): GivenEvent {
  return {
    stream: streams.etf(f.etfId),
    type: 'EtfListed',
    data: {
      etfId: f.etfId,
      ticker: f.ticker,
      name: f.name,
      brand: f.brand,
      description: f.description ?? '',
      frequency: f.frequency ?? 'weekly',
      underlying: f.underlying,
      inceptionDate: null,
      dataSource: f.dataSource ?? 'manual',
      listedAt: '2025-01-02T15:00:00.000Z',
    },
  };
}

export function bar(etfId: string, date: string, close: string, type: 'PriceBarRecorded' | 'PriceBarRevised' = 'PriceBarRecorded', source = 'manual'): GivenEvent {
  return {
    stream: streams.prices(etfId, yearOf(date)),
    type,
    data: { etfId, date, open: close, high: close, low: close, close, volume: 1000, source },
  };
}

export function quote(etfId: string, quotedAt: string, price: string, source = 'manual'): GivenEvent {
  return { stream: streams.prices(etfId, yearOf(quotedAt.slice(0, 10))), type: 'PriceQuoted', data: { etfId, price, quotedAt, source } };
}

export function distribution(
  etfId: string,
  exDate: string,
  amount: string,
  options: { payDate?: string | null; status?: 'declared' | 'estimated'; revisedFrom?: string; source?: string; kind?: DistributionKind } = {},
): GivenEvent {
  const kind = options.kind ?? 'regular';
  const data = {
    etfId,
    distributionId: distributionIdOf(etfId, exDate, kind),
    exDate,
    recordDate: null,
    payDate: options.payDate ?? null,
    amount,
    status: options.status ?? 'declared',
    source: options.source ?? 'manual',
    kind,
  };
  return options.revisedFrom === undefined
    ? { stream: streams.dividends(etfId), type: 'DistributionDeclared', data }
    : { stream: streams.dividends(etfId), type: 'DistributionRevised', data: { ...data, previousAmount: options.revisedFrom } };
}

export function withdrawn(etfId: string, exDate: string, kind: DistributionKind = 'regular'): GivenEvent {
  return {
    stream: streams.dividends(etfId),
    type: 'DistributionWithdrawn',
    data: { etfId, distributionId: distributionIdOf(etfId, exDate, kind), exDate, reason: 'wrong fund', withdrawnAt: '2026-01-10T12:00:00.000Z' },
  };
}

export function marketDay(date: string): GivenEvent {
  return { stream: streams.marketClock(), type: 'MarketDayBegan', data: { date } };
}

export function renamed(etfId: string, ticker: string): GivenEvent {
  return { stream: streams.etf(etfId), type: 'EtfDetailsChanged', data: { etfId, ticker, changedAt: '2026-01-14T16:00:00.000Z' } };
}

// ---------------------------------------------------------------------------------------------------
// The worked example (docs/market-data-read-side.md "Worked example"), as of 2026-01-14 (a Wednesday)

export const FIX: FundFixture = {
  etfId: '0f6e1c59-1d2a-4b8e-9a51-2f7c9d3b4a10',
  ticker: 'FIXW',
  name: 'Fixture NVDA WeeklyPay ETF',
  brand: 'Roundhill',
  underlying: 'NVDA',
  description: 'A hand-computed fixture.',
};
export const AAA: FundFixture = { etfId: '1a1a1a1a-0000-4000-8000-000000000001', ticker: 'AAAW', name: 'Alpha NVDA Option Income', brand: 'YieldMax', underlying: 'NVDA' };
export const BBB: FundFixture = { etfId: '2b2b2b2b-0000-4000-8000-000000000002', ticker: 'BBBW', name: 'Beta TSLA Option Income', brand: 'YieldMax', underlying: 'TSLA' };
export const CCC: FundFixture = { etfId: '3c3c3c3c-0000-4000-8000-000000000003', ticker: 'CCCW', name: 'Gamma NVDA WeeklyPay', brand: 'Roundhill', underlying: 'NVDA' };
export const DDD: FundFixture = { etfId: '4d4d4d4d-0000-4000-8000-000000000004', ticker: 'DDDW', name: 'Delta New Fund', brand: 'Roundhill', underlying: null, dataSource: 'demo' };

export const TODAY = '2026-01-14';

/** FIXW: seven closes, an intraday quote, three distributions (one revised), one withdrawn. */
export function fixtureFundEvents(): GivenEvent[] {
  const id = FIX.etfId;
  return [
    listed(FIX),
    bar(id, '2026-01-05', '20'),
    bar(id, '2026-01-06', '20.4'),
    bar(id, '2026-01-07', '20.2'),
    bar(id, '2026-01-08', '19.8'),
    bar(id, '2026-01-09', '20'),
    bar(id, '2026-01-12', '20.5'),
    bar(id, '2026-01-13', '21'),
    quote(id, '2026-01-14T15:30:00.000Z', '21.1'),
    distribution(id, '2025-12-30', '0.3', { payDate: '2025-12-31' }),
    distribution(id, '2026-01-06', '0.35', { payDate: '2026-01-07' }),
    distribution(id, '2026-01-06', '0.4', { payDate: '2026-01-07', revisedFrom: '0.35' }),
    distribution(id, '2026-01-08', '0.1', { payDate: '2026-01-09' }),
    withdrawn(id, '2026-01-08'),
    distribution(id, '2026-01-13', '0.5'),
  ];
}

/** Four more funds for ranking, similar funds, brands and history ranges. */
export function otherFundsEvents(): GivenEvent[] {
  return [
    listed(AAA),
    bar(AAA.etfId, '2024-12-31', '12'),
    bar(AAA.etfId, '2025-07-14', '11'),
    bar(AAA.etfId, '2025-10-14', '10.5'),
    bar(AAA.etfId, '2025-12-15', '10.2'),
    bar(AAA.etfId, '2026-01-13', '10'),
    distribution(AAA.etfId, '2026-01-08', '0.1', { payDate: '2026-01-09' }),
    listed(BBB),
    bar(BBB.etfId, '2026-01-13', '10'),
    distribution(BBB.etfId, '2026-01-08', '0.2', { payDate: '2026-01-09' }),
    listed(CCC),
    bar(CCC.etfId, '2026-01-13', '20'),
    distribution(CCC.etfId, '2026-01-06', '0.2', { payDate: '2026-01-07' }),
    listed(DDD),
  ];
}

export function allFixtureEvents(): GivenEvent[] {
  return [...fixtureFundEvents(), ...otherFundsEvents(), marketDay(TODAY)];
}

/** Appends fixture events to a real log, one append per event, in order; returns the last position. */
export async function appendAll(log: EventLog, events: readonly GivenEvent[]): Promise<number> {
  let position = 0;
  for (const e of events) {
    const result = await log.append(e.stream!, [{ type: e.type, data: e.data }], 'any', { actor: 'test', correlationId: 'fixture', now: '2026-01-14T15:00:00.000Z' });
    position = result.position;
  }
  return position;
}
