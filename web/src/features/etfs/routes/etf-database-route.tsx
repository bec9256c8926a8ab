import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { styled } from 'styled-components';
import { useGetTopPerformersQuery } from '../../../api/market-api.ts';
import type { EtfListItem } from '../../../../../contracts/market.ts';
import { DemoDataNotice, anyDemo } from '../../../components/demo-data-notice.tsx';
import { Card, CardTitle } from '../../../components/ui/card.tsx';
import { Page, PageSubtitle, PageTitle } from '../../../components/ui/layout.tsx';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { SelectField } from '../../../components/ui/select.tsx';
import { pageCount } from '../../../lib/page-window.ts';
import { useDeferredData } from '../../../lib/use-deferred-data.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { EtfDatabaseTable, PAGE_SIZE } from '../components/etf-database-table.tsx';
import { DATABASE_LIMIT } from '../database-limit.ts';
import { DEFAULT_SORT, brandsOf, isSortField, sortEtfs, type SortField, type SortState } from '../../../lib/sort-etfs.ts';
import { theme } from '../../../styles/theme.ts';

const ALL = 'all';
const EMPTY: EtfListItem[] = [];
/** On phones some sortable columns are hidden: a select offers every order. */
const SORT_LABELS: ReadonlyArray<[SortField, string]> = [
  ['yieldPercent', 'Yield %'],
  ['dripReturn', 'DRIP Return'],
  ['oneYearReturn', '1-Year Return'],
  ['trueIncomeRate', 'True Income Rate'],
  ['currentPrice', 'Price'],
  ['ticker', 'Ticker'],
];

/**
 * `/etfs`: every ETF, brand filter, sortable columns, 20 per page. Filter, sort and page live in the
 * query string (so Back returns to the same page); changing filter, field or direction goes to page 1.
 */
export default function EtfDatabaseRoute() {
  useDocumentTitle('ETF Database');
  const { data, isLoading, isError, refetch } = useGetTopPerformersQuery({ limit: DATABASE_LIMIT });
  const { brand, sort, requestedPage, update } = useDatabaseParams();

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

  return (
    <Page>
      <PageTitle>ETF Database</PageTitle>
      {/* The count once the list is here (never "Browse all 0" while it loads or after a failure, W8). */}
      <PageSubtitle>{pending || isError ? 'Browse all weekly dividend ETFs...' : `Browse all ${etfs.length} weekly dividend ETFs...`}</PageSubtitle>
      <Toolbar>
        <BrandFilter brand={brand} brands={brands} onChange={(b) => update({ brand: b })} />
        <PhoneSortSelect sort={sort} onChange={(s) => update({ sort: s })} />
        {/* Always there (a blank line while loading), so its line never pushes the table down. */}
        <Count aria-live="polite">
          {sorted.length > 0 ? `Showing ${(page - 1) * PAGE_SIZE + 1}–${Math.min(page * PAGE_SIZE, sorted.length)} of ${sorted.length}` : '\u00a0'}
        </Count>
      </Toolbar>
      {/* above the table, where the demo figures are first seen (issue 29, W13) */}
      <DemoDataNotice show={anyDemo(data)} />
      <Card $padding={false}>
        <EtfDatabaseTable rows={rows} sort={sort} pending={pending} isError={isError} onRetry={() => void refetch()} onSort={(s) => update({ sort: s })} />
      </Card>
      <Pagination page={page} totalPages={totalPages} onChange={(p) => update({ page: p })} label="ETF pages" />
      <MetricsExplained />
    </Page>
  );
}

/**
 * The database's URL state: brand (`brand`, absent: all), order (`sort` and `dir`, absent: the default)
 * and page (`page`, absent: 1). `update` writes a change; anything but a page change goes to page 1 and
 * replaces the history entry.
 */
function useDatabaseParams() {
  const [params, setParams] = useSearchParams();
  const brand = params.get('brand') ?? ALL;
  const sortParam = params.get('sort');
  const sortField = isSortField(sortParam) ? sortParam : DEFAULT_SORT.field;
  const sortDirection = params.get('dir') === 'asc' ? 'asc' : params.get('dir') === 'desc' ? 'desc' : DEFAULT_SORT.direction;
  const sort = useMemo<SortState>(() => ({ field: sortField, direction: sortDirection }), [sortField, sortDirection]);
  const requestedPage = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);

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

  return { brand, sort, requestedPage, update };
}

function BrandFilter({ brand, brands, onChange }: { brand: string; brands: readonly string[]; onChange: (brand: string) => void }) {
  return (
    <FilterBox>
      <SelectField label="Brand" value={brand} onChange={(e) => onChange(e.target.value)}>
        <option value={ALL}>All Brands</option>
        {brands.map((b) => (
          <option key={b} value={b}>
            {b}
          </option>
        ))}
      </SelectField>
    </FilterBox>
  );
}

/** The order as one select, for phones (where some sortable columns are hidden). */
function PhoneSortSelect({ sort, onChange }: { sort: SortState; onChange: (sort: SortState) => void }) {
  return (
    <PhoneSort>
      <SelectField
        label="Sort by"
        value={`${sort.field}:${sort.direction}`}
        onChange={(e) => {
          const [field, direction] = e.target.value.split(':');
          if (isSortField(field)) onChange({ field, direction: direction === 'asc' ? 'asc' : 'desc' });
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
  );
}

function MetricsExplained() {
  return (
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
          <dt>True Income Rate</dt>
          <dd>
            The distribution rate × the part of the last 12 months' payouts that was income rather than a return of capital (your own money
            handed back), by the issuer's or the site owner's figures. A payout without a published figure counts as income.
          </dd>
        </div>
        <div>
          <dt>Weekly Average</dt>
          <dd>The average dividend per share over the last 3 weeks, shown on each ETF's page.</dd>
        </div>
      </Defs>
    </Explain>
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

const Explain = styled(Card)`
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

