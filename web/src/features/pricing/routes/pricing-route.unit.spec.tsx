// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { user } from '../../../testing/fixtures.ts';
import { mockFetch } from '../../../testing/mock-fetch.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { goToExternal } from '../../../lib/external-redirect.ts';
import PricingRoute from './pricing-route.tsx';

vi.mock('../../../lib/external-redirect.ts', () => ({ goToExternal: vi.fn() }));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('pricing', () => {
  it('visitor: "Get Started" and "Sign Up to Upgrade" to /register', async () => {
    mockFetch({ 'GET /api/user': { status: 401 } });
    renderWithProviders(<PricingRoute />);
    expect(screen.getByRole('heading', { name: 'Simple, Transparent Pricing' })).toBeTruthy();
    expect(screen.getByText("Choose the plan that's right for you. Upgrade or downgrade at any time.")).toBeTruthy();
    expect(screen.getByText('Most Popular')).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'Get Started' })).toHaveProperty('pathname', '/register');
    expect(screen.getByRole('link', { name: 'Sign Up to Upgrade' })).toHaveProperty('pathname', '/register');
  });

  // issue 29, W4: each line of the Premium card says what Premium adds (docs/billing.md "What Premium gives")
  it('the Premium card lists what Premium adds, each line gated by the server', async () => {
    mockFetch({ 'GET /api/user': { status: 401 } });
    renderWithProviders(<PricingRoute />);
    const premium = screen.getByRole('heading', { name: 'Premium' }).closest('section, article, div')!;
    expect(within(premium as HTMLElement).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Everything in Free',
      'Automatic brokerage sync (20+ brokerages)',
      'Real-time portfolio updates',
      'Advanced analytics: your income record, income goal and tax-year summary',
      'Export your income and tax-year reports (CSV)',
      'Priority support, answered within one business day',
    ]);
    expect(screen.getByText(/your data is yours to download on either plan/)).toBeTruthy();
  });

  it('free user: "Current Plan" disabled and "Upgrade to Premium"; a refused checkout shows "Checkout failed" with the server message', async () => {
    mockFetch({ 'GET /api/user': user(), 'POST /api/subscription/create-checkout-session': { status: 503, body: { message: 'Billing is not configured' } } });
    renderWithProviders(<PricingRoute />);
    expect((await screen.findByRole('button', { name: 'Current Plan' })).hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Upgrade to Premium' }));
    const toast = await screen.findByTestId('toast');
    expect(toast.textContent).toContain('Checkout failed');
    expect(toast.textContent).toContain('Billing is not configured');
  });

  it('a 409 (a payment being confirmed) says there is nothing to pay, with the server message, and reads the user again', async () => {
    const message = 'Your payment went through and Premium is being switched on. Reload this page in a minute.';
    const calls = mockFetch({ 'GET /api/user': user(), 'POST /api/subscription/create-checkout-session': { status: 409, body: { message } } });
    renderWithProviders(<PricingRoute />);
    fireEvent.click(await screen.findByRole('button', { name: 'Upgrade to Premium' }));
    const toast = await screen.findByTestId('toast');
    expect(toast.textContent).toContain('Nothing to pay');
    expect(toast.textContent).toContain(message);
    await waitFor(() => expect(calls.filter((c) => c.method === 'GET' && c.url.pathname === '/api/user')).toHaveLength(2));
  });

  it('an answer without url gives "No checkout URL received"', async () => {
    mockFetch({ 'GET /api/user': user(), 'POST /api/subscription/create-checkout-session': {} });
    renderWithProviders(<PricingRoute />);
    fireEvent.click(await screen.findByRole('button', { name: 'Upgrade to Premium' }));
    expect((await screen.findByTestId('toast')).textContent).toContain('No checkout URL received');
  });

  it('premium user: "Manage Subscription" to /account/subscription', async () => {
    mockFetch({ 'GET /api/user': user({ subscriptionTier: 'premium', subscriptionStatus: 'active' }) });
    renderWithProviders(<PricingRoute />);
    expect(await screen.findByRole('link', { name: 'Manage Subscription' })).toHaveProperty('pathname', '/account/subscription');
  });

  // issue 29, W12: the Free card said "Current Plan" while the Premium card said "Manage Subscription"
  it('premium user: the Free card never says "Current Plan"; it says Free is included', async () => {
    mockFetch({ 'GET /api/user': user({ subscriptionTier: 'premium', subscriptionStatus: 'active' }) });
    renderWithProviders(<PricingRoute />);
    await screen.findByRole('link', { name: 'Manage Subscription' });
    expect(screen.queryByText('Current Plan')).toBeNull();
    const free = screen.getByRole('region', { name: 'Free' });
    expect(within(free).getByRole('button', { name: 'Included in Premium' }).hasAttribute('disabled')).toBe(true);
  });

  it('while Premium is not available: the Premium button says so, disabled, for visitors and free users, with a note', async () => {
    mockFetch({ 'GET /api/user': user(), 'GET /api/subscription/availability': { premiumAvailable: false } });
    renderWithProviders(<PricingRoute />);
    const button = await screen.findByRole('button', { name: 'Premium is not available yet' });
    expect(button.hasAttribute('disabled')).toBe(true);
    expect(screen.queryByRole('button', { name: 'Upgrade to Premium' })).toBeNull();
    expect(screen.getByText('Premium is not available yet. Everything in Free works today; check back soon.')).toBeTruthy();
    cleanup();
    mockFetch({ 'GET /api/user': { status: 401 }, 'GET /api/subscription/availability': { premiumAvailable: false } });
    renderWithProviders(<PricingRoute />);
    expect((await screen.findByRole('button', { name: 'Premium is not available yet' })).hasAttribute('disabled')).toBe(true);
    expect(screen.queryByRole('link', { name: 'Sign Up to Upgrade' })).toBeNull();
  });

  it('"Processing..." while the checkout is pending, then the browser goes to the checkout url', async () => {
    let release: (value: unknown) => void = () => {};
    mockFetch({
      'GET /api/user': user(),
      'GET /api/subscription/availability': { premiumAvailable: true },
      'POST /api/subscription/create-checkout-session': () => new Promise((resolve) => (release = resolve)),
    });
    renderWithProviders(<PricingRoute />);
    fireEvent.click(await screen.findByRole('button', { name: 'Upgrade to Premium' }));
    const pending = await screen.findByRole('button', { name: 'Processing...' });
    expect(pending.hasAttribute('disabled')).toBe(true);
    release({ url: 'https://checkout.stripe.com/c/pay/cs_test_1' });
    await vi.waitFor(() => expect(goToExternal).toHaveBeenCalledWith('https://checkout.stripe.com/c/pay/cs_test_1'));
  });

  it('back from a canceled checkout: says nothing was charged', async () => {
    mockFetch({ 'GET /api/user': user() });
    renderWithProviders(<PricingRoute />, { route: '/pricing?checkout=canceled' });
    expect(await screen.findByText('Checkout canceled. You have not been charged; upgrade whenever you are ready.')).toBeTruthy();
  });
});
