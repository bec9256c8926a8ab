import {
  calculateDrip as calculateDripEndpoint,
  calculateYield as calculateYieldEndpoint,
  DEFAULT_HISTORY_RANGE,
  getDividendCalendar,
  getEtfDetail,
  getEtfs,
  getEtfsByBrand,
  getMarketHolidays,
  getPriceHistory,
  getTopPerformers,
  TOP_PERFORMERS_DEFAULT_LIMIT,
  type MarketHoliday,
} from '../../contracts/market.ts';
import { calendarWindow, marketHolidaysIn } from '../../domain/market/dividend-calendar.ts';
import { brandSlug, normaliseTicker } from '../../domain/market/tickers.ts';
import { viewIds } from '../../read-models/market/render.ts';
import { marketToday } from '../../read-models/market/queries.ts';
import type { MarketViewCache } from '../../read-models/market/view-cache.ts';
import type { PreparedJson } from '../../read-models/runtime/prepared-json.ts';
import { ETF_NOT_FOUND } from '../catalog/business-logic.ts';
import { notFound } from '../core/errors.ts';
import { apiModule, handle, SENT, type Call, type Sent } from '../http/endpoints.ts';
import type { EndpointSpec } from '../../contracts/endpoint.ts';
import { calculateDrip, calculateYield } from './calculators.ts';

/**
 * The public market-data API (no sign-in; definitions in contracts/market.ts): lists, detail, price
 * history and calendar served as pre-serialized JSON from the `market` read model (strong ETag,
 * `Cache-Control: no-cache`, 304), and the two calculators. Each prepared read has one function that
 * finds its view: the fast reads in front of Express call it for the canonical spelling of the path
 * (services/http/fast-reads.ts), the Express route for every other spelling and while a view loads, so
 * both always send the same bytes. Shapes: read-models/market/render.ts and docs/market-data-read-side.md.
 */

/** The top performers cut at `limit` (memoised by the cache until the view changes). */
function topPerformers(cache: MarketViewCache, view: PreparedJson, limit: number): PreparedJson {
  return cache.derive(viewIds.topPerformers, view, String(limit), (body) => {
    const list = JSON.parse(body) as unknown[];
    return list.length <= limit ? body : JSON.stringify(list.slice(0, limit));
  });
}

export const marketApi = apiModule('market', (deps) => {
  const cache = deps.marketViews;

  /**
   * Serves a view: from the cache when it is ready (no promise), else once loaded; a view that does not
   * exist answers `missing` (an empty list, or 404 for a fund).
   */
  const serve = async <E extends EndpointSpec>(call: Call<E>, id: string, missing: () => Sent, cut: (view: PreparedJson) => PreparedJson = (v) => v): Promise<Sent> => {
    const view = cache.peek(id) ?? (await cache.get(id));
    return view ? call.sendPrepared(cut(view)) : missing();
  };
  const emptyList = <E extends EndpointSpec>(call: Call<E>) => () => {
    call.res.setHeader('Cache-Control', 'no-cache');
    call.res.json([]);
    return SENT;
  };
  const noFund = (): Sent => {
    throw notFound(ETF_NOT_FOUND);
  };
  const ready = (id: string) => cache.peek(id) ?? undefined;

  const ranked = (limit: number | undefined) => (view: PreparedJson) => topPerformers(cache, view, limit ?? TOP_PERFORMERS_DEFAULT_LIMIT);
  const brandView = (slug: string) => viewIds.brand(brandSlug(slug));
  const detailView = (ticker: string) => viewIds.detail(normaliseTicker(ticker));
  const historyView = (ticker: string, range = DEFAULT_HISTORY_RANGE) => viewIds.history(normaliseTicker(ticker), range);

  return [
    handle(getTopPerformers, ({ query }, call) => serve(call, viewIds.topPerformers, emptyList(call), ranked(query.limit)), {
      fast: ({ query }) => {
        const view = ready(viewIds.topPerformers);
        return view && ranked(query.limit)(view);
      },
    }),
    handle(getEtfs, (_input, call) => serve(call, viewIds.etfs, emptyList(call)), { fast: () => ready(viewIds.etfs) }),
    handle(getEtfsByBrand, ({ params }, call) => serve(call, brandView(params.brandSlug), emptyList(call)), { fast: ({ params }) => ready(brandView(params.brandSlug)) }),
    handle(getEtfDetail, ({ params }, call) => serve(call, detailView(params.ticker), noFund), { fast: ({ params }) => ready(detailView(params.ticker)) }),
    handle(getPriceHistory, ({ params, query }, call) => serve(call, historyView(params.ticker, query.range), noFund), {
      fast: ({ params, query }) => ready(historyView(params.ticker, query.range)),
    }),
    handle(getDividendCalendar, (_input, call) => serve(call, viewIds.calendar, emptyList(call)), { fast: () => ready(viewIds.calendar) }),

    /** The market holidays of the calendar's four weeks (the calendar shows "Market closed: {name}" on them). */
    handle(getMarketHolidays, async (_input, call) => {
      const today = await marketToday(deps.readModels);
      call.res.setHeader('Cache-Control', 'no-cache');
      return today === null ? [] : (marketHolidaysIn(calendarWindow(today)) satisfies MarketHoliday[]);
    }),

    handle(calculateYieldEndpoint, ({ body }) => calculateYield(body)),
    handle(calculateDripEndpoint, ({ body }) => calculateDrip(body)),
  ];
});
