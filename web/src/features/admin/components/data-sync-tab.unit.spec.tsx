// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { JobJson } from '../../../../../contracts/jobs.ts';
import { mockFetch, type MockRequest } from '../../../testing/mock-fetch.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { DataSyncTab } from './data-sync-tab.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function job(overrides: Partial<JobJson> = {}): JobJson {
  return {
    id: 'j1',
    name: 'update-prices',
    status: 'succeeded',
    requestedBy: 'user:u1',
    requestedAt: '2026-11-24T15:00:00.000Z',
    startedAt: '2026-11-24T15:00:01.000Z',
    finishedAt: '2026-11-24T15:00:09.000Z',
    attempts: 1,
    progress: null,
    summary: '63 funds priced',
    counts: null,
    reason: null,
    ...overrides,
  };
}

const queued = (name: string) => ({ status: 202, body: { jobId: 'j9', name, status: 'queued', message: 'x' } });
const jobReads = (calls: MockRequest[]) => calls.filter((c) => c.method === 'GET' && c.url.pathname === '/api/admin/jobs').length;

function renderTab(handlers: Record<string, unknown>) {
  const calls = mockFetch({ 'GET /api/admin/jobs': [], ...handlers });
  renderWithProviders(<DataSyncTab />);
  return calls;
}

const OPERATIONS = [
  ['Initialize Production Data', 'initialize-production', 'This will take 10-15 minutes. ETFs, prices, dividends, yields, and news will be populated. Refresh the page in 15 minutes.', 'Failed to start initialization'],
  ['Update Prices', 'update-prices', 'Price sync started. It may take a few minutes.', 'Failed to sync prices. Check if Alpaca API keys are set.'],
  ['Sync Dividends', 'sync-dividends', 'Dividend sync started. It may take a few minutes.', 'Failed to sync dividends'],
  ['Recalculate Yields', 'recalculate-yields', 'Yield calculation started. It may take a few minutes.', 'Failed to calculate yields'],
  ['Clear Cache', 'clear-cache', 'Cache cleared successfully. Fresh data will load on next request.', 'Failed to clear cache'],
] as const;

describe('Data Sync: the five operations (spec §2, §8)', () => {
  it('lists them in the spec order', async () => {
    renderTab({});
    await screen.findByRole('heading', { name: 'Data Sync' });
    const names = OPERATIONS.map(([label]) => label);
    expect(screen.getAllByRole('button').map((b) => b.textContent).filter((t) => names.includes(t as never))).toEqual(names);
  });

  it.each(OPERATIONS)('%s: POST /api/admin/%s with an empty body, then its toast', async (label, path, text) => {
    const calls = renderTab({ [`POST /api/admin/${path}`]: queued(path) });
    fireEvent.click(await screen.findByRole('button', { name: label }));
    const t = await screen.findByTestId('toast');
    expect(within(t).getByText(text)).toBeTruthy();
    expect(t.getAttribute('data-variant')).toBe('default');
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.url.pathname).toBe(`/api/admin/${path}`);
    expect(post.body).toBeUndefined();
    // the job list is read again after a start
    await waitFor(() => expect(jobReads(calls)).toBe(2));
  });

  it.each(OPERATIONS)('%s refused: "Error" with the server message', async (label, path) => {
    renderTab({ [`POST /api/admin/${path}`]: { status: 503, body: { message: 'Data jobs are not running' } } });
    fireEvent.click(await screen.findByRole('button', { name: label }));
    const t = await screen.findByTestId('toast');
    expect(t.getAttribute('data-variant')).toBe('destructive');
    expect(within(t).getByText('Error')).toBeTruthy();
    expect(within(t).getByText('Data jobs are not running')).toBeTruthy();
  });

  it.each(OPERATIONS)('%s failed without a message: "%s"… fallback', async (label, path, _text, fallback) => {
    renderTab({ [`POST /api/admin/${path}`]: { status: 500 } });
    fireEvent.click(await screen.findByRole('button', { name: label }));
    expect(within(await screen.findByTestId('toast')).getByText(fallback)).toBeTruthy();
  });

  it('the initialization toast stays 10 seconds (others the usual 5)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    renderTab({ 'POST /api/admin/initialize-production': queued('initialize-production'), 'POST /api/admin/clear-cache': queued('clear-cache') });
    fireEvent.click(await screen.findByRole('button', { name: 'Initialize Production Data' }));
    await screen.findByTestId('toast');
    await act(async () => vi.advanceTimersByTime(9_000));
    expect(screen.queryByTestId('toast')).not.toBeNull();
    await act(async () => vi.advanceTimersByTime(1_100));
    expect(screen.queryByTestId('toast')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Clear Cache' }));
    await screen.findByTestId('toast');
    await act(async () => vi.advanceTimersByTime(5_100));
    expect(screen.queryByTestId('toast')).toBeNull();
  });
});

describe('Data Sync: the job list (beyond the spec)', () => {
  it('shows state, progress, summary and failure reason', async () => {
    renderTab({
      'GET /api/admin/jobs': [
        job({ id: 'a', name: 'sync-dividends', status: 'failed', reason: 'Alpaca answered 401: check ALPACA_KEY_ID', summary: null }),
        job({ id: 'b', name: 'update-prices', status: 'succeeded', summary: '63 funds priced' }),
        job({ id: 'c', name: 'begin-market-day', status: 'queued', requestedBy: 'schedule', finishedAt: null, startedAt: null, summary: null }),
      ],
    });
    const table = await screen.findByRole('table', { name: 'Jobs' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(4));
    // a text-only table that may scroll sideways on a phone: its scroll region takes the keyboard's focus
    const region = screen.getByRole('region', { name: 'Jobs, scrollable' });
    expect(region.contains(table)).toBe(true);
    expect(region.getAttribute('tabindex')).toBe('0');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]!.textContent).toContain('Sync dividends');
    expect(rows[0]!.textContent).toContain('Failed');
    expect(rows[0]!.textContent).toContain('Alpaca answered 401: check ALPACA_KEY_ID');
    expect(rows[1]!.textContent).toContain('63 funds priced');
    expect(rows[2]!.textContent).toContain('Begin market day');
    expect(rows[2]!.textContent).toContain('scheduled');
    expect(rows[2]!.textContent).toContain('Waiting to start');
  });

  it('"No jobs have run yet" on an empty list', async () => {
    renderTab({});
    expect(await screen.findByText('No jobs have run yet')).toBeTruthy();
    expect(screen.getByText('No job is running.')).toBeTruthy();
  });

  it('reads the list every 2 s while a job is queued or running, and stops once none is', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    let reads = 0;
    const running = job({ status: 'running', finishedAt: null, summary: null, progress: { done: 20, total: 63, message: 'Prices', at: '2026-11-24T15:00:05.000Z' } });
    const calls = renderTab({ 'GET /api/admin/jobs': () => (++reads < 3 ? [running] : [job()]) });
    const bar = await screen.findByRole('progressbar', { name: 'Update prices progress' });
    expect(bar.getAttribute('aria-valuenow')).toBe('32');
    expect(screen.getByText('Prices (20 of 63)')).toBeTruthy();
    expect(screen.getByText('A job is running: this list updates itself every 2 seconds.')).toBeTruthy();
    await act(async () => vi.advanceTimersByTime(2_100));
    await waitFor(() => expect(jobReads(calls)).toBe(2));
    await act(async () => vi.advanceTimersByTime(2_100));
    await waitFor(() => expect(jobReads(calls)).toBe(3));
    expect(await screen.findByText('63 funds priced')).toBeTruthy();
    expect(screen.getByText('No job is running.')).toBeTruthy();
    await act(async () => vi.advanceTimersByTime(10_000));
    expect(jobReads(calls)).toBe(3);
  });

  it('a running operation cannot be started twice', async () => {
    renderTab({ 'GET /api/admin/jobs': [job({ name: 'sync-dividends', status: 'running', finishedAt: null })] });
    const button = await screen.findByRole('button', { name: 'Running...' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Update Prices' }) as HTMLButtonElement).disabled).toBe(false);
  });
});
