// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../../testing/mock-fetch.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import ManagedPageRoute from './managed-page-route.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('managed pages', () => {
  it('asks for the page by path; a 404 shows "Page Not Found"', async () => {
    const calls = mockFetch({ 'GET /api/user': { status: 401 } });
    renderWithProviders(<ManagedPageRoute />, { route: '/about/team' });
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeTruthy();
    expect(calls.find((c) => c.url.pathname === '/api/pages/by-path')!.url.searchParams.get('path')).toBe('/about/team');
  });

  it('an unpublished page is not found', async () => {
    mockFetch({ 'GET /api/pages/by-path': { title: 'Draft', htmlBody: '<p>x</p>', isPublished: 0 } });
    renderWithProviders(<ManagedPageRoute />, { route: '/draft' });
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeTruthy();
  });

  it('a published page: title, robots, CSS and HTML without scripts or handlers', async () => {
    mockFetch({
      'GET /api/pages/by-path': {
        title: 'About WeeklyDiv',
        metaDescription: 'Who we are',
        canonicalUrl: 'https://weeklydiv.example/about',
        noIndex: 1,
        isPublished: 1,
        cssBody: '.hero{color:red}',
        htmlBody: '<h1>About us</h1><img src="/api/images/1" onerror="alert(1)"><script>window.hacked=1</script><a href="javascript:alert(1)">x</a>',
      },
    });
    renderWithProviders(<ManagedPageRoute />, { route: '/about' });
    expect(await screen.findByRole('heading', { name: 'About us' })).toBeTruthy();
    const page = screen.getByTestId('managed-page');
    expect(page.innerHTML).not.toContain('<script');
    expect(page.innerHTML).not.toContain('onerror');
    expect(page.innerHTML).not.toContain('javascript:');
    expect(page.querySelector('style')!.textContent).toBe('.hero{color:red}');
    expect(document.title).toBe('About WeeklyDiv');
    expect(document.head.querySelector('meta[name="robots"]')!.getAttribute('content')).toBe('noindex,nofollow');
    expect(document.head.querySelector('link[rel="canonical"]')!.getAttribute('href')).toBe('https://weeklydiv.example/about');
  });
});
