// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../../testing/mock-fetch.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { HoldingsCsv, holdingsCsvTexts } from './holdings-csv.tsx';

const EXPORTED = 'ticker,shares,purchasePrice,purchaseDate,isDrip\r\nDRPW,100,20,2026-01-02,1\r\n';
const NOW = new Date('2026-01-23T17:00:00.000Z');

let blobs: Blob[];
let clicked: { href: string; download: string }[];

beforeEach(() => {
  blobs = [];
  clicked = [];
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn((b: Blob) => (blobs.push(b), `blob:${blobs.length}`)), revokeObjectURL: vi.fn() }));
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push({ href: this.getAttribute('href') ?? '', download: this.download });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function pick(content: string, name = 'positions.csv') {
  const file = new File([content], name, { type: 'text/csv' });
  fireEvent.change(screen.getByLabelText(holdingsCsvTexts.fileLabel), { target: { files: [file] } });
}

describe('Export CSV', () => {
  it('downloads the server’s CSV under a dated name and says so', async () => {
    const calls = mockFetch({ 'GET /api/user/portfolio/export.csv': EXPORTED });
    renderWithProviders(<HoldingsCsv now={NOW} />);
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await screen.findByText('Holdings exported');
    expect(screen.getByText('Saved as weeklydiv-holdings-2026-01-23.csv')).toBeTruthy();
    expect(clicked).toEqual([{ href: 'blob:1', download: 'weeklydiv-holdings-2026-01-23.csv' }]);
    expect(await blobs[0]!.text()).toBe(EXPORTED);
    expect(calls.map((c) => `${c.method} ${c.url.pathname}`)).toEqual(['GET /api/user/portfolio/export.csv']);
  });

  it('shows the server’s message when the export fails, and downloads nothing', async () => {
    mockFetch({ 'GET /api/user/portfolio/export.csv': { status: 401, body: { message: 'Not authenticated' } } });
    renderWithProviders(<HoldingsCsv now={NOW} />);
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await screen.findByText('Not authenticated');
    expect(clicked).toEqual([]);
  });
});

describe('Import CSV', () => {
  it('asks merge or separate, then opens the file picker (merge is the default)', () => {
    mockFetch({});
    renderWithProviders(<HoldingsCsv />);
    const input = screen.getByLabelText(holdingsCsvTexts.fileLabel) as HTMLInputElement;
    const click = vi.spyOn(input, 'click').mockImplementation(() => undefined);
    fireEvent.click(screen.getByRole('button', { name: 'Import CSV' }));
    const dialog = screen.getByRole('dialog', { name: 'Import holdings' });
    expect((within(dialog).getByRole('radio', { name: /Merge into my existing holdings/ }) as HTMLInputElement).checked).toBe(true);
    expect(within(dialog).queryByLabelText('Account name')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Choose file…' }));
    expect(click).toHaveBeenCalledTimes(1);
    expect(input.accept).toBe('.csv,text/csv');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('keeps an account apart: the name is required, then the upload says accounts=separate and the name', async () => {
    const calls = mockFetch({ 'POST /api/user/portfolio/import': { created: 1, updated: 0, errors: [] } });
    renderWithProviders(<HoldingsCsv />);
    const input = screen.getByLabelText(holdingsCsvTexts.fileLabel) as HTMLInputElement;
    const click = vi.spyOn(input, 'click').mockImplementation(() => undefined);
    fireEvent.click(screen.getByRole('button', { name: 'Import CSV' }));
    const dialog = screen.getByRole('dialog', { name: 'Import holdings' });
    fireEvent.click(within(dialog).getByRole('radio', { name: /Keep this account’s positions separate/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Choose file…' }));
    expect(within(dialog).getByText("Account name: Required to keep this account's positions separate")).toBeTruthy();
    expect(click).not.toHaveBeenCalled();
    fireEvent.change(within(dialog).getByLabelText('Account name'), { target: { value: '  Roth IRA ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Choose file…' }));
    expect(click).toHaveBeenCalledTimes(1);
    pick('ticker,shares\nDRPW,5\n');
    await screen.findByRole('status', { name: 'CSV import' });
    expect(calls.map((c) => [c.url.pathname, c.url.searchParams.get('accounts'), c.url.searchParams.get('account'), c.body])).toEqual([
      ['/api/user/portfolio/import', 'separate', 'Roth IRA', { csv: 'ticker,shares\nDRPW,5\n' }],
    ]);
    // the next file picked without the dialog merges
    pick('ticker,shares\nDRPW,6\n');
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]!.url.search).toBe('');
    // and the dialog asks afresh, merge first, no name kept
    fireEvent.click(screen.getByRole('button', { name: 'Import CSV' }));
    const again = screen.getByRole('dialog', { name: 'Import holdings' });
    expect((within(again).getByRole('radio', { name: /Merge into my existing holdings/ }) as HTMLInputElement).checked).toBe(true);
    expect(within(again).queryByLabelText('Account name')).toBeNull();
  });

  it('uploads the picked file and reports the counts and each failed line with its reason until dismissed', async () => {
    const text = 'ticker,shares\nDRPW,5\nT1W,abc\nNOPE,1\n';
    const calls = mockFetch({
      'POST /api/user/portfolio/import': {
        created: 1,
        updated: 1,
        errors: [
          { line: 3, message: 'Shares: Must be a positive number' },
          { line: 4, message: 'ETF not found: NOPE is not in the WeeklyDiv catalog' },
        ],
      },
    });
    renderWithProviders(<HoldingsCsv />);
    pick(text);
    const report = await screen.findByRole('status', { name: 'CSV import' });
    expect(calls.map((c) => [c.method, c.url.pathname, c.body])).toEqual([['POST', '/api/user/portfolio/import', { csv: text }]]);
    expect(within(report).getByText('1 holding created, 1 holding updated, 2 lines not imported.')).toBeTruthy();
    expect([...report.querySelectorAll('li')].map((li) => li.textContent)).toEqual(['Line 3: Shares: Must be a positive number', 'Line 4: ETF not found: NOPE is not in the WeeklyDiv catalog']);
    // the toast says the same
    expect(screen.getByText('Import finished')).toBeTruthy();
    fireEvent.click(within(report).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByRole('status', { name: 'CSV import' })).toBeNull());
  });

  it('reports a clean import without a list of lines', async () => {
    mockFetch({ 'POST /api/user/portfolio/import': { created: 3, updated: 0, errors: [] } });
    renderWithProviders(<HoldingsCsv />);
    pick('ticker,shares\nA,1\nB,1\nC,1\n');
    const report = await screen.findByRole('status', { name: 'CSV import' });
    expect(report.textContent).toContain('3 holdings created, 0 holdings updated.');
    expect(report.querySelectorAll('li')).toHaveLength(0);
  });

  it('shows the server’s message when the file cannot be read, and no report', async () => {
    const message = 'The CSV file has no holdings rows';
    mockFetch({ 'POST /api/user/portfolio/import': { status: 400, body: { message } } });
    renderWithProviders(<HoldingsCsv />);
    pick('ticker,shares\n');
    await screen.findByText(message);
    expect(screen.getByText('Import failed')).toBeTruthy();
    expect(screen.queryByRole('status', { name: 'CSV import' })).toBeNull();
  });

  it('refuses a file over 256 KB before sending it', async () => {
    const calls = mockFetch({});
    renderWithProviders(<HoldingsCsv />);
    pick('x'.repeat(256 * 1024 + 1));
    await screen.findByText(holdingsCsvTexts.tooLarge);
    expect(calls).toEqual([]);
  });
});
