// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EtfDetail } from '../../../contracts/market.ts';
import { AppProviders } from '../app/providers.tsx';
import { appRoutes } from '../app/router.tsx';
import { makeStore } from '../app/store.ts';
import { etf, etfDetail } from '../testing/fixtures.ts';
import { mockFetch, type MockRequest } from '../testing/mock-fetch.ts';
import { prefetchOnNavigation } from './route-prefetch.ts';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const detail: EtfDetail = etfDetail({ id: 'e1', ticker: 'HOOW', brand: 'Roundhill', brandSlug: 'roundhill', description: 'Weekly pay.', historicalPeriodDays: 200 });

function reads(): Record<string, unknown> {
  return {
    'GET /api/user': { status: 401 },
    'GET /api/settings/header_nav': { items: [] },
    'GET /api/etfs/detail/HOOW': detail,
    'GET /api/etfs/detail/HOOW/history': [],
    'GET /api/news/ticker/HOOW': [],
    'GET /api/top-performers': [etf({ ticker: 'HOOW' })],
  };
}

const paths = (calls: MockRequest[]) => calls.map((c) => `${c.url.pathname}${c.url.search}`);

describe('route prefetch', () => {
  it("starts a detail page's reads before its screen renders, and the screen reuses them (one request each)", async () => {
    const calls = mockFetch(reads());
    const store = makeStore();
    const router = createMemoryRouter(appRoutes, { initialEntries: ['/etfs/roundhill/hoow'] });
    prefetchOnNavigation(router, store.dispatch);
    // before anything renders
    expect(paths(calls)).toEqual(['/api/etfs/detail/HOOW', '/api/etfs/detail/HOOW/history?range=1Y', '/api/news/ticker/HOOW']);
    render(
      <AppProviders store={store}>
        <RouterProvider router={router} />
      </AppProviders>,
    );
    expect(await screen.findByRole('heading', { name: 'HOOW', level: 1 })).toBeTruthy();
    await screen.findByRole('heading', { name: 'HOOW News' });
    const counts = new Map<string, number>();
    for (const p of paths(calls)) counts.set(p, (counts.get(p) ?? 0) + 1);
    expect(counts.get('/api/etfs/detail/HOOW')).toBe(1);
    expect(counts.get('/api/etfs/detail/HOOW/history?range=1Y')).toBe(1);
    expect(counts.get('/api/news/ticker/HOOW')).toBe(1);
  });

  it('prefetches on later navigations too: /etfs asks for its 100 funds, the calendar for its payouts, as the link is followed', async () => {
    const calls = mockFetch(reads());
    const store = makeStore();
    const router = createMemoryRouter(appRoutes, { initialEntries: ['/pricing'] });
    prefetchOnNavigation(router, store.dispatch);
    expect(paths(calls)).toEqual([]);
    await router.navigate('/etfs');
    await waitFor(() => expect(paths(calls)).toContain('/api/top-performers?limit=100'));
    await router.navigate('/dividend-calendar');
    await waitFor(() => expect(paths(calls)).toContain('/api/dividends/calendar'));
    // a screen without declared reads starts none
    const before = calls.length;
    await router.navigate('/pricing');
    expect(calls.length).toBe(before);
  });
});
