// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { etf, holdingView, user } from '../../../testing/fixtures.ts';
import { mockFetch } from '../../../testing/mock-fetch.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { EtfActions } from './etf-actions.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const nvdw = etf({ id: 'e1', ticker: 'NVDW', currentPrice: '50.12' });
const loginRoute = [{ path: '/login', element: <p>login page</p> }];

describe('ETF detail actions', () => {
  const enabled = async (name: string) => {
    const button = (await screen.findByRole('button', { name })) as HTMLButtonElement;
    await waitFor(() => expect(button.disabled).toBe(false));
    return button;
  };

  it('while the session is not known yet, both buttons wait (a signed-in user is never sent to log in)', async () => {
    let answer: (value: unknown) => void = () => {};
    mockFetch({ 'GET /api/user': () => new Promise((resolve) => (answer = resolve)), 'GET /api/user/favorites': [], 'GET /api/user/portfolio': [] });
    renderWithProviders(<EtfActions etf={nvdw} />);
    const save = (await screen.findByRole('button', { name: 'Save to Portfolio' })) as HTMLButtonElement;
    const favorite = screen.getByRole('button', { name: 'Favorite' }) as HTMLButtonElement;
    expect([save.disabled, favorite.disabled, save.getAttribute('aria-busy')]).toEqual([true, true, 'true']);
    answer(user());
    await waitFor(() => expect(save.disabled).toBe(false));
    expect(favorite.disabled).toBe(false);
    fireEvent.click(save);
    expect(await screen.findByRole('dialog', { name: 'Add NVDW to Portfolio' })).toBeTruthy();
  });

  it('signed out: Favorite and Save to Portfolio go to /login', async () => {
    mockFetch({ 'GET /api/user': { status: 401 } });
    const { router } = renderWithProviders(<EtfActions etf={nvdw} />, { route: '/etfs/roundhill/nvdw', routes: loginRoute });
    await waitFor(() => expect(router.state.location.pathname).toBe('/etfs/roundhill/nvdw'));
    fireEvent.click(await enabled('Favorite'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('favorite is optimistic and undone when the server refuses', async () => {
    let release: (v: unknown) => void = () => {};
    const refused = new Promise((r) => (release = r));
    mockFetch({
      'GET /api/user': user(),
      'GET /api/user/favorites': [],
      'GET /api/user/portfolio': [],
      'POST /api/user/favorites': async () => {
        await refused;
        return { status: 403, body: { message: 'Free accounts can keep up to 5 favorites' } };
      },
    });
    const { store } = renderWithProviders(<EtfActions etf={nvdw} />);
    const button = await screen.findByRole('button', { name: 'Favorite' });
    // the favorites list must be in the cache for the optimistic patch
    await waitFor(() => expect(store.getState().api.queries['getFavorites(undefined)']?.status).toBe('fulfilled'));
    fireEvent.click(button);
    expect(await screen.findByRole('button', { name: 'Favorited' })).toBeTruthy();
    release(null);
    expect(await screen.findByRole('button', { name: 'Favorite' })).toBeTruthy();
    const toast = await screen.findByTestId('toast');
    expect(toast.textContent).toContain('Failed to add favorite');
    expect(toast.textContent).toContain('Free accounts can keep up to 5 favorites');
  });

  it('removing a favorite says "Removed from favorites"; a held ETF shows "In Portfolio", disabled', async () => {
    mockFetch({
      'GET /api/user': user(),
      'GET /api/user/favorites': [{ id: 'f1', etfId: 'e1', etf: nvdw }],
      'GET /api/user/portfolio': [holdingView({ etf: nvdw, shares: '1' })],
      'DELETE /api/user/favorites/e1': { status: 204 },
    });
    renderWithProviders(<EtfActions etf={nvdw} />);
    expect((await screen.findByRole('button', { name: 'In Portfolio' })).hasAttribute('disabled')).toBe(true);
    fireEvent.click(await screen.findByRole('button', { name: 'Favorited' }));
    expect(await screen.findByRole('button', { name: 'Favorite' })).toBeTruthy();
    expect((await screen.findByTestId('toast')).textContent).toContain('Removed from favorites');
  });

  it('the modal: defaults, "Must be a positive number", the request, "Added to portfolio"', async () => {
    const calls = mockFetch({
      'GET /api/user': user(),
      'GET /api/user/favorites': [],
      'GET /api/user/portfolio': [],
      'POST /api/user/portfolio': { status: 201, body: holdingView({ etf: nvdw, etfId: 'e1', shares: '2.5', isDrip: 1 }) },
    });
    renderWithProviders(<EtfActions etf={nvdw} />);
    fireEvent.click(await enabled('Save to Portfolio'));
    const dialog = await screen.findByRole('dialog', { name: 'Add NVDW to Portfolio' });
    const shares = screen.getByLabelText('Number of Shares') as HTMLInputElement;
    expect(shares.value).toBe('1');
    expect(shares.getAttribute('step')).toBe('0.0001');
    expect((screen.getByLabelText('Purchase Price (Optional)') as HTMLInputElement).value).toBe('50.12');
    expect((screen.getByLabelText('Purchase Date (Optional)') as HTMLInputElement).value).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    fireEvent.change(shares, { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add to Portfolio' }));
    expect(await screen.findByText('Must be a positive number')).toBeTruthy();
    fireEvent.change(shares, { target: { value: '2.5' } });
    fireEvent.change(screen.getByLabelText('Purchase Price (Optional)'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('switch', { name: 'DRIP (Dividend Reinvestment Plan)' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add to Portfolio' }));
    await waitFor(() => expect(dialog.isConnected).toBe(false));
    const post = calls.find((c) => c.method === 'POST' && c.url.pathname === '/api/user/portfolio')!;
    expect(post.body).toMatchObject({ etfId: 'e1', shares: '2.5', purchasePrice: null, isDrip: 1 });
    expect((await screen.findByTestId('toast')).textContent).toContain('Added to portfolio');
    // the 201 answer went into the cached portfolio: no second read
    expect(calls.filter((c) => c.method === 'GET' && c.url.pathname === '/api/user/portfolio')).toHaveLength(1);
  });
});
