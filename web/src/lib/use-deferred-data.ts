import { useDeferredValue } from 'react';

/**
 * A query's data for a screen that renders a lot of it (tables, the detail page). react-redux renders
 * a store update synchronously, in one task; the deferred copy is rendered again in a time-sliced
 * transition, so a slow phone's main thread is never blocked for long. `pending` stays true until
 * that render caught up, so the screen keeps its loading state instead of showing an empty one.
 */
export function useDeferredData<T>(data: T | undefined, isLoading: boolean): { data: T | undefined; pending: boolean } {
  const deferred = useDeferredValue(data);
  return { data: deferred, pending: isLoading || (data !== undefined && deferred !== data) };
}
