// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { user } from '../../../testing/fixtures.ts';
import { mockFetch } from '../../../testing/mock-fetch.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { goToExternal } from '../../../lib/external-redirect.ts';
import AccountRoute from './account-route.tsx';
import SubscriptionRoute, { CHECKOUT_CONFIRMING, CHECKOUT_WELCOME, PORTAL_FAILED } from './subscription-route.tsx';

vi.mock('../../../lib/external-redirect.ts', () => ({ goToExternal: vi.fn() }));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.mocked(goToExternal).mockReset();
});

const premium = user({ subscriptionTier: 'premium', subscriptionStatus: 'active', currentPeriodEnd: '2036-04-02T15:00:00.000Z' });
const login = [{ path: '/login', element: <p>login screen</p> }];

describe('/account/subscription', () => {
  it('signed out: goes to /login', async () => {
    mockFetch({ 'GET /api/user': { status: 401 } });
    const { router } = renderWithProviders(<SubscriptionRoute />, { route: '/account/subscription', path: '/account/subscription', routes: login });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('premium: plan, status, renewal date; "Manage Subscription" opens the billing portal ("Opening..." while pending)', async () => {
    let release: (value: unknown) => void = () => {};
    const calls = mockFetch({ 'GET /api/user': premium, 'POST /api/subscription/portal-session': () => new Promise((resolve) => (release = resolve)) });
    renderWithProviders(<SubscriptionRoute />, { route: '/account/subscription' });
    expect((await screen.findByTestId('plan-name')).textContent).toBe('Premium');
    expect(screen.getByTestId('plan-status').textContent).toBe('Active');
    expect(screen.getByTestId('plan-date').textContent).toMatch(/^Renews on April \d, 2036$/);
    expect(screen.queryByRole('link', { name: 'Upgrade to Premium' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Manage Subscription' }));
    expect((await screen.findByRole('button', { name: 'Opening...' })).hasAttribute('disabled')).toBe(true);
    release({ url: 'https://billing.stripe.com/p/session/bps_1' });
    await waitFor(() => expect(goToExternal).toHaveBeenCalledWith('https://billing.stripe.com/p/session/bps_1'));
    expect(calls.some((c) => c.method === 'POST' && c.url.pathname === '/api/subscription/portal-session')).toBe(true);
  });

  it('a refused portal session shows a toast with the server message', async () => {
    mockFetch({ 'GET /api/user': premium, 'POST /api/subscription/portal-session': { status: 409, body: { message: 'You have no subscription to manage yet. Upgrade to Premium first.' } } });
    renderWithProviders(<SubscriptionRoute />, { route: '/account/subscription' });
    fireEvent.click(await screen.findByRole('button', { name: 'Manage Subscription' }));
    const toast = await screen.findByTestId('toast');
    expect(toast.textContent).toContain(PORTAL_FAILED);
    expect(toast.textContent).toContain('You have no subscription to manage yet. Upgrade to Premium first.');
    expect(goToExternal).not.toHaveBeenCalled();
  });

  it('free: the Free plan, no portal button, "Upgrade to Premium" to /pricing', async () => {
    mockFetch({ 'GET /api/user': user() });
    renderWithProviders(<SubscriptionRoute />, { route: '/account/subscription' });
    expect((await screen.findByTestId('plan-name')).textContent).toBe('Free');
    expect(screen.queryByRole('button', { name: 'Manage Subscription' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Upgrade to Premium' })).toHaveProperty('pathname', '/pricing');
  });

  it('back from checkout: confirms while the webhook is on its way, then welcomes the user to Premium', async () => {
    let answer: unknown = user();
    mockFetch({ 'GET /api/user': () => answer });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      renderWithProviders(<SubscriptionRoute />, { route: '/account/subscription?checkout=success' });
      expect(await screen.findByText(CHECKOUT_CONFIRMING)).toBeTruthy();
      answer = premium;
      await vi.advanceTimersByTimeAsync(2100);
      expect(await screen.findByText(CHECKOUT_WELCOME)).toBeTruthy();
      expect(screen.queryByText(CHECKOUT_CONFIRMING)).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('/account', () => {
  it('signed out: goes to /login', async () => {
    mockFetch({ 'GET /api/user': { status: 401 } });
    const { router } = renderWithProviders(<AccountRoute />, { route: '/account', path: '/account', routes: login });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('shows the profile and the plan with a link to the subscription screen', async () => {
    mockFetch({ 'GET /api/user': premium });
    renderWithProviders(<AccountRoute />, { route: '/account' });
    expect(await screen.findByRole('heading', { name: 'My Account' })).toBeTruthy();
    expect(screen.getByText('ann@example.com')).toBeTruthy();
    expect(screen.getByTestId('plan-name').textContent).toBe('Premium');
    expect(screen.getByRole('link', { name: 'Manage Subscription' })).toHaveProperty('pathname', '/account/subscription');
  });

  it('free user: subscription details and "Upgrade to Premium"', async () => {
    mockFetch({ 'GET /api/user': user() });
    renderWithProviders(<AccountRoute />, { route: '/account' });
    expect(await screen.findByRole('link', { name: 'Subscription details' })).toHaveProperty('pathname', '/account/subscription');
    expect(screen.getByRole('link', { name: 'Upgrade to Premium' })).toHaveProperty('pathname', '/pricing');
  });
});
