// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EtfListItem } from '../../../../../contracts/market.ts';
import { etf, etfDetail, OWNER_ORIGIN } from '../../../testing/fixtures.ts';
import { mockFetch, type MockRequest } from '../../../testing/mock-fetch.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { EtfTab } from './etf-tab.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function listOf(n: number): EtfListItem[] {
  return Array.from({ length: n }, (_, i) => etf({ id: `id-${i}`, ticker: `T${String(i).padStart(2, '0')}`, name: `Fund ${i}`, yieldPercent: String(100 - i) }));
}

function renderTab(handlers: Record<string, unknown> = {}) {
  const calls = mockFetch({ 'GET /api/etfs': listOf(3), ...handlers });
  const result = renderWithProviders(<EtfTab />);
  return { ...result, calls };
}

const posts = (calls: MockRequest[], path: string) => calls.filter((c) => c.method === 'POST' && c.url.pathname === path);

function toast() {
  return screen.findByTestId('toast');
}

async function form() {
  return screen.findByRole('form', { name: 'Create ETF' });
}

describe('ETF form (spec §5)', () => {
  it('uppercases the ticker as typed and enables the button only with ticker and name', async () => {
    renderTab();
    const f = await form();
    const button = within(f).getByRole('button', { name: 'Create ETF' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    fireEvent.change(within(f).getByLabelText('Ticker'), { target: { value: 'ymax' } });
    expect((within(f).getByLabelText('Ticker') as HTMLInputElement).value).toBe('YMAX');
    expect(button.disabled).toBe(true);
    fireEvent.change(within(f).getByLabelText('Name'), { target: { value: '   ' } });
    expect(button.disabled).toBe(true);
    fireEvent.change(within(f).getByLabelText('Name'), { target: { value: 'YieldMax Universe' } });
    expect(button.disabled).toBe(false);
    fireEvent.change(within(f).getByLabelText('Ticker'), { target: { value: '' } });
    expect(button.disabled).toBe(true);
  });

  it('creates: POST /api/etfs with the four fields, "ETF created successfully", the form resets and the list is read again', async () => {
    const { calls } = renderTab({ 'POST /api/etfs': { status: 201, body: { id: 'n1', ticker: 'YMAX' } } });
    const f = await form();
    fireEvent.change(within(f).getByLabelText('Ticker'), { target: { value: 'ymax' } });
    fireEvent.change(within(f).getByLabelText('Name'), { target: { value: ' YieldMax Universe ' } });
    fireEvent.change(within(f).getByLabelText('Brand'), { target: { value: 'YieldMax' } });
    fireEvent.change(within(f).getByLabelText('Description'), { target: { value: 'Fund of funds' } });
    fireEvent.click(within(f).getByRole('button', { name: 'Create ETF' }));
    expect(within(await toast()).getByText('ETF created successfully')).toBeTruthy();
    expect(posts(calls, '/api/etfs').map((c) => c.body)).toEqual([{ ticker: 'YMAX', name: 'YieldMax Universe', brand: 'YieldMax', description: 'Fund of funds' }]);
    await waitFor(() => expect((within(f).getByLabelText('Ticker') as HTMLInputElement).value).toBe(''));
    await waitFor(() => expect(calls.filter((c) => c.method === 'GET' && c.url.pathname === '/api/etfs')).toHaveLength(2));
  });

  it('a refused create: destructive "Error" with the server message', async () => {
    renderTab({ 'POST /api/etfs': { status: 409, body: { message: 'An ETF with ticker T00 already exists' } } });
    const f = await form();
    fireEvent.change(within(f).getByLabelText('Ticker'), { target: { value: 't00' } });
    fireEvent.change(within(f).getByLabelText('Name'), { target: { value: 'Again' } });
    fireEvent.click(within(f).getByRole('button', { name: 'Create ETF' }));
    const t = await toast();
    expect(t.getAttribute('data-variant')).toBe('destructive');
    expect(within(t).getByText('Error')).toBeTruthy();
    expect(within(t).getByText('An ETF with ticker T00 already exists')).toBeTruthy();
    expect((within(f).getByLabelText('Ticker') as HTMLInputElement).value).toBe('T00');
  });

  it('no answer at all: "Failed to create ETF"', async () => {
    renderTab({ 'POST /api/etfs': () => Promise.reject(new TypeError('Failed to fetch')) });
    const f = await form();
    fireEvent.change(within(f).getByLabelText('Ticker'), { target: { value: 'abc' } });
    fireEvent.change(within(f).getByLabelText('Name'), { target: { value: 'A' } });
    fireEvent.click(within(f).getByRole('button', { name: 'Create ETF' }));
    expect(within(await toast()).getByText('Failed to create ETF')).toBeTruthy();
  });

  it('edits a fund from its row: the same fields with its description, PUT /api/admin/etfs/{id}, "ETF updated successfully", back to Create', async () => {
    const { calls } = renderTab({
      'GET /api/etfs/detail/T01': etfDetail({ id: 'id-1', ticker: 'T01', description: 'Old words' }),
      'PUT /api/admin/etfs/id-1': { id: 'id-1', ticker: 'T01X' },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit T01' }));
    const f = await screen.findByRole('form', { name: 'Edit ETF T01' });
    expect((within(f).getByLabelText('Description') as HTMLTextAreaElement).value).toBe('Old words');
    expect((within(f).getByLabelText('Name') as HTMLInputElement).value).toBe('Fund 1');
    fireEvent.change(within(f).getByLabelText('Ticker'), { target: { value: 't01x' } });
    fireEvent.click(within(f).getByRole('button', { name: 'Update ETF' }));
    expect(within(await toast()).getByText('ETF updated successfully')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ ticker: 'T01X', name: 'Fund 1', brand: 'Roundhill', description: 'Old words' });
    expect(await screen.findByRole('form', { name: 'Create ETF' })).toBeTruthy();
  });

  it('Cancel leaves the edit without a request and resets the form', async () => {
    const { calls } = renderTab({ 'GET /api/etfs/detail/T01': etfDetail({ id: 'id-1', ticker: 'T01' }) });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit T01' }));
    const f = await screen.findByRole('form', { name: 'Edit ETF T01' });
    fireEvent.click(within(f).getByRole('button', { name: 'Cancel' }));
    const fresh = await form();
    expect((within(fresh).getByLabelText('Ticker') as HTMLInputElement).value).toBe('');
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });
});

describe('ETF table (spec §2, §9)', () => {
  it('"Loading ETFs..." then "No ETFs found"', async () => {
    let answer: (v: unknown) => void = () => undefined;
    renderTab({ 'GET /api/etfs': () => new Promise((resolve) => (answer = resolve)) });
    expect(await screen.findByText('Loading ETFs...')).toBeTruthy();
    answer([]);
    expect(await screen.findByText('No ETFs found')).toBeTruthy();
  });

  it('20 rows a page, the 5-number window, yield descending by default; a sort goes back to page 1', async () => {
    renderTab({ 'GET /api/etfs': listOf(130) });
    const table = await screen.findByRole('table', { name: 'ETFs' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(21));
    expect(within(table).getAllByRole('row')[1]!.textContent).toContain('T00'); // highest yield first
    const pager = screen.getByRole('navigation', { name: 'ETF pages' });
    expect(numbers(pager)).toEqual(['1', '2', '3', '4', '5']);
    fireEvent.click(within(pager).getByLabelText('Page 5'));
    expect(numbers(pager)).toEqual(['3', '4', '5', '6', '7']);
    expect(within(table).getAllByRole('row')[1]!.textContent).toContain('T80');
    fireEvent.click(within(table).getByRole('button', { name: /Yield/ }));
    expect(within(pager).getByLabelText('Page 1').getAttribute('aria-current')).toBe('page');
    expect(within(table).getAllByRole('row')[1]!.textContent).toContain('T129'); // flipped: lowest yield first
    expect(within(table).getByRole('columnheader', { name: /Yield/ }).getAttribute('aria-sort')).toBe('ascending');
    fireEvent.click(within(table).getByRole('button', { name: /Ticker/ }));
    expect(within(table).getByRole('columnheader', { name: /Ticker/ }).getAttribute('aria-sort')).toBe('descending');
    expect(within(table).getAllByRole('row')[1]!.textContent).toContain('T99');
  });

  // issue 29, W6: YETH's weekly average 0.230466 arrives rounded as "0.2305"; formatted again that read
  // $0.231 in the admin table while every public screen showed $0.230
  it('formats the exact figures, as the public tables do: rounded once', async () => {
    const yeth = etf({
      id: 'yeth',
      ticker: 'YETH',
      weeklyAverage: '0.2305',
      yieldPercent: '128.85',
      oneYearReturn: '-12.35',
      dripReturn: '4.45',
      exact: { weeklyAverage: '0.230466', yieldPercent: '128.849', oneYearReturn: '-12.3449', dripReturn: '4.4449' },
    });
    renderTab({ 'GET /api/etfs': [yeth] });
    const table = await screen.findByRole('table', { name: 'ETFs' });
    const row = await within(table).findByText('YETH');
    const cells = [...row.closest('tr')!.querySelectorAll('td')].map((td) => td.textContent);
    expect(cells).toContain('$0.230');
    expect(cells).toContain('128.8%');
    expect(cells).toContain('-12.3%');
    expect(cells).toContain('4.4%');
  });
});

/** The page numbers of the pager (a phone hides some by CSS; jsdom applies it). */
function numbers(pager: HTMLElement): string[] {
  return [...pager.querySelectorAll<HTMLButtonElement>('button[aria-label^="Page "]')].map((b) => b.textContent ?? '');
}

function chooseCsv(text: string, name = 'etfs.csv') {
  const input = screen.getByLabelText('ETF list CSV file');
  fireEvent.change(input, { target: { files: [new File([text], name, { type: 'text/csv' })] } });
}

describe('CSV upload (spec §5, §8) and its report', () => {
  it('sends one POST /api/etfs a row; partial success toast and a report naming each row that failed or was skipped', async () => {
    const { calls } = renderTab({
      'POST /api/etfs': (req: MockRequest) =>
        (req.body as { ticker: string }).ticker === 'T00' ? { status: 409, body: { message: 'An ETF with ticker T00 already exists' } } : { status: 201, body: { id: 'x', ticker: 'NEW' } },
    });
    await screen.findByRole('table', { name: 'ETFs' });
    chooseCsv(' Ticker ,NAME,brand\nnew1, New One ,Roundhill\nt00,Dup,Roundhill\n,No ticker,\nnew2,New Two,\n');
    const t = await screen.findByTestId('toast');
    expect(within(t).getByText('Successfully created 2 ETFs, 1 failed')).toBeTruthy();
    expect(posts(calls, '/api/etfs').map((c) => c.body)).toEqual([
      { ticker: 'NEW1', name: 'New One', brand: 'Roundhill', description: '' },
      { ticker: 'T00', name: 'Dup', brand: 'Roundhill', description: '' },
      { ticker: 'NEW2', name: 'New Two', brand: '', description: '' },
    ]);
    const report = screen.getByRole('region', { name: 'CSV upload report' });
    expect(within(report).getByText('etfs.csv: 2 created, 1 failed, 1 skipped')).toBeTruthy();
    const rows = within(report).getAllByRole('row').slice(1).map((r) => Array.from(r.querySelectorAll('td')).map((td) => td.textContent));
    expect(rows).toEqual([
      ['3', 'T00', 'Failed', 'An ETF with ticker T00 already exists'],
      ['4', '—', 'Skipped', 'Skipped: a row needs a ticker and a name'],
    ]);
    // the list is read again once for the whole file, not once a row
    await waitFor(() => expect(calls.filter((c) => c.method === 'GET' && c.url.pathname === '/api/etfs')).toHaveLength(2));
    fireEvent.click(within(report).getByRole('button', { name: 'Close report' }));
    expect(screen.queryByRole('region', { name: 'CSV upload report' })).toBeNull();
  });

  it('every row failed: "Upload Error", "All N ETF rows failed to create. …"', async () => {
    renderTab({ 'POST /api/etfs': { status: 400, body: { message: 'Ticker must be 1-8 letters or digits' } } });
    await screen.findByRole('table', { name: 'ETFs' });
    chooseCsv('ticker,name\nTOO-LONG-TICKER,A\nBAD!,B\n');
    const t = await screen.findByTestId('toast');
    expect(t.getAttribute('data-variant')).toBe('destructive');
    expect(within(t).getByText('Upload Error')).toBeTruthy();
    expect(within(t).getByText('All 2 ETF rows failed to create. Check for duplicate tickers or invalid data.')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'CSV upload report' })).getAllByText('Ticker must be 1-8 letters or digits')).toHaveLength(2);
  });

  it.each([
    ['', 'CSV file is empty or contains no data rows'],
    ['symbol,name\nA,B\n', "CSV must include 'ticker' and 'name' columns in the header row"],
    ['ticker,name\n,B\n', 'No valid ETF rows found in CSV. Each row must have ticker and name.'],
    ['ticker,name\nA,"B\n', 'CSV parsing error: a quoted field opened on line 2 is never closed'],
  ])('a file refused as a whole (%j): "Upload Error" "%s", nothing sent', async (text, message) => {
    const { calls } = renderTab();
    await screen.findByRole('table', { name: 'ETFs' });
    chooseCsv(text);
    const t = await screen.findByTestId('toast');
    expect(within(t).getByText('Upload Error')).toBeTruthy();
    expect(within(t).getByText(message)).toBeTruthy();
    expect(posts(calls, '/api/etfs')).toEqual([]);
  });

  it('all created: "Successfully created N ETFs"', async () => {
    renderTab({ 'POST /api/etfs': { status: 201, body: { id: 'x', ticker: 'A' } } });
    await screen.findByRole('table', { name: 'ETFs' });
    chooseCsv('ticker,name\nA,One\n');
    expect(within(await screen.findByTestId('toast')).getByText('Successfully created 1 ETFs')).toBeTruthy();
    expect(screen.getByText('Every row was created.')).toBeTruthy();
  });
});

describe('list download', () => {
  it('saves the server CSV as etfs-{date}.csv with "ETF list downloaded successfully"', async () => {
    const saved: { name: string; blob: Blob }[] = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: (blob: Blob) => (saved.push({ name: '', blob }), 'blob:x'), revokeObjectURL: () => undefined }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved[saved.length - 1]!.name = this.download;
    });
    renderTab({ 'GET /api/admin/etfs/export.csv': 'ticker,name,brand,description\r\nT00,Fund 0,Roundhill,\r\n' });
    fireEvent.click(await screen.findByRole('button', { name: 'Download ETF List' }));
    expect(within(await screen.findByTestId('toast')).getByText('ETF list downloaded successfully')).toBeTruthy();
    expect(saved[0]!.name).toMatch(/^etfs-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(await saved[0]!.blob.text()).toBe('ticker,name,brand,description\r\nT00,Fund 0,Roundhill,\r\n');
    click.mockRestore();
  });

  it('a failed download: "Error" with the server message', async () => {
    renderTab({ 'GET /api/admin/etfs/export.csv': { status: 403, body: { message: 'Admin access required' } } });
    fireEvent.click(await screen.findByRole('button', { name: 'Download ETF List' }));
    expect(within(await screen.findByTestId('toast')).getByText('Admin access required')).toBeTruthy();
  });
});

describe("a fund's data dialog", () => {
  const detail = etfDetail({
    id: 'id-0',
    ticker: 'T00',
    dividendHistory: [{ id: 'd1', exDividendDate: '2026-11-19', payoutDate: '2026-11-20', amount: '0.25', estimated: false } as never],
    splits: [],
  });

  it('imports a price history CSV and lists the rows the server skipped', async () => {
    const { calls } = renderTab({
      'GET /api/etfs/detail/T00': detail,
      'POST /api/admin/etfs/id-0/prices/import': { appended: 2, revised: 1, unchanged: 0, errors: [{ line: 4, message: "Skipped: date 'x' not understood" }] },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Data of T00' }));
    const dialog = await screen.findByRole('dialog', { name: 'T00 data' });
    const file = within(dialog).getByLabelText('Price history file');
    fireEvent.change(file, { target: { files: [new File(['Date,Close\n2026-11-20,10\n'], 'p.csv', { type: 'text/csv' })] } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Import price history' }));
    expect(within(await screen.findByTestId('toast')).getByText('Price history imported: 2 new, 1 revised, 0 unchanged, 1 rows skipped')).toBeTruthy();
    expect(calls.find((c) => c.url.pathname.endsWith('/prices/import'))?.body).toEqual({ csv: 'Date,Close\n2026-11-20,10\n' });
    expect(within(dialog).getByText("Line 4: Skipped: date 'x' not understood")).toBeTruthy();
  });

  it('withdraws a distribution with a reason (DELETE …/distributions/{exDate}?reason=)', async () => {
    const { calls } = renderTab({
      'GET /api/etfs/detail/T00': detail,
      'DELETE /api/admin/etfs/id-0/distributions/2026-11-19': { id: 'id-0_2026-11-19', exDate: '2026-11-19' },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Data of T00' }));
    const dialog = await screen.findByRole('dialog', { name: 'T00 data' });
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Withdraw the distribution of Nov 19, 2026' }));
    fireEvent.change(within(dialog).getByLabelText('Reason (optional)'), { target: { value: 'wrong row' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm withdrawal' }));
    expect(within(await screen.findByTestId('toast')).getByText('Distribution of Nov 19, 2026 withdrawn')).toBeTruthy();
    expect(calls.find((c) => c.method === 'DELETE')?.url.searchParams.get('reason')).toBe('wrong row');
  });

  it("records a split, and shows the server's validation message when refused", async () => {
    renderTab({
      'GET /api/etfs/detail/T00': detail,
      'POST /api/admin/etfs/id-0/splits': (req: MockRequest) =>
        (req.body as { oldRate: string }).oldRate === '1'
          ? { status: 400, body: { message: 'Old and new rate must differ: a 1-for-10 reverse split is old rate 10, new rate 1' } }
          : { status: 201, body: { exDate: '2026-11-23', oldRate: '10', newRate: '1', description: '1-for-10 reverse split', upcoming: false, etfId: 'id-0', source: 'manual', status: 'recorded' } },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Data of T00' }));
    const dialog = await screen.findByRole('dialog', { name: 'T00 data' });
    const splitForm = await within(dialog).findByRole('form', { name: 'Record a split of T00' });
    fireEvent.change(within(splitForm).getByLabelText('Ex-date'), { target: { value: '2026-11-23' } });
    fireEvent.change(within(splitForm).getByLabelText('Old rate'), { target: { value: '1' } });
    fireEvent.change(within(splitForm).getByLabelText('New rate'), { target: { value: '1' } });
    fireEvent.click(within(splitForm).getByRole('button', { name: 'Record split' }));
    expect(within(await screen.findByTestId('toast')).getByText('Old and new rate must differ: a 1-for-10 reverse split is old rate 10, new rate 1')).toBeTruthy();
    fireEvent.change(within(splitForm).getByLabelText('Old rate'), { target: { value: '10' } });
    fireEvent.click(within(splitForm).getByRole('button', { name: 'Record split' }));
    expect(await screen.findByText('Split recorded: 1-for-10 reverse split on Nov 23, 2026')).toBeTruthy();
  });
});

describe("a fund's data dialog: kinds, refused rows, frequency (N1, N9, N13)", () => {
  const inferred = { frequency: 'four-weekly' as const, gapDays: 28, evenly: true };
  const row = (exDividendDate: string, amount: string, kind: 'regular' | 'special') => ({
    id: `d-${exDividendDate}-${kind}`, exDividendDate, payoutDate: '2026-11-27', amount, estimated: false, kind, splitAdjusted: false, declaredAmount: amount, isDemo: false, ...OWNER_ORIGIN,
  });
  const detail = etfDetail({ id: 'id-0', ticker: 'T00', dividendHistory: [row('2026-11-25', '0.2', 'regular'), row('2026-11-25', '1', 'special')], splits: [] });

  it('lists each distribution with its type and withdraws the special of an ex-date with ?kind=special', async () => {
    const { calls } = renderTab({
      'GET /api/etfs/detail/T00': detail,
      'DELETE /api/admin/etfs/id-0/distributions/2026-11-25': { id: 'id-0_2026-11-25_special', exDate: '2026-11-25', kind: 'special' },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Data of T00' }));
    const dialog = await screen.findByRole('dialog', { name: 'T00 data' });
    const table = await within(dialog).findByRole('table', { name: 'T00 distributions' });
    expect(within(table).getAllByRole('row').slice(1).map((r) => Array.from(r.querySelectorAll('td')).slice(2, 4).map((c) => c.textContent))).toEqual([
      ['Regular', '$0.2000'],
      ['Special', '$1.0000'],
    ]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Withdraw the special distribution of Nov 25, 2026' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm withdrawal' }));
    expect(within(await screen.findByTestId('toast')).getByText('Special distribution of Nov 25, 2026 withdrawn')).toBeTruthy();
    expect(calls.find((c) => c.method === 'DELETE')?.url.searchParams.get('kind')).toBe('special');
  });

  it("a file whose every row was refused lists each row's reason; an import's warnings are shown", async () => {
    let refuse = true;
    renderTab({
      'GET /api/etfs/detail/T00': detail,
      'POST /api/admin/etfs/id-0/distributions/import': () =>
        refuse
          ? {
              status: 400,
              body: {
                message: 'No valid distribution rows found in CSV: line 2: ex-date 2026-04-03 is Good Friday: the market is closed',
                errors: { 'line 2': 'Skipped: ex-date 2026-04-03 is Good Friday: the market is closed' },
              },
            }
          : { appended: 4, revised: 0, unchanged: 0, errors: [], warnings: ['Payouts every 28 days; the catalog says weekly — figures use four-weekly'] },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Data of T00' }));
    const dialog = await screen.findByRole('dialog', { name: 'T00 data' });
    fireEvent.change(within(dialog).getByLabelText('Distribution history file'), { target: { files: [new File(['Ex Date,Amount\n2026-04-03,0.15\n'], 'd.csv', { type: 'text/csv' })] } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Import distribution history' }));
    expect(await within(dialog).findByText('Line 2: Skipped: ex-date 2026-04-03 is Good Friday: the market is closed')).toBeTruthy();
    refuse = false;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Import distribution history' }));
    const warnings = await within(dialog).findByRole('list', { name: 'Distribution history warnings' });
    expect(warnings.textContent).toBe('Payouts every 28 days; the catalog says weekly — figures use four-weekly');
  });

  it('a fund whose payouts contradict its catalog frequency: a flag on its row, the warning in its data dialog', async () => {
    renderTab({ 'GET /api/etfs': [etf({ id: 'id-0', ticker: 'T00', inferredFrequency: inferred, frequencyUsed: 'four-weekly' })], 'GET /api/etfs/detail/T00': { ...detail, inferredFrequency: inferred, frequencyUsed: 'four-weekly' } });
    const flag = await screen.findByTestId('frequency-flag');
    expect(flag.textContent).toBe('Pays four-weekly');
    expect(flag.getAttribute('title')).toBe('Payouts every 28 days; the catalog says weekly — figures use four-weekly');
    fireEvent.click(screen.getByRole('button', { name: 'Data of T00' }));
    const dialog = await screen.findByRole('dialog', { name: 'T00 data' });
    expect((await within(dialog).findByTestId('frequency-warning')).textContent).toBe('Payouts every 28 days; the catalog says weekly — figures use four-weekly');
  });
});
