import { Link } from 'react-router-dom';
import { styled } from 'styled-components';
import type { EtfDetail } from '../../../../../contracts/market.ts';
import { Card, CardTitle } from '../../../components/ui/card.tsx';
import { Table, TableScroll, Td, Th } from '../../../components/ui/table.tsx';
import { formatPercent, returnPeriodNote } from '../../../lib/format.ts';
import { paths } from '../../../lib/paths.ts';
import { theme } from '../../../styles/theme.ts';

/** The funds on the same underlying side by side: yield, distribution rate, 1-year price and total return. */
export function SameUnderlying({ etf }: { etf: EtfDetail }) {
  if (etf.sameUnderlying.length === 0 || etf.underlying === null) return null;
  return (
    <Card $padding={false} aria-labelledby="same-underlying-title">
      <Head>
        <CardTitle as="h2" id="same-underlying-title">
          Funds on {etf.underlying}
        </CardTitle>
      </Head>
      <TableScroll>
        <Table>
          <thead>
            <tr>
              <Th>Fund</Th>
              <Th $align="right">Yield</Th>
              <Th $align="right">Distribution Rate</Th>
              <Th $align="right">1-Year Price Return</Th>
              <Th $align="right">1-Year Total Return</Th>
            </tr>
          </thead>
          <tbody>
            {etf.sameUnderlying.map((f) => {
              const self = f.id === etf.id;
              const note = returnPeriodNote(f);
              return (
                <Row key={f.id} $self={self} aria-current={self ? 'page' : undefined}>
                  <Td>
                    {self ? <strong>{f.ticker}</strong> : <Link to={paths.etf(f.brandSlug, f.ticker)}>{f.ticker}</Link>}
                    <Sub>{f.brand}</Sub>
                  </Td>
                  <Td $align="right">{formatPercent(f.exact.yieldPercent)}</Td>
                  <Td $align="right">{formatPercent(f.exact.distributionRate)}</Td>
                  <Td $align="right">
                    {formatPercent(f.exact.priceReturn)}
                    {note ? <Sub>{note}</Sub> : null}
                  </Td>
                  <Td $align="right">
                    {formatPercent(f.exact.oneYearReturn)}
                    {note ? <Sub>{note}</Sub> : null}
                  </Td>
                </Row>
              );
            })}
          </tbody>
        </Table>
      </TableScroll>
    </Card>
  );
}

const Head = styled.div`
  padding: ${theme.space.md} ${theme.space.md} 0;
`;

const Row = styled.tr<{ $self: boolean }>`
  background: ${(p) => (p.$self ? theme.colors.surfaceAccent : 'transparent')};
`;

const Sub = styled.span`
  display: block;
  font-size: ${theme.fontSizes.xs};
  color: ${theme.colors.textSecondary};
`;
