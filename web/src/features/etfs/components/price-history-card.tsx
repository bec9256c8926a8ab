import { Suspense, lazy, useMemo, useState } from 'react';
import { styled } from 'styled-components';
import { useGetPriceHistoryQuery } from '../../../api/market-api.ts';
import type { HistoryRange } from '../../../../../contracts/market.ts';
import { DemoDataNotice, anyDemo } from '../../../components/demo-data-notice.tsx';
import { Card, CardTitle } from '../../../components/ui/card.tsx';
import { Positive, StateMessage } from '../../../components/ui/layout.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { formatDollars, formatSignedPercent } from '../../../lib/format.ts';
import { useNearViewport } from '../../../lib/use-near-viewport.ts';
import { chartPoints, priceChangeOf } from '../performance-period.ts';
import { theme } from '../../../styles/theme.ts';

// lightweight-charts is its own chunk, fetched only when a detail page has points to draw and the
// card is near the viewport (on a phone it is below the first screen: drawing it costs ~0.3 s of a
// slow CPU that the first screen needs).
const PriceChart = lazy(() => import('./price-chart.tsx'));

export const RANGES: ReadonlyArray<{ range: HistoryRange; label: string }> = [
  { range: '1M', label: '1M' },
  { range: '3M', label: '3M' },
  { range: '6M', label: '6M' },
  { range: '1Y', label: '1Y' },
  { range: 'all', label: 'All' },
];

/** Price history with range buttons and the change over the range (last price minus first). */
/** `pageShowsDemoNotice`: the page already says it shows demo data, so the chart does not say it again. */
export function PriceHistoryCard({ ticker, pageShowsDemoNotice = false }: { ticker: string; pageShowsDemoNotice?: boolean }) {
  const [range, setRange] = useState<HistoryRange>('1Y');
  const { data, isFetching, isError } = useGetPriceHistoryQuery({ ticker, range });
  const points = useMemo(() => chartPoints(data ?? []), [data]);
  const change = priceChangeOf(data ?? []);
  const positive = (change?.change ?? 0) >= 0;
  const loading = !data && isFetching;
  const [chartArea, near] = useNearViewport<HTMLDivElement>('200px');
  const rangeLabel = RANGES.find((r) => r.range === range)?.label ?? range;

  let changeText: string | null = null;
  if (change) {
    const sign = change.change >= 0 ? '+' : '-';
    changeText = `${sign}${formatDollars(Math.abs(change.change), 2)}`;
    if (change.percent !== null) changeText += ` (${formatSignedPercent(change.percent, 1)})`;
  }

  return (
    <Card aria-labelledby="price-history-title">
      <Head>
        <div>
          <CardTitle id="price-history-title">Price History</CardTitle>
          {changeText ? (
            <Change>
              <Positive $positive={positive}>{changeText}</Positive>
              <span> {range === 'all' ? 'all time' : `over ${rangeLabel}`}</span>
            </Change>
          ) : null}
        </div>
        <RangeGroup role="group" aria-label="Price history range">
          {RANGES.map((r) => (
            <RangeButton key={r.range} type="button" aria-pressed={r.range === range} $active={r.range === range} onClick={() => setRange(r.range)}>
              {r.label}
            </RangeButton>
          ))}
        </RangeGroup>
      </Head>
      {isError ? (
        <StateMessage>Price history is not available right now.</StateMessage>
      ) : !loading && points.length === 0 ? (
        <StateMessage>No price history available</StateMessage>
      ) : (
        <>
          <DemoDataNotice show={!pageShowsDemoNotice && anyDemo(data)} />
          <div ref={chartArea}>
            {loading || !near ? (
              <Skeleton $height="300px" />
            ) : (
              <Suspense fallback={<Skeleton $height="300px" />}>
                <PriceChart points={points} positive={positive} label={`${ticker} closing prices, ${points.length} trading days`} />
              </Suspense>
            )}
          </div>
          <ChartCredit />
        </>
      )}
    </Card>
  );
}

/**
 * The attribution lightweight-charts' licence asks for (its NOTICE: "TradingView Lightweight Charts,
 * Copyright (c) TradingView, Inc.", and a link to https://www.tradingview.com/), under the chart rather
 * than the library's logo on the plot. Shown while the chart loads too, so nothing moves when it arrives.
 */
function ChartCredit() {
  return (
    <Credit data-testid="chart-attribution">
      Chart by{' '}
      <a href="https://www.tradingview.com/" target="_blank" rel="noopener noreferrer">
        TradingView
      </a>{' '}
      Lightweight Charts™
    </Credit>
  );
}

const Head = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-start;
  justify-content: space-between;
  gap: 12px;
  margin-bottom: 12px;
`;

const Change = styled.p`
  font-size: ${theme.fontSizes.sm};
  color: ${theme.colors.textSecondary};
`;

const RangeGroup = styled.div`
  display: inline-flex;
  gap: 2px;
  padding: 3px;
  border-radius: ${theme.radii.md};
  background: ${theme.colors.surfaceMuted};
`;

const RangeButton = styled.button<{ $active: boolean }>`
  min-width: 44px;
  min-height: 32px;
  padding: 4px 10px;
  border: 0;
  border-radius: ${theme.radii.sm};
  background: ${({ $active }) => ($active ? theme.colors.surface : 'transparent')};
  box-shadow: ${({ $active }) => ($active ? theme.shadows.card : 'none')};
  color: ${({ $active }) => ($active ? theme.colors.textPrimary : theme.colors.textSecondary)};
  font-weight: 600;
  font-size: ${theme.fontSizes.sm};
  cursor: pointer;
`;

const Credit = styled.p`
  margin-top: 6px;
  text-align: right;
  color: ${theme.colors.textSecondary};
  font-size: ${theme.fontSizes.xs};
  line-height: 1.5;
  & a {
    color: inherit;
    text-decoration: underline;
  }
  & a:hover { color: ${theme.colors.textPrimary}; }
`;
