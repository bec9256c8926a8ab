import { lazy, type ComponentType } from 'react';

/**
 * A lazily loaded route component: `Component: lazyRoute(() => import('./routes/pricing-route.tsx'))`.
 * The module's default export is the screen. The root layout's Suspense shows a quiet placeholder
 * on first load; later navigations keep the old screen until the chunk arrives (transitions).
 */
export function lazyRoute(load: () => Promise<{ default: ComponentType }>): ComponentType {
  return lazy(load);
}
