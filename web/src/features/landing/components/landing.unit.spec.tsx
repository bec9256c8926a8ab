// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { etf } from '../../../testing/fixtures.ts';
import { mockFetch } from '../../../testing/mock-fetch.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { Calculators } from './calculators.tsx';
import { HERO_WORDS, useRotatingWord } from './hero.tsx';
import { TopPerformers } from './top-performers.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});
const H = { hidden: true } as const;

describe('top performers', () => {
  it('loading, then the rows with top-3 badges, the count and the link to all ETFs', async () => {
    mockFetch({
      'GET /api/top-performers': [etf({ ticker: 'AAA' }), etf({ ticker: 'BBB' }), etf({ ticker: 'CCC' }), etf({ ticker: 'DDD', dayChange: -0.5, dayChangePercent: -1.25 })],
    });
    const { router } = renderWithProviders(<TopPerformers />, { routes: [{ path: '/etfs/:brand/:ticker', element: <p>detail</p> }] });
    expect(screen.getByText('Loading top performers...')).toBeTruthy();
    expect(await screen.findByText('Showing 4 weekly dividend ETFs')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View All ETFs →' })).toHaveProperty('pathname', '/etfs');
    expect(screen.getByText('Top Weekly Dividend Performers')).toBeTruthy();
    expect(screen.getByText(/Live Market Data • Updated/)).toBeTruthy();
    for (const h of ['Rank', 'Ticker', 'Name', 'Price', 'Day Change', 'Yield %', '1-Year Return', 'DRIP Return', 'Next Ex-Div', 'Weekly Avg']) {
      expect(screen.getByRole('columnheader', { name: h, ...H })).toBeTruthy();
    }
    expect(await screen.findByText('-$0.50 (-1.25%)', { ignore: '' })).toBeTruthy(); // rows render in a transition
    fireEvent.click(screen.getAllByTestId('top-performer-row')[1]!);
    expect(router.state.location.pathname).toBe('/etfs/roundhill/BBB');
  });

  it('rounds the unrounded figures once and says "since inception" where a fund is younger than a year (F7, F12)', async () => {
    mockFetch({
      'GET /api/top-performers': [
        // HOOW: yield 128.849 is "128.85" at 2 decimals; rounding that again would show 128.9
        etf({ ticker: 'HOOW', yieldPercent: '128.85', weeklyAverage: '0.6795', historicalPeriodDays: 367, exact: { yieldPercent: '128.849', weeklyAverage: '0.679467' } }),
        // AUDQ: 12.345 -> "12.35" -> 12.4 would be wrong; GIF-like fund 270 days old
        etf({ ticker: 'AUDQ', yieldPercent: '12.35', oneYearReturn: '73.49', historicalPeriodDays: 270, exact: { yieldPercent: '12.345' } }),
      ],
    });
    renderWithProviders(<TopPerformers />);
    expect(await screen.findByText('128.8%', { ignore: '' })).toBeTruthy();
    expect(screen.getByText('$0.679')).toBeTruthy();
    expect(screen.getByText('12.3%')).toBeTruthy();
    const [hoow, audq] = screen.getAllByTestId('top-performer-row');
    expect(hoow!.textContent).not.toContain('since inception');
    // the 1-Year Return and DRIP Return cells of the 270-day fund
    expect(audq!.textContent).toContain('73.5%since inception');
    expect(audq!.textContent!.match(/since inception/g)).toHaveLength(2);
  });

  it('a yield from fewer than three payouts says so in its cell (N15)', async () => {
    mockFetch({ 'GET /api/top-performers': [etf({ ticker: 'N3ON', yieldPercent: '52.00', yieldBasis: { payouts: 1 } }), etf({ ticker: 'N3MW', yieldBasis: { payouts: 2 } }), etf({ ticker: 'OLDW' })] });
    renderWithProviders(<TopPerformers />);
    await screen.findByText('52.0%', { ignore: '' });
    const [one, two, full] = screen.getAllByTestId('top-performer-row');
    expect(within(one!).getByTestId('yield-basis').textContent).toBe('based on 1 payout');
    expect(within(two!).getByTestId('yield-basis').textContent).toBe('based on 2 payouts');
    expect(within(full!).queryByTestId('yield-basis')).toBeNull();
  });

  it('the landing lists the top 10 and links to the rest (D22)', async () => {
    mockFetch({ 'GET /api/top-performers': Array.from({ length: 63 }, (_, i) => etf({ ticker: `T${i}` })) });
    renderWithProviders(<TopPerformers />);
    expect(await screen.findByText('Showing 10 weekly dividend ETFs')).toBeTruthy();
    await waitFor(() => expect(screen.getAllByTestId('top-performer-row')).toHaveLength(10));
    expect(screen.getByRole('link', { name: 'View All ETFs →' })).toHaveProperty('pathname', '/etfs');
  });

  it('an estimated next ex-date says so: "Nov 27 (est.)" (D15)', async () => {
    mockFetch({ 'GET /api/top-performers': [etf({ ticker: 'AAA', nextExDividend: '2026-11-27', nextExDividendEstimated: true }), etf({ ticker: 'BBB', nextExDividend: '2026-11-30' })] });
    renderWithProviders(<TopPerformers />);
    const [est, declared] = await screen.findAllByTestId('next-ex-div');
    expect(est!.textContent).toBe('Nov 27 (est.)');
    expect(est!.querySelector('abbr')?.getAttribute('title')).toBe('estimated: not declared by the issuer yet');
    expect(declared!.textContent).toBe('Nov 30');
  });

  it('"Updated" is the data\'s as-of time in New York with its zone, not the fetch time (D16)', async () => {
    mockFetch({
      'GET /api/top-performers': [
        etf({ ticker: 'AAA', priceAsOfTime: '2026-11-23T21:00:00.000Z' }), // the close: 4:00 PM EST
        etf({ ticker: 'BBB', priceAsOfTime: '2026-11-23T19:35:00.000Z' }),
      ],
    });
    renderWithProviders(<TopPerformers />);
    const time = await screen.findByText('Nov 23, 4:00 PM ET');
    expect(time.tagName).toBe('TIME');
    expect(time.getAttribute('datetime')).toBe('2026-11-23T21:00:00.000Z');
    expect(time.parentElement!.textContent).toBe('Live Market Data • Updated Nov 23, 4:00 PM ET');
  });

  it('fund names are not cut short: the full name wraps, with a title (D23)', async () => {
    const name = 'GraniteShares YieldBOOST Single Stock Universe ETF';
    mockFetch({ 'GET /api/top-performers': [etf({ ticker: 'AAA', name })] });
    renderWithProviders(<TopPerformers />);
    const cell = await screen.findByTitle(name);
    expect(cell.textContent).toBe(name);
    expect(cell.getAttribute('data-wrap')).toBe('2');
  });

  it('error and empty states', async () => {
    mockFetch({ 'GET /api/top-performers': { status: 500, body: { message: 'boom' } } });
    renderWithProviders(<TopPerformers />);
    expect(await screen.findByText('Failed to load data')).toBeTruthy();
    cleanup();
    vi.unstubAllGlobals();
    // issue 29, W8: a failure offers to ask again
    let calls = 0;
    mockFetch({ 'GET /api/top-performers': () => (++calls === 1 ? { status: 500 } : [etf({ ticker: 'AAA' })]) });
    renderWithProviders(<TopPerformers />);
    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('top-performer-row')).toBeTruthy();
    expect(screen.getByText('Showing 1 weekly dividend ETFs')).toBeTruthy();
    cleanup();
    vi.unstubAllGlobals();
    mockFetch({ 'GET /api/top-performers': [] });
    renderWithProviders(<TopPerformers />);
    expect(await screen.findByText('No ETF data available. Add ETFs in the admin panel.')).toBeTruthy();
  });
});

describe('calculators', () => {
  const list = [etf({ id: 'e1', ticker: 'NVDW', yieldPercent: '41.27', currentPrice: '50.12', weeklyAverage: '0.3850' })];

  it('defaults, picking an ETF copies its fields, and the results are formatted', async () => {
    const calls = mockFetch({
      'GET /api/top-performers': list,
      'POST /api/calculate/yield': { annual: '4127.00', monthly: '343.92', weekly: '79.37', perPayout: '79.37', payoutsPerYear: 52, highYield: true },
      'POST /api/calculate/drip': { finalValue: '12345.678', totalShares: '246.3456', growth: '23.45', weeks: 260, annualYieldPercent: '39.95', highYield: true },
    });
    renderWithProviders(<Calculators />);
    const yieldPicker = screen.getAllByLabelText('ETF (optional)')[0]!;
    await screen.findAllByRole('option', { name: /NVDW/ });
    expect((screen.getByLabelText('Investment Amount ($)') as HTMLInputElement).value).toBe('10,000');
    expect((screen.getByLabelText('Years') as HTMLInputElement).value).toBe('5');
    expect((screen.getByLabelText('Payout Frequency') as HTMLSelectElement).value).toBe('weekly');
    expect(screen.getByLabelText('Annual Yield (%)').getAttribute('step')).toBe('0.1');
    expect(screen.getByLabelText('Share Price ($)').getAttribute('step')).toBe('0.01');
    expect(screen.getByLabelText('Weekly Dividend ($)').getAttribute('step')).toBe('0.001');
    expect(screen.getByLabelText('Years').getAttribute('min')).toBe('1');
    expect(screen.getByLabelText('Years').getAttribute('max')).toBe('30');

    fireEvent.change(yieldPicker, { target: { value: 'e1' } });
    expect((screen.getByLabelText('Annual Yield (%)') as HTMLInputElement).value).toBe('41.27');
    fireEvent.change(screen.getAllByLabelText('ETF (optional)')[1]!, { target: { value: 'e1' } });
    expect((screen.getByLabelText('Share Price ($)') as HTMLInputElement).value).toBe('50.12');
    expect((screen.getByLabelText('Weekly Dividend ($)') as HTMLInputElement).value).toBe('0.3850');

    fireEvent.change(screen.getByLabelText('Investment Amount ($)'), { target: { value: '25000' } });
    expect((screen.getByLabelText('Investment Amount ($)') as HTMLInputElement).value).toBe('25,000');
    fireEvent.click(screen.getByRole('button', { name: 'Calculate Income' }));
    expect(await screen.findByText('$4,127.00')).toBeTruthy();
    expect(calls.find((c) => c.url.pathname === '/api/calculate/yield')!.body).toEqual({ investment: 25000, yieldPercent: 41.27, frequency: 'weekly' });

    fireEvent.click(screen.getByRole('button', { name: 'Calculate DRIP' }));
    expect(await screen.findByText('$12,345.68')).toBeTruthy();
    expect(screen.getByText('246')).toBeTruthy();
    expect(screen.getByText('+23.5%')).toBeTruthy();
    expect(calls.find((c) => c.url.pathname === '/api/calculate/drip')!.body).toEqual({ initialInvestment: 10000, sharePrice: 50.12, weeklyDividend: 0.385, years: 5 });
  });

  it('"Missing Data" without the required fields; "Calculation Error" with the server message', async () => {
    const calls = mockFetch({ 'GET /api/top-performers': list, 'POST /api/calculate/drip': { status: 400, body: { message: 'Years must be between 1 and 30' } } });
    renderWithProviders(<Calculators />);
    fireEvent.click(screen.getByRole('button', { name: 'Calculate Income' }));
    const toast = await screen.findByTestId('toast');
    expect(toast.textContent).toContain('Missing Data');
    expect(toast.textContent).toContain('Please fill in all required fields');
    expect(calls.some((c) => c.url.pathname === '/api/calculate/yield')).toBe(false);

    fireEvent.change(screen.getByLabelText('Share Price ($)'), { target: { value: '50' } });
    fireEvent.change(screen.getByLabelText('Weekly Dividend ($)'), { target: { value: '0.4' } });
    fireEvent.change(screen.getByLabelText('Years'), { target: { value: '40' } });
    fireEvent.click(screen.getByRole('button', { name: 'Calculate DRIP' }));
    await waitFor(() => expect(screen.getByTestId('toast').textContent).toContain('Calculation Error'));
    expect(screen.getByTestId('toast').textContent).toContain('Years must be between 1 and 30');
  });
});

describe('hero word', () => {
  it('rotates dividend → income → portfolio every 3 s with a 300 ms fade', () => {
    vi.useFakeTimers();
    let state = { word: '', visible: true };
    function Probe() {
      state = useRotatingWord(HERO_WORDS);
      return null;
    }
    render(<Probe />);
    expect(state).toEqual({ word: 'dividend', visible: true });
    act(() => vi.advanceTimersByTime(3000));
    expect(state).toEqual({ word: 'dividend', visible: false });
    act(() => vi.advanceTimersByTime(300));
    expect(state).toEqual({ word: 'income', visible: true });
    act(() => vi.advanceTimersByTime(3300));
    expect(state.word).toBe('portfolio');
    act(() => vi.advanceTimersByTime(3300));
    expect(state.word).toBe('dividend');
  });
});
