import type { RouteObject } from 'react-router-dom';
import { lazyRoute } from '../../lib/lazy-route.ts';
import type { RouteHandle } from '../../lib/route-prefetch.ts';
import { pagesApi } from './api.ts';

/** The page at the path the screen asks for (its `useLocation().pathname`: `/` and the splat). */
const pageHandle: RouteHandle = {
  prefetch: (params, dispatch) => {
    dispatch(pagesApi.util.prefetch('getPageByPath', `/${params['*'] ?? ''}`, {}));
  },
};

/** Any other path: the owner's managed page for that path, or "Page Not Found". */
export const routes: RouteObject[] = [{ path: '*', Component: lazyRoute(() => import('./routes/managed-page-route.tsx')), handle: pageHandle }];
