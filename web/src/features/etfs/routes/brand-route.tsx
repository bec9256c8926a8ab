import { Link, useNavigate, useParams } from 'react-router-dom';
import { styled } from 'styled-components';
import { useGetEtfsByBrandQuery } from '../../../api/market-api.ts';
import { BrandLogo } from '../../../components/brand-logo.tsx';
import { DemoDataNotice, anyDemo } from '../../../components/demo-data-notice.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Page, PageTitle } from '../../../components/ui/layout.tsx';
import { ClickableRow, MessageCell, Table, TableScroll, Td, Th } from '../../../components/ui/table.tsx';
import { titleFromSlug } from '../../../lib/brand.ts';
import { formatPercent, formatPrice } from '../../../lib/format.ts';
import { paths } from '../../../lib/paths.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { BackLink } from '../components/back-link.tsx';
import { theme } from '../../../styles/theme.ts';

/** `/etfs/:brand`: the brand's ETFs, titled from the slug ("granite-shares" → "Granite Shares ETFs"). */
export default function BrandRoute() {
  const { brand = '' } = useParams();
  const title = `${titleFromSlug(brand)} ETFs`;
  useDocumentTitle(title);
  const { data, isLoading, isError } = useGetEtfsByBrandQuery(brand);
  const navigate = useNavigate();
  const etfs = data ?? [];
  const to = (ticker: string) => paths.etf(brand, ticker.toLowerCase());

  let body;
  if (isLoading) body = <Message tall>Loading ETFs...</Message>;
  else if (isError || etfs.length === 0) body = <Message>No ETFs found for this brand</Message>;
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
        <BrandLogo brand={titleFromSlug(brand)} size={48} />
        <PageTitle>{title}</PageTitle>
      </Heading>
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
      <Below>
        <DemoDataNotice show={anyDemo(data)} />
      </Below>
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

const Below = styled.div`
  margin-top: 16px;
`;

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
