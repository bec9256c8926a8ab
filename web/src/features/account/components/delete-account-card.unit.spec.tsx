// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { accountMessages } from '../../../../../contracts/accounts.ts';
import { sessionApi } from '../../../lib/session/api.ts';
import { user } from '../../../testing/fixtures.ts';
import { mockFetch } from '../../../testing/mock-fetch.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import AccountRoute from '../routes/account-route.tsx';
import { deleteAccountTexts as texts } from './delete-account-card.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const home = [{ path: '/', element: <p>landing page</p> }];
const deleted = 'Your account was deleted. We sent a confirmation to your email address.';

async function card() {
  return (await screen.findByRole('heading', { name: texts.title })).closest('section')!;
}

describe('/account: delete account', () => {
  it("says the server's empty-password message, in the form, without asking the server", async () => {
    expect(texts.passwordRequired).toBe(accountMessages.deletePassword);
    const calls = mockFetch({ 'GET /api/user': user() });
    renderWithProviders(<AccountRoute />, { route: '/account', path: '/account', routes: home });
    const section = await card();
    fireEvent.click(within(section).getByRole('button', { name: texts.button }));
    await within(section).findByText(texts.passwordRequired);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);
  });

  it('asks first (Cancel sends nothing), then deletes with the password and goes home signed out with the toast', async () => {
    const calls = mockFetch({ 'GET /api/user': user(), 'DELETE /api/user': { message: deleted } });
    const { router, store } = renderWithProviders(<AccountRoute />, { route: '/account', path: '/account', routes: home });
    const section = await card();
    fireEvent.change(within(section).getByLabelText(texts.password), { target: { value: 'secret-pw' } });
    fireEvent.click(within(section).getByRole('button', { name: texts.button }));
    const dialog = await screen.findByRole('dialog', { name: texts.confirmTitle });
    expect(dialog.textContent).toContain(texts.confirmText);
    fireEvent.click(within(dialog).getByRole('button', { name: texts.cancel }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);
    fireEvent.click(within(section).getByRole('button', { name: texts.button }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: texts.confirm }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    const sent = calls.filter((c) => c.method === 'DELETE');
    expect(sent.map((c) => [c.url.pathname, c.body])).toEqual([['/api/user', { password: 'secret-pw' }]]);
    await screen.findByText(texts.done);
    await screen.findByText(deleted);
    expect(sessionApi.endpoints.getCurrentUser.select()(store.getState()).data).toBeNull();
  });

  it('a wrong password closes the dialog, marks the field with the server message and stays', async () => {
    mockFetch({
      'GET /api/user': user(),
      'DELETE /api/user': { status: 400, body: { message: 'Your password is not correct', errors: { password: 'Your password is not correct' } } },
    });
    const { router } = renderWithProviders(<AccountRoute />, { route: '/account', path: '/account', routes: home });
    const section = await card();
    fireEvent.change(within(section).getByLabelText(texts.password), { target: { value: 'wrong-pw' } });
    fireEvent.click(within(section).getByRole('button', { name: texts.button }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: texts.confirm }));
    await screen.findByText(texts.failed);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(section).getByLabelText(texts.password).getAttribute('aria-invalid')).toBe('true');
    expect(within(section).getAllByText('Your password is not correct').length).toBeGreaterThan(0);
    expect(router.state.location.pathname).toBe('/account');
  });
});
