import { Suspense, lazy } from 'react';
import { Navigate, useSearchParams } from 'react-router-dom';
import { styled } from 'styled-components';
import type { IncomeAmounts, IncomeSeries, PayoutLedger } from '../../../../../contracts/payouts.ts';
import { serverMessage } from '../../../api/base-api.ts';
import { useExportIncomeCsvMutation, useGetIncomeQuery, useGetPayoutsQuery } from '../../../api/payouts-api.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardTitle } from '../../../components/ui/card.tsx';
import { Page, PageSubtitle, PageTitle, StateMessage } from '../../../components/ui/layout.tsx';
import { SelectField } from '../../../components/ui/select.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { Table, TableScroll, Td, Th } from '../../../components/ui/table.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { formatDate, formatMoney, formatShortDate, toNumber } from '../../../lib/format.ts';
import { paths } from '../../../lib/paths.ts';
import { useCurrentUser } from '../../../lib/session/use-current-user.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { DividendHistoryImport } from '../components/dividend-history-import.tsx';
import { download } from '../components/holdings-csv.tsx';
import { ReportBack, ReportControls, ReportSelectBox, ReportStack } from '../components/report-layout.tsx';
import { IncomeGoalCard } from '../components/income-goal.tsx';
import { PremiumUpsell } from '../components/premium-upsell.tsx';
import { OfflineNotice, WritesOff } from '../components/offline-notice.tsx';
import { useOfflineStatus } from '../../../lib/offline/offline-status.ts';
import { useReconnectRefresh } from '../../../lib/offline/use-reconnect-refresh.ts';
import { theme } from '../../../styles/theme.ts';

const IncomeChart = lazy(() => import('../components/income-chart.tsx'));

type By = IncomeSeries['by'];
const BYS: readonly By[] = ['week', 'month', 'year'];

export const incomeTexts = {
  title: 'Income',
  subtitle: 'What your holdings paid you and are expected to pay, by pay date: received, paid but not confirmed yet, and still expected.',
  back: 'Back to My WeeklyDiv',
  byLabel: 'By',
  by: { week: 'Week', month: 'Month', year: 'Year' } satisfies Record<By, string>,
  download: 'Download CSV',
  fileName: (by: By) => `weeklydiv-income-${by}.csv`,
  exported: 'Income exported',
  exportedDescription: (fileName: string) => `Saved as ${fileName}.`,
  exportFailed: 'Failed to export income',
  loading: 'Loading your income...',
  failed: 'Failed to load your income. Please try again later.',
  asOf: (date: string, from: string, to: string) => `As of ${formatDate(date)}; ${formatDate(from)} – ${formatDate(to)}.`,
  chartLabel: (by: By, count: number) => `Income per ${by}, ${count} ${by}s: received, unconfirmed and expected, stacked`,
  legend: { received: 'Received', unconfirmed: 'Paid, not confirmed', expected: 'Expected' },
  missingNote: (amount: string) => `${formatMoney(amount)} missing: paid by the fund, no record from your brokerage (not in the totals).`,
  periodsTitle: 'By period',
  fundsTitle: 'By fund',
  columns: { period: 'Period', fund: 'Fund', received: 'Received', unconfirmed: 'Unconfirmed', expected: 'Expected', missing: 'Missing', total: 'Total' },
  totalRow: 'Total',
  noFunds: 'No payouts in this range.',
  unmatchedTitle: 'Broker records not matched to a payout',
  unmatchedIntro:
    'Dividends your brokerage reported (its sync, or a dividend history file you imported) that match none of your holdings’ payouts (a fund not in our catalog or not held, a payout before your first sync or purchase, or a date outside every payout).',
  unmatchedColumns: { date: 'Date', symbol: 'Symbol', type: 'Type', amount: 'Amount' },
  unmatchedType: { DIVIDEND: 'Cash', REI: 'Reinvested' },
} as const;
const t = incomeTexts;

/** "2026-01-12" → "Jan 12" (week), "2026-01" → "Jan 2026", "2026" → "2026". */
export function periodLabel(by: By, period: string, start: string): string {
  if (by === 'week') return `Week of ${formatShortDate(start)}`;
  if (by === 'month') return new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${start}T00:00:00Z`));
  return period;
}

/**
 * `/my-weeklydiv/income?by=month` (issue 28, docs/payouts.md "Income record"): the income per week, month
 * or year as a stacked bar chart (received, paid but unconfirmed, expected), the same per period and per
 * fund in tables with totals, "Download CSV" (the server's file), the income goal, and the broker's
 * records no payout took (brokerage-synced users; the list is empty for everyone else). Signed out →
 * /login. Its own lazy chunk (the chart library a chunk of its own), reached from the portfolio tab.
 * Premium (docs/billing.md "What Premium gives"): anyone else sees what it gives and the way to it.
 * Offline (docs/offline.md): "Offline — as of {time}", the download and the goal's controls disabled.
 */
export default function IncomeRoute() {
  useDocumentTitle(t.title);
  const { user, isLoading: userLoading, isPremium } = useCurrentUser();
  const [params, setParams] = useSearchParams();
  const asked = params.get('by');
  const by: By = BYS.includes(asked as By) ? (asked as By) : 'month';
  // Premium's (the server answers 403 to anyone else): a free user's page asks for nothing
  const { data, isLoading, isError, fulfilledTimeStamp } = useGetIncomeQuery(by, { skip: !isPremium, refetchOnMountOrArgChange: true });
  const offline = useOfflineStatus();
  useReconnectRefresh();
  const unmatched = useGetPayoutsQuery(undefined, { skip: !isPremium }).data?.unmatched ?? [];

  if (!userLoading && !user) return <Navigate to={paths.login} replace />;
  if (user && !isPremium) {
    return (
      <Page>
        <ReportBack to={paths.personalArea}>{t.back}</ReportBack>
        <PageTitle>{t.title}</PageTitle>
        <PageSubtitle>{t.subtitle}</PageSubtitle>
        <PremiumUpsell feature="income" />
      </Page>
    );
  }

  return (
    <Page>
      <ReportBack to={paths.personalArea}>{t.back}</ReportBack>
      <PageTitle>{t.title}</PageTitle>
      <PageSubtitle>{t.subtitle}</PageSubtitle>
      <OfflineNotice status={offline} fallbackAsOf={fulfilledTimeStamp} />
      <ReportControls>
        <ReportSelectBox>
          <SelectField label={t.byLabel} value={by} onChange={(e) => setParams({ by: e.target.value }, { replace: true })}>
            {BYS.map((b) => (
              <option key={b} value={b}>
                {t.by[b]}
              </option>
            ))}
          </SelectField>
        </ReportSelectBox>
        <WritesOff offline={offline.offline}>
          <DownloadCsv by={by} />
          <DividendHistoryImport />
        </WritesOff>
      </ReportControls>
      {userLoading || isLoading ? (
        <StateMessage role="status">{t.loading}</StateMessage>
      ) : isError || !data ? (
        <StateMessage role="alert">{t.failed}</StateMessage>
      ) : (
        <WritesOff offline={offline.offline}>
          <ReportStack>
            <IncomeSeriesView series={data} />
            <IncomeGoalCard />
            {unmatched.length > 0 ? <Unmatched records={unmatched} /> : null}
          </ReportStack>
        </WritesOff>
      )}
    </Page>
  );
}

export function IncomeSeriesView({ series }: { series: IncomeSeries }) {
  const missing = toNumber(series.totals.missing) ?? 0;
  return (
    <>
      <Card aria-labelledby="income-periods-title">
        <CardTitle as="h2" id="income-periods-title">
          {t.periodsTitle}
        </CardTitle>
        <Meta>{t.asOf(series.asOf, series.from, series.to)}</Meta>
        <Legend aria-hidden="true">
          <Key $color={theme.colors.positive}>{t.legend.received}</Key>
          <Key $color={theme.colors.accent}>{t.legend.unconfirmed}</Key>
          <Key $color={theme.colors.borderStrong}>{t.legend.expected}</Key>
        </Legend>
        <Suspense fallback={<Skeleton $height="260px" />}>
          <IncomeChart periods={series.periods} label={t.chartLabel(series.by, series.periods.length)} />
        </Suspense>
        {missing > 0 ? <Missing data-testid="income-missing">{t.missingNote(series.totals.missing)}</Missing> : null}
        <AmountsTable
          testId="income-periods"
          label={t.periodsTitle}
          first={t.columns.period}
          rows={[...series.periods].reverse().map((p) => ({ key: p.period, name: periodLabel(series.by, p.period, p.start), amounts: p }))}
          total={series.totals}
        />
      </Card>
      <Card aria-labelledby="income-funds-title">
        <CardTitle as="h2" id="income-funds-title">
          {t.fundsTitle}
        </CardTitle>
        {series.totals.funds.length === 0 ? (
          <Meta>{t.noFunds}</Meta>
        ) : (
          <AmountsTable testId="income-funds" label={t.fundsTitle} first={t.columns.fund} rows={series.totals.funds.map((f) => ({ key: f.etfId, name: f.ticker, amounts: f }))} total={series.totals} />
        )}
      </Card>
    </>
  );
}

/** Phones (below sm) leave out Unconfirmed and Missing (the chart's blue band, the CSV); the total still counts unconfirmed. */
function AmountsTable({ testId, label, first, rows, total }: { testId: string; label: string; first: string; rows: Array<{ key: string; name: string; amounts: IncomeAmounts }>; total: IncomeAmounts }) {
  const c = t.columns;
  const cells = (a: IncomeAmounts) => (
    <>
      <Td $align="right">{formatMoney(a.received)}</Td>
      <Td $align="right" $hideBelow="sm">
        {formatMoney(a.unconfirmed)}
      </Td>
      <Td $align="right">{formatMoney(a.expected)}</Td>
      <Td $align="right" $hideBelow="md">
        {formatMoney(a.missing)}
      </Td>
      <Td $align="right">
        <strong>{formatMoney(a.total)}</strong>
      </Td>
    </>
  );
  // on a phone the table may scroll inside its box: focusable, so a keyboard can scroll it too
  return (
    <TableScroll tabIndex={0} role="region" aria-label={label}>
      <CompactTable data-testid={testId}>
        <thead>
          <tr>
            <Th>{first}</Th>
            <Th $align="right">{c.received}</Th>
            <Th $align="right" $hideBelow="sm">
              {c.unconfirmed}
            </Th>
            <Th $align="right">{c.expected}</Th>
            <Th $align="right" $hideBelow="md">
              {c.missing}
            </Th>
            <Th $align="right">{c.total}</Th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.key}>
              <Td $nowrap>{r.name}</Td>
              {cells(r.amounts)}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <Td>
              <strong>{t.totalRow}</strong>
            </Td>
            {cells(total)}
          </tr>
        </tfoot>
      </CompactTable>
    </TableScroll>
  );
}

/** Phones: narrower cells, so the four columns fit 390 px. */
const CompactTable = styled(Table)`
  @media (max-width: ${theme.breakpoints.sm - 0.02}px) {
    & th,
    & td {
      padding-left: 6px;
      padding-right: 6px;
    }
  }
`;

function Unmatched({ records }: { records: PayoutLedger['unmatched'] }) {
  const c = t.unmatchedColumns;
  return (
    <Card aria-labelledby="income-unmatched-title" data-testid="unmatched-records">
      <CardTitle as="h2" id="income-unmatched-title">
        {t.unmatchedTitle}
      </CardTitle>
      <Meta>{t.unmatchedIntro}</Meta>
      <TableScroll tabIndex={0} role="region" aria-label={t.unmatchedTitle}>
        <Table>
          <thead>
            <tr>
              <Th>{c.date}</Th>
              <Th>{c.symbol}</Th>
              <Th>{c.type}</Th>
              <Th $align="right">{c.amount}</Th>
            </tr>
          </thead>
          <tbody>
            {records.map((r) => (
              <tr key={r.id}>
                <Td $nowrap>{formatShortDate(r.date)}</Td>
                <Td>{r.symbol}</Td>
                <Td>{t.unmatchedType[r.type]}</Td>
                <Td $align="right">{formatMoney(Math.abs(toNumber(r.amount) ?? 0))}</Td>
              </tr>
            ))}
          </tbody>
        </Table>
      </TableScroll>
    </Card>
  );
}

/** "Download CSV": the server's file of the chosen periods, saved under the server's name. */
function DownloadCsv({ by }: { by: By }) {
  const [exportCsv, { isLoading }] = useExportIncomeCsvMutation();
  const { toast } = useToast();
  async function onClick() {
    try {
      const text = await exportCsv(by).unwrap();
      const fileName = t.fileName(by);
      download(text, fileName);
      toast({ title: t.exported, description: t.exportedDescription(fileName) });
    } catch (error) {
      toast({ title: t.exportFailed, description: serverMessage(error), variant: 'destructive' });
    }
  }
  return (
    <Button $variant="outline" onClick={() => void onClick()} disabled={isLoading}>
      {t.download}
    </Button>
  );
}

const Meta = styled.p`
  margin: 4px 0 ${theme.space.sm};
  color: ${theme.colors.textSecondary};
  font-size: ${theme.fontSizes.sm};
`;

const Legend = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 6px 16px;
  margin-bottom: ${theme.space.sm};
  font-size: ${theme.fontSizes.xs};
  color: ${theme.colors.textSecondary};
`;

const Key = styled.span<{ $color: string }>`
  display: inline-flex;
  align-items: center;
  gap: 6px;
  &::before {
    content: '';
    width: 12px;
    height: 12px;
    border-radius: 3px;
    background: ${({ $color }) => $color};
  }
`;

const Missing = styled.p`
  margin-top: ${theme.space.sm};
  color: ${theme.colors.negative};
  font-size: ${theme.fontSizes.sm};
`;
