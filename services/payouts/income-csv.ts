import type { IncomeAmounts, IncomeSeries } from '../../contracts/payouts.ts';
import { csvField } from '../http/csv.ts';

/**
 * The income series as CSV (`GET /api/user/income.csv`, docs/payouts.md "Income record"): per period
 * one row per fund (`fund`) and the period's total (`period total`), then the range's total per fund
 * and overall (`range total`). The numbers are the JSON answer's, cell for cell.
 */
export const INCOME_CSV_COLUMNS = ['Period', 'Start', 'End', 'Row', 'Ticker', 'Received', 'Unconfirmed', 'Expected', 'Missing', 'Total'] as const;

function row(period: string, start: string, end: string, kind: string, ticker: string, a: IncomeAmounts): string {
  return [period, start, end, kind, ticker, a.received, a.unconfirmed, a.expected, a.missing, a.total].map(csvField).join(',');
}

export function incomeToCsv(series: IncomeSeries): string {
  const lines: string[] = [INCOME_CSV_COLUMNS.join(',')];
  for (const p of series.periods) {
    for (const f of p.funds) lines.push(row(p.period, p.start, p.end, 'fund', f.ticker, f));
    lines.push(row(p.period, p.start, p.end, 'period total', '', p));
  }
  for (const f of series.totals.funds) lines.push(row('', series.from, series.to, 'range total', f.ticker, f));
  lines.push(row('', series.from, series.to, 'range total', '', series.totals));
  return `${lines.join('\r\n')}\r\n`;
}
