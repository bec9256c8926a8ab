import { isOwnerSource, type DataSource } from '../../events/catalog.ts';
import type { PriceBarData, PriceEvent } from '../../events/prices.ts';
import { streams } from '../../events/streams.ts';
import type { CommandContext, Decider } from '../core/decider.ts';
import { badRequest } from '../core/errors.ts';
import { canonical, dec, parseAmount } from '../../domain/market/decimal.ts';
import { isValidDate, newYorkDate, yearOf, type IsoDate } from '../../domain/market/trading-days.ts';

/**
 * The `prices-<etfId>_<year>` stream: daily bars and intraday quotes of one fund for one calendar year.
 * Syncing is idempotent by content: a bar already recorded with the same values appends nothing; the
 * same date with different values appends `PriceBarRevised`; a quote not newer than the last one is
 * ignored. Callers split incoming bars by year (`barsByYear`) and run one command per stream.
 *
 * Precedence: a provider (`demo`, `alpaca`) never revises a bar whose current entry is the owner's
 * (`csv`, `manual`); it only records dates the owner did not load. The owner's import revises anything.
 */

export interface IncomingBar {
  date: IsoDate;
  /** Decimal strings (or finite numbers); `$` and thousands separators are accepted. */
  open: string | number;
  high: string | number;
  low: string | number;
  close: string | number;
  volume: number;
}

export type PriceCommand =
  | { type: 'RecordPriceBars'; etfId: string; year: number; bars: readonly IncomingBar[]; source: DataSource }
  | { type: 'RecordPriceQuote'; etfId: string; year: number; price: string | number; quotedAt: string; source: DataSource };

type BarValues = Omit<PriceBarData, 'etfId' | 'date'>;

export interface PriceYearState {
  etfId: string | null;
  bars: Readonly<Record<IsoDate, BarValues>>;
  lastQuote: { price: string; quotedAt: string } | null;
}

export function priceStreamOf(etfId: string, date: IsoDate): string {
  return streams.prices(etfId, yearOf(date));
}

/** Groups bars by the calendar year of their date (one command per `prices-<etfId>_<year>` stream). */
export function barsByYear<T extends { date: IsoDate }>(bars: readonly T[]): Map<number, T[]> {
  const out = new Map<number, T[]>();
  for (const bar of bars) {
    const year = yearOf(bar.date);
    const list = out.get(year) ?? [];
    list.push(bar);
    out.set(year, list);
  }
  return out;
}

/**
 * One `RecordPriceBars` command per yearly stream for a batch of bars (a provider sync or a CSV
 * import): `handleCommand(log, stream, priceYearDecider, command, ctx)` for each.
 */
export function recordBarsCommands(
  etfId: string,
  bars: readonly IncomingBar[],
  source: DataSource,
): { stream: string; command: Extract<PriceCommand, { type: 'RecordPriceBars' }> }[] {
  return [...barsByYear(bars).entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([year, list]) => ({ stream: streams.prices(etfId, year), command: { type: 'RecordPriceBars', etfId, year, bars: list, source } }));
}

/** The `RecordPriceQuote` command and its stream (the year of the quote's New York date). */
export function recordQuoteCommand(
  etfId: string,
  price: string | number,
  quotedAt: string,
  source: DataSource,
): { stream: string; command: Extract<PriceCommand, { type: 'RecordPriceQuote' }> } {
  const year = yearOf(newYorkDate(quotedAt));
  return { stream: streams.prices(etfId, year), command: { type: 'RecordPriceQuote', etfId, year, price, quotedAt, source } };
}

export const initialPriceYearState = (): PriceYearState => ({ etfId: null, bars: {}, lastQuote: null });

export function evolvePriceYear(state: PriceYearState, event: PriceEvent): PriceYearState {
  switch (event.type) {
    case 'PriceBarRecorded':
    case 'PriceBarRevised': {
      const { etfId, date, ...values } = event.data;
      return { ...state, etfId, bars: { ...state.bars, [date]: values } };
    }
    case 'PriceQuoted':
      return { ...state, etfId: event.data.etfId, lastQuote: { price: event.data.price, quotedAt: event.data.quotedAt } };
    default: {
      const never: never = event;
      throw new Error(`unhandled event ${JSON.stringify(never)}`);
    }
  }
}

function positivePrice(value: string | number, what: string): string {
  const d = parseAmount(value);
  if (d === null || d.lte(0)) throw badRequest(`${what} must be a positive price, got ${JSON.stringify(value)}`);
  return canonical(d);
}

function normaliseBar(bar: IncomingBar, year: number): Omit<PriceBarData, 'etfId' | 'source'> {
  if (!isValidDate(bar.date)) throw badRequest(`bar date must be YYYY-MM-DD, got ${JSON.stringify(bar.date)}`);
  if (yearOf(bar.date) !== year) throw badRequest(`bar ${bar.date} does not belong to the ${year} price stream`);
  if (!Number.isSafeInteger(bar.volume) || bar.volume < 0) throw badRequest(`bar ${bar.date}: volume must be a whole number >= 0`);
  return {
    date: bar.date,
    open: positivePrice(bar.open, `bar ${bar.date} open`),
    high: positivePrice(bar.high, `bar ${bar.date} high`),
    low: positivePrice(bar.low, `bar ${bar.date} low`),
    close: positivePrice(bar.close, `bar ${bar.date} close`),
    volume: bar.volume,
  };
}

function sameBar(a: BarValues, b: Omit<BarValues, 'source'>): boolean {
  return (
    dec(a.open).eq(b.open) && dec(a.high).eq(b.high) && dec(a.low).eq(b.low) && dec(a.close).eq(b.close) && a.volume === b.volume
  );
}

export function decidePriceYear(command: PriceCommand, state: PriceYearState, _ctx?: CommandContext): PriceEvent[] {
  if (state.etfId !== null && state.etfId !== command.etfId) {
    throw badRequest(`price stream of ${state.etfId} cannot take data of ${command.etfId}`);
  }
  switch (command.type) {
    case 'RecordPriceBars': {
      const incoming = new Map<IsoDate, ReturnType<typeof normaliseBar>>();
      for (const raw of command.bars) {
        const bar = normaliseBar(raw, command.year);
        const seen = incoming.get(bar.date);
        if (seen && !sameBar({ ...seen, source: command.source }, bar)) {
          throw badRequest(`two different bars for ${bar.date} in one batch`);
        }
        incoming.set(bar.date, bar);
      }
      const events: PriceEvent[] = [];
      for (const bar of [...incoming.values()].sort((a, b) => (a.date < b.date ? -1 : 1))) {
        const existing = state.bars[bar.date];
        const data = { etfId: command.etfId, ...bar, source: command.source };
        if (!existing) events.push({ type: 'PriceBarRecorded', data });
        else if (isOwnerSource(existing.source) && !isOwnerSource(command.source)) continue;
        else if (!sameBar(existing, bar)) events.push({ type: 'PriceBarRevised', data });
      }
      return events;
    }
    case 'RecordPriceQuote': {
      const at = Date.parse(command.quotedAt);
      if (!Number.isFinite(at)) throw badRequest(`quotedAt must be an ISO instant, got ${JSON.stringify(command.quotedAt)}`);
      if (yearOf(newYorkDate(at)) !== command.year) throw badRequest(`quote at ${command.quotedAt} does not belong to the ${command.year} price stream`);
      const price = positivePrice(command.price, 'quote price');
      if (state.lastQuote && Date.parse(state.lastQuote.quotedAt) >= at) return [];
      return [{ type: 'PriceQuoted', data: { etfId: command.etfId, price, quotedAt: new Date(at).toISOString(), source: command.source } }];
    }
    default: {
      const never: never = command;
      throw new Error(`unhandled command ${JSON.stringify(never)}`);
    }
  }
}

export const priceYearDecider: Decider<PriceCommand, PriceYearState, PriceEvent> = {
  initialState: initialPriceYearState,
  evolve: evolvePriceYear,
  decide: decidePriceYear,
  folds: { PriceBarRecorded: true, PriceBarRevised: true, PriceQuoted: true },
};
