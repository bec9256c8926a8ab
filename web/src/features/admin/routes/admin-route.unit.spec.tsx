// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { user } from '../../../testing/fixtures.ts';
import { mockFetch } from '../../../testing/mock-fetch.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import AdminRoute from './admin-route.tsx';
import { routes } from '../routes.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const owner = user({ email: 'owner@example.com', isOwner: true });

function renderAdmin(me: unknown, route = '/admin') {
  const calls = mockFetch({ 'GET /api/user': me, 'GET /api/etfs': [], 'GET /api/admin/jobs': [] });
  const result = renderWithProviders(<AdminRoute />, { route, path: '/admin', routes: [{ path: '/', element: <p>landing page</p> }] });
  return { ...result, calls };
}

describe('/admin: who sees it', () => {
  it('is its own lazy route at /admin', () => {
    expect(routes.map((r) => r.path)).toEqual(['/admin']);
    // React.lazy components carry $$typeof Symbol(react.lazy): not in the landing's entry
    expect(String((routes[0]!.Component as unknown as { $$typeof: symbol }).$$typeof)).toBe('Symbol(react.lazy)');
  });

  it('shows nothing while the signed-in user loads', async () => {
    let answer: (value: unknown) => void = () => undefined;
    mockFetch({ 'GET /api/user': () => new Promise((resolve) => (answer = resolve)) });
    const { container, router } = renderWithProviders(<AdminRoute />, { route: '/admin', path: '/admin', routes: [{ path: '/', element: <p>landing page</p> }] });
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
    expect(screen.queryByRole('heading')).toBeNull();
    expect(container.querySelector('main, h1, [role="tablist"]')).toBeNull();
    expect(screen.queryByText('landing page')).toBeNull();
    await act(async () => answer(owner));
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeTruthy();
  });

  it('sends a plain user to / (replacing /admin in the history)', async () => {
    const { router } = renderAdmin(user({ isOwner: false }));
    expect(await screen.findByText('landing page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(screen.queryByText('Admin Dashboard')).toBeNull();
  });

  it('sends a visitor who is signed out to /', async () => {
    const { router } = renderAdmin({ status: 401, body: { message: 'Not authenticated' } });
    expect(await screen.findByText('landing page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
  });

  it('asks for no admin data before it knows the visitor is the owner', async () => {
    const { calls } = renderAdmin(user({ isOwner: false }));
    await screen.findByText('landing page');
    expect(calls.filter((c) => c.url.pathname.startsWith('/api/admin'))).toEqual([]);
  });
});

describe('/admin: the owner', () => {
  it('shows the title, the subtitle and five tabs in the spec order, ETF Management selected', async () => {
    renderAdmin(owner);
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeTruthy();
    expect(screen.getByText('Manage ETFs, blogs, and site settings')).toBeTruthy();
    expect(document.title).toBe('Admin Dashboard | WeeklyDiv');
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['ETF Management', 'News Management', 'Custom Pages', 'Data Sync', 'Site Settings']);
    expect(tabs[0]!.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tablist', { name: 'Admin sections' })).toBeTruthy();
    expect(screen.getByRole('tabpanel').getAttribute('aria-labelledby')).toBe(tabs[0]!.id);
    expect(await screen.findByRole('heading', { name: 'Create New ETF' })).toBeTruthy();
  });

  it('keeps the tab in ?tab= (replace), so a reload opens it again; ETF Management has no parameter', async () => {
    const { router } = renderAdmin(owner);
    fireEvent.click(await screen.findByRole('tab', { name: 'Data Sync' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=sync'));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(await screen.findByRole('heading', { level: 2, name: 'Data Sync' })).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'ETF Management' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it.each([
    ['news', 'News Management'],
    ['pages', 'Custom Pages'],
    ['sync', 'Data Sync'],
    ['settings', 'Site Settings'],
  ])('opens ?tab=%s on %s', async (key, label) => {
    renderAdmin(owner, `/admin?tab=${key}`);
    const tab = await screen.findByRole('tab', { name: label });
    expect(tab.getAttribute('aria-selected')).toBe('true');
    // the open panel is the tab's (labelled by it)
    expect(screen.getByRole('tabpanel', { name: label })).toBeTruthy();
  });

  it('an unknown ?tab= opens ETF Management', async () => {
    renderAdmin(owner, '/admin?tab=nope');
    expect((await screen.findByRole('tab', { name: 'ETF Management' })).getAttribute('aria-selected')).toBe('true');
  });

  it('is reachable by keyboard: one tab stop, arrows, Home and End move and select', async () => {
    const { router } = renderAdmin(owner);
    const first = await screen.findByRole('tab', { name: 'ETF Management' });
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((t) => t.tabIndex)).toEqual([0, -1, -1, -1, -1]);
    first.focus();
    fireEvent.keyDown(first, { key: 'ArrowRight' });
    await waitFor(() => expect(router.state.location.search).toBe('?tab=news'));
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'News Management' }));
    fireEvent.keyDown(document.activeElement!, { key: 'End' });
    await waitFor(() => expect(router.state.location.search).toBe('?tab=settings'));
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Site Settings' }));
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'ETF Management' }));
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowLeft' });
    await waitFor(() => expect(router.state.location.search).toBe('?tab=settings'));
    fireEvent.keyDown(document.activeElement!, { key: 'Home' });
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });
});
