import { Fragment, useEffect } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { styled } from 'styled-components';
import { useGetEtfDetailQuery } from '../../../api/market-api.ts';
import type { EtfDetail } from '../../../../../contracts/market.ts';
import { BrandLogo } from '../../../components/brand-logo.tsx';
import { DemoDataNotice, anyDemo } from '../../../components/demo-data-notice.tsx';
import { DistributionSourceLabel } from '../../../components/distribution-source.tsx';
import { KindBadge, isOneOff } from '../../../components/kind-badge.tsx';
import { LoadFailed, isNotFound } from '../../../components/load-failed.tsx';
import { RocCell, RocHeader, RocLegend, RocNote } from '../../../components/payout-character.tsx';
import { StaleDataBadge, StaleDataNotice, priceAsOfText } from '../../../components/stale-data.tsx';
import { YieldBasisNote } from '../../../components/yield-basis.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Card, CardText, CardTitle, Stat, StatHint, StatLabel, StatValue } from '../../../components/ui/card.tsx';
import { Page, StateMessage } from '../../../components/ui/layout.tsx';
import { MessageCell, Table, TableScroll, Td, Th } from '../../../components/ui/table.tsx';
import { slugOf, titleFromSlug } from '../../../lib/brand.ts';
import { issuerOfFund } from '../../../lib/distribution-source.ts';
import { formatDate, formatDividend, formatNewsAge, formatPercent, formatPrice, formatWeeklyAverage, toNumber } from '../../../lib/format.ts';
import { paths } from '../../../lib/paths.ts';
import { useDeferredData } from '../../../lib/use-deferred-data.ts';
import { useCanonicalLink } from '../../../lib/use-canonical-link.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { layoutOnly, useLayoutQuery } from '../../../lib/use-media-query.ts';
import { useGetTickerNewsQuery } from '../api.ts';
import { latestDeclaredAmount, payoutsPerYear, performancePeriodLabel } from '../performance-period.ts';
import { BackLink } from './back-link.tsx';
import { EtfActions } from './etf-actions.tsx';
import { IssuerFigures } from './issuer-figures.tsx';
import { PriceHistoryCard } from './price-history-card.tsx';
import { MetricExplain } from '../../../components/metric-explain.tsx';
import { ReturnBreakdown } from './return-breakdown.tsx';
import { RocFigures } from './return-of-capital.tsx';
import { useRenderNow } from '../../../lib/render-clock.tsx';
import { SameUnderlying } from './same-underlying.tsx';
import { AdjustedMark, SplitList } from './split-list.tsx';
import { theme } from '../../../styles/theme.ts';

export const DIVIDEND_ROWS = 10;
/** Below the sm breakpoint the dividend history keeps three columns (a fourth and fifth would scroll sideways). */
export const PHONE_HISTORY_QUERY = `(max-width: ${theme.breakpoints.sm - 0.02}px)`;

function tone(value: string | null | undefined): 'positive' | 'negative' | undefined {
  const n = toNumber(value);
  if (n === null || n === 0) return undefined;
  return n >= 0 ? 'positive' : 'negative';
}

/** The ETF detail screen for a ticker; `brandSlug` from the URL when there is one. */
export function EtfDetailView({ ticker, brandSlug }: { ticker: string; brandSlug: string | null }) {
  const upper = ticker.toUpperCase();
  const { data, isLoading, isError, error, refetch } = useGetEtfDetailQuery(upper);
  // The page renders in a time-sliced transition, not in the store update that brought the data.
  const { data: etf, pending } = useDeferredData(data, isLoading);
  useDocumentTitle(etf ? `${etf.ticker} – ${etf.name}` : upper);

  const slug = etf ? slugOf(etf) || brandSlug || '' : (brandSlug ?? '');
  // One URL per fund (D25): /etfs/{the fund's brand}/{TICKER}; another brand or a lower-case ticker
  // is replaced by it (no history entry), and the page names it as canonical.
  const canonical = etf && slug ? paths.etf(slug, etf.ticker.toUpperCase()) : null;
  const navigate = useNavigate();
  const location = useLocation();
  useEffect(() => {
    if (canonical && brandSlug !== null && location.pathname !== canonical) {
      void navigate({ pathname: canonical, search: location.search, hash: location.hash }, { replace: true });
    }
  }, [canonical, brandSlug, location.pathname, location.search, location.hash, navigate]);
  useCanonicalLink(canonical);
  const brandName = etf?.brand || titleFromSlug(slug);
  const back = slug ? (
    <BackLink to={paths.brand(slug)}>Back to {brandName} ETFs</BackLink>
  ) : (
    <BackLink to={paths.etfs}>Back to all brands</BackLink>
  );

  if (pending) {
    return (
      <Page>
        {back}
        <StateMessage>Loading ETF details...</StateMessage>
      </Page>
    );
  }
  if (isError && !isNotFound(error)) {
    // a failure is not "not found" (W8): say so, and offer to ask again
    return (
      <Page>
        {back}
        <LoadFailed message="Failed to load ETF details" onRetry={() => void refetch()} />
      </Page>
    );
  }
  if (isError || !etf) {
    return (
      <Page>
        {back}
        <StateMessage>ETF not found</StateMessage>
      </Page>
    );
  }
  return (
    <Page>
      {back}
      <Loaded etf={etf} />
    </Page>
  );
}

function Loaded({ etf }: { etf: EtfDetail }) {
  const period = performancePeriodLabel(etf);
  // the frequency the figures are annualised with (the catalog's, or the one the payouts' spacing says)
  const payouts = payoutsPerYear(etf.frequencyUsed);
  // Without news the news card goes under the dividend history, full width (D27: no tall empty column).
  const news = useGetTickerNewsQuery(etf.ticker);
  const stacked = !news.isLoading && (news.isError || (news.data ?? []).length === 0);
  // the page's figures: the fund's, its dividend history and its similar funds (the chart says its own)
  const demo = etf.isDemo || anyDemo(etf.dividendHistory) || anyDemo(etf.similarEtfs);
  return (
    <>
      <Header>
        <Identity>
          <BrandLogo brand={etf.brand || etf.ticker} size={56} />
          <div>
            <TitleRow>
              <Ticker>{etf.ticker.toUpperCase()}</Ticker>
              {etf.brand ? <Badge $tone="accent">{etf.brand}</Badge> : null}
              <StaleDataBadge stale={etf.stale} />
            </TitleRow>
            <EtfName>{etf.name}</EtfName>
          </div>
        </Identity>
        <EtfActions etf={etf} />
      </Header>
      <DemoDataNotice show={demo} />
      <StaleDataNotice stale={etf.stale} />

      <SectionTitle>Annual Yield Calculations</SectionTitle>
      <Cards>
        <Card>
          <Stat>
            <StatLabel>Current Price</StatLabel>
            <StatValue>{formatPrice(etf.currentPrice)}</StatValue>
            {etf.priceAsOf ? <StatHint data-testid="price-as-of">{priceAsOfText(etf.priceAsOf)}</StatHint> : null}
          </Stat>
        </Card>
        <Card>
          <Stat>
            <StatLabel>Annual Non-DRIP Yield</StatLabel>
            <StatValue>{formatPercent(etf.exact.yieldPercent)}</StatValue>
            <YieldBasisNote basis={etf.yieldBasis} block />
            <StatHint>Weekly average × 52 ÷ price</StatHint>
            <MetricExplain label="Annual Non-DRIP Yield" explanation={etf.explain.yieldPercent} />
          </Stat>
        </Card>
        <Card>
          <Stat>
            <StatLabel>Annual DRIP Yield</StatLabel>
            <StatValue>{formatPercent(etf.exact.annualDripYield)}</StatValue>
            <YieldBasisNote basis={etf.yieldBasis} block />
            <StatHint>With each of {payouts} payouts a year reinvested</StatHint>
            <MetricExplain label="Annual DRIP Yield" explanation={etf.explain.annualDripYield} />
          </Stat>
        </Card>
      </Cards>
      <Spaced>
        <DistributionRate etf={etf} payouts={payouts} />
      </Spaced>
      <Spaced>
        <RocFigures etf={etf} />
      </Spaced>

      <SectionTitle>Actual Performance</SectionTitle>
      <Cards>
        <Card>
          <Stat>
            <StatLabel>Weekly Average</StatLabel>
            <StatValue>{formatWeeklyAverage(etf.exact.weeklyAverage)}</StatValue>
            <StatHint>Average dividend per share, last 3 weeks</StatHint>
            <MetricExplain label="Weekly Average" explanation={etf.explain.weeklyAverage} />
          </Stat>
        </Card>
        <Card>
          <Stat>
            <StatLabel>Actual Non-DRIP</StatLabel>
            <StatValue $tone={tone(etf.oneYearReturn)}>{formatPercent(etf.exact.oneYearReturn)}</StatValue>
            <StatHint>{period}</StatHint>
            <MetricExplain label="Actual Non-DRIP" explanation={etf.explain.oneYearReturn} />
          </Stat>
        </Card>
        <Card>
          <Stat>
            <StatLabel>Actual DRIP</StatLabel>
            <StatValue $tone={tone(etf.dripReturn)}>{formatPercent(etf.exact.dripReturn)}</StatValue>
            <StatHint>{period}</StatHint>
            <MetricExplain label="Actual DRIP" explanation={etf.explain.dripReturn} />
          </Stat>
        </Card>
      </Cards>

      <Spaced>
        <ReturnBreakdown etf={etf} period={period} />
      </Spaced>
      {etf.sameUnderlying.length > 0 ? (
        <Spaced>
          <SameUnderlying etf={etf} />
        </Spaced>
      ) : null}

      {etf.description && etf.description.trim() ? (
        <Spaced>
          <Card>
            <CardTitle as="h2">About This ETF</CardTitle>
            <CardText>{etf.description}</CardText>
          </Card>
        </Spaced>
      ) : null}

      <Spaced>
        <PriceHistoryCard ticker={etf.ticker} pageShowsDemoNotice={demo} />
      </Spaced>

      <Columns $stacked={stacked} data-testid="detail-columns" data-layout={stacked ? 'stacked' : 'columns'}>
        <DividendHistory etf={etf} />
        <TickerNews ticker={etf.ticker} />
      </Columns>

      <SimilarEtfs etf={etf} />
    </>
  );
}

/**
 * The issuer-style distribution rate beside the spec's yield, with what it means: the latest declared
 * payout x payouts a year / price. After a cut or a raise the two differ (the yield averages 3 payouts).
 */
function DistributionRate({ etf, payouts }: { etf: EtfDetail; payouts: number }) {
  const latest = latestDeclaredAmount(etf.dividendHistory);
  return (
    <Card aria-labelledby="distribution-rate-title">
      <Stat>
        <StatLabel id="distribution-rate-title">Distribution Rate</StatLabel>
        <StatValue data-testid="distribution-rate">{formatPercent(etf.exact.distributionRate)}</StatValue>
        <StatHint>
          Latest declared regular distribution{latest ? ` (${formatDividend(latest)})` : ''} × {payouts} payouts a year ÷ price, as issuers
          quote it. The Annual Non-DRIP Yield averages the last 3 payouts, so after a cut or a raise the two differ until three
          payouts at the new amount are in.
        </StatHint>
        <MetricExplain label="Distribution Rate" explanation={etf.explain.distributionRate} />
      </Stat>
      <TtmStat>
        <StatLabel>Trailing 12-Month Yield</StatLabel>
        <StatValue data-testid="ttm-yield">{formatPercent(etf.exact.ttmYield)}</StatValue>
        <StatHint>What the fund paid in the last year ÷ price (a younger fund: what it paid since inception).</StatHint>
      </TtmStat>
      <IssuerFigures etf={etf} payouts={payouts} />
    </Card>
  );
}

function DividendHistory({ etf }: { etf: EtfDetail }) {
  const rows = etf.dividendHistory.slice(0, DIVIDEND_ROWS);
  const issuer = issuerOfFund(etf);
  // phones: the three columns of the spec, each payout's ROC figure and source on a line under it.
  // The server draws both (undefined): the wide columns hide below sm and the phone lines from sm on
  // (CSS, the same breakpoint), so a phone's first paint is the phone table (lib/use-media-query.ts).
  const phone = useLayoutQuery(PHONE_HISTORY_QUERY);
  const wide = phone !== true;
  const narrow = phone !== false;
  const wideOnly = layoutOnly(PHONE_HISTORY_QUERY, false, phone);
  const phoneOnly = layoutOnly(PHONE_HISTORY_QUERY, true, phone);
  return (
    <Card $padding={false} aria-labelledby="dividend-history-title">
      <CardHead>
        <CardTitle as="h2" id="dividend-history-title">
          Dividend History
        </CardTitle>
      </CardHead>
      <TableScroll>
        <HistoryTable>
          <thead>
            <tr>
              <Th>Ex-Dividend Date</Th>
              <Th>Payout Date</Th>
              <Th $align="right">Amount</Th>
              {wide ? (
                <>
                  <Th $align="right" $hideBelow="sm" {...wideOnly}>
                    <RocHeader />
                  </Th>
                  <Th $hideBelow="sm" {...wideOnly}>
                    Source
                  </Th>
                </>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 ? (
              <tr>
                <MessageCell colSpan={wide ? 5 : 3}>No dividend history available</MessageCell>
              </tr>
            ) : (
              rows.map((d) => (
                <Fragment key={d.id}>
                  <tr>
                    <Td>{formatDate(d.exDividendDate)}</Td>
                    <Td>{formatDate(d.payoutDate)}</Td>
                    <Td $align="right">
                      {isOneOff(d.kind) ? (
                        <>
                          <KindBadge kind={d.kind} />{' '}
                        </>
                      ) : null}
                      {formatDividend(d.amount)}
                      {d.splitAdjusted ? <AdjustedMark declaredAmount={d.declaredAmount} /> : null}
                      {d.estimated ? (
                        <Est as="abbr" title="Estimated">
                          {' '}
                          est.
                        </Est>
                      ) : null}
                    </Td>
                    {wide ? (
                      <>
                        <Td $align="right" $hideBelow="sm" {...wideOnly}>
                          <RocCell item={d} />
                        </Td>
                        <SourceCell data-hide-below="sm" {...wideOnly}>
                          <DistributionSourceLabel entry={d} issuer={issuer} />
                        </SourceCell>
                      </>
                    ) : null}
                  </tr>
                  {/* phones: the ROC figure and the source on a line of their own under the payout */}
                  {narrow ? (
                    <PhoneDetail {...phoneOnly}>
                      <td colSpan={3}>
                        <RocNote item={d} />
                        <DistributionSourceLabel entry={d} issuer={issuer} />
                      </td>
                    </PhoneDetail>
                  ) : null}
                </Fragment>
              ))
            )}
          </tbody>
        </HistoryTable>
      </TableScroll>
      {rows.length > 0 ? <RocLegend /> : null}
      <SplitList etf={etf} />
    </Card>
  );
}

function TickerNews({ ticker }: { ticker: string }) {
  const { data, isLoading, isError } = useGetTickerNewsQuery(ticker);
  const now = useRenderNow(); // the rendered page's instant while it hydrates
  const items = data ?? [];
  return (
    <Card aria-labelledby="ticker-news-title">
      <CardTitle as="h2" id="ticker-news-title">
        {ticker.toUpperCase()} News
      </CardTitle>
      {isLoading ? (
        <StateMessage>Loading news...</StateMessage>
      ) : isError || items.length === 0 ? (
        <StateMessage>No news available for this ETF</StateMessage>
      ) : (
        <NewsList>
          {items.map((n) => (
            <li key={n.id}>
              <a href={n.link} target="_blank" rel="noopener noreferrer">
                {n.title}
              </a>
              <NewsMeta>
                {n.source || 'Unknown source'} · {formatNewsAge(n.publishedAt, now) ?? 'Recently'}
              </NewsMeta>
            </li>
          ))}
        </NewsList>
      )}
    </Card>
  );
}

function SimilarEtfs({ etf }: { etf: EtfDetail }) {
  if (etf.similarEtfs.length === 0) return null;
  return (
    <SimilarSection aria-labelledby="similar-title">
      <SectionTitle id="similar-title">Similar ETFs</SectionTitle>
      <SimilarGrid>
        {etf.similarEtfs.map((s) => {
          const slug = s.brandSlug ?? slugOf({ brand: s.brand ?? etf.brand, brandSlug: undefined });
          return (
            <SimilarCard key={s.id} to={paths.etf(slug, s.ticker)}>
              <strong>{s.ticker}</strong>
              <SimilarName title={s.name}>{s.name}</SimilarName>
              <SimilarFigures>
                <span>{formatPrice(s.currentPrice)}</span>
                <span>{formatPercent(s.exactYieldPercent ?? s.yieldPercent)} yield</span>
              </SimilarFigures>
            </SimilarCard>
          );
        })}
      </SimilarGrid>
    </SimilarSection>
  );
}

const Header = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 16px;
  margin: 16px 0 24px;
`;

const Identity = styled.div`
  display: flex;
  align-items: center;
  gap: 16px;
  min-width: 0;
`;

const TitleRow = styled.div`
  display: flex;
  align-items: center;
  gap: 10px;
  flex-wrap: wrap;
`;

const Ticker = styled.h1`
  font-size: 2.25rem;
  font-weight: 800;
  letter-spacing: -0.02em;
`;

const EtfName = styled.p`
  color: ${theme.colors.textSecondary};
`;

const SectionTitle = styled.h2`
  margin: 24px 0 12px;
  font-size: ${theme.fontSizes.xl};
  font-weight: 700;
`;

const Cards = styled.div`
  display: grid;
  gap: 16px;
  grid-template-columns: 1fr;
  @media (min-width: ${theme.breakpoints.sm}px) {
    grid-template-columns: repeat(3, 1fr);
  }
`;

const Spaced = styled.div`
  margin-top: 24px;
`;

const Columns = styled.div<{ $stacked: boolean }>`
  display: grid;
  gap: 16px;
  margin-top: 24px;
  align-items: start;
  grid-template-columns: minmax(0, 1fr);
  @media (min-width: ${theme.breakpoints.lg}px) {
    grid-template-columns: ${({ $stacked }) => ($stacked ? 'minmax(0, 1fr)' : 'repeat(2, minmax(0, 1fr))')};
  }
`;

const CardHead = styled.div`
  padding: ${theme.space.md} ${theme.space.md} ${theme.space.sm};
  @media (min-width: ${theme.breakpoints.md}px) {
    padding: ${theme.space.lg} ${theme.space.lg} ${theme.space.sm};
  }
`;

const Est = styled.span`
  color: ${theme.colors.textMuted};
  font-size: ${theme.fontSizes.xs};
  text-decoration: none;
`;

/** The source's words wrap in a narrow column (the history shares the row with the news on wide screens). */
const SourceCell = styled.td`
  min-width: 9rem;
  max-width: 14rem;
`;

/** Phones: a payout's ROC figure and source, under its row. */
const PhoneDetail = styled.tr`
  @media (min-width: ${theme.breakpoints.sm}px) {
    display: none;
  }
  & td {
    padding-top: 0;
    font-size: ${theme.fontSizes.xs};
    color: ${theme.colors.textSecondary};
  }
  & td > * + * {
    margin-left: 8px;
  }
`;

/** Phones: a payout's row runs on into its detail line (no border between them). */
const HistoryTable = styled(Table)`
  @media ${PHONE_HISTORY_QUERY} {
    & tbody tr:has(+ ${PhoneDetail}) td {
      border-bottom: 0;
      padding-bottom: 2px;
    }
  }
`;

const NewsList = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  & li {
    padding: 12px 0;
    border-bottom: 1px solid ${theme.colors.border};
  }
  & li:last-child { border-bottom: 0; }
  & a {
    font-weight: 600;
    color: ${theme.colors.textPrimary};
    text-decoration: none;
  }
  & a:hover { text-decoration: underline; }
`;

const NewsMeta = styled.p`
  margin-top: 4px;
  color: ${theme.colors.textSecondary};
  font-size: ${theme.fontSizes.xs};
`;

const SimilarSection = styled.section`
  margin-top: 8px;
`;

/** minmax(0, 1fr) and min-width 0: a long name shrinks to an ellipsis instead of widening the page (D8). */
const SimilarGrid = styled.div`
  display: grid;
  gap: 12px;
  grid-template-columns: minmax(0, 1fr);
  @media (min-width: ${theme.breakpoints.sm}px) {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
  @media (min-width: ${theme.breakpoints.lg}px) {
    grid-template-columns: repeat(3, minmax(0, 1fr));
  }
`;

const SimilarCard = styled(Link)`
  display: flex;
  flex-direction: column;
  gap: 4px;
  min-width: 0;
  padding: 16px;
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.lg};
  background: ${theme.colors.surface};
  color: inherit;
  text-decoration: none;
  &:hover { border-color: ${theme.colors.accent}; }
`;

const SimilarName = styled.span`
  color: ${theme.colors.textSecondary};
  font-size: ${theme.fontSizes.sm};
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
`;

const SimilarFigures = styled.span`
  display: flex;
  flex-wrap: wrap;
  gap: 4px 12px;
  justify-content: space-between;
  font-size: ${theme.fontSizes.sm};
  font-weight: 600;
`;

const TtmStat = styled(Stat)`
  margin-top: 12px;
`;
