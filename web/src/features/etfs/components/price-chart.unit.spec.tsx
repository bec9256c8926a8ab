// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { theme } from '../../../styles/theme.ts';

const seriesOptions: Record<string, unknown>[] = [];
vi.mock('lightweight-charts', () => ({
  AreaSeries: 'Area',
  ColorType: { Solid: 'solid' },
  createChart: () => ({
    addSeries: (_type: unknown, options: Record<string, unknown>) => {
      seriesOptions.push(options);
      return { applyOptions: () => {}, setData: () => {} };
    },
    timeScale: () => ({ fitContent: () => {} }),
    remove: () => {},
  }),
}));

const { default: PriceChart, PHONE_CHART_QUERY } = await import('./price-chart.tsx');

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  seriesOptions.length = 0;
});

function screenIs(phone: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: phone && query === PHONE_CHART_QUERY, media: query, addEventListener: () => {}, removeEventListener: () => {} }));
}

const draw = () =>
  render(
    <ThemeProvider theme={theme}>
      <PriceChart points={[{ time: '2026-11-20', value: 6 }]} positive label="NVDW price" />
    </ThemeProvider>,
  );

describe('price chart (D27)', () => {
  it('phones: no last-price label on the axis (it covered the axis labels; the card shows the price)', () => {
    screenIs(true);
    draw();
    expect(seriesOptions[0]).toMatchObject({ lastValueVisible: false, priceLineVisible: false });
  });

  it('wide screens keep the last-price label', () => {
    screenIs(false);
    draw();
    expect(seriesOptions[0]).toMatchObject({ lastValueVisible: true });
  });
});
