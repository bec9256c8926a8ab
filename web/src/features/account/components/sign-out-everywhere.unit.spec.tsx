// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionApi } from '../../../lib/session/api.ts';
import { user } from '../../../testing/fixtures.ts';
import { mockFetch } from '../../../testing/mock-fetch.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import AccountRoute from '../routes/account-route.tsx';
import { signOutEverywhereTexts as texts } from './sign-out-everywhere.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const home = [{ path: '/', element: <p>landing page</p> }];

describe('/account: log out on every device', () => {
  it('says that the private calendar link is replaced too, asks first, then ends every session and goes home signed out', async () => {
    const calls = mockFetch({ 'GET /api/user': user(), 'POST /api/logout-all': { message: 'Logged out on every device' } });
    const { router, store } = renderWithProviders(<AccountRoute />, { route: '/account', path: '/account', routes: home });
    const card = (await screen.findByRole('heading', { name: texts.title })).closest('section')!;
    expect(card.textContent).toContain('This also replaces your private calendar link');
    fireEvent.click(within(card).getByRole('button', { name: texts.button }));
    const dialog = await screen.findByRole('dialog', { name: texts.confirmTitle });
    expect(dialog.textContent).toContain('replaces your private calendar link');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: texts.confirm }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url.pathname)).toEqual(['/api/logout-all']);
    await screen.findByText(texts.done);
    // signed out in the client: the current user is null
    expect(sessionApi.endpoints.getCurrentUser.select()(store.getState()).data).toBeNull();
  });

  it('Cancel sends nothing; a refusal keeps the user here with the server message', async () => {
    const calls = mockFetch({ 'GET /api/user': user(), 'POST /api/logout-all': { status: 500, body: { message: 'Internal server error' } } });
    const { router } = renderWithProviders(<AccountRoute />, { route: '/account', path: '/account', routes: home });
    fireEvent.click(await screen.findByRole('button', { name: texts.button }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: texts.cancel }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: texts.button }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: texts.confirm }));
    expect((await screen.findByText(texts.failed)).textContent).toBe(texts.failed);
    await screen.findByText('Internal server error');
    expect(router.state.location.pathname).toBe('/account');
  });
});
