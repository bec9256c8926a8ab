// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PossibleNewFund, ReleaseJson, ReleaseRow } from '../../../../../contracts/declarations.ts';
import { expectToast } from '../../../testing/content-fixtures.ts';
import { mockFetch, type MockRequest } from '../../../testing/mock-fetch.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { DataSyncTab } from './data-sync-tab.tsx';
import { outcomeText } from './release-review.tsx';

/**
 * Issue 26 in the Data Sync tab: the review queue (each release with what was read and what was not,
 * Apply / Dismiss with their toasts) and the possible new funds.
 */

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ID = '0123456789abcdef0123456789abcdef';
const OTHER = 'fedcba9876543210fedcba9876543210';
const URL_A = 'https://www.globenewswire.com/news-release/2025/10/14/1/0/en/YieldMax-ETFs-Announces-Distributions-on-MSTY.html';

function row(ticker: string, overrides: Partial<ReleaseRow> = {}): ReleaseRow {
  return {
    ticker,
    name: null,
    frequency: 'weekly',
    amount: '1.1290',
    kind: 'regular',
    statedRate: '87.10',
    secYield: '0.00',
    rocEstimatePercent: '100.00',
    exDate: '2025-10-15',
    recordDate: '2025-10-15',
    payDate: '2025-10-16',
    listed: true,
    ...overrides,
  };
}

function release(overrides: Partial<ReleaseJson> = {}): ReleaseJson {
  return {
    id: ID,
    status: 'review',
    url: URL_A,
    feedUrl: 'https://www.globenewswire.com/RssFeed/keyword/YieldMax',
    title: 'YieldMax® ETFs Announces Distributions on MSTY and Others',
    issuer: 'yieldmax',
    publishedAt: '2025-10-14T13:05:00.000Z',
    readAt: '2025-10-14T13:06:10.000Z',
    complete: false,
    rows: [row('MSTY', { statedRate: null, secYield: null, rocEstimatePercent: null, payDate: null }), row('NEWY', { amount: '0.4066', listed: false })],
    problems: [{ message: 'row 3 (SDTY): no distribution per share', ticker: 'SDTY' }],
    unknownTickers: ['NEWY'],
    appliedAt: null,
    appliedBy: null,
    outcome: null,
    dismissedAt: null,
    ...overrides,
  };
}

const NEW_FUND: PossibleNewFund = {
  ticker: 'NEWY',
  name: 'YieldMax New Option Income Strategy ETF',
  issuer: 'yieldmax',
  frequency: 'weekly',
  latest: { amount: '0.4066', exDate: '2025-10-15', payDate: '2025-10-16', kind: 'regular' },
  firstSeenAt: '2025-10-07T13:06:00.000Z',
  lastSeenAt: '2025-10-14T13:06:10.000Z',
  releases: [
    { id: ID, url: URL_A, title: 'YieldMax® ETFs Announces Distributions on MSTY and Others', publishedAt: '2025-10-14T13:05:00.000Z' },
    { id: OTHER, url: `${URL_A}?older`, title: 'Older release', publishedAt: '2025-10-07T13:05:00.000Z' },
  ],
};

function renderTab(handlers: Record<string, unknown>): MockRequest[] {
  const calls = mockFetch({ 'GET /api/admin/jobs': [], 'GET /api/admin/releases': [release()], 'GET /api/admin/possible-funds': [NEW_FUND], ...handlers });
  renderWithProviders(<DataSyncTab />);
  return calls;
}

const posts = (calls: MockRequest[], path: string) => calls.filter((c) => c.method === 'POST' && c.url.pathname === path);

describe('the review queue', () => {
  it('shows each release: its link, issuer and times in New York, the rows read and what was not read', async () => {
    const calls = renderTab({});
    const item = await screen.findByTestId('review-release', {}, { timeout: 5000 });
    expect(calls.find((c) => c.url.pathname === '/api/admin/releases')!.url.searchParams.get('status')).toBe('review');
    const title = within(item).getByRole('link', { name: 'YieldMax® ETFs Announces Distributions on MSTY and Others' });
    expect(title.getAttribute('href')).toBe(URL_A);
    expect(title.getAttribute('target')).toBe('_blank');
    expect(title.getAttribute('rel')).toBe('noopener noreferrer');
    expect(item.textContent).toContain('YieldMax · Published Oct 14, 2025, 9:05 AM ET · Read Oct 14, 2025, 9:06 AM ET');
    const table = within(item).getByRole('table');
    const rows = within(table).getAllByRole('row').map((r) => within(r).queryAllByRole('cell').map((c) => c.textContent));
    expect(rows.slice(1)).toEqual([
      ['MSTY', '$1.1290', 'Oct 15, 2025', '—', '—', '—', '—'],
      ['NEWY Not in the catalog', '$0.4066', 'Oct 15, 2025', 'Oct 16, 2025', '87.1%', '0.0%', '100.0%'],
    ]);
    expect(within(item).getByRole('listitem').textContent).toBe('row 3 (SDTY): no distribution per share');
    expect(item.textContent).toContain("Apply publishes 1 distribution; the owner's own data is kept.");
  });

  it('Apply: POST …/apply, the toast with what it did, the release leaves the queue', async () => {
    const applied = { ...release(), status: 'applied' as const, appliedAt: '2025-10-14T14:00:00.000Z', appliedBy: 'user:u1' };
    const calls = renderTab({ [`POST /api/admin/releases/${ID}/apply`]: { release: applied, outcome: { declared: 1, revised: 0, unchanged: 0, skipped: 1 } } });
    const item = await screen.findByTestId('review-release', {}, { timeout: 5000 });
    fireEvent.click(within(item).getByRole('button', { name: 'Apply' }));
    await expectToast('Release Applied', '1 declared, 0 revised, 0 unchanged; 1 row not in the catalog (not published).');
    expect(posts(calls, `/api/admin/releases/${ID}/apply`)).toHaveLength(1);
    expect(posts(calls, `/api/admin/releases/${ID}/apply`)[0]!.body).toBeUndefined();
    await waitFor(() => expect(screen.queryByTestId('review-release')).toBeNull());
    expect(screen.getByText('No release is waiting for review.')).toBeTruthy();
  });

  it('Apply refused: the destructive toast with the server message; the release stays', async () => {
    renderTab({ [`POST /api/admin/releases/${ID}/apply`]: { status: 409, body: { message: 'This release was dismissed: nothing of it is published' } } });
    fireEvent.click(within(await screen.findByTestId('review-release', {}, { timeout: 5000 })).getByRole('button', { name: 'Apply' }));
    await expectToast('Error', 'This release was dismissed: nothing of it is published', 'destructive');
    expect(screen.getByTestId('review-release')).toBeTruthy();
  });

  it('Dismiss: POST …/dismiss, its toast, the release leaves the queue; a failure without a message says so', async () => {
    const calls = renderTab({ [`POST /api/admin/releases/${ID}/dismiss`]: { ...release(), status: 'dismissed', dismissedAt: '2025-10-14T14:00:00.000Z' } });
    fireEvent.click(within(await screen.findByTestId('review-release', {}, { timeout: 5000 })).getByRole('button', { name: 'Dismiss' }));
    await expectToast('Release Dismissed', 'Nothing of it is published.');
    expect(posts(calls, `/api/admin/releases/${ID}/dismiss`)).toHaveLength(1);
    await waitFor(() => expect(screen.queryByTestId('review-release')).toBeNull());
    cleanup();
    renderTab({ [`POST /api/admin/releases/${ID}/dismiss`]: { status: 500 } });
    fireEvent.click(within(await screen.findByTestId('review-release', {}, { timeout: 5000 })).getByRole('button', { name: 'Dismiss' }));
    await expectToast('Error', 'Failed to dismiss the release', 'destructive');
  });

  it('Apply is off when no row read is for a listed fund, and says why', async () => {
    renderTab({ 'GET /api/admin/releases': [release({ rows: [row('NEWY', { listed: false })], issuer: null, publishedAt: null })] });
    const item = await screen.findByTestId('review-release', {}, { timeout: 5000 });
    expect(within(item).getByRole('button', { name: 'Apply' })).toHaveProperty('disabled', true);
    expect(within(item).getByRole('button', { name: 'Dismiss' })).toHaveProperty('disabled', false);
    expect(item.textContent).toContain('Nothing to publish: no row read is for a fund in the catalog.');
    expect(item.textContent).toContain('Issuer not recognised · Read Oct 14, 2025, 9:06 AM ET');
  });

  it('an empty queue; Read Releases Now starts the issuer job with its toast', async () => {
    const calls = renderTab({
      'GET /api/admin/releases': [],
      'POST /api/admin/ingest-declarations': { status: 202, body: { jobId: 'j9', name: 'ingest-declarations', status: 'queued', message: 'x' } },
    });
    expect(await screen.findByText('No release is waiting for review.', {}, { timeout: 5000 })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Read Releases Now' }));
    await expectToast('Reading Issuer Releases', "The issuers' feeds are being read. A release that cannot be read completely will wait here.");
    expect(posts(calls, '/api/admin/ingest-declarations')).toHaveLength(1);
  });
});

describe('possible new funds', () => {
  it('lists each unknown ticker with its name, issuer, latest declaration and the release it came from', async () => {
    renderTab({});
    const table = await screen.findByRole('table', { name: 'Possible new funds' }, { timeout: 5000 });
    await within(table).findByRole('link');
    const cells = within(table).getAllByRole('cell');
    expect(cells.map((c) => c.textContent)).toEqual([
      'NEWYYieldMax New Option Income Strategy ETF',
      'YieldMax',
      '$0.4066ex Oct 15, 2025',
      'YieldMax® ETFs Announces Distributions on MSTY and Othersand 1 earlier',
      'Oct 14, 2025, 9:06 AM ET',
    ]);
    expect(within(table).getByRole('link').getAttribute('href')).toBe(URL_A);
  });

  it('says when there is none', async () => {
    renderTab({ 'GET /api/admin/possible-funds': [] });
    expect(await screen.findByText('No unknown ticker in the releases read.', {}, { timeout: 5000 })).toBeTruthy();
  });
});

describe('outcomeText', () => {
  it('counts what publishing did; the rows of unknown tickers only when there are some', () => {
    expect(outcomeText({ declared: 3, revised: 1, unchanged: 0, skipped: 0 })).toBe('3 declared, 1 revised, 0 unchanged.');
    expect(outcomeText({ declared: 0, revised: 0, unchanged: 2, skipped: 2 })).toBe('0 declared, 0 revised, 2 unchanged; 2 rows not in the catalog (not published).');
  });
});
