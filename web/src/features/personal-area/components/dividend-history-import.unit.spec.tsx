// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../../testing/mock-fetch.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { DividendHistoryImport, dividendHistoryTexts } from './dividend-history-import.tsx';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function pick(content: string) {
  const file = new File([content], 'transactions.csv', { type: 'text/csv' });
  fireEvent.change(screen.getByLabelText(dividendHistoryTexts.fileLabel), { target: { files: [file] } });
}

const record = { id: 'file:abc:1', accountId: 'file:schwab', type: 'DIVIDEND', symbol: 'AAPL', amount: '2.4', units: null, price: null, date: '2026-01-12', source: 'file', line: 4 };

describe('Import dividend history', () => {
  it('opens the file picker from the button', () => {
    mockFetch({});
    renderWithProviders(<DividendHistoryImport />);
    const input = screen.getByLabelText(dividendHistoryTexts.fileLabel) as HTMLInputElement;
    const click = vi.spyOn(input, 'click').mockImplementation(() => undefined);
    fireEvent.click(screen.getByRole('button', { name: 'Import dividend history' }));
    expect(click).toHaveBeenCalledTimes(1);
    expect(input.accept).toBe('.csv,text/csv');
  });

  it('uploads the file and reports the lines read, the matches and each record and line left, until dismissed', async () => {
    const calls = mockFetch({
      'POST /api/user/payouts/import': { broker: 'schwab', lines: 3, recorded: 3, matched: 2, unmatched: [record], errors: [{ line: 8, message: 'Date: Must be a valid date' }] },
    });
    renderWithProviders(<DividendHistoryImport />);
    pick('"Date","Action"\n');
    const report = await screen.findByRole('status', { name: 'Dividend history import' });
    expect(calls.map((c) => [c.method, c.url.pathname, c.body])).toEqual([['POST', '/api/user/payouts/import', { csv: '"Date","Action"\n' }]]);
    expect(within(report).getByText('3 dividend lines read: 2 matched to your payouts, 1 not matched, 1 line not readable.')).toBeTruthy();
    expect([...report.querySelectorAll('li')].map((li) => li.textContent)).toEqual(['Line 4: AAPL $2.40 on Jan 12', 'Line 8: Date: Must be a valid date']);
    expect(screen.getByText('Dividend history imported')).toBeTruthy();
    fireEvent.click(within(report).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('status', { name: 'Dividend history import' })).toBeNull();
  });

  it('says when the same file brought nothing new', async () => {
    mockFetch({ 'POST /api/user/payouts/import': { broker: 'schwab', lines: 1, recorded: 0, matched: 1, unmatched: [], errors: [] } });
    renderWithProviders(<DividendHistoryImport />);
    pick('x');
    const report = await screen.findByRole('status', { name: 'Dividend history import' });
    expect(report.textContent).toContain('1 dividend line read: 1 matched to your payouts, 0 not matched. Nothing new since the last import.');
  });

  it('shows the server’s message for a file it cannot read, and refuses a file over 512 KB before sending it', async () => {
    const message = 'The file has no dividend lines';
    const calls = mockFetch({ 'POST /api/user/payouts/import': { status: 400, body: { message } } });
    renderWithProviders(<DividendHistoryImport />);
    pick('x');
    await screen.findByText(message);
    expect(screen.getByText('Import failed')).toBeTruthy();
    pick('x'.repeat(512 * 1024 + 1));
    await screen.findByText(dividendHistoryTexts.tooLarge);
    expect(calls).toHaveLength(1);
  });
});
