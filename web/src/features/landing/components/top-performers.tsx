import { Link, useNavigate } from 'react-router-dom';
import { styled } from 'styled-components';
import { useGetTopPerformersQuery } from '../../../api/market-api.ts';
import type { EtfListItem } from '../../../../../contracts/market.ts';
import { DemoDataNotice, anyDemo } from '../../../components/demo-data-notice.tsx';
import { LoadFailed } from '../../../components/load-failed.tsx';
import { StaleDataBadge, priceAsOfText } from '../../../components/stale-data.tsx';
import { YieldBasisNote } from '../../../components/yield-basis.tsx';
import { Card, CardText, CardTitle } from '../../../components/ui/card.tsx';
import { Container, SectionTitle } from '../../../components/ui/layout.tsx';
import { ClickableRow, MessageCell, Table, TableScroll, Th } from '../../../components/ui/table.tsx';
import { slugOf } from '../../../lib/brand.ts';
import {
  formatDayChange,
  formatPercent,
  formatPrice,
  formatAsOf,
  formatShortDate,
  formatWeeklyAverage,
  returnPeriodNote,
  toNumber,
} from '../../../lib/format.ts';
import { paths } from '../../../lib/paths.ts';
import { useDeferredData } from '../../../lib/use-deferred-data.ts';
import { marketDataLine, marketDataState } from '../market-data-wording.ts';
import { theme } from '../../../styles/theme.ts';
import { belowTheFold } from './below-the-fold.ts';

const COLUMNS = 10;
/** The landing shows the top 10; "View All ETFs →" has the rest (D22). */
export const LANDING_ROWS = 10;
const EMPTY: EtfListItem[] = [];

/** The newest as-of instant of the list (the time its prices are as of), null when none has one. */
function latestAsOf(etfs: readonly EtfListItem[]): string | null {
  let latest: string | null = null;
  for (const e of etfs) if (e.priceAsOfTime && (latest === null || Date.parse(e.priceAsOfTime) > Date.parse(latest))) latest = e.priceAsOfTime;
  return latest;
}

const toneName = (positive: boolean | null) => (positive === null ? undefined : positive ? 'positive' : 'negative');

/** Tone of a return: green at or above 0, red below, neutral when missing. */
function tone(value: string | null): boolean | null {
  const n = toNumber(value);
  return n === null || n === 0 ? null : n >= 0;
}

/** The landing's ranked table "Top Weekly Dividend Performers"; a row opens the fund's page. */
export function TopPerformers() {
  const { data, isLoading, isError, refetch } = useGetTopPerformersQuery();
  const navigate = useNavigate();
  const etfs = data ?? EMPTY;
  const shown = Math.min(etfs.length, LANDING_ROWS);
  const asOf = latestAsOf(etfs);
  const asOfText = formatAsOf(asOf);
  // The rows render in a time-sliced transition, not in the store update that brought them.
  const deferred = useDeferredData(data, isLoading);
  const rows = (deferred.data ?? EMPTY).slice(0, LANDING_ROWS);
  const pending = deferred.pending;
  const open = (etf: EtfListItem) => navigate(paths.etf(slugOf(etf), etf.ticker));
  // "Live Market Data" only above real figures (docs/client.md "Demo data")
  const dataState = marketDataState(isError ? undefined : data);

  let body;
  if (isError)
    body = (
      <tr>
        <MessageCell colSpan={COLUMNS}>
          <LoadFailed compact message="Failed to load data" onRetry={() => void refetch()} />
        </MessageCell>
      </tr>
    );
  else if (pending) body = <Message>Loading top performers...</Message>;
  else if (etfs.length === 0) body = <Message>No ETF data available. Add ETFs in the admin panel.</Message>;
  else body = rows.map((etf, i) => <PerformerRow key={etf.id} etf={etf} rank={i + 1} onOpen={open} />);

  return (
    <Section aria-labelledby="top-performers-title" id="top-performers">
      <Container>
        <Head>
          <div>
            <SectionTitle id="top-performers-title">Top Weekly Dividend Performers</SectionTitle>
            <Live>
              <Dot aria-hidden="true" data-state={dataState} />
              {marketDataLine(dataState)} • Updated {asOfText ? <time dateTime={asOf ?? undefined}>{asOfText}</time> : '…'}
            </Live>
          </div>
        </Head>
        <DemoDataNotice show={anyDemo(data)} />
        <Card $padding={false}>
          <TableScroll>
            <PerformersTable>
              <PerformersHead />
              <tbody>{body}</tbody>
            </PerformersTable>
          </TableScroll>
          {etfs.length > 0 ? (
            <Foot>
              <span>Showing {shown} weekly dividend ETFs</span>
              <Link to={paths.etfs}>View All ETFs →</Link>
            </Foot>
          ) : null}
        </Card>
        <MetricExplainers />
      </Container>
    </Section>
  );
}

function PerformersHead() {
  return (
    <thead>
      <tr>
        <Th>Rank</Th>
        <Th>Ticker</Th>
        <Th $hideBelow="md">Name</Th>
        <Th $align="right">Price</Th>
        <Th $align="right" $hideBelow="md">
          Day Change
        </Th>
        <Th $align="right">Yield %</Th>
        <Th $align="right" $hideBelow="lg">
          1-Year Return
        </Th>
        <Th $align="right" $hideBelow="lg">
          DRIP Return
        </Th>
        <Th $align="right" $hideBelow="sm">
          Next Ex-Div
        </Th>
        <Th $align="right" $hideBelow="md">
          Weekly Avg
        </Th>
      </tr>
    </thead>
  );
}

function PerformerRow({ etf, rank, onOpen }: { etf: EtfListItem; rank: number; onOpen: (etf: EtfListItem) => void }) {
  const change = formatDayChange(etf.dayChange, etf.dayChangePercent);
  const period = returnPeriodNote(etf);
  const to = paths.etf(slugOf(etf), etf.ticker);
  // Plain elements styled by PerformersTable: 60+ rows render no styled component per cell.
  return (
    <ClickableRow onClick={() => onOpen(etf)} data-testid="top-performer-row">
      <td>
        <span className="rank" data-tone={rank <= 3 ? rank : undefined}>
          {rank}
        </span>
      </td>
      <td>
        <Link className="ticker" to={to} onClick={(e) => e.stopPropagation()}>
          {etf.ticker}
        </Link>
        {etf.stale ? (
          <span className="stale">
            <StaleDataBadge stale={etf.stale} />
          </span>
        ) : null}
      </td>
      <td data-hide-below="md">
        <span className="name" title={etf.name} data-wrap="2">
          {etf.name}
        </span>
      </td>
      <td data-align="right" data-nowrap="">
        {formatPrice(etf.currentPrice)}
        {/* a stale price says how old it is (the list's "Updated" time is the others') */}
        {etf.stale ? <small className="asof">{priceAsOfText(etf.priceAsOf)}</small> : null}
      </td>
      <td data-align="right" data-hide-below="md" data-nowrap="">
        <span data-tone={toneName(change.positive)}>{change.text}</span>
      </td>
      <td data-align="right">
        <strong>{formatPercent(etf.exact.yieldPercent)}</strong>
        <YieldBasisNote basis={etf.yieldBasis} block />
      </td>
      <td data-align="right" data-hide-below="lg">
        <span data-tone={toneName(tone(etf.oneYearReturn))}>{formatPercent(etf.exact.oneYearReturn)}</span>
        {period ? <small className="period">{period}</small> : null}
      </td>
      <td data-align="right" data-hide-below="lg">
        <span data-tone={toneName(tone(etf.dripReturn))}>{formatPercent(etf.exact.dripReturn)}</span>
        {period ? <small className="period">{period}</small> : null}
      </td>
      <td data-align="right" data-hide-below="sm" data-nowrap="" data-testid="next-ex-div">
        {formatShortDate(etf.nextExDividend)}
        {etf.nextExDividend && etf.nextExDividendEstimated ? (
          <>
            {' '}
            <abbr className="est" title="estimated: not declared by the issuer yet">
              (est.)
            </abbr>
          </>
        ) : null}
      </td>
      <td data-align="right" data-hide-below="md">
        {formatWeeklyAverage(etf.exact.weeklyAverage)}
      </td>
    </ClickableRow>
  );
}

function MetricExplainers() {
  return (
    <Explainers>
      <Card>
        <CardTitle>Yield %</CardTitle>
        <CardText>Annualised from recent payouts: the average weekly dividend × 52, divided by the current price.</CardText>
      </Card>
      <Card>
        <CardTitle>1-Year &amp; DRIP Return</CardTitle>
        <CardText>1-year return includes price change and dividends received. DRIP return assumes every dividend was reinvested in more shares.</CardText>
      </Card>
      <Card>
        <CardTitle>Weekly Avg</CardTitle>
        <CardText>The average dividend per share over the last 3 weeks: what one share has recently paid each week.</CardText>
      </Card>
    </Explainers>
  );
}

function Message({ children }: { children: string }) {
  return (
    <tr>
      <MessageCell colSpan={COLUMNS}>{children}</MessageCell>
    </tr>
  );
}

const Section = styled.section`
  padding: 56px 0 8px;
  ${belowTheFold({ phone: 1342, sm: 1158, md: 1200, lg: 1129 }, 64)}
`;

const Head = styled.div`
  display: flex;
  align-items: flex-end;
  justify-content: space-between;
  gap: 16px;
  margin-bottom: 16px;
`;

const Live = styled.p`
  display: flex;
  align-items: center;
  gap: 8px;
  margin-top: 8px;
  color: ${theme.colors.textSecondary};
  font-size: ${theme.fontSizes.sm};
`;

const Dot = styled.span`
  width: 8px;
  height: 8px;
  border-radius: 50%;
  background: ${theme.colors.positive};
  &[data-state='demo'] {
    background: ${theme.colors.warningBorder};
  }
  &[data-state='unknown'] {
    background: ${theme.colors.textSecondary};
  }
`;

const PerformersTable = styled(Table)`
  & .rank {
    display: inline-flex;
    justify-content: center;
    min-width: 28px;
    padding: 2px 8px;
    border-radius: ${theme.radii.pill};
    font-size: ${theme.fontSizes.xs};
    font-weight: 600;
    line-height: 1.6;
    background: ${theme.colors.surfaceMuted};
    color: ${theme.colors.textSecondary};
  }
  & .rank[data-tone='1'] { background: ${theme.colors.rankGold}; color: ${theme.colors.textPrimary}; }
  & .rank[data-tone='2'] { background: ${theme.colors.rankSilver}; color: ${theme.colors.textPrimary}; }
  & .rank[data-tone='3'] { background: ${theme.colors.rankBronze}; color: ${theme.colors.textInverse}; }
  & .ticker {
    font-weight: 700;
    color: ${theme.colors.accentStrong};
    text-decoration: none;
  }
  & .ticker:hover { text-decoration: underline; }
  & .stale {
    display: block;
    margin-top: 2px;
  }
  & .period {
    display: block;
    font-size: ${theme.fontSizes.xs};
    color: ${theme.colors.textMuted};
    white-space: nowrap;
  }
  /* A stale price's date: "as of" / "Sep 30" on two lines when the columns are tight (with a yield
     basis and the badge beside it, one line made the table scroll sideways at 1280 px). */
  & .asof {
    display: block;
    font-size: ${theme.fontSizes.xs};
    color: ${theme.colors.textMuted};
    text-wrap: balance;
  }
  /* The whole name on up to two lines (D23: was cut at ~25 characters); the title has it all. */
  & .name {
    display: -webkit-box;
    -webkit-box-orient: vertical;
    -webkit-line-clamp: 2;
    min-width: 180px;
    max-width: 280px;
    overflow: hidden;
    white-space: normal;
    color: ${theme.colors.textSecondary};
  }
  & .est {
    color: ${theme.colors.textMuted};
    font-size: ${theme.fontSizes.xs};
    text-decoration: none;
  }
  & [data-tone='positive'] { color: ${theme.colors.positive}; font-weight: 600; }
  & [data-tone='negative'] { color: ${theme.colors.negative}; font-weight: 600; }
  & strong { font-weight: 700; }
`;

const Foot = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  gap: 8px;
  padding: 14px 16px;
  color: ${theme.colors.textSecondary};
  font-size: ${theme.fontSizes.sm};
  & a {
    font-weight: 600;
    text-decoration: none;
  }
`;

const Explainers = styled.div`
  display: grid;
  gap: 16px;
  margin-top: 24px;
  grid-template-columns: 1fr;
  @media (min-width: ${theme.breakpoints.md}px) {
    grid-template-columns: repeat(3, 1fr);
  }
`;
