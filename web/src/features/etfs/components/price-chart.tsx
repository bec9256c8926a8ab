import { AreaSeries, ColorType, createChart, type IChartApi, type ISeriesApi } from 'lightweight-charts';
import { useEffect, useRef } from 'react';
import { styled, useTheme } from 'styled-components';
import { useMediaQuery } from '../../../lib/use-media-query.ts';
import { theme as tokens } from '../../../styles/theme.ts';
import { formatTickMark } from './price-chart-ticks.ts';

/** Phones: the price axis is too short for the last-price label, which covered its labels (D27). */
export const PHONE_CHART_QUERY = `(max-width: ${tokens.breakpoints.md - 0.02}px)`;

export interface PriceChartProps {
  points: Array<{ time: string; value: number }>;
  /** Colours the line: green when the range ended at or above its start. */
  positive: boolean;
  label: string;
}

/**
 * The price history chart: TradingView's lightweight-charts (an area series on business days).
 * This module is only imported by the detail page, lazily: the library is a chunk of its own.
 * The library's attribution logo is off (it sat on the plot, over the line); the card shows the
 * attribution the library's licence asks for, a link to TradingView, under the chart instead.
 */
export default function PriceChart({ points, positive, label }: PriceChartProps) {
  const theme = useTheme();
  const container = useRef<HTMLDivElement>(null);
  const chartRef = useRef<IChartApi | null>(null);
  const seriesRef = useRef<ISeriesApi<'Area'> | null>(null);
  const phone = useMediaQuery(PHONE_CHART_QUERY);

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
      timeScale: { borderVisible: false, fixLeftEdge: true, fixRightEdge: true, tickMarkFormatter: formatTickMark },
      crosshair: { horzLine: { labelBackgroundColor: theme.colors.textPrimary }, vertLine: { labelBackgroundColor: theme.colors.textPrimary } },
      handleScroll: false,
      handleScale: false,
    });
    chartRef.current = chart;
    // On phones no last-price label (the card above shows the price): it sat over the axis labels.
    seriesRef.current = chart.addSeries(AreaSeries, {
      lineWidth: 2,
      priceFormat: { type: 'price', precision: 2, minMove: 0.01 },
      lastValueVisible: !phone,
      priceLineVisible: !phone,
    });
    return () => {
      chart.remove();
      chartRef.current = null;
      seriesRef.current = null;
    };
  }, [theme, phone]);

  useEffect(() => {
    const series = seriesRef.current;
    if (!series) return;
    const line = positive ? theme.colors.positive : theme.colors.negative;
    series.applyOptions({ lineColor: line, topColor: `${line}55`, bottomColor: `${line}05` });
    series.setData(points);
    chartRef.current?.timeScale().fitContent();
    // phone: a new chart was made when it changed; it needs the data again
  }, [points, positive, theme, phone]);

  return <Box ref={container} role="img" aria-label={label} />;
}

const Box = styled.div`
  width: 100%;
  height: 300px;
`;
