import { Link, useNavigate } from 'react-router-dom';
import { styled } from 'styled-components';
import type { EtfListItem } from '../../../../../contracts/market.ts';
import { LoadFailed } from '../../../components/load-failed.tsx';
import { StaleDataBadge, priceAsOfText } from '../../../components/stale-data.tsx';
import { Positive } from '../../../components/ui/layout.tsx';
import { YieldBasisNote } from '../../../components/yield-basis.tsx';
import { ClickableRow, MessageCell, SortButton, Table, TableScroll, Td, Th } from '../../../components/ui/table.tsx';
import { NA, formatPercent, formatPrice, formatStatedPercent, returnPeriodNote, toNumber } from '../../../lib/format.ts';
import { paths } from '../../../lib/paths.ts';
import { nextSort, type SortField, type SortState } from '../../../lib/sort-etfs.ts';
import { theme } from '../../../styles/theme.ts';

/** Rows per page of `/etfs`. */
export const PAGE_SIZE = 20;
const COLUMNS = 8;

function tone(value: string | null): boolean | null {
  const n = toNumber(value);
  return n === null || n === 0 ? null : n >= 0;
}

/** The `/etfs` table: one page of funds under sortable column heads; a row opens the fund's page. */
export function EtfDatabaseTable({
  rows,
  sort,
  pending,
  isError,
  onRetry,
  onSort,
}: {
  rows: readonly EtfListItem[];
  sort: SortState;
  pending: boolean;
  isError: boolean;
  onRetry: () => void;
  onSort: (sort: SortState) => void;
}) {
  const navigate = useNavigate();
  const open = (etf: EtfListItem) => {
    const slug = etf.brandSlug ?? '';
    if (!etf.brand || !slug) return; // no brand: nowhere to go
    navigate(paths.etf(slug, etf.ticker));
  };

  let body;
  // While loading, the message row is as tall as a page of rows: nothing below moves when they arrive.
  if (pending) body = <Message tall>Loading ETFs...</Message>;
  else if (isError)
    body = (
      <tr>
        <MessageCell colSpan={COLUMNS}>
          <LoadFailed compact message="Failed to load data" onRetry={onRetry} />
        </MessageCell>
      </tr>
    );
  else if (rows.length === 0) body = <Message>No ETFs found</Message>;
  else body = rows.map((etf) => <EtfRow key={etf.id} etf={etf} onOpen={open} />);

  return (
    <TableScroll>
      <Table>
        <thead>
          <tr>
            <SortHeader field="ticker" label="Ticker" sort={sort} onSort={onSort} />
            <Th $hideBelow="md">Name</Th>
            <Th $hideBelow="lg">Brand</Th>
            <SortHeader field="currentPrice" label="Price" sort={sort} onSort={onSort} $align="right" />
            <SortHeader field="yieldPercent" label="Yield %" sort={sort} onSort={onSort} $align="right" />
            <SortHeader field="oneYearReturn" label="1-Year Return" sort={sort} onSort={onSort} $align="right" $hideBelow="sm" />
            <SortHeader field="dripReturn" label="DRIP Return" sort={sort} onSort={onSort} $align="right" $hideBelow="sm" />
            <SortHeader field="trueIncomeRate" label="True Income Rate" sort={sort} onSort={onSort} $align="right" $hideBelow="sm" />
          </tr>
        </thead>
        <tbody>{body}</tbody>
      </Table>
    </TableScroll>
  );
}

/** A sortable column head: a click sorts by its field (again: the other direction). */
function SortHeader({
  field,
  label,
  sort,
  onSort,
  ...extra
}: {
  field: SortField;
  label: string;
  sort: SortState;
  onSort: (sort: SortState) => void;
  $align?: 'right';
  $hideBelow?: 'sm' | 'md' | 'lg';
}) {
  const active = sort.field === field;
  return (
    <Th {...extra} aria-sort={active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <SortButton type="button" onClick={() => onSort(nextSort(sort, field))}>
        {label}
        <SortMark aria-hidden="true" $active={active}>
          {active ? (sort.direction === 'asc' ? '▲' : '▼') : '↕'}
        </SortMark>
      </SortButton>
    </Th>
  );
}

function EtfRow({ etf, onOpen }: { etf: EtfListItem; onOpen: (etf: EtfListItem) => void }) {
  const linkable = Boolean(etf.brand && etf.brandSlug);
  const period = returnPeriodNote(etf);
  return (
    <ClickableRow onClick={() => onOpen(etf)} data-testid="etf-row">
      <Td>
        {linkable ? (
          <TickerLink to={paths.etf(etf.brandSlug ?? '', etf.ticker)} onClick={(e) => e.stopPropagation()}>
            {etf.ticker}
          </TickerLink>
        ) : (
          <strong>{etf.ticker}</strong>
        )}
        {etf.stale ? (
          <StaleLine>
            <StaleDataBadge stale={etf.stale} />
          </StaleLine>
        ) : null}
        {/* Phones have no Name column: the name goes under the ticker (D23). */}
        <PhoneName data-testid="phone-name">{etf.name}</PhoneName>
      </Td>
      <Td $hideBelow="md">
        <Name title={etf.name}>{etf.name}</Name>
      </Td>
      <Td $hideBelow="lg">{etf.brand || '—'}</Td>
      <Td $align="right">
        {formatPrice(etf.currentPrice)}
        {/* a stale price says how old it is */}
        {etf.stale ? <PeriodNote>{priceAsOfText(etf.priceAsOf)}</PeriodNote> : null}
      </Td>
      <Td $align="right">
        <strong>{formatPercent(etf.exact.yieldPercent)}</strong>
        <YieldBasisNote basis={etf.yieldBasis} block />
      </Td>
      <Td $align="right" $hideBelow="sm">
        <Positive $positive={tone(etf.oneYearReturn)}>{formatPercent(etf.exact.oneYearReturn)}</Positive>
        {period ? <PeriodNote>{period}</PeriodNote> : null}
      </Td>
      <Td $align="right" $hideBelow="sm">
        <Positive $positive={tone(etf.dripReturn)}>{formatPercent(etf.exact.dripReturn)}</Positive>
        {period ? <PeriodNote>{period}</PeriodNote> : null}
      </Td>
      {/* issue 27: a 0.0% is a figure (all of the last year's payouts were capital); the ROC share it rests on under it */}
      <Td $align="right" $hideBelow="sm" data-testid="true-income-rate">
        {formatStatedPercent(etf.exact.trueIncomeRate) ?? NA}
        {etf.exact.rocShareTtm !== null ? <PeriodNote>ROC {formatStatedPercent(etf.exact.rocShareTtm)}</PeriodNote> : null}
      </Td>
    </ClickableRow>
  );
}

function Message({ children, tall }: { children: string; tall?: boolean }) {
  return (
    <tr>
      <MessageCell colSpan={COLUMNS} $minHeight={tall ? `${PAGE_SIZE * 45}px` : undefined}>
        {children}
      </MessageCell>
    </tr>
  );
}

const SortMark = styled.span<{ $active: boolean }>`
  font-size: 10px;
  color: ${({ $active }) => ($active ? theme.colors.accent : theme.colors.textMuted)};
`;

const TickerLink = styled(Link)`
  font-weight: 700;
  color: ${theme.colors.accentStrong};
  text-decoration: none;
  &:hover { text-decoration: underline; }
`;

/** The whole name on up to two lines, not cut to one (D23); the title has it all. */
const Name = styled.span`
  display: -webkit-box;
  -webkit-box-orient: vertical;
  -webkit-line-clamp: 2;
  max-width: 320px;
  overflow: hidden;
  white-space: normal;
  color: ${theme.colors.textSecondary};
`;

const PhoneName = styled.span`
  display: block;
  margin-top: 2px;
  max-width: 46vw;
  color: ${theme.colors.textSecondary};
  font-size: ${theme.fontSizes.xs};
  font-weight: 400;
  white-space: normal;
  @media (min-width: ${theme.breakpoints.md}px) {
    display: none;
  }
`;

const StaleLine = styled.span`
  display: block;
  margin-top: 2px;
`;

/** The period under a return whose window is not one year ("since inception", "since Jan 2, 2026"); "as of Sep 30" under a stale price. */
const PeriodNote = styled.small`
  display: block;
  font-size: ${theme.fontSizes.xs};
  color: ${theme.colors.textMuted};
  white-space: nowrap;
`;
