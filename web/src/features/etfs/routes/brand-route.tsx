import { Link, useNavigate, useParams } from 'react-router-dom';
import { styled } from 'styled-components';
import { useGetEtfsByBrandQuery } from '../../../api/market-api.ts';
import { BrandLogo } from '../../../components/brand-logo.tsx';
import { DemoDataNotice, anyDemo } from '../../../components/demo-data-notice.tsx';
import { LoadFailed } from '../../../components/load-failed.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Page, PageTitle } from '../../../components/ui/layout.tsx';
import { ClickableRow, MessageCell, Table, TableScroll, Td, Th } from '../../../components/ui/table.tsx';
import { titleFromSlug } from '../../../lib/brand.ts';
import { formatPercent, formatPrice } from '../../../lib/format.ts';
import { paths } from '../../../lib/paths.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { BackLink } from '../components/back-link.tsx';
import { theme } from '../../../styles/theme.ts';

/**
 * `/etfs/:brand`: the brand's ETFs, titled with the brand as the issuer writes it and the API spells it
 * ("YieldMax ETFs", "REX ETFs"; the spec's title-cased slug only while loading). A slug no fund has is a
 * not-found state ("Brand not found"), never a made-up "Foo Bar ETFs" (D20); a failed read is not (W8). Funds link to their
 * canonical URL /etfs/{brand}/{TICKER} (D25; the spec's lower-case form is replaced by it).
 */
export default function BrandRoute() {
  const { brand = '' } = useParams();
  const { data, isLoading, isError, refetch } = useGetEtfsByBrandQuery(brand);
  const navigate = useNavigate();
  const etfs = data ?? [];
  const issuerName = etfs.find((e) => e.brand)?.brand ?? null;
  // only an answer with no fund means the brand does not exist; a failed read is said as such (W8)
  const notFound = !isLoading && !isError && etfs.length === 0;
  const name = issuerName ?? titleFromSlug(brand);
  const title = notFound ? 'Brand not found' : `${name} ETFs`;
  useDocumentTitle(title);
  const to = (ticker: string) => paths.etf(brand, ticker.toUpperCase());

  let body;
  if (isLoading) body = <Message tall>Loading ETFs...</Message>;
  else if (isError)
    body = (
      <tr>
        <MessageCell colSpan={4}>
          <LoadFailed compact message="Failed to load ETFs" onRetry={() => void refetch()} />
        </MessageCell>
      </tr>
    );
  else if (etfs.length === 0) body = <Message>No ETFs found for this brand</Message>;
  else
    body = etfs.map((etf) => (
      <ClickableRow key={etf.id} onClick={() => navigate(to(etf.ticker))} data-testid="brand-etf-row">
        <Td>
          <TickerLink to={to(etf.ticker)} onClick={(e) => e.stopPropagation()}>
            {etf.ticker}
          </TickerLink>
        </Td>
        <Td>{etf.name}</Td>
        <Td $align="right">{formatPrice(etf.currentPrice)}</Td>
        <Td $align="right">
          <strong>{formatPercent(etf.exact.yieldPercent)}</strong>
        </Td>
      </ClickableRow>
    ));

  return (
    <Page>
      <BackLink to={paths.etfs}>Back to all brands</BackLink>
      <Heading>
        {notFound ? null : <BrandLogo brand={name} size={48} />}
        <PageTitle>{title}</PageTitle>
      </Heading>
      {/* above the table, where the demo figures are first seen (issue 29, W13) */}
      <DemoDataNotice show={anyDemo(data)} />
      <Card $padding={false}>
        <TableScroll>
          <Table>
            <thead>
              <tr>
                <Th>Ticker</Th>
                <Th>ETF Name</Th>
                <Th $align="right">Price</Th>
                <Th $align="right">Yield %</Th>
              </tr>
            </thead>
            <tbody>{body}</tbody>
          </Table>
        </TableScroll>
      </Card>
    </Page>
  );
}

function Message({ children, tall }: { children: string; tall?: boolean }) {
  return (
    <tr>
      <MessageCell colSpan={4} $minHeight={tall ? '60vh' : undefined}>
        {children}
      </MessageCell>
    </tr>
  );
}

const Heading = styled.div`
  display: flex;
  align-items: center;
  gap: 16px;
  margin: 16px 0 24px;
`;

const TickerLink = styled(Link)`
  font-weight: 700;
  color: ${theme.colors.accentStrong};
  text-decoration: none;
  &:hover { text-decoration: underline; }
`;
