// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Suspense } from 'react';
import { Outlet, RouterProvider, createMemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import PersonalAreaRoute from '../../features/personal-area/routes/personal-area-route.tsx';
import { mockFetch } from '../../testing/mock-fetch.ts';
import { renderWithProviders } from '../../testing/render.tsx';
import { etf, user } from '../../testing/fixtures.ts';
import { AppProviders } from '../providers.tsx';
import { makeStore } from '../store.ts';
import { Header } from './header.tsx';

// jsdom does not evaluate media queries, so the desktop-only parts count as hidden: query with H.
const H = { hidden: true } as const;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const nav = { items: [{ label: 'ETF Database', path: '/etfs' }, { label: 'Brands', children: [{ label: 'Roundhill', path: '/etfs/roundhill' }] }] };

describe('header', () => {
  it('signed out (401): the nav, Pricing, Log In and Sign Up for Free', async () => {
    mockFetch({ 'GET /api/user': { status: 401, body: { message: 'Not signed in' } }, 'GET /api/settings/header_nav': nav });
    renderWithProviders(<Header />);
    expect(await screen.findByRole('link', { name: 'Sign Up for Free', ...H })).toHaveProperty('pathname', '/signup');
    expect(screen.getByRole('link', { name: 'Log In', ...H })).toHaveProperty('pathname', '/login');
    expect(await screen.findByRole('link', { name: 'ETF Database', ...H })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Pricing', ...H })).toHaveProperty('pathname', '/pricing');
    expect(screen.queryByRole('link', { name: 'Admin', ...H })).toBeNull();
  });

  it('signed in: the personal area and Log Out; Admin only for the owner', async () => {
    mockFetch({ 'GET /api/user': user({ isOwner: true }), 'GET /api/settings/header_nav': nav });
    renderWithProviders(<Header />);
    expect(await screen.findByRole('link', { name: 'My WeeklyDiv', ...H })).toHaveProperty('pathname', '/my-weeklydiv');
    expect(screen.getByRole('link', { name: 'Admin', ...H })).toHaveProperty('pathname', '/admin');
    expect(screen.getByRole('button', { name: 'Log Out', ...H })).toBeTruthy();
  });

  it('no Admin link for other users', async () => {
    mockFetch({ 'GET /api/user': user(), 'GET /api/settings/header_nav': nav });
    renderWithProviders(<Header />);
    await screen.findByRole('button', { name: 'Log Out', ...H });
    expect(screen.queryByRole('link', { name: 'Admin', ...H })).toBeNull();
  });

  it('a failed logout shows the "Logout failed" toast with the server message', async () => {
    mockFetch({ 'GET /api/user': user(), 'GET /api/settings/header_nav': nav, 'POST /api/logout': { status: 500, body: { message: 'Internal server error' } } });
    renderWithProviders(<Header />);
    fireEvent.click(await screen.findByRole('button', { name: 'Log Out', ...H }));
    const alert = await screen.findByTestId('toast');
    expect(alert.textContent).toContain('Logout failed');
    expect(alert.textContent).toContain('Internal server error');
    expect(alert.getAttribute('data-variant')).toBe('destructive');
  });

  it('a dropdown opens on hover and closes 200 ms after the pointer leaves', async () => {
    mockFetch({ 'GET /api/user': { status: 401 }, 'GET /api/settings/header_nav': nav });
    renderWithProviders(<Header />);
    const trigger = await screen.findByRole('button', { name: 'Brands', ...H });
    vi.useFakeTimers();
    const wrapper = trigger.parentElement!;
    fireEvent.mouseEnter(wrapper);
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    fireEvent.mouseLeave(wrapper);
    vi.advanceTimersByTime(199);
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    act(() => vi.advanceTimersByTime(1)); // the close timer's render happens inside act: no wait needed
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
  });

  it('the phone menu opens and lists the nav with expandable sections', async () => {
    mockFetch({ 'GET /api/user': { status: 401 }, 'GET /api/settings/header_nav': nav });
    renderWithProviders(<Header />);
    await screen.findAllByRole('button', { name: 'Brands', ...H });
    fireEvent.click(screen.getByRole('button', { name: 'Open menu', ...H }));
    const sections = screen.getAllByRole('button', { name: 'Brands', ...H });
    const mobileSection = sections[sections.length - 1]!;
    expect(mobileSection.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(mobileSection);
    await waitFor(() => expect(mobileSection.getAttribute('aria-expanded')).toBe('true'));
  });
});

describe('header: log out', () => {
  /**
   * The header over real screens: home, the personal area (which sends a signed-out visitor to
   * /login), /login. The fake server answers 401 to every signed-in-only read once logged out, as the
   * real one does.
   */
  function renderSignedIn(start: string) {
    let signedIn = true;
    const onlySignedIn = (body: unknown) => () => (signedIn ? body : { status: 401, body: { message: 'Not authenticated' } });
    const nvdw = etf({ id: 'e1' });
    const calls = mockFetch({
      'GET /api/user': onlySignedIn(user()),
      'GET /api/settings/header_nav': nav,
      'GET /api/user/portfolio': onlySignedIn([{ id: 'h1', etfId: 'e1', shares: '1', purchasePrice: null, purchaseDate: null, isDrip: 0, etf: nvdw, incomeReceived: '0.00' }]),
      'GET /api/user/favorites': onlySignedIn([{ id: 'f1', etfId: 'e1', etf: nvdw }]),
      'GET /api/user/dividends/calendar': onlySignedIn([]),
      'POST /api/logout': () => ((signedIn = false), { status: 204 }),
    });
    const store = makeStore();
    const router = createMemoryRouter(
      [
        {
          element: (
            <>
              <Header />
              <Suspense fallback={null}>
                <Outlet />
              </Suspense>
            </>
          ),
          children: [
            { index: true, element: <p>home page</p> },
            { path: '/my-weeklydiv', element: <PersonalAreaRoute /> },
            { path: '/login', element: <p>login page</p> },
          ],
        },
      ],
      { initialEntries: [start] },
    );
    const visited: string[] = [];
    router.subscribe((state) => visited.push(state.location.pathname));
    render(
      <AppProviders store={store}>
        <RouterProvider router={router} />
      </AppProviders>,
    );
    return { calls, router, store, visited };
  }

  const userOnly = (path: string) => path.startsWith('/api/user');

  it('from the personal area: home, never /login on the way, and no signed-in-only request afterwards', async () => {
    const { calls, router, store, visited } = renderSignedIn('/my-weeklydiv');
    expect(await screen.findByRole('tab', { name: 'My Portfolio (1)' })).toBeTruthy();
    await screen.findByRole('tab', { name: 'Favorites (1)' });
    fireEvent.click(screen.getByRole('button', { name: 'Log Out', ...H }));

    expect(await screen.findByText('home page')).toBeTruthy();
    await screen.findByRole('link', { name: 'Log In', ...H });
    expect(router.state.location.pathname).toBe('/');
    expect(visited).not.toContain('/login');
    const afterLogout = calls.slice(calls.findIndex((c) => c.method === 'POST' && c.url.pathname === '/api/logout') + 1);
    expect(afterLogout.filter((c) => userOnly(c.url.pathname)).map((c) => c.url.pathname)).toEqual([]);
    // the previous user's lists are gone from the cache, not merely hidden
    const cached = Object.values(store.getState().api.queries).map((q) => q?.endpointName);
    expect(cached).not.toContain('getFavorites');
    expect(cached).not.toContain('getPortfolio');
    expect(cached).not.toContain('getUserDividendCalendar');
    expect(screen.queryByText('login page')).toBeNull();
  });

  it('from home: stays home, signed out, with no signed-in-only request afterwards', async () => {
    const { calls, router } = renderSignedIn('/');
    fireEvent.click(await screen.findByRole('button', { name: 'Log Out', ...H }));
    await screen.findByRole('link', { name: 'Log In', ...H });
    expect(router.state.location.pathname).toBe('/');
    const afterLogout = calls.slice(calls.findIndex((c) => c.method === 'POST' && c.url.pathname === '/api/logout') + 1);
    expect(afterLogout.filter((c) => userOnly(c.url.pathname))).toEqual([]);
  });
});
