// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { distributionInputMessages } from '../../../../../contracts/catalog.ts';
import type { DividendHistoryItem } from '../../../../../contracts/market.ts';
import { etf, etfDetail, OWNER_ORIGIN } from '../../../testing/fixtures.ts';
import { mockFetch, type MockRequest } from '../../../testing/mock-fetch.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { FundDataDialog } from './fund-data-dialog.tsx';

/**
 * The owner's side of issue 27 in a fund's Data dialog: each distribution's return of capital, the edit of
 * one distribution (PUT …/distributions/{exDate}?kind=) and the year-end character file
 * (POST …/distributions/character), with every refusal the server words shown.
 */

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const fund = etf({ id: 'id-0', ticker: 'T00' });

function item(exDividendDate: string, overrides: Partial<DividendHistoryItem> = {}): DividendHistoryItem {
  return {
    id: `d-${exDividendDate}`,
    exDividendDate,
    payoutDate: '2026-11-27',
    amount: '0.25',
    estimated: false,
    kind: 'regular',
    splitAdjusted: false,
    declaredAmount: '0.25',
    isDemo: false,
    ...OWNER_ORIGIN,
    ...overrides,
  };
}

const history = [
  item('2026-11-19', { rocEstimatePercent: '92', rocBasis: 'estimate', rocPercent: '92' }),
  item('2026-11-12', {
    rocEstimatePercent: '92',
    character: { ordinary: '0', qualified: '0', capitalGain: '0', returnOfCapital: '100' },
    characterFinal: true,
    rocBasis: 'final',
    rocPercent: '100',
  }),
  item('2026-11-05'),
  item('2026-11-19', { id: 'd-special', kind: 'special', amount: '1', declaredAmount: '1' }),
];

function renderDialog(handlers: Record<string, unknown> = {}) {
  const calls = mockFetch({ 'GET /api/etfs/detail/T00': etfDetail({ id: 'id-0', ticker: 'T00', dividendHistory: history, splits: [] }), ...handlers });
  renderWithProviders(<FundDataDialog etf={fund} onClose={() => undefined} />);
  return calls;
}

const detailReads = (calls: MockRequest[]) => calls.filter((c) => c.method === 'GET' && c.url.pathname === '/api/etfs/detail/T00').length;

async function toast() {
  return screen.findByTestId('toast');
}

/** Opens a row's edit form: its button and the form have the same name. */
async function editForm(name: string) {
  const dialog = await screen.findByRole('dialog', { name: 'T00 data' });
  fireEvent.click(await within(dialog).findByRole('button', { name }));
  return within(dialog).getByRole('form', { name });
}

function csvFile(text: string) {
  return new File([text], 'character.csv', { type: 'text/csv' });
}

describe('the distributions list shows the return of capital of each payout', () => {
  it('estimate, final beside its estimate, not published', async () => {
    renderDialog();
    const table = await screen.findByRole('table', { name: 'T00 distributions' });
    const rocs = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) => r.querySelectorAll('td')[4]?.textContent);
    expect(rocs).toEqual(['est. 92.0%', 'estimated 92.0%, final 100.0%', 'not published', 'not published']);
  });

  it("the distribution CSV's hint names the optional ROC % column", async () => {
    renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'T00 data' });
    expect(within(dialog).getByText(/and ROC %: the estimated return of capital, 0 to 100/)).toBeTruthy();
  });
});

describe("the owner's edit of one distribution", () => {
  it('prefilled with its values; saves its ROC estimate with PUT, "Distribution of … updated", the form closes and the fund is read again', async () => {
    const calls = renderDialog({ 'PUT /api/admin/etfs/id-0/distributions/2026-11-19': { exDate: '2026-11-19', kind: 'regular', result: 'revised' } });
    const form = await editForm('Edit the distribution of Nov 19, 2026');
    expect((within(form).getByLabelText('Amount') as HTMLInputElement).value).toBe('0.25');
    expect((within(form).getByLabelText('Status') as HTMLSelectElement).value).toBe('declared');
    expect((within(form).getByLabelText('ROC estimate %') as HTMLInputElement).value).toBe('92');
    fireEvent.change(within(form).getByLabelText('ROC estimate %'), { target: { value: ' 95 ' } });
    fireEvent.change(within(form).getByLabelText('Pay date'), { target: { value: '2026-11-21' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save distribution' }));
    const t = await toast();
    expect(within(t).getByText('Success')).toBeTruthy();
    expect(within(t).getByText('Distribution of Nov 19, 2026 updated')).toBeTruthy();
    const put = calls.find((c) => c.method === 'PUT');
    // a regular one needs no kind; the record date left empty is left out (the known one stays)
    expect(put?.url.search).toBe('');
    expect(put?.body).toEqual({ amount: '0.25', status: 'declared', rocEstimatePercent: '95', payDate: '2026-11-21' });
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Edit the distribution of Nov 19, 2026' })).toBeNull());
    await waitFor(() => expect(detailReads(calls)).toBe(2));
  });

  it('a special of a shared ex-date: ?kind=special; an emptied ROC estimate is sent as null (none published); "unchanged" says so', async () => {
    const calls = renderDialog({ 'PUT /api/admin/etfs/id-0/distributions/2026-11-19': { exDate: '2026-11-19', kind: 'special', result: 'unchanged' } });
    const form = await editForm('Edit the special distribution of Nov 19, 2026');
    fireEvent.change(within(form).getByLabelText('Status'), { target: { value: 'estimated' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save distribution' }));
    expect(within(await toast()).getByText('Special distribution of Nov 19, 2026 unchanged: it already had these values')).toBeTruthy();
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.url.searchParams.get('kind')).toBe('special');
    expect(put?.body).toEqual({ amount: '1', status: 'estimated', rocEstimatePercent: null });
  });

  it('a new distribution answers "recorded"', async () => {
    renderDialog({ 'PUT /api/admin/etfs/id-0/distributions/2026-11-05': { status: 201, body: { exDate: '2026-11-05', kind: 'regular', result: 'recorded' } } });
    const form = await editForm('Edit the distribution of Nov 5, 2026');
    fireEvent.click(within(form).getByRole('button', { name: 'Save distribution' }));
    expect(within(await toast()).getByText('Distribution of Nov 5, 2026 recorded')).toBeTruthy();
  });

  it("refused: a destructive 'Error' with the server's message, each field's message under it, the form stays open", async () => {
    const calls = renderDialog({
      'PUT /api/admin/etfs/id-0/distributions/2026-11-19': {
        status: 400,
        body: {
          message: distributionInputMessages.amount,
          errors: { amount: distributionInputMessages.amount, rocEstimatePercent: distributionInputMessages.rocEstimatePercent },
        },
      },
    });
    const form = await editForm('Edit the distribution of Nov 19, 2026');
    fireEvent.change(within(form).getByLabelText('Amount'), { target: { value: '-1' } });
    fireEvent.change(within(form).getByLabelText('ROC estimate %'), { target: { value: '120' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save distribution' }));
    const t = await toast();
    expect(t.getAttribute('data-variant')).toBe('destructive');
    expect(within(t).getByText('Error')).toBeTruthy();
    expect(within(t).getByText(distributionInputMessages.amount)).toBeTruthy();
    const amount = within(form).getByLabelText('Amount');
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    expect(within(form).getByText(distributionInputMessages.amount)).toBeTruthy();
    expect(within(form).getByText(distributionInputMessages.rocEstimatePercent)).toBeTruthy();
    expect((within(form).getByLabelText('ROC estimate %') as HTMLInputElement).value).toBe('120');
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ amount: '-1', status: 'declared', rocEstimatePercent: '120' });
    expect(detailReads(calls)).toBe(1);
  });

  it('a distribution no longer there (404): its message', async () => {
    renderDialog({ 'PUT /api/admin/etfs/id-0/distributions/2026-11-19': { status: 404, body: { message: 'ETF not found' } } });
    const form = await editForm('Edit the distribution of Nov 19, 2026');
    fireEvent.click(within(form).getByRole('button', { name: 'Save distribution' }));
    expect(within(await toast()).getByText('ETF not found')).toBeTruthy();
  });

  it('no answer at all: "Failed to update distribution"; Cancel closes the form', async () => {
    renderDialog({ 'PUT /api/admin/etfs/id-0/distributions/2026-11-19': () => Promise.reject(new TypeError('Failed to fetch')) });
    const form = await editForm('Edit the distribution of Nov 19, 2026');
    fireEvent.click(within(form).getByRole('button', { name: 'Save distribution' }));
    expect(within(await toast()).getByText('Failed to update distribution')).toBeTruthy();
    fireEvent.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('form', { name: 'Edit the distribution of Nov 19, 2026' })).toBeNull();
  });
});

describe('the year-end character file', () => {
  const CSV = 'Ex Date,Ordinary %,Qualified %,Capital Gain %,Return of Capital %\n2026-11-12,0,0,0,100\n2026-11-19,8,0,0,92\n2026-11-26,50,0,0,40\n';

  async function upload() {
    const dialog = await screen.findByRole('dialog', { name: 'T00 data' });
    fireEvent.change(within(dialog).getByLabelText('Year-end character file'), { target: { files: [csvFile(CSV)] } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Import year-end character' }));
    return dialog;
  }

  it('sends the file as { csv }; shows the counts and each row not recorded with its line; the fund is read again', async () => {
    const calls = renderDialog({
      'POST /api/admin/etfs/id-0/distributions/character': { updated: 1, unchanged: 1, errors: [{ line: 4, message: 'The figures add up to 90%, not 100%' }] },
    });
    const dialog = await upload();
    expect(within(await toast()).getByText('Year-end character imported: 1 updated, 1 unchanged, 1 rows skipped')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ csv: CSV });
    expect(within(dialog).getByTestId('character-import-counts').textContent).toBe('1 updated, 1 unchanged');
    expect(within(dialog).getByRole('list', { name: 'Year-end character rows not recorded' }).textContent).toBe('Line 4: The figures add up to 90%, not 100%');
    await waitFor(() => expect(detailReads(calls)).toBe(2));
  });

  it("no row recorded (400): the server's message in an 'Error' toast and each row's reason by line", async () => {
    const calls = renderDialog({
      'POST /api/admin/etfs/id-0/distributions/character': {
        status: 400,
        body: {
          message: 'No distribution recorded: line 2: no distribution of T00 on 2026-11-12',
          errors: { 'line 2': 'No distribution of T00 on 2026-11-12', 'line 3': 'No distribution of T00 on 2026-11-19' },
        },
      },
    });
    const dialog = await upload();
    const t = await toast();
    expect(t.getAttribute('data-variant')).toBe('destructive');
    expect(within(t).getByText('No distribution recorded: line 2: no distribution of T00 on 2026-11-12')).toBeTruthy();
    expect(within(dialog).getByRole('list', { name: 'Year-end character rows not recorded' }).textContent).toBe(
      'Line 2: No distribution of T00 on 2026-11-12Line 3: No distribution of T00 on 2026-11-19',
    );
    expect(within(dialog).queryByTestId('character-import-counts')).toBeNull();
    expect(detailReads(calls)).toBe(1);
  });

  it('a file too large (413, plain text): its status and text', async () => {
    renderDialog({ 'POST /api/admin/etfs/id-0/distributions/character': { status: 413, body: 'Payload Too Large' } });
    await upload();
    expect(within(await toast()).getByText(/Payload Too Large/)).toBeTruthy();
  });

  it('no answer at all: "Failed to import year-end character"', async () => {
    renderDialog({ 'POST /api/admin/etfs/id-0/distributions/character': () => Promise.reject(new TypeError('Failed to fetch')) });
    const dialog = await upload();
    expect(within(await toast()).getByText('Failed to import year-end character')).toBeTruthy();
    expect(within(dialog).queryByRole('list', { name: 'Year-end character rows not recorded' })).toBeNull();
  });
});
