// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../testing/mock-fetch.ts';
import { renderWithProviders } from '../../testing/render.tsx';
import { user } from '../../testing/fixtures.ts';
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
    vi.advanceTimersByTime(1);
    await vi.waitFor(() => expect(trigger.getAttribute('aria-expanded')).toBe('false'));
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
