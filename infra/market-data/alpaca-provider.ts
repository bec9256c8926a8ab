import { addDays, isValidDate, newYorkDate } from '../../domain/market/trading-days.ts';
import { canonical } from '../../domain/market/decimal.ts';
import { MarketDataProviderError, type LatestPrice, type MarketDataProvider, type ProviderBar, type ProviderDistribution, type ProviderSplit } from './port.ts';

/**
 * Alpaca Market Data adapter (real data).
 * - Latest prices: `GET /v2/stocks/snapshots?symbols=...` (latestTrade.p / .t; dailyBar, prevDailyBar).
 * - Daily bars: `GET /v2/stocks/bars?symbols=...&timeframe=1Day&start&end&limit&adjustment=raw&feed&sort=asc`,
 *   following `next_page_token` (the limit counts bars across all symbols).
 * - Cash distributions: `GET /v1/corporate-actions?symbols=...&types=cash_dividend&start&end`; its date
 *   filter applies to `process_date` (often the pay date, weeks after the ex-date), so the window is
 *   widened (7 days before, 60 after) and the ex-dates are filtered here; paginated; deduplicated by id.
 *   Each record is kept on its own, its kind from `special` (`true`: a special distribution; the
 *   Market Data API sends a boolean, the Broker API's activities the strings "true"/"false": both read).
 * - Splits: the same endpoint with `types=forward_split,reverse_split` (`forward_splits[]` and
 *   `reverse_splits[]`, each with `old_rate`, `new_rate`, `ex_date`, `process_date`); the window is
 *   widened by 7 days each side and filtered by ex-date here.
 * Authentication: `APCA-API-KEY-ID` / `APCA-API-SECRET-KEY` headers.
 * Rate limits: a 429 waits `Retry-After` seconds, else until `X-RateLimit-Reset` (epoch seconds), else an
 * exponential backoff (1 s, 2 s, 4 s ... capped at 60 s); a response with `X-RateLimit-Remaining: 0`
 * makes the next request wait for the reset. 5xx answers and network errors are retried with the same
 * backoff; other errors fail at once. Symbols are sent in batches.
 */

export interface AlpacaOptions {
  keyId: string;
  secretKey: string;
  /** `https://data.alpaca.markets` (config ALPACA_DATA_URL). */
  dataUrl: string;
  /** Stock feed: `iex` works on the free plan; `sip` needs a subscription for recent data. */
  feed?: 'iex' | 'sip' | 'delayed_sip';
  fetch?: typeof fetch;
  /** Injectable for tests: how to wait. */
  sleep?: (ms: number) => Promise<void>;
  /** Injectable for tests: epoch milliseconds (for X-RateLimit-Reset). */
  nowMs?: () => number;
  /** Retries after a 429, 5xx or network error (default 5). */
  maxRetries?: number;
  /** Symbols per request (default 50). */
  symbolsPerRequest?: number;
}

interface AlpacaBar {
  t: string;
  o: number;
  h: number;
  l: number;
  c: number;
  v: number;
}

interface AlpacaSnapshot {
  latestTrade?: { t: string; p: number } | null;
  dailyBar?: AlpacaBar | null;
  prevDailyBar?: AlpacaBar | null;
}

interface AlpacaCashDividend {
  id: string;
  symbol: string;
  rate: number;
  /** A special (non-recurring) dividend. */
  special?: boolean | string | null;
  ex_date: string;
  record_date?: string | null;
  payable_date?: string | null;
  process_date?: string;
}

/** `forward_splits[]` and `reverse_splits[]` items of `/v1/corporate-actions` (CUSIPs left out). */
interface AlpacaSplit {
  id?: string;
  symbol: string;
  old_rate: number;
  new_rate: number;
  ex_date: string;
  process_date?: string;
  record_date?: string | null;
  payable_date?: string | null;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function chunks<T>(list: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

function price(value: unknown, what: string): string {
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) {
    throw new MarketDataProviderError(`Alpaca sent an invalid ${what}: ${JSON.stringify(value)}`);
  }
  return canonical(value);
}

export class AlpacaMarketDataProvider implements MarketDataProvider {
  readonly source = 'alpaca' as const;
  private readonly options: Required<Omit<AlpacaOptions, 'feed'>> & { feed: NonNullable<AlpacaOptions['feed']> };
  /** Epoch ms before which no request is sent (X-RateLimit-Remaining reached 0). */
  private blockedUntil = 0;

  constructor(options: AlpacaOptions) {
    this.options = {
      feed: 'iex',
      fetch: globalThis.fetch.bind(globalThis),
      sleep: defaultSleep,
      nowMs: Date.now,
      maxRetries: 5,
      symbolsPerRequest: 50,
      ...options,
      dataUrl: options.dataUrl.replace(/\/+$/, ''),
    };
  }

  private backoffMs(attempt: number): number {
    return Math.min(60_000, 1000 * 2 ** attempt);
  }

  /** GET with auth headers, rate-limit handling and retries; returns the parsed JSON body. */
  private async get<T>(path: string, params: Record<string, string>): Promise<T> {
    const url = new URL(this.options.dataUrl + path);
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
    for (let attempt = 0; ; attempt++) {
      const wait = this.blockedUntil - this.options.nowMs();
      if (wait > 0) await this.options.sleep(wait);
      let response: Response;
      try {
        response = await this.options.fetch(url, {
          headers: {
            'APCA-API-KEY-ID': this.options.keyId,
            'APCA-API-SECRET-KEY': this.options.secretKey,
            accept: 'application/json',
          },
        });
      } catch (error) {
        if (attempt >= this.options.maxRetries) {
          throw new MarketDataProviderError(`Alpaca is unreachable: ${error instanceof Error ? error.message : String(error)}`);
        }
        await this.options.sleep(this.backoffMs(attempt));
        continue;
      }
      this.noteRateLimit(response.headers);
      if (response.ok) return (await response.json()) as T;
      const body = (await response.text()).slice(0, 300);
      const retryable = response.status === 429 || response.status >= 500;
      if (!retryable || attempt >= this.options.maxRetries) {
        const hint = response.status === 401 || response.status === 403 ? ' (check ALPACA_KEY_ID / ALPACA_SECRET_KEY and the feed)' : '';
        throw new MarketDataProviderError(`Alpaca answered ${response.status} for ${path}${hint}: ${body}`, response.status);
      }
      await this.options.sleep(response.status === 429 ? this.retryAfterMs(response.headers, attempt) : this.backoffMs(attempt));
    }
  }

  private retryAfterMs(headers: Headers, attempt: number): number {
    const retryAfter = headers.get('retry-after');
    if (retryAfter !== null && /^\d+(\.\d+)?$/.test(retryAfter.trim())) return Math.ceil(Number(retryAfter) * 1000);
    if (retryAfter !== null && Number.isFinite(Date.parse(retryAfter))) return Math.max(0, Date.parse(retryAfter) - this.options.nowMs());
    const reset = Number(headers.get('x-ratelimit-reset'));
    if (Number.isFinite(reset) && reset > 0) {
      const ms = reset * 1000 - this.options.nowMs();
      if (ms > 0) return Math.min(ms, 120_000);
    }
    return this.backoffMs(attempt);
  }

  private noteRateLimit(headers: Headers): void {
    const remaining = headers.get('x-ratelimit-remaining');
    const reset = Number(headers.get('x-ratelimit-reset'));
    if (remaining !== null && Number(remaining) <= 0 && Number.isFinite(reset) && reset > 0) {
      this.blockedUntil = Math.max(this.blockedUntil, reset * 1000);
    }
  }

  async latestPrices(tickers: readonly string[]): Promise<LatestPrice[]> {
    const out: LatestPrice[] = [];
    for (const batch of chunks(tickers, this.options.symbolsPerRequest)) {
      const body = await this.get<Record<string, AlpacaSnapshot | null>>('/v2/stocks/snapshots', {
        symbols: batch.join(','),
        feed: this.options.feed,
      });
      // Older answers wrapped the map in { snapshots: ... }.
      const map = (body && typeof body === 'object' && 'snapshots' in body ? (body as { snapshots: Record<string, AlpacaSnapshot | null> }).snapshots : body) ?? {};
      for (const ticker of batch) {
        const snap = map[ticker];
        const trade = snap?.latestTrade;
        if (!snap || !trade) continue;
        const tradeDate = newYorkDate(trade.t);
        const daily = snap.dailyBar && newYorkDate(snap.dailyBar.t) === tradeDate ? snap.prevDailyBar : snap.dailyBar;
        out.push({
          ticker,
          price: price(trade.p, `${ticker} trade price`),
          at: new Date(Date.parse(trade.t)).toISOString(),
          previousClose: daily ? price(daily.c, `${ticker} close`) : null,
        });
      }
    }
    return out;
  }

  async dailyBars(tickers: readonly string[], from: string, to: string): Promise<ProviderBar[]> {
    if (!isValidDate(from) || !isValidDate(to)) throw new MarketDataProviderError(`bad date range ${from}..${to}`);
    const out: ProviderBar[] = [];
    for (const batch of chunks(tickers, this.options.symbolsPerRequest)) {
      let pageToken: string | null = null;
      do {
        const params: Record<string, string> = {
          symbols: batch.join(','),
          timeframe: '1Day',
          start: from,
          // A date-only `end` means 00:00Z, before that day's bar (stamped at midnight New York):
          // ask for one more day and filter by the bar's New York date.
          end: addDays(to, 1),
          limit: '10000',
          adjustment: 'raw',
          feed: this.options.feed,
          sort: 'asc',
        };
        if (pageToken) params.page_token = pageToken;
        const body: { bars?: Record<string, AlpacaBar[] | null> | null; next_page_token?: string | null } = await this.get('/v2/stocks/bars', params);
        for (const [ticker, bars] of Object.entries(body.bars ?? {})) {
          for (const b of bars ?? []) {
            const date = newYorkDate(b.t);
            if (date < from || date > to) continue;
            out.push({
              ticker,
              date,
              open: price(b.o, `${ticker} ${date} open`),
              high: price(b.h, `${ticker} ${date} high`),
              low: price(b.l, `${ticker} ${date} low`),
              close: price(b.c, `${ticker} ${date} close`),
              volume: Math.max(0, Math.round(b.v)),
            });
          }
        }
        pageToken = body.next_page_token ?? null;
      } while (pageToken);
    }
    return out.sort((a, b) => (a.ticker === b.ticker ? (a.date < b.date ? -1 : 1) : a.ticker < b.ticker ? -1 : 1));
  }

  async distributions(tickers: readonly string[], from: string, to: string): Promise<ProviderDistribution[]> {
    if (!isValidDate(from) || !isValidDate(to)) throw new MarketDataProviderError(`bad date range ${from}..${to}`);
    const seen = new Set<string>();
    const out: ProviderDistribution[] = [];
    for (const batch of chunks(tickers, this.options.symbolsPerRequest)) {
      let pageToken: string | null = null;
      do {
        const params: Record<string, string> = {
          symbols: batch.join(','),
          types: 'cash_dividend',
          start: addDays(from, -7),
          end: addDays(to, 60),
          limit: '1000',
          sort: 'asc',
        };
        if (pageToken) params.page_token = pageToken;
        const body: { corporate_actions?: { cash_dividends?: AlpacaCashDividend[] | null } | null; next_page_token?: string | null } =
          await this.get('/v1/corporate-actions', params);
        for (const d of body.corporate_actions?.cash_dividends ?? []) {
          if (seen.has(d.id)) continue;
          seen.add(d.id);
          if (!isValidDate(d.ex_date) || d.ex_date < from || d.ex_date > to) continue;
          if (typeof d.rate !== 'number' || !Number.isFinite(d.rate) || d.rate < 0) {
            throw new MarketDataProviderError(`Alpaca sent an invalid dividend rate for ${d.symbol} ${d.ex_date}: ${JSON.stringify(d.rate)}`);
          }
          out.push({
            ticker: d.symbol,
            exDate: d.ex_date,
            recordDate: d.record_date && isValidDate(d.record_date) ? d.record_date : null,
            payDate: d.payable_date && isValidDate(d.payable_date) ? d.payable_date : null,
            amount: canonical(d.rate),
            kind: d.special === true || d.special === 'true' ? 'special' : 'regular',
          });
        }
        pageToken = body.next_page_token ?? null;
      } while (pageToken);
    }
    return out.sort((a, b) => (a.ticker === b.ticker ? (a.exDate < b.exDate ? -1 : 1) : a.ticker < b.ticker ? -1 : 1));
  }

  async splits(tickers: readonly string[], from: string, to: string): Promise<ProviderSplit[]> {
    if (!isValidDate(from) || !isValidDate(to)) throw new MarketDataProviderError(`bad date range ${from}..${to}`);
    const seen = new Set<string>();
    const out: ProviderSplit[] = [];
    const rate = (value: unknown, s: AlpacaSplit, what: string): string => {
      if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) {
        throw new MarketDataProviderError(`Alpaca sent an invalid split ${what} for ${s.symbol} ${s.ex_date}: ${JSON.stringify(value)}`);
      }
      return canonical(value);
    };
    for (const batch of chunks(tickers, this.options.symbolsPerRequest)) {
      let pageToken: string | null = null;
      do {
        const params: Record<string, string> = {
          symbols: batch.join(','),
          types: 'forward_split,reverse_split',
          start: addDays(from, -7),
          end: addDays(to, 7),
          limit: '1000',
          sort: 'asc',
        };
        if (pageToken) params.page_token = pageToken;
        const body: {
          corporate_actions?: { forward_splits?: AlpacaSplit[] | null; reverse_splits?: AlpacaSplit[] | null } | null;
          next_page_token?: string | null;
        } = await this.get('/v1/corporate-actions', params);
        const actions = body.corporate_actions;
        for (const s of [...(actions?.forward_splits ?? []), ...(actions?.reverse_splits ?? [])]) {
          const key = s.id ?? `${s.symbol}|${s.ex_date}`;
          if (seen.has(key)) continue;
          seen.add(key);
          if (!isValidDate(s.ex_date) || s.ex_date < from || s.ex_date > to) continue;
          out.push({ ticker: s.symbol, exDate: s.ex_date, oldRate: rate(s.old_rate, s, 'old rate'), newRate: rate(s.new_rate, s, 'new rate') });
        }
        pageToken = body.next_page_token ?? null;
      } while (pageToken);
    }
    return out.sort((a, b) => (a.ticker === b.ticker ? (a.exDate < b.exDate ? -1 : 1) : a.ticker < b.ticker ? -1 : 1));
  }
}
