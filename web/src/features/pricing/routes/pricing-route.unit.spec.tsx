// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { user } from '../../../testing/fixtures.ts';
import { mockFetch } from '../../../testing/mock-fetch.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import PricingRoute from './pricing-route.tsx';

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

  it('free user: "Current Plan" disabled and "Upgrade to Premium"; a refused checkout shows "Checkout failed" with the server message', async () => {
    mockFetch({ 'GET /api/user': user(), 'POST /api/subscription/create-checkout-session': { status: 503, body: { message: 'Billing is not configured' } } });
    renderWithProviders(<PricingRoute />);
    expect((await screen.findByRole('button', { name: 'Current Plan' })).hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Upgrade to Premium' }));
    const toast = await screen.findByTestId('toast');
    expect(toast.textContent).toContain('Checkout failed');
    expect(toast.textContent).toContain('Billing is not configured');
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
});
