import { useState } from 'react';
import { styled } from 'styled-components';
import type { EtfListItem } from '../../../../../contracts/market.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { MessageCell, SortButton, Table, TableScroll, Td, Th } from '../../../components/ui/table.tsx';
import { formatPercent, formatPrice, formatWeeklyAverage } from '../../../lib/format.ts';
import { pageCount } from '../../../lib/page-window.ts';
import { DEFAULT_SORT, nextSort, sortEtfs, type SortField, type SortState } from '../../../lib/sort-etfs.ts';
import { theme } from '../../../styles/theme.ts';
import { frequencyWarning } from '../frequency-warning.ts';

/** Rows a page (spec §9). */
export const ADMIN_PAGE_SIZE = 20;
const COLUMNS = 9;

interface EtfTableProps {
  etfs: readonly EtfListItem[] | undefined;
  isLoading: boolean;
  isError: boolean;
  onEdit: (etf: EtfListItem) => void;
  onData: (etf: EtfListItem) => void;
}

/**
 * The catalog as the owner manages it: 20 rows a page, the 5-number page window, sortable by ticker,
 * price, yield (default, descending), 1-year and DRIP return (a missing value counts as 0; the active
 * field flips the direction, a new one sorts descending, either goes back to page 1). Each row offers
 * Edit (the form above) and Data (price and distribution history, splits, withdrawals). Figures are
 * formatted from the unrounded `exact` values, as on every public screen (rounded once; issue 29, W6);
 * sorting uses the rounded fields (the same order).
 */
export function EtfTable({ etfs, isLoading, isError, onEdit, onData }: EtfTableProps) {
  const [sort, setSort] = useState<SortState>(DEFAULT_SORT);
  const [page, setPage] = useState(1);
  const sorted = etfs ? sortEtfs(etfs, sort) : [];
  const totalPages = pageCount(sorted.length, ADMIN_PAGE_SIZE);
  const current = Math.min(page, totalPages);
  const rows = sorted.slice((current - 1) * ADMIN_PAGE_SIZE, current * ADMIN_PAGE_SIZE);

  const header = (field: SortField, label: string, extra: { $align?: 'right'; $hideBelow?: 'sm' | 'md' } = {}) => {
    const active = sort.field === field;
    return (
      <Th {...extra} aria-sort={active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'}>
        <SortButton
          type="button"
          onClick={() => {
            setSort(nextSort(sort, field));
            setPage(1);
          }}
        >
          {label}
          <span aria-hidden="true">{active ? (sort.direction === 'asc' ? '▲' : '▼') : '↕'}</span>
        </SortButton>
      </Th>
    );
  };

  let body;
  if (isLoading) body = <Message>Loading ETFs...</Message>;
  else if (isError) body = <Message>Failed to load data</Message>;
  else if (rows.length === 0) body = <Message>No ETFs found</Message>;
  else
    body = rows.map((etf) => (
      <tr key={etf.id}>
        <Td $nowrap>
          <Ticker>{etf.ticker}</Ticker>
          <FrequencyFlag etf={etf} />
        </Td>
        <Td $hideBelow="sm">{etf.name}</Td>
        <Td $hideBelow="md">{etf.brand || '—'}</Td>
        <Td $align="right" $nowrap $hideBelow="sm">
          {formatPrice(etf.currentPrice)}
        </Td>
        <Td $align="right" $nowrap>
          {formatPercent(etf.exact.yieldPercent)}
        </Td>
        <Td $align="right" $nowrap $hideBelow="md">
          {formatPercent(etf.exact.oneYearReturn)}
        </Td>
        <Td $align="right" $nowrap $hideBelow="md">
          {formatPercent(etf.exact.dripReturn)}
        </Td>
        <Td $align="right" $nowrap $hideBelow="md">
          {formatWeeklyAverage(etf.exact.weeklyAverage)}
        </Td>
        <Td $align="right" $nowrap>
          <RowActions>
            <Button $size="sm" $variant="outline" aria-label={`Edit ${etf.ticker}`} onClick={() => onEdit(etf)}>
              Edit
            </Button>
            <Button $size="sm" $variant="outline" aria-label={`Data of ${etf.ticker}`} onClick={() => onData(etf)}>
              Data
            </Button>
          </RowActions>
        </Td>
      </tr>
    ));

  return (
    <>
      <TableScroll>
        <Table aria-label="ETFs" aria-busy={isLoading || undefined}>
          <thead>
            <tr>
              {header('ticker', 'Ticker')}
              <Th $hideBelow="sm">Name</Th>
              <Th $hideBelow="md">Brand</Th>
              {header('currentPrice', 'Price', { $align: 'right', $hideBelow: 'sm' })}
              {header('yieldPercent', 'Yield', { $align: 'right' })}
              {header('oneYearReturn', '1Y Return', { $align: 'right', $hideBelow: 'md' })}
              {header('dripReturn', 'DRIP Return', { $align: 'right', $hideBelow: 'md' })}
              <Th $align="right" $hideBelow="md">
                Weekly Avg
              </Th>
              <Th $align="right">Actions</Th>
            </tr>
          </thead>
          <tbody>{body}</tbody>
        </Table>
      </TableScroll>
      {etfs && etfs.length > 0 ? (
        <Footer>
          <Count>
            {etfs.length} ETFs · page {current} of {totalPages}
          </Count>
          <Pagination page={current} totalPages={totalPages} onChange={setPage} label="ETF pages" />
        </Footer>
      ) : null}
    </>
  );
}

function Message({ children }: { children: string }) {
  return (
    <tr>
      <MessageCell colSpan={COLUMNS}>{children}</MessageCell>
    </tr>
  );
}

/**
 * A fund whose payouts contradict its catalog frequency: a warning badge on its row ("Pays four-weekly"),
 * the whole warning in its title and for screen readers; the Data dialog says it in full.
 */
function FrequencyFlag({ etf }: { etf: EtfListItem }) {
  const warning = frequencyWarning(etf);
  if (!warning || !etf.inferredFrequency) return null;
  return (
    <>
      {' '}
      <Badge $tone="warning" title={warning} aria-label={warning} data-testid="frequency-flag">
        Pays {etf.inferredFrequency.frequency}
      </Badge>
    </>
  );
}

const Ticker = styled.span`
  font-weight: 700;
`;

const RowActions = styled.span`
  display: inline-flex;
  gap: ${theme.space.xs};
`;

const Footer = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${theme.space.sm};
  margin-top: ${theme.space.md};
`;

const Count = styled.p`
  color: ${theme.colors.textSecondary};
  font-size: ${theme.fontSizes.sm};
`;
