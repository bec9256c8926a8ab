// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { etf } from '../../../testing/fixtures.ts';
import { mockFetch } from '../../../testing/mock-fetch.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { dataFeature, marketDataLine, marketDataState } from '../market-data-wording.ts';
import { FeaturesSection } from './features-section.tsx';
import { TopPerformers } from './top-performers.tsx';

/** "Live Market Data" and "Real-Time Data" never stand above demo figures (docs/client.md "Demo data"). */

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const real = [etf({ ticker: 'AAA' }), etf({ ticker: 'BBB' })];
const mixed = [etf({ ticker: 'AAA' }), etf({ ticker: 'DEMW', isDemo: true })];

describe('market data wording', () => {
  it('live only when the figures are known and none is demo', () => {
    expect(marketDataState(real)).toBe('live');
    expect(marketDataState([])).toBe('live');
    expect(marketDataState(mixed)).toBe('demo');
    expect(marketDataState(undefined)).toBe('unknown');
    expect(['live', 'demo', 'unknown'].map((s) => marketDataLine(s as never))).toEqual(['Live Market Data', 'Demo Market Data', 'Market Data']);
    expect(dataFeature('live').title).toBe('Real-Time Data');
    expect(dataFeature('demo').title).not.toMatch(/real-time|live/i);
    expect(dataFeature('demo').text).toContain('demo data');
    expect(dataFeature('unknown').title).not.toMatch(/real-time|live/i);
  });
});

describe('top performers line', () => {
  it('real figures: the spec’s "Live Market Data • Updated …"', async () => {
    mockFetch({ 'GET /api/top-performers': real });
    renderWithProviders(<TopPerformers />);
    expect((await screen.findByText(/Live Market Data • Updated/)).textContent).toMatch(/^Live Market Data • Updated \w{3} \d+, \d+:\d\d [AP]M ET$/);
  });

  it('demo figures: "Demo Market Data • Updated …", never "Live"', async () => {
    mockFetch({ 'GET /api/top-performers': mixed });
    renderWithProviders(<TopPerformers />);
    expect((await screen.findByText(/Demo Market Data • Updated/)).textContent).toMatch(/^Demo Market Data • Updated \w{3} \d+, \d+:\d\d [AP]M ET$/);
    expect(screen.queryByText(/Live Market Data/)).toBeNull();
    expect(screen.getByTestId('demo-data-notice')).toBeTruthy();
  });

  it('while loading and on an error it claims neither', async () => {
    mockFetch({ 'GET /api/top-performers': { status: 500, body: { message: 'boom' } } });
    renderWithProviders(<TopPerformers />);
    expect(screen.getByText(/^Market Data • Updated/)).toBeTruthy();
    expect(await screen.findByText('Failed to load data')).toBeTruthy();
    expect(screen.getByText(/^Market Data • Updated/)).toBeTruthy();
  });
});

describe('features section', () => {
  it('real figures: the "Real-Time Data" card', async () => {
    mockFetch({ 'GET /api/top-performers': real });
    renderWithProviders(<FeaturesSection />);
    expect(await screen.findByText('Real-Time Data')).toBeTruthy();
  });

  it('demo figures: no real-time promise, and it says the figures are demo', async () => {
    mockFetch({ 'GET /api/top-performers': mixed });
    renderWithProviders(<FeaturesSection />);
    expect(await screen.findByText(/demo data for now/)).toBeTruthy();
    expect(screen.getByText('Market Data, Updated Hourly')).toBeTruthy();
    expect(screen.queryByText(/Real-Time/)).toBeNull();
  });
});
