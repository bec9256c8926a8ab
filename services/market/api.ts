import { Router, type NextFunction, type Request, type Response } from 'express';
import { z } from 'zod';
import { DEFAULT_HISTORY_RANGE, HISTORY_RANGES, viewIds, type HistoryRange } from '../../read-models/market/render.ts';
import type { MarketViewCache } from '../../read-models/market/view-cache.ts';
import type { PreparedJson } from '../../read-models/runtime/prepared-json.ts';
import { marketToday } from '../../read-models/market/queries.ts';
import { calendarWindow, marketHolidaysIn } from '../../domain/market/dividend-calendar.ts';
import type { MarketHoliday } from '../../contracts/market.ts';
import { notFound } from '../core/errors.ts';
import type { AppDeps } from '../http/deps.ts';
import { sendPreparedJson } from '../http/etag.ts';
import type { FastRead } from '../http/fast-reads.ts';
import { validate } from '../http/validation.ts';
import { calculateDrip, calculateYield, dripCalculatorSchema, yieldCalculatorSchema } from './calculators.ts';
import { brandSlug, normaliseTicker } from '../../domain/market/tickers.ts';
import { ETF_NOT_FOUND } from '../catalog/business-logic.ts';

/**
 * The public market-data API (no sign-in): lists, detail, price history and calendar served as
 * pre-serialized JSON from the `market` read model (strong ETag, `Cache-Control: no-cache`, 304), and
 * the two calculators. Mounted at `/api`. Shapes: read-models/market/render.ts and
 * docs/market-data-read-side.md.
 */

export const TOP_PERFORMERS_DEFAULT_LIMIT = 100;
export const TOP_PERFORMERS_MAX_LIMIT = 500;

const limitMessage = `limit must be a whole number from 1 to ${TOP_PERFORMERS_MAX_LIMIT}`;
export const topPerformersQuery = z.object({
  limit: z
    .string({ error: limitMessage })
    .regex(/^\d{1,4}$/, limitMessage)
    .transform(Number)
    .pipe(z.number().int().min(1, limitMessage).max(TOP_PERFORMERS_MAX_LIMIT, limitMessage))
    .optional(),
});

const rangeMessage = `range must be one of ${HISTORY_RANGES.join(', ')}`;
export const historyQuery = z.object({
  range: z
    .string({ error: rangeMessage })
    .transform((v) => (v.toLowerCase() === 'all' ? 'all' : v.toUpperCase()))
    .pipe(z.enum(HISTORY_RANGES, { error: rangeMessage }))
    .optional(),
});


/** The top performers cut at `limit` (memoised by the cache until the view changes). */
function topPerformers(cache: MarketViewCache, view: PreparedJson, limit: number): PreparedJson {
  return cache.derive(viewIds.topPerformers, view, String(limit), (body) => {
    const list = JSON.parse(body) as unknown[];
    return list.length <= limit ? body : JSON.stringify(list.slice(0, limit));
  });
}

export function marketDataRouter(deps: AppDeps): Router {
  const cache = deps.marketViews;
  const router = Router();

  /** Serves a view straight from the cache when it is ready (the hot path: no promise, no copy). */
  const serve = (req: Request, res: Response, next: NextFunction, id: string, missing: () => void) => {
    const ready = cache.peek(id);
    if (ready) return sendPreparedJson(req, res, ready);
    if (ready === null) return missing();
    cache.get(id).then((view) => (view ? sendPreparedJson(req, res, view) : missing()), next);
  };
  const emptyList = (req: Request, res: Response) => () => {
    res.setHeader('Cache-Control', 'no-cache');
    res.json([]);
  };

  router.get('/top-performers', (req, res, next) => {
    // No query string (the common case): no parsing at all.
    const { limit = TOP_PERFORMERS_DEFAULT_LIMIT } = req.url.includes('?') ? validate(topPerformersQuery, req.query) : {};
    const id = viewIds.topPerformers;
    const ready = cache.peek(id);
    if (ready) return sendPreparedJson(req, res, topPerformers(cache, ready, limit));
    if (ready === null) return emptyList(req, res)();
    cache.get(id).then((view) => (view ? sendPreparedJson(req, res, topPerformers(cache, view, limit)) : emptyList(req, res)()), next);
  });

  router.get('/etfs', (req, res, next) => serve(req, res, next, viewIds.etfs, emptyList(req, res)));

  router.get('/etfs/by-brand/:brandSlug', (req, res, next) => {
    serve(req, res, next, viewIds.brand(brandSlug(String(req.params.brandSlug))), emptyList(req, res));
  });

  router.get('/etfs/detail/:ticker', (req, res, next) => {
    serve(req, res, next, viewIds.detail(normaliseTicker(String(req.params.ticker))), () => next(notFound(ETF_NOT_FOUND)));
  });

  router.get('/etfs/detail/:ticker/history', (req, res, next) => {
    const { range = DEFAULT_HISTORY_RANGE } = (req.url.includes('?') ? validate(historyQuery, req.query) : {}) as { range?: HistoryRange };
    const ticker = normaliseTicker(String(req.params.ticker));
    serve(req, res, next, viewIds.history(ticker, range), () => next(notFound(ETF_NOT_FOUND)));
  });

  router.get('/dividends/calendar', (req, res, next) => serve(req, res, next, viewIds.calendar, emptyList(req, res)));

  /** The market holidays of the calendar's four weeks (the calendar shows "Market closed: {name}" on them). */
  router.get('/dividends/calendar/holidays', (_req, res, next) => {
    marketToday(deps.readModels).then((today) => {
      res.setHeader('Cache-Control', 'no-cache');
      const holidays: MarketHoliday[] = today === null ? [] : marketHolidaysIn(calendarWindow(today));
      res.json(holidays);
    }, next);
  });

  router.post('/calculate/yield', (req, res) => {
    res.json(calculateYield(validate(yieldCalculatorSchema, req.body)));
  });

  router.post('/calculate/drip', (req, res) => {
    res.json(calculateDrip(validate(dripCalculatorSchema, req.body)));
  });

  return router;
}

const TICKER_OR_SLUG = /^[A-Za-z0-9._-]+$/;

/**
 * The market views the fast reads in front of Express answer (services/http/fast-reads.ts): the routes
 * above in their canonical spelling (lower-case path, no trailing slash, a path segment that needs no
 * decoding, a `limit` or `range` alone in the query), when the view is loaded. Anything else is
 * undefined (another spelling, a query to refuse, a missing view, a cache still loading): the router
 * above answers it, with the same code for the same view, so both always agree.
 */
export function marketFastRead(cache: MarketViewCache): FastRead {
  const view = (id: string) => cache.peek(id) ?? undefined;
  return (path, query) => {
    if (path === '/api/top-performers') {
      let limit = TOP_PERFORMERS_DEFAULT_LIMIT;
      if (query !== '') {
        const parsed = /^limit=(\d+)$/.exec(query) && topPerformersQuery.safeParse({ limit: query.slice(6) });
        if (!parsed || !parsed.success) return undefined;
        limit = parsed.data.limit ?? limit;
      }
      const ranked = view(viewIds.topPerformers);
      return ranked && topPerformers(cache, ranked, limit);
    }
    if (path === '/api/etfs') return view(viewIds.etfs);
    if (path === '/api/dividends/calendar') return view(viewIds.calendar);
    if (path.startsWith('/api/etfs/by-brand/')) {
      const slug = path.slice('/api/etfs/by-brand/'.length);
      return TICKER_OR_SLUG.test(slug) ? view(viewIds.brand(brandSlug(slug))) : undefined;
    }
    if (path.startsWith('/api/etfs/detail/')) {
      const [ticker = '', history, ...more] = path.slice('/api/etfs/detail/'.length).split('/');
      if (!TICKER_OR_SLUG.test(ticker) || more.length > 0) return undefined;
      if (history === undefined) return view(viewIds.detail(normaliseTicker(ticker)));
      if (history !== 'history') return undefined;
      let range: HistoryRange = DEFAULT_HISTORY_RANGE;
      if (query !== '') {
        const parsed = /^range=[A-Za-z0-9]+$/.test(query) && historyQuery.safeParse({ range: query.slice(6) });
        if (!parsed || !parsed.success) return undefined;
        range = parsed.data.range ?? range;
      }
      return view(viewIds.history(normaliseTicker(ticker), range));
    }
    return undefined;
  };
}
