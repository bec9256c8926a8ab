import { ColorType, createChart, HistogramSeries, type IChartApi, type ISeriesApi } from 'lightweight-charts';
import { useEffect, useRef } from 'react';
import { styled, useTheme } from 'styled-components';
import type { IncomePeriod } from '../../../../../contracts/payouts.ts';
import { toNumber } from '../../../lib/format.ts';

export interface IncomeChartProps {
  periods: readonly IncomePeriod[];
  label: string;
}

/** The three layers, bottom first: each bar's height is its layer plus the layers under it. */
export function stackedBars(periods: readonly IncomePeriod[]): { received: number[]; confirmedOrPaid: number[]; total: number[] } {
  const n = (v: string) => toNumber(v) ?? 0;
  const received = periods.map((p) => n(p.received));
  const confirmedOrPaid = periods.map((p, i) => received[i]! + n(p.unconfirmed));
  const total = periods.map((p, i) => confirmedOrPaid[i]! + n(p.expected));
  return { received, confirmedOrPaid, total };
}

/**
 * The income chart (issue 28): one bar per period (its first day on the time axis), stacked received
 * (green), paid but unconfirmed (blue) and still expected (grey). The library has no stacked series: three
 * histograms are drawn over each other, the tallest (the total) first, so each visible band is one layer.
 * TradingView's lightweight-charts, as the price chart; this module is loaded lazily by the income page.
 * The period table under it says the same in text (the chart is an image to assistive technology).
 */
export default function IncomeChart({ periods, label }: IncomeChartProps) {
  const theme = useTheme();
  const container = useRef<HTMLDivElement>(null);
  const chartRef = useRef<IChartApi | null>(null);
  const seriesRef = useRef<Array<ISeriesApi<'Histogram'>>>([]);

  useEffect(() => {
    const el = container.current;
    if (!el) return;
    const chart = createChart(el, {
      autoSize: true,
      layout: {
        background: { type: ColorType.Solid, color: theme.colors.surface },
        textColor: theme.colors.textSecondary,
        fontFamily: theme.fonts.body,
        attributionLogo: false,
      },
      grid: { vertLines: { visible: false }, horzLines: { color: theme.colors.border } },
      rightPriceScale: { borderVisible: false },
      timeScale: { borderVisible: false, fixLeftEdge: true, fixRightEdge: true },
      handleScroll: false,
      handleScale: false,
    });
    chartRef.current = chart;
    const format = { type: 'price' as const, precision: 2, minMove: 0.01 };
    const options = { priceFormat: format, lastValueVisible: false, priceLineVisible: false };
    seriesRef.current = [
      chart.addSeries(HistogramSeries, { ...options, color: theme.colors.borderStrong }),
      chart.addSeries(HistogramSeries, { ...options, color: theme.colors.accent }),
      chart.addSeries(HistogramSeries, { ...options, color: theme.colors.positive }),
    ];
    return () => {
      chart.remove();
      chartRef.current = null;
      seriesRef.current = [];
    };
  }, [theme]);

  useEffect(() => {
    const [total, paid, received] = seriesRef.current;
    if (!total || !paid || !received) return;
    const bars = stackedBars(periods);
    const points = (values: number[]) => periods.map((p, i) => ({ time: p.start, value: values[i]! }));
    total.setData(points(bars.total));
    paid.setData(points(bars.confirmedOrPaid));
    received.setData(points(bars.received));
    chartRef.current?.timeScale().fitContent();
  }, [periods, theme]);

  return <Box ref={container} role="img" aria-label={label} />;
}

const Box = styled.div`
  width: 100%;
  height: 260px;
`;
