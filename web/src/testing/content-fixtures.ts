import { screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import type { AdminNewsArticle, AdminSetting, ImageJson, PageJson } from '../../../contracts/content.ts';

/** Fixtures in the contracts' shapes (contracts/content.ts) for the content tabs' component specs. */

export function article(overrides: Partial<AdminNewsArticle> = {}): AdminNewsArticle {
  return {
    id: 'n1',
    status: 'published',
    source: 'Reuters',
    title: 'YieldMax cuts QDTE payout',
    link: 'https://www.reuters.com/markets/qdte',
    summary: 'The weekly distribution falls to $0.18.',
    tags: 'YieldMax, QDTE',
    publishedAt: '2026-11-20T14:00:00.000Z',
    ingestedAt: '2026-11-20T14:05:00.000Z',
    ...overrides,
  };
}

export function page(overrides: Partial<PageJson> = {}): PageJson {
  return {
    id: 'p1',
    slug: 'about',
    path: '/about',
    title: 'About WeeklyDiv',
    metaDescription: 'Who we are',
    canonicalUrl: null,
    noIndex: 0,
    htmlBody: '<h1>About us</h1>',
    cssBody: null,
    isPublished: 1,
    createdAt: '2026-11-01T00:00:00.000Z',
    updatedAt: '2026-11-02T00:00:00.000Z',
    ...overrides,
  };
}

export function image(overrides: Partial<ImageJson> = {}): ImageJson {
  return {
    id: 'img1',
    filename: 'chart.png',
    mimeType: 'image/png',
    size: 20_480,
    sha256: 'ab'.repeat(32),
    url: '/api/images/img1',
    uploadedAt: '2026-11-03T00:00:00.000Z',
    ...overrides,
  };
}

export function setting(key: string, value: AdminSetting['value']): AdminSetting {
  return { key, value, updatedAt: '2026-11-04T00:00:00.000Z' };
}

/** Waits for the one visible toast and checks its title, description and variant. */
export async function expectToast(title: string, description: string, variant: 'default' | 'destructive' = 'default'): Promise<void> {
  await waitFor(() => {
    const toast = screen.getByTestId('toast');
    expect(toast.textContent).toBe(`${title}${description}`);
    expect(toast.getAttribute('data-variant')).toBe(variant);
  });
}

/** `#rrggbb` → `rgb(r, g, b)` as getComputedStyle writes it. */
export function rgb(hex: string): string {
  const n = Number.parseInt(hex.slice(1), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
}
