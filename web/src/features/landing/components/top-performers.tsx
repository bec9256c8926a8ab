import { Link, useNavigate } from 'react-router-dom';
import { styled } from 'styled-components';
import { useGetTopPerformersQuery } from '../../../api/market-api.ts';
import type { EtfListItem } from '../../../api/types.ts';
import { DemoDataNotice, anyDemo } from '../../../components/demo-data-notice.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Card, CardText, CardTitle } from '../../../components/ui/card.tsx';
import { Container, Positive, SectionTitle } from '../../../components/ui/layout.tsx';
import { ClickableRow, MessageCell, Table, TableScroll, Td, Th } from '../../../components/ui/table.tsx';
import { slugOf } from '../../../lib/brand.ts';
import {
  formatDayChange,
  formatPercent,
  formatPrice,
  formatShortDate,
  formatTime,
  formatWeeklyAverage,
  toNumber,
} from '../../../lib/format.ts';
import { paths } from '../../../lib/paths.ts';

const COLUMNS = 10;

/** Tone of a return: green at or above 0, red below, neutral when missing. */
function tone(value: string | null): boolean | null {
  const n = toNumber(value);
  return n === null || n === 0 ? null : n >= 0;
}

/** The landing's ranked table (spec §2 "Top performers section"). */
export function TopPerformers() {
  const { data, isLoading, isError, fulfilledTimeStamp } = useGetTopPerformersQuery();
  const navigate = useNavigate();
  const etfs = data ?? [];
  const open = (etf: EtfListItem) => navigate(paths.etf(slugOf(etf), etf.ticker));

  let body;
  if (isLoading) body = <Message>Loading top performers...</Message>;
  else if (isError) body = <Message>Failed to load data</Message>;
  else if (etfs.length === 0) body = <Message>No ETF data available. Add ETFs in the admin panel.</Message>;
  else
    body = etfs.map((etf, i) => {
      const rank = i + 1;
      const change = formatDayChange(etf.dayChange, etf.dayChangePercent);
      return (
        <ClickableRow key={etf.id} onClick={() => open(etf)} data-testid="top-performer-row">
          <Td>
            <RankBadge $tone={rank === 1 ? 'gold' : rank === 2 ? 'silver' : rank === 3 ? 'bronze' : 'neutral'} aria-label={`Rank ${rank}`}>
              {rank}
            </RankBadge>
          </Td>
          <Td>
            <TickerLink to={paths.etf(slugOf(etf), etf.ticker)} onClick={(e) => e.stopPropagation()}>
              {etf.ticker}
            </TickerLink>
          </Td>
          <Td $hideBelow="md">
            <Name title={etf.name}>{etf.name}</Name>
          </Td>
          <Td $align="right" $nowrap>
            {formatPrice(etf.currentPrice)}
          </Td>
          <Td $align="right" $hideBelow="md" $nowrap>
            <Positive $positive={change.positive}>{change.text}</Positive>
          </Td>
          <Td $align="right">
            <Strong>{formatPercent(etf.yieldPercent)}</Strong>
          </Td>
          <Td $align="right" $hideBelow="lg">
            <Positive $positive={tone(etf.oneYearReturn)}>{formatPercent(etf.oneYearReturn)}</Positive>
          </Td>
          <Td $align="right" $hideBelow="lg">
            <Positive $positive={tone(etf.dripReturn)}>{formatPercent(etf.dripReturn)}</Positive>
          </Td>
          <Td $align="right" $hideBelow="sm" $nowrap>
            {formatShortDate(etf.nextExDividend)}
          </Td>
          <Td $align="right" $hideBelow="md">
            {formatWeeklyAverage(etf.weeklyAverage)}
          </Td>
        </ClickableRow>
      );
    });

  return (
    <Section aria-labelledby="top-performers-title" id="top-performers">
      <Container>
        <Head>
          <div>
            <SectionTitle id="top-performers-title">Top Weekly Dividend Performers</SectionTitle>
            <Live>
              <Dot aria-hidden="true" />
              Live Market Data • Updated {fulfilledTimeStamp ? formatTime(new Date(fulfilledTimeStamp)) : '…'}
            </Live>
          </div>
        </Head>
        <DemoDataNotice show={anyDemo(data)} />
        <Card $padding={false}>
          <TableScroll>
            <Table>
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
              <tbody>{body}</tbody>
            </Table>
          </TableScroll>
          {etfs.length > 0 ? (
            <Foot>
              <span>Showing {etfs.length} weekly dividend ETFs</span>
              <Link to={paths.etfs}>View All ETFs →</Link>
            </Foot>
          ) : null}
        </Card>
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
      </Container>
    </Section>
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
  color: ${({ theme }) => theme.colors.textSecondary};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const Dot = styled.span`
  width: 8px;
  height: 8px;
  border-radius: 50%;
  background: ${({ theme }) => theme.colors.positive};
`;

const RankBadge = styled(Badge)`
  min-width: 28px;
  justify-content: center;
`;

const TickerLink = styled(Link)`
  font-weight: 700;
  color: ${({ theme }) => theme.colors.accentStrong};
  text-decoration: none;
  &:hover { text-decoration: underline; }
`;

const Name = styled.span`
  display: block;
  max-width: 200px;
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
  color: ${({ theme }) => theme.colors.textSecondary};
`;

const Strong = styled.span`
  font-weight: 700;
`;

const Foot = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  gap: 8px;
  padding: 14px 16px;
  color: ${({ theme }) => theme.colors.textSecondary};
  font-size: ${({ theme }) => theme.fontSizes.sm};
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
  @media (min-width: ${({ theme }) => theme.breakpoints.md}px) {
    grid-template-columns: repeat(3, 1fr);
  }
`;
