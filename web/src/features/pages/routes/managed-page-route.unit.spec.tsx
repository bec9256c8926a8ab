// @vitest-environment jsdom
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PageJson } from '../../../../../contracts/content.ts';
import { mockFetch } from '../../../testing/mock-fetch.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import ManagedPageRoute from './managed-page-route.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const page = (over: Partial<PageJson>): PageJson => ({
  id: 'p1',
  slug: 'about',
  path: '/about',
  title: 'About',
  metaDescription: null,
  canonicalUrl: null,
  noIndex: 0,
  htmlBody: '<p>x</p>',
  cssBody: null,
  isPublished: 1,
  createdAt: '2026-11-24T15:00:00.000Z',
  updatedAt: '2026-11-24T15:00:00.000Z',
  ...over,
});

describe('managed pages', () => {
  it('asks for the page by path; a 404 shows "Page Not Found"', async () => {
    const calls = mockFetch({ 'GET /api/user': { status: 401 } });
    renderWithProviders(<ManagedPageRoute />, { route: '/about/team' });
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeTruthy();
    expect(calls.find((c) => c.url.pathname === '/api/pages/by-path')!.url.searchParams.get('path')).toBe('/about/team');
  });

  it('an unpublished page is not found', async () => {
    mockFetch({ 'GET /api/pages/by-path': page({ path: '/draft', title: 'Draft', isPublished: 0 }) });
    renderWithProviders(<ManagedPageRoute />, { route: '/draft' });
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeTruthy();
  });

  it('a published page: title, robots, CSS and HTML without scripts or handlers', async () => {
    mockFetch({
      'GET /api/pages/by-path': page({
        title: 'About WeeklyDiv',
        metaDescription: 'Who we are',
        canonicalUrl: 'https://weeklydiv.example/about',
        noIndex: 1,
        cssBody: '.hero{color:red}</style><script>window.hacked=1</script>',
        htmlBody: '<h1>About us</h1><img src="/api/images/1" onerror="alert(1)"><script>window.hacked=1</script><a href="javascript:alert(1)">x</a><style>body{display:none}</style>',
      }),
    });
    renderWithProviders(<ManagedPageRoute />, { route: '/about' });
    expect(await screen.findByRole('heading', { name: 'About us' })).toBeTruthy();
    const shown = screen.getByTestId('managed-page');
    const body = shown.querySelector(':scope > div')!.innerHTML;
    expect(body).not.toContain('<script');
    expect(body).not.toContain('onerror');
    expect(body).not.toContain('javascript:');
    // the owner's CSS is the text of one <style> (never markup); a <style> inside the HTML body is dropped
    expect(shown.querySelectorAll('style')).toHaveLength(1);
    expect(shown.querySelector('style')!.textContent).toBe('.hero{color:red}</style><script>window.hacked=1</script>');
    expect(shown.querySelector('script')).toBeNull();
    expect(shown.classList.contains('managed-page')).toBe(true);
    expect(shown.querySelector('img')!.getAttribute('src')).toBe('/api/images/1');
    expect(document.title).toBe('About WeeklyDiv');
    expect(document.head.querySelector('meta[name="robots"]')!.getAttribute('content')).toBe('noindex,nofollow');
    expect(document.head.querySelector('link[rel="canonical"]')!.getAttribute('href')).toBe('https://weeklydiv.example/about');
  });

  it("without a canonical URL the page links to its own address (as the server's HTML does); no description keeps the site's", async () => {
    document.head.innerHTML = '<meta name="description" content="site">';
    mockFetch({ 'GET /api/pages/by-path': page({ path: '/faq', title: 'FAQ', htmlBody: '<h1>FAQ</h1>' }) });
    renderWithProviders(<ManagedPageRoute />, { route: '/FAQ/' });
    expect(await screen.findByRole('heading', { name: 'FAQ' })).toBeTruthy();
    expect(document.head.querySelector('link[rel="canonical"]')!.getAttribute('href')).toBe(`${window.location.origin}/faq`);
    expect(document.head.querySelector('meta[name="description"]')!.getAttribute('content')).toBe('site');
    expect(document.head.querySelector('meta[name="robots"]')).toBeNull();
  });
  it('lists the published pages under it ("In this section") with their current titles; none: no list', async () => {
    const calls = mockFetch({
      'GET /api/pages/by-path': page({ path: '/guides', title: 'Guides', htmlBody: '<h1>Guides</h1>' }),
      'GET /api/pages/children': [
        { path: '/guides/weekly', title: 'How weekly distributions work (renamed)', metaDescription: 'Dates and cadence.' },
        { path: '/guides/roc', title: 'Return of capital', metaDescription: null },
      ],
    });
    renderWithProviders(<ManagedPageRoute />, { route: '/guides' });
    const list = await screen.findByTestId('section-list');
    expect(screen.getByRole('heading', { name: 'In this section' })).toBeTruthy();
    const links = [...list.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href')]);
    expect(links).toEqual([
      ['How weekly distributions work (renamed)', '/guides/weekly'],
      ['Return of capital', '/guides/roc'],
    ]);
    expect(list.textContent).toContain('Dates and cadence.');
    expect(calls.find((c) => c.url.pathname === '/api/pages/children')!.url.searchParams.get('path')).toBe('/guides');
    cleanup();
    let answered = false;
    mockFetch({ 'GET /api/pages/by-path': page({ path: '/about', htmlBody: '<h1>About us</h1>' }), 'GET /api/pages/children': () => ((answered = true), []) });
    renderWithProviders(<ManagedPageRoute />, { route: '/about' });
    expect(await screen.findByRole('heading', { name: 'About us' })).toBeTruthy();
    await waitFor(() => expect(answered).toBe(true));
    await act(async () => void (await new Promise((r) => setImmediate(r))));
    expect(screen.queryByTestId('section-list')).toBeNull();
  });
});
