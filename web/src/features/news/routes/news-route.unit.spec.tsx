// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { NewsItem } from '../../../../../contracts/news.ts';
import { mockFetch } from '../../../testing/mock-fetch.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import NewsRoute from './news-route.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const article = (i: number, tags: string): NewsItem => ({
  id: `n${i}`,
  title: `Article ${i}`,
  link: `https://news.example/${i}`,
  summary: i % 2 ? `Summary ${i}` : '',
  source: `Source ${i % 3}`,
  tags,
  publishedAt: new Date(Date.UTC(2026, 10, 1 + (i % 20))).toISOString(),
});

describe('news', () => {
  it('six skeletons, then cards; cache-busting _v on the request', async () => {
    const calls = mockFetch({ 'GET /api/news': [article(1, 'YieldMax, NVDY')] });
    renderWithProviders(<NewsRoute />);
    expect(screen.getAllByTestId('news-skeleton')).toHaveLength(6);
    expect(await screen.findByRole('link', { name: 'Article 1' })).toHaveProperty('target', '_blank');
    expect(calls[0]!.url.searchParams.get('_v')).toMatch(/^\d+$/);
    expect(screen.getByText('NVDY')).toBeTruthy();
  });

  it('empty and failure states say nothing is published yet', async () => {
    mockFetch({ 'GET /api/news': { status: 500 } });
    renderWithProviders(<NewsRoute />);
    expect(await screen.findByText('No news articles published yet. Check back soon!')).toBeTruthy();
  });

  it('brand buttons, pages of 30, and the page resets when the filter changes', async () => {
    const items = Array.from({ length: 65 }, (_, i) => article(i, i < 40 ? 'YieldMax' : 'Roundhill'));
    mockFetch({ 'GET /api/news': items });
    renderWithProviders(<NewsRoute />);
    expect(await screen.findByText('Page 1 of 3')).toBeTruthy();
    expect(screen.getAllByTestId('news-card')).toHaveLength(30);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Page 2 of 3')).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Filter by brand' }).textContent).toBe('AllRoundhillYieldMax');
    fireEvent.click(screen.getByRole('button', { name: 'Roundhill' }));
    expect(screen.getAllByTestId('news-card')).toHaveLength(25);
    expect(screen.queryByText(/Page \d of/)).toBeNull();
  });
});
