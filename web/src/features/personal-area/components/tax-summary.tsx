import { styled } from 'styled-components';
import type { TaxFund, TaxPayment, TaxSummary, TaxTotals, TaxYear } from '../../../../../contracts/portfolio.ts';
import { KindBadge, isOneOff } from '../../../components/kind-badge.tsx';
import { RocCell } from '../../../components/payout-character.tsx';
import { Card, CardTitle } from '../../../components/ui/card.tsx';
import { Table, TableScroll, Td, Th } from '../../../components/ui/table.tsx';
import { formatDate, formatDividend, formatMoney, formatShares, toNumber } from '../../../lib/format.ts';
import { payoutsText, rocBasisText } from '../../../lib/return-of-capital.ts';
import { theme } from '../../../styles/theme.ts';

/**
 * The tax-year summary's content (issue 27, docs/user-area.md "Tax-year summary", docs/client.md "Return
 * of capital"): one year's totals, then per fund the payments received that year (by pay date), each
 * split into return of capital and income, the income by character once final; a fund's totals under
 * its payments. Every amount is the server's, in cents, shown as given: the parts add up to the cash.
 */

export const taxSummaryTexts = {
  title: 'Tax-Year Summary',
  subtitle: 'The distributions your holdings received, by the year they were paid, each split into income and return of capital.',
  back: 'Back to My WeeklyDiv',
  loading: 'Loading your tax-year summary...',
  failed: 'Failed to load your tax-year summary. Please try again later.',
  empty: 'No distributions received yet. They appear here once a fund you hold pays one.',
  emptyYear: (year: number) => `No distributions were paid to your holdings in ${year}.`,
  yearLabel: 'Tax year',
  download: 'Download CSV',
  print: 'Print',
  exported: 'Tax summary exported',
  exportedDescription: (file: string) => `Saved as ${file}`,
  exportFailed: 'Export failed',
  asOf: (date: string) => `Payments paid up to ${formatDate(date)}.`,
  howToRead:
    "A payment counts in the year it was paid (one that goes ex in December and is paid in January is January's). Final: the fund's " +
    'year-end figures (Form 8937, 1099-DIV); est.: the estimate published with the payout; not published: no figure yet, counted as income.',
  yearTotals: (year: number) => `${year} Totals`,
  received: 'Received',
  returnOfCapital: 'Return of capital',
  income: 'Income',
  ordinary: 'Ordinary',
  qualified: 'Qualified',
  capitalGain: 'Capital gain',
  unclassified: 'Not yet classified',
  total: 'Total',
} as const;

/** The CSV's file name, as the server names its attachment. */
export const taxSummaryFileName = (year: number) => `weeklydiv-tax-summary-${year}.csv`;

/**
 * The year the page opens on: the last year before the summary's date that has payments (the one a tax
 * return is filed for), else the latest year with payments; null without any.
 */
export function defaultTaxYear(summary: Pick<TaxSummary, 'asOf' | 'years'>): number | null {
  const current = Number(summary.asOf.slice(0, 4));
  const years = summary.years.map((y) => y.year);
  const past = years.filter((y) => y < current);
  if (past.length > 0) return Math.max(...past);
  return years.length > 0 ? Math.max(...years) : null;
}

type IncomeParts = Pick<TaxTotals, 'ordinary' | 'qualified' | 'capitalGain' | 'unclassifiedIncome'> | Pick<TaxPayment, 'ordinary' | 'qualified' | 'capitalGain' | 'unclassifiedIncome'>;

/** "Ordinary $2.50 · Qualified $1.00 · Capital gain $1.50 · Not yet classified $4.00": the parts that are not zero. */
export function incomePartsText(parts: IncomeParts): string {
  const t = taxSummaryTexts;
  const named: [string, string | null][] = [
    [t.ordinary, parts.ordinary],
    [t.qualified, parts.qualified],
    [t.capitalGain, parts.capitalGain],
    [t.unclassified, parts.unclassifiedIncome],
  ];
  return named
    .filter(([, value]) => (toNumber(value) ?? 0) !== 0)
    .map(([name, value]) => `${name} ${formatMoney(value)}`)
    .join(' · ');
}

export function TaxYearView({ year }: { year: TaxYear }) {
  return (
    <>
      <YearTotals year={year} />
      {year.funds.map((fund) => (
        <FundPayments key={fund.holdingId} fund={fund} />
      ))}
    </>
  );
}

function YearTotals({ year }: { year: TaxYear }) {
  const t = taxSummaryTexts;
  const totals = year.totals;
  const parts = incomePartsText(totals);
  return (
    <Card aria-labelledby="tax-year-totals" data-testid="tax-year-totals">
      <CardTitle as="h2" id="tax-year-totals">
        {t.yearTotals(year.year)}
      </CardTitle>
      <Totals>
        <div>
          <dt>{t.received}</dt>
          <dd data-testid="year-cash">{formatMoney(totals.cash)}</dd>
        </div>
        <div>
          <dt>{t.returnOfCapital}</dt>
          <dd data-testid="year-roc">{formatMoney(totals.returnOfCapital)}</dd>
        </div>
        <div>
          <dt>{t.income}</dt>
          <dd data-testid="year-income">{formatMoney(totals.income)}</dd>
          {parts ? <Parts data-testid="year-income-parts">{parts}</Parts> : null}
        </div>
      </Totals>
      <Note data-testid="year-basis">{`${payoutsText(totals.payouts, 'payment', 'payments')}: ${rocBasisText(totals)}.`}</Note>
    </Card>
  );
}

function FundPayments({ fund }: { fund: TaxFund }) {
  const t = taxSummaryTexts;
  // a fund is listed in a year only with the payments it made that year
  const titleId = `tax-fund-${fund.holdingId}`;
  const totalParts = incomePartsText(fund.totals);
  return (
    <Card $padding={false} aria-labelledby={titleId} data-testid="tax-fund">
      <FundHead>
        <CardTitle as="h2" id={titleId}>
          {fund.ticker} <FundName>{fund.name}</FundName>
        </CardTitle>
        <Note>{`${payoutsText(fund.totals.payouts, 'payment', 'payments')}: ${rocBasisText(fund.totals)}.`}</Note>
      </FundHead>
      <TableScroll>
        <PaymentsTable>
          <thead>
            <tr>
              <Th>Paid</Th>
              <Th $hideBelow="md">Ex-Date</Th>
              <Th $hideBelow="md" $align="right">
                Shares × Amount
              </Th>
              <Th $align="right">Cash</Th>
              <Th $hideBelow="sm" $align="right">
                ROC
              </Th>
              <Th $align="right">Return of Capital</Th>
              <Th $align="right">Income</Th>
            </tr>
          </thead>
          <tbody>
            {fund.payments.map((p) => (
              <PaymentRow key={`${p.exDividendDate}:${p.kind}`} payment={p} />
            ))}
          </tbody>
          <tfoot>
            <tr data-testid="tax-fund-total">
              <Td>
                <strong>{t.total}</strong>
              </Td>
              <Td $hideBelow="md" />
              <Td $hideBelow="md" />
              <Td $align="right">
                <strong>{formatMoney(fund.totals.cash)}</strong>
              </Td>
              <Td $hideBelow="sm" />
              <Td $align="right">
                <strong>{formatMoney(fund.totals.returnOfCapital)}</strong>
              </Td>
              <Td $align="right">
                <strong>{formatMoney(fund.totals.income)}</strong>
                {totalParts ? <Parts>{totalParts}</Parts> : null}
              </Td>
            </tr>
          </tfoot>
        </PaymentsTable>
      </TableScroll>
    </Card>
  );
}

function PaymentRow({ payment: p }: { payment: TaxPayment }) {
  const roc = { rocEstimatePercent: p.rocEstimatePercent, characterFinal: p.rocBasis === 'final', rocPercent: p.rocPercent };
  const parts = incomePartsText(p);
  return (
    <tr data-testid="tax-payment">
      <Td>
        <span data-nowrap="">{formatDate(p.payoutDate)}</span>
        {isOneOff(p.kind) ? (
          <>
            {' '}
            <KindBadge kind={p.kind} />
          </>
        ) : null}
        {/* phones: the ROC column is hidden, its figure goes under the date */}
        <PhoneOnly>
          ROC <RocCell item={roc} />
        </PhoneOnly>
      </Td>
      <Td $hideBelow="md" $nowrap>
        {formatDate(p.exDividendDate)}
      </Td>
      <Td $hideBelow="md" $align="right" $nowrap>
        {formatShares(p.shares)} × {formatDividend(p.amountPerShare)}
      </Td>
      <Td $align="right">{formatMoney(p.cash)}</Td>
      <Td $hideBelow="sm" $align="right">
        <RocCell item={roc} />
      </Td>
      <Td $align="right">{formatMoney(p.returnOfCapital)}</Td>
      <Td $align="right">
        {formatMoney(p.income)}
        {parts ? <Parts>{parts}</Parts> : null}
      </Td>
    </tr>
  );
}

const Totals = styled.dl`
  display: grid;
  gap: 12px 24px;
  margin: 0;
  grid-template-columns: repeat(auto-fit, minmax(9rem, 1fr));
  & dt {
    color: ${theme.colors.textSecondary};
    font-size: ${theme.fontSizes.sm};
  }
  & dd {
    margin: 2px 0 0;
    font-size: ${theme.fontSizes.xl};
    font-weight: 700;
    font-variant-numeric: tabular-nums;
  }
`;

const Parts = styled.small`
  display: block;
  margin-top: 2px;
  color: ${theme.colors.textSecondary};
  font-size: ${theme.fontSizes.xs};
  font-weight: 400;
`;

const Note = styled.p`
  margin: ${theme.space.sm} 0 0;
  color: ${theme.colors.textSecondary};
  font-size: ${theme.fontSizes.sm};
`;

const FundHead = styled.div`
  padding: ${theme.space.md} ${theme.space.md} ${theme.space.sm};
  @media (min-width: ${theme.breakpoints.md}px) {
    padding: ${theme.space.lg} ${theme.space.lg} ${theme.space.sm};
  }
  & ${Note} {
    margin-top: 0;
  }
`;

const FundName = styled.span`
  color: ${theme.colors.textSecondary};
  font-size: ${theme.fontSizes.sm};
  font-weight: 500;
`;

const PhoneOnly = styled.small`
  display: block;
  margin-top: 2px;
  color: ${theme.colors.textSecondary};
  font-size: ${theme.fontSizes.xs};
  @media (min-width: ${theme.breakpoints.sm}px) {
    display: none;
  }
  @media print {
    display: none;
  }
`;

/**
 * Money lines up; on paper every column shows (a printed page is wider than the sm breakpoint but
 * narrower than md, and the hidden columns are what a tax preparer asks for).
 */
const PaymentsTable = styled(Table)`
  font-variant-numeric: tabular-nums;
  & td {
    vertical-align: top;
  }
  & tfoot td {
    border-bottom: 0;
    background: ${theme.colors.surfaceMuted};
  }
  /* phones: four columns fit 390 px when the heads may wrap ("Return of / Capital") and the cells pad less */
  @media (max-width: ${theme.breakpoints.sm - 0.02}px) {
    & th {
      white-space: normal;
    }
    & th,
    & td {
      padding-left: 6px;
      padding-right: 6px;
    }
  }
  @media print {
    & [data-hide-below] {
      display: table-cell !important;
    }
  }
`;
