import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { styled } from 'styled-components';
import type { HoldingView } from '../../../../../contracts/portfolio.ts';
import { DemoDataNotice, anyDemo } from '../../../components/demo-data-notice.tsx';
import { Card, CardTitle } from '../../../components/ui/card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { paths } from '../../../lib/paths.ts';
import { portfolioSummary } from '../portfolio-summary.ts';
import { BrokerageCard } from './brokerage-card.tsx';
import { Empty, HoldingsList } from './holdings-list.tsx';
import { HoldingsCsv } from './holdings-csv.tsx';
import { SummaryCards } from './summary-cards.tsx';
import { UpcomingPayouts } from './upcoming-payouts.tsx';
import { theme } from '../../../styles/theme.ts';

interface Props {
  userId: string;
  hasActivePremium: boolean;
  holdings: readonly HoldingView[] | undefined;
  isLoading: boolean;
  isError: boolean;
}

/**
 * The portfolio tab: brokerage card, summary cards, the links to the tax-year summary (issue 27) and the
 * income page (issue 28) once something is held (marked Premium for a free user: docs/billing.md),
 * "My Holdings", upcoming payouts when something is held.
 */
export function PortfolioTab({ userId, hasActivePremium, holdings, isLoading, isError }: Props) {
  const summary = useMemo(() => portfolioSummary(holdings ?? []), [holdings]);
  return (
    <Stack>
      <BrokerageCard userId={userId} hasActivePremium={hasActivePremium} />
      {isLoading ? (
        <Loading aria-busy="true" aria-label="Loading your portfolio">
          <Skeleton $height="96px" />
          <Skeleton $height="160px" />
        </Loading>
      ) : isError ? (
        <Card>
          <Empty role="alert">Failed to load your portfolio. Please try again later.</Empty>
        </Card>
      ) : (
        <>
          {/* a holding's isDemo covers its own figures, which the totals add up */}
          <DemoDataNotice show={anyDemo(holdings)} />
          <SummaryCards summary={summary} />
          {holdings && holdings.length > 0 ? (
            <TaxSummaryLine data-testid="tax-summary-link">
              <Link to={paths.taxSummary}>Tax-year summary</Link>
              {hasActivePremium ? '' : ' (Premium)'}: the distributions you received each year, split into income and return of
              capital, to download or print.
            </TaxSummaryLine>
          ) : null}
          {holdings && holdings.length > 0 ? (
            <TaxSummaryLine data-testid="income-link">
              <Link to={paths.income}>Income and goal</Link>
              {hasActivePremium ? '' : ' (Premium)'}: what your holdings paid you by week, month or year, whether each payout arrived, and
              your income goal.
            </TaxSummaryLine>
          ) : null}
          <Card aria-labelledby="holdings-title">
            <TitleRow>
              <CardTitle as="h2" id="holdings-title">
                My Holdings
              </CardTitle>
              <HoldingsCsv />
            </TitleRow>
            <HoldingsList holdings={holdings ?? []} />
          </Card>
          {holdings && holdings.length > 0 ? <UpcomingPayouts holdings={holdings} /> : null}
        </>
      )}
    </Stack>
  );
}

const Stack = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${theme.space.md};
`;

const TitleRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${theme.space.sm};
`;

const Loading = styled.div`
  display: grid;
  gap: 12px;
`;

const TaxSummaryLine = styled.p`
  margin: 0;
  color: ${theme.colors.textSecondary};
  font-size: ${theme.fontSizes.sm};
  & a {
    color: ${theme.colors.accent};
    font-weight: 600;
    text-decoration: underline;
    text-underline-offset: 2px;
  }
`;
