import type { UserCalendarEntry } from '../../../../contracts/portfolio.ts';
import { calendarWeeks, groupByDate } from '../../lib/calendar-weeks.ts';
import { toNumber } from '../../lib/format.ts';
import { compareText } from '../../lib/compare-text.ts';

/**
 * "Upcoming Dividend Payouts" in the personal area: four weeks from the Monday of the week
 * holding `today` (New York's date, the market's), Monday to Friday only; a week appears only when
 * it has payouts. Entries outside those twenty days are left out.
 */

export interface PayoutDay {
  /** `YYYY-MM-DD`. */
  date: string;
  payouts: UserCalendarEntry[];
  /** Sum of the payouts' estimated amounts. */
  total: number;
}

export interface PayoutWeek {
  /** 1-based position among the four weeks (1 = this week). */
  number: number;
  days: PayoutDay[];
  count: number;
  total: number;
}

export function payoutWeeks(entries: readonly UserCalendarEntry[], today: string): PayoutWeek[] {
  const byDate = groupByDate(entries, (e) => e.payoutDate);
  const out: PayoutWeek[] = [];
  for (const week of calendarWeeks(today, 4, 5)) {
    const days = week.days.map((date) => {
      const payouts = [...(byDate.get(date) ?? [])].sort((a, b) => compareText(a.ticker, b.ticker));
      return { date, payouts, total: payouts.reduce((sum, p) => sum + (toNumber(p.estimatedPayout) ?? 0), 0) };
    });
    const count = days.reduce((n, d) => n + d.payouts.length, 0);
    if (count > 0) out.push({ number: week.number, days, count, total: days.reduce((sum, d) => sum + d.total, 0) });
  }
  return out;
}
