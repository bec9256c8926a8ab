import { TAX_SUMMARY_DISCLAIMER, type TaxPayment, type TaxSummary, type TaxTotals } from '../../contracts/portfolio.ts';
import { csvField } from '../http/csv.ts';

/**
 * The tax-year summary as CSV (`GET /api/user/tax-summary.csv`, docs/user-area.md "Tax-year summary"):
 * the disclaimer alone on the first line, the header on the second, then per year and fund one row per
 * payment (`payment`), the fund's total (`fund total`) and, after the year's funds, the year's total
 * (`year total`). The numbers are the JSON answer's, cell for cell (one summary builds both).
 */

export const TAX_SUMMARY_CSV_COLUMNS = [
  'Year',
  'Ticker',
  'Fund',
  'Row',
  'Ex Date',
  'Pay Date',
  'Kind',
  'Shares',
  'Amount Per Share',
  'Cash',
  'ROC Basis',
  'ROC %',
  'ROC Estimate %',
  'Final Ordinary %',
  'Final Qualified %',
  'Final Capital Gain %',
  'Final Return of Capital %',
  'Return of Capital',
  'Income',
  'Ordinary',
  'Qualified',
  'Capital Gain',
  'Unclassified Income',
] as const;

const line = (cells: readonly (string | number | null)[]) => cells.map((c) => csvField(c === null ? '' : String(c))).join(',');

function paymentRow(year: number, ticker: string, name: string, p: TaxPayment): string {
  const c = p.character;
  return line([
    year,
    ticker,
    name,
    'payment',
    p.exDividendDate,
    p.payoutDate,
    p.kind,
    p.shares,
    p.amountPerShare,
    p.cash,
    p.rocBasis,
    p.rocPercent,
    p.rocEstimatePercent,
    c?.ordinary ?? null,
    c?.qualified ?? null,
    c?.capitalGain ?? null,
    c?.returnOfCapital ?? null,
    p.returnOfCapital,
    p.income,
    p.ordinary,
    p.qualified,
    p.capitalGain,
    p.unclassifiedIncome,
  ]);
}

function totalRow(year: number, ticker: string, name: string, row: 'fund total' | 'year total', t: TaxTotals): string {
  const basis = `${t.final} final, ${t.estimated} estimated, ${t.notPublished} not published`;
  return line([year, ticker, name, row, '', '', '', '', '', t.cash, basis, '', '', '', '', '', '', t.returnOfCapital, t.income, t.ordinary, t.qualified, t.capitalGain, t.unclassifiedIncome]);
}

export function taxSummaryToCsv(summary: TaxSummary): string {
  const lines = [line([TAX_SUMMARY_DISCLAIMER]), TAX_SUMMARY_CSV_COLUMNS.join(',')];
  for (const y of summary.years) {
    for (const f of y.funds) {
      for (const p of f.payments) lines.push(paymentRow(y.year, f.ticker, f.name, p));
      lines.push(totalRow(y.year, f.ticker, f.name, 'fund total', f.totals));
    }
    lines.push(totalRow(y.year, '', '', 'year total', y.totals));
  }
  return `${lines.join('\r\n')}\r\n`;
}
