import { useMemo } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { styled } from 'styled-components';
import { useGetTopPerformersQuery } from '../../../api/market-api.ts';
import type { EtfListItem } from '../../../../../contracts/market.ts';
import { DemoDataNotice, anyDemo } from '../../../components/demo-data-notice.tsx';
import { Card, CardTitle } from '../../../components/ui/card.tsx';
import { Page, PageSubtitle, PageTitle, Positive } from '../../../components/ui/layout.tsx';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { SelectField } from '../../../components/ui/select.tsx';
import { ClickableRow, MessageCell, SortButton, Table, TableScroll, Td, Th } from '../../../components/ui/table.tsx';
import { formatPercent, formatPrice, sinceInceptionNote, toNumber } from '../../../lib/format.ts';
import { pageCount } from '../../../lib/page-window.ts';
import { paths } from '../../../lib/paths.ts';
import { useDeferredData } from '../../../lib/use-deferred-data.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { DATABASE_LIMIT } from '../database-limit.ts';
import { DEFAULT_SORT, brandsOf, isSortField, nextSort, sortEtfs, type SortField, type SortState } from '../../../lib/sort-etfs.ts';
import { theme } from '../../../styles/theme.ts';

export const PAGE_SIZE = 20;
const ALL = 'all';
const EMPTY: EtfListItem[] = [];
/** On phones some sortable columns are hidden: a select offers every order. */
const SORT_LABELS: ReadonlyArray<[SortField, string]> = [
  ['yieldPercent', 'Yield %'],
  ['dripReturn', 'DRIP Return'],
  ['oneYearReturn', '1-Year Return'],
  ['currentPrice', 'Price'],
  ['ticker', 'Ticker'],
];
const COLUMNS = 7;

function tone(value: string | null): boolean | null {
  const n = toNumber(value);
  return n === null || n === 0 ? null : n >= 0;
}

/**
 * `/etfs`: every ETF, brand filter, sortable columns, 20 per page. Filter, sort and page live in the
 * query string (so Back returns to the same page); changing filter, field or direction goes to page 1.
 */
export default function EtfDatabaseRoute() {
  useDocumentTitle('ETF Database');
  const { data, isLoading, isError } = useGetTopPerformersQuery({ limit: DATABASE_LIMIT });
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();

  const brand = params.get('brand') ?? ALL;
  const sortParam = params.get('sort');
  const sortField = isSortField(sortParam) ? sortParam : DEFAULT_SORT.field;
  const sortDirection = params.get('dir') === 'asc' ? 'asc' : params.get('dir') === 'desc' ? 'desc' : DEFAULT_SORT.direction;
  const sort = useMemo<SortState>(() => ({ field: sortField, direction: sortDirection }), [sortField, sortDirection]);
  const requestedPage = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);

  // Rows render in a time-sliced transition when the list arrives; until then the (tall) loading
  // row stays: no empty table in between.
  const deferred = useDeferredData(data, isLoading);
  const pending = deferred.pending;
  const etfs = deferred.data ?? EMPTY;
  const brands = useMemo(() => brandsOf(etfs), [etfs]);
  const filtered = useMemo(() => (brand === ALL ? etfs : etfs.filter((e) => e.brand === brand)), [etfs, brand]);
  const sorted = useMemo(() => sortEtfs(filtered, sort), [filtered, sort]);
  const totalPages = pageCount(sorted.length, PAGE_SIZE);
  const page = Math.min(requestedPage, totalPages);
  const rows = sorted.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);

  function update(next: { brand?: string; sort?: SortState; page?: number }) {
    const p = new URLSearchParams(params);
    const b = next.brand ?? brand;
    const s = next.sort ?? sort;
    if (b === ALL) p.delete('brand');
    else p.set('brand', b);
    if (s.field === DEFAULT_SORT.field && s.direction === DEFAULT_SORT.direction) {
      p.delete('sort');
      p.delete('dir');
    } else {
      p.set('sort', s.field);
      p.set('dir', s.direction);
    }
    const pg = next.page ?? 1;
    if (pg <= 1) p.delete('page');
    else p.set('page', String(pg));
    setParams(p, { replace: next.page === undefined });
  }

  const open = (etf: EtfListItem) => {
    const slug = etf.brandSlug ?? '';
    if (!etf.brand || !slug) return; // no brand: nowhere to go
    navigate(paths.etf(slug, etf.ticker));
  };

  const header = (field: SortField, label: string, extra: { $align?: 'right'; $hideBelow?: 'sm' | 'md' | 'lg' } = {}) => {
    const active = sort.field === field;
    return (
      <Th {...extra} aria-sort={active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'}>
        <SortButton type="button" onClick={() => update({ sort: nextSort(sort, field) })}>
          {label}
          <SortMark aria-hidden="true" $active={active}>
            {active ? (sort.direction === 'asc' ? '▲' : '▼') : '↕'}
          </SortMark>
        </SortButton>
      </Th>
    );
  };

  let body;
  // While loading, the message row is as tall as a page of rows: nothing below moves when they arrive.
  if (pending) body = <Message tall>Loading ETFs...</Message>;
  else if (isError) body = <Message>Failed to load data</Message>;
  else if (rows.length === 0) body = <Message>No ETFs found</Message>;
  else
    body = rows.map((etf) => {
      const linkable = Boolean(etf.brand && etf.brandSlug);
      const period = sinceInceptionNote(etf.historicalPeriodDays);
      return (
        <ClickableRow key={etf.id} onClick={() => open(etf)} data-testid="etf-row">
          <Td>
            {linkable ? (
              <TickerLink to={paths.etf(etf.brandSlug ?? '', etf.ticker)} onClick={(e) => e.stopPropagation()}>
                {etf.ticker}
              </TickerLink>
            ) : (
              <strong>{etf.ticker}</strong>
            )}
            {/* Phones have no Name column: the name goes under the ticker (D23). */}
            <PhoneName data-testid="phone-name">{etf.name}</PhoneName>
          </Td>
          <Td $hideBelow="md">
            <Name title={etf.name}>{etf.name}</Name>
          </Td>
          <Td $hideBelow="lg">{etf.brand || '—'}</Td>
          <Td $align="right">{formatPrice(etf.currentPrice)}</Td>
          <Td $align="right">
            <strong>{formatPercent(etf.exact.yieldPercent)}</strong>
          </Td>
          <Td $align="right" $hideBelow="sm">
            <Positive $positive={tone(etf.oneYearReturn)}>{formatPercent(etf.exact.oneYearReturn)}</Positive>
            {period ? <PeriodNote>{period}</PeriodNote> : null}
          </Td>
          <Td $align="right" $hideBelow="sm">
            <Positive $positive={tone(etf.dripReturn)}>{formatPercent(etf.exact.dripReturn)}</Positive>
            {period ? <PeriodNote>{period}</PeriodNote> : null}
          </Td>
        </ClickableRow>
      );
    });

  return (
    <Page>
      <PageTitle>ETF Database</PageTitle>
      {/* The count once the list is here (never "Browse all 0" while it loads). */}
      <PageSubtitle>{pending ? 'Browse all weekly dividend ETFs...' : `Browse all ${etfs.length} weekly dividend ETFs...`}</PageSubtitle>
      <Toolbar>
        <FilterBox>
          <SelectField label="Brand" value={brand} onChange={(e) => update({ brand: e.target.value })}>
            <option value={ALL}>All Brands</option>
            {brands.map((b) => (
              <option key={b} value={b}>
                {b}
              </option>
            ))}
          </SelectField>
        </FilterBox>
        <PhoneSort>
          <SelectField
            label="Sort by"
            value={`${sort.field}:${sort.direction}`}
            onChange={(e) => {
              const [field, direction] = e.target.value.split(':');
              if (isSortField(field)) update({ sort: { field, direction: direction === 'asc' ? 'asc' : 'desc' } });
            }}
          >
            {SORT_LABELS.flatMap(([field, label]) => [
              <option key={`${field}:desc`} value={`${field}:desc`}>
                {label} (high to low)
              </option>,
              <option key={`${field}:asc`} value={`${field}:asc`}>
                {label} (low to high)
              </option>,
            ])}
          </SelectField>
        </PhoneSort>
        {/* Always there (a blank line while loading), so its line never pushes the table down. */}
        <Count aria-live="polite">
          {sorted.length > 0 ? `Showing ${(page - 1) * PAGE_SIZE + 1}–${Math.min(page * PAGE_SIZE, sorted.length)} of ${sorted.length}` : '\u00a0'}
        </Count>
      </Toolbar>
      <Card $padding={false}>
        <TableScroll>
          <Table>
            <thead>
              <tr>
                {header('ticker', 'Ticker')}
                <Th $hideBelow="md">Name</Th>
                <Th $hideBelow="lg">Brand</Th>
                {header('currentPrice', 'Price', { $align: 'right' })}
                {header('yieldPercent', 'Yield %', { $align: 'right' })}
                {header('oneYearReturn', '1-Year Return', { $align: 'right', $hideBelow: 'sm' })}
                {header('dripReturn', 'DRIP Return', { $align: 'right', $hideBelow: 'sm' })}
              </tr>
            </thead>
            <tbody>{body}</tbody>
          </Table>
        </TableScroll>
      </Card>
      <Pagination page={page} totalPages={totalPages} onChange={(p) => update({ page: p })} label="ETF pages" />
      <Below>
        <DemoDataNotice show={anyDemo(data)} />
      </Below>
      <Explain>
        <CardTitle as="h2">Understanding the Metrics</CardTitle>
        <Defs>
          <div>
            <dt>Yield %</dt>
            <dd>Average weekly dividend × 52 ÷ current price: the annual income one share would pay at the recent rate.</dd>
          </div>
          <div>
            <dt>1-Year Return</dt>
            <dd>Total return over the last year (or since inception when younger): price change plus dividends received.</dd>
          </div>
          <div>
            <dt>DRIP Return</dt>
            <dd>The same period's return assuming every dividend was reinvested in more shares on its pay date.</dd>
          </div>
          <div>
            <dt>Weekly Average</dt>
            <dd>The average dividend per share over the last 3 weeks, shown on each ETF's page.</dd>
          </div>
        </Defs>
      </Explain>
    </Page>
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

const Toolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  justify-content: space-between;
  gap: 16px;
  margin: 24px 0 16px;
`;

const FilterBox = styled.div`
  width: 100%;
  max-width: 260px;
`;

const PhoneSort = styled.div`
  width: 100%;
  max-width: 260px;
  @media (min-width: ${theme.breakpoints.sm}px) {
    display: none;
  }
`;

/**
 * Beside the Brand filter (from the sm breakpoint up) the line is as tall as the select box and centred in it, so
 * the text sits level with the select's value rather than on its bottom edge (40px: the fields' height).
 */
const Count = styled.p`
  flex-basis: 100%;
  @media (min-width: ${theme.breakpoints.sm}px) {
    flex-basis: auto;
    display: flex;
    align-items: center;
    min-height: 40px;
  }
  color: ${theme.colors.textSecondary};
  font-size: ${theme.fontSizes.sm};
`;

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

const Explain = styled(Card)`
  margin-top: 16px;
`;

const Below = styled.div`
  margin-top: 16px;
`;

const Defs = styled.dl`
  display: grid;
  gap: 16px;
  margin: 8px 0 0;
  grid-template-columns: 1fr;
  @media (min-width: ${theme.breakpoints.md}px) {
    grid-template-columns: 1fr 1fr;
  }
  & dt { font-weight: 700; }
  & dd {
    margin: 4px 0 0;
    color: ${theme.colors.textSecondary};
    font-size: ${theme.fontSizes.sm};
  }
`;

/** "since inception" under a return whose window is shorter than a year. */
const PeriodNote = styled.small`
  display: block;
  font-size: ${theme.fontSizes.xs};
  color: ${theme.colors.textMuted};
  white-space: nowrap;
`;
