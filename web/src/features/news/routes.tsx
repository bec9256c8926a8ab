import type { RouteObject } from 'react-router-dom';
import { lazyRoute } from '../../lib/lazy-route.ts';
import type { RouteHandle } from '../../lib/route-prefetch.ts';
import { newsApi } from './api.ts';

/** The server renders the feed; the browser reads it on every mount anyway (useNewsFeed), so no prefetch. */
const newsHandle: RouteHandle = {
  serverPrefetch: (_params, dispatch) => {
    dispatch(newsApi.util.prefetch('getNews', undefined, {}));
  },
};

export const routes: RouteObject[] = [{ path: '/news', Component: lazyRoute(() => import('./routes/news-route.tsx')), handle: newsHandle }];
