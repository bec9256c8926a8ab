// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { etf } from '../../../testing/fixtures.ts';
import { mockFetch, type MockRequest } from '../../../testing/mock-fetch.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { Calculators } from './calculators.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const list = [
  etf({ id: 'e1', ticker: 'NVDW', yieldPercent: '41.27', currentPrice: '50.12', weeklyAverage: '0.3850', dripReturn: '15.00' }),
  etf({ id: 'e2', ticker: 'YSPY', yieldPercent: '132.02', currentPrice: '10.17', weeklyAverage: '0.2582', dripReturn: '-12.34' }),
];

const PER_YEAR: Record<string, number> = { weekly: 52, 'four-week': 13, monthly: 12, quarterly: 4 };

/** The yield answer the server gives for 10,000 at 52 % (annual 5,200), per frequency. */
function yieldAnswer(request: MockRequest) {
  const frequency = (request.body as { frequency: string }).frequency;
  const perPayout = { weekly: '100.00', 'four-week': '400.00', monthly: '433.33', quarterly: '1300.00' }[frequency];
  return { annual: '5200.00', monthly: '433.33', weekly: '100.00', perPayout, payoutsPerYear: PER_YEAR[frequency], highYield: true };
}

const dripAnswer = { finalValue: '12345.678', totalShares: '246.3456', growth: '23.45', weeks: 260, annualYieldPercent: '12.00', highYield: false };

async function setUp(handlers: Record<string, unknown> = {}) {
  const calls = mockFetch({ 'GET /api/top-performers': list, 'POST /api/calculate/yield': yieldAnswer, 'POST /api/calculate/drip': dripAnswer, ...handlers });
  renderWithProviders(<Calculators />);
  await screen.findAllByRole('option', { name: /NVDW/ });
  return calls;
}

describe('yield calculator: the frequency changes what is shown (D7)', () => {
  it('per payout and payouts a year, labelled per frequency', async () => {
    await setUp();
    fireEvent.change(screen.getByLabelText('Annual Yield (%)'), { target: { value: '52' } });
    const expected = [
      ['weekly', 'Per payout (weekly)', '$100.00', '52'],
      ['four-week', 'Per payout (every 4 weeks)', '$400.00', '13'],
      ['monthly', 'Per payout (monthly)', '$433.33', '12'],
      ['quarterly', 'Per payout (quarterly)', '$1,300.00', '4'],
    ] as const;
    for (const [frequency, label, amount, perYear] of expected) {
      fireEvent.change(screen.getByLabelText('Payout Frequency'), { target: { value: frequency } });
      fireEvent.click(screen.getByRole('button', { name: 'Calculate Income' }));
      const results = await screen.findByTestId('yield-results');
      // the spec's three results stay
      expect(within(results).getByText('Annual Income').nextElementSibling!.textContent).toBe('$5,200.00');
      expect(within(results).getByText('Monthly Income').nextElementSibling!.textContent).toBe('$433.33');
      expect(within(results).getByText('Weekly Income').nextElementSibling!.textContent).toBe('$100.00');
      expect(within(results).getByText(label).nextElementSibling!.textContent).toBe(amount);
      expect(within(results).getByText('Payouts a year').nextElementSibling!.textContent).toBe(perYear);
    }
  });
});

describe('stale results (D14)', () => {
  it('an edited input or another ETF clears the yield result', async () => {
    await setUp();
    fireEvent.change(screen.getByLabelText('Annual Yield (%)'), { target: { value: '52' } });
    fireEvent.click(screen.getByRole('button', { name: 'Calculate Income' }));
    await screen.findByTestId('yield-results');
    fireEvent.change(screen.getByLabelText('Investment Amount ($)'), { target: { value: '20000' } });
    expect(screen.queryByTestId('yield-results')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Calculate Income' }));
    await screen.findByTestId('yield-results');
    fireEvent.change(screen.getByLabelText('Payout Frequency'), { target: { value: 'monthly' } });
    expect(screen.queryByTestId('yield-results')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Calculate Income' }));
    await screen.findByTestId('yield-results');
    fireEvent.change(screen.getAllByLabelText('ETF (optional)')[0]!, { target: { value: 'e1' } });
    expect(screen.queryByTestId('yield-results')).toBeNull();
  });

  it('an edited DRIP input clears the result; a failed calculation leaves no result beside the error', async () => {
    let fail = false;
    await setUp({ 'POST /api/calculate/drip': () => (fail ? { status: 400, body: { message: 'Years must be between 1 and 30' } } : dripAnswer) });
    fireEvent.change(screen.getAllByLabelText('ETF (optional)')[1]!, { target: { value: 'e1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Calculate DRIP' }));
    await screen.findByTestId('drip-results');
    fireEvent.change(screen.getByLabelText('Years'), { target: { value: '31' } });
    expect(screen.queryByTestId('drip-results')).toBeNull();

    fireEvent.change(screen.getByLabelText('Years'), { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Calculate DRIP' }));
    await screen.findByTestId('drip-results');
    // the same inputs, but the server now refuses: the old result must not stay next to the error
    fail = true;
    fireEvent.click(screen.getByRole('button', { name: 'Calculate DRIP' }));
    await waitFor(() => expect(screen.getByTestId('toast').textContent).toContain('Calculation Error'));
    expect(screen.queryByTestId('drip-results')).toBeNull();
  });

  // issue 29, W7: the red toast of a refused calculation stayed over the next, successful result for 5 s
  it("a new result takes the calculator's error toast away", async () => {
    await setUp({
      'POST /api/calculate/drip': (request: MockRequest) =>
        (request.body as { sharePrice: number }).sharePrice < 1 ? { status: 400, body: { message: 'Weekly dividend must be between 0 and 10% of the share price' } } : dripAnswer,
    });
    fireEvent.change(screen.getByLabelText('Share Price ($)'), { target: { value: '0.01' } });
    fireEvent.change(screen.getByLabelText('Weekly Dividend ($)'), { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Calculate DRIP' }));
    await waitFor(() => expect(screen.getByTestId('toast').textContent).toContain('Calculation Error'));
    fireEvent.change(screen.getAllByLabelText('ETF (optional)')[1]!, { target: { value: 'e1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Calculate DRIP' }));
    await screen.findByTestId('drip-results');
    expect(screen.queryByTestId('toast')).toBeNull();

    // "Missing Data" goes the same way
    fireEvent.change(screen.getByLabelText('Annual Yield (%)'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Calculate Income' }));
    await waitFor(() => expect(screen.getByTestId('toast').textContent).toContain('Missing Data'));
    fireEvent.change(screen.getByLabelText('Annual Yield (%)'), { target: { value: '52' } });
    fireEvent.click(screen.getByRole('button', { name: 'Calculate Income' }));
    await screen.findByTestId('yield-results');
    expect(screen.queryByTestId('toast')).toBeNull();
  });

  it('an answer that arrives after the inputs changed is not shown', async () => {
    let release: () => void = () => {};
    await setUp({ 'POST /api/calculate/drip': () => new Promise((resolve) => (release = () => resolve(dripAnswer))) });
    fireEvent.change(screen.getAllByLabelText('ETF (optional)')[1]!, { target: { value: 'e1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Calculate DRIP' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Calculating...' })).toBeTruthy());
    fireEvent.change(screen.getByLabelText('Years'), { target: { value: '6' } });
    release();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Calculate DRIP' })).toBeTruthy());
    expect(screen.queryByTestId('drip-results')).toBeNull();
  });
});

describe('unrealistic constant-price yields are flagged (D4)', () => {
  it('a DRIP projection above 15 % a year carries a warning with the yield used and the fund’s actual DRIP return', async () => {
    await setUp({
      'POST /api/calculate/drip': { finalValue: '6776160.91', totalShares: '666288.1917', growth: '67661.61', weeks: 260, annualYieldPercent: '132.02', highYield: true },
    });
    fireEvent.change(screen.getAllByLabelText('ETF (optional)')[1]!, { target: { value: 'e2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Calculate DRIP' }));
    const results = await screen.findByTestId('drip-results');
    expect(within(results).getByText('Final Value').nextElementSibling!.textContent).toBe('$6,776,160.91');
    const warning = screen.getByTestId('drip-warning');
    expect(warning.getAttribute('role')).toBe('alert');
    expect(warning.textContent).toContain('Not a realistic projection');
    expect(warning.textContent).toContain('132.0% a year');
    expect(warning.textContent).toContain('constant share price of $10.17');
    expect(warning.textContent).toContain('NAV erosion');
    expect(warning.textContent).toContain('YSPY’s actual DRIP return');
    expect(warning.textContent).toContain('-12.3%');
  });

  it('no warning at a yield of 15 % or less; manual entry has no fund figure', async () => {
    await setUp();
    fireEvent.change(screen.getByLabelText('Share Price ($)'), { target: { value: '50' } });
    fireEvent.change(screen.getByLabelText('Weekly Dividend ($)'), { target: { value: '0.1154' } });
    fireEvent.click(screen.getByRole('button', { name: 'Calculate DRIP' }));
    await screen.findByTestId('drip-results');
    expect(screen.queryByTestId('drip-warning')).toBeNull();
  });

  it('the yield calculator says a yield above 15 % is unlikely to last', async () => {
    await setUp();
    fireEvent.change(screen.getByLabelText('Annual Yield (%)'), { target: { value: '52' } });
    fireEvent.click(screen.getByRole('button', { name: 'Calculate Income' }));
    await screen.findByTestId('yield-results');
    expect(screen.getByTestId('yield-warning').textContent).toContain('52.0%');
    expect(screen.getByTestId('yield-warning').textContent).toContain('unlikely to last');
  });
});

describe('figures are printed exactly, whatever their size (F14, D5)', () => {
  it('a 21-digit final value keeps every digit; shares are rounded on the decimal string, not a float', async () => {
    await setUp({
      'POST /api/calculate/drip': {
        finalValue: '968059967873940211953.82',
        totalShares: '95187804117398251913.2954',
        growth: '9680599678739402119.54',
        weeks: 1560,
        annualYieldPercent: '132.02',
        highYield: true,
      },
    });
    fireEvent.change(screen.getAllByLabelText('ETF (optional)')[1]!, { target: { value: 'e2' } });
    fireEvent.change(screen.getByLabelText('Years'), { target: { value: '30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Calculate DRIP' }));
    const results = await screen.findByTestId('drip-results');
    expect(within(results).getByText('Final Value').nextElementSibling!.textContent).toBe('$968,059,967,873,940,211,953.82');
    expect(within(results).getByText('Total Shares').nextElementSibling!.textContent).toBe('95,187,804,117,398,251,913');
    expect(within(results).getByText('Growth').nextElementSibling!.textContent).toBe('+9,680,599,678,739,402,119.5%');
  });
});
