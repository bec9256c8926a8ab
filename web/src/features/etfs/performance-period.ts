import type { DividendHistoryItem, PayoutFrequency } from '../../../../contracts/market.ts';
import { returnPeriodLabel, type ReturnWindow } from '../../lib/format.ts';

/** Payouts a year by frequency (docs/metrics.md): weekly 52, twice weekly 104, every four weeks 13, monthly 12. */
export function payoutsPerYear(frequency: PayoutFrequency): number {
  return { weekly: 52, 'twice-weekly': 104, 'four-weekly': 13, monthly: 12 }[frequency];
}

/**
 * The latest declared regular amount of a newest-first dividend history (issuer estimates only when
 * nothing is declared): the distribution rate's. A special or a capital gain is never the run rate.
 */
export function latestDeclaredAmount(history: readonly DividendHistoryItem[]): string | null {
  const regular = history.filter((d) => d.kind === 'regular');
  return (regular.find((d) => !d.estimated) ?? regular[0])?.amount ?? null;
}

/**
 * The returns' period label of the detail's cards: "1-year" only for a one-year window, "since inception"
 * for a fund younger than a year, else the true period ("since Jan 2, 2026"): `returnPeriodLabel`.
 */
export function performancePeriodLabel(window: ReturnWindow): string {
  return returnPeriodLabel(window);
}

export interface PriceChange {
  change: number;
  /** Null with fewer than two points. */
  percent: number | null;
}

/** Change over the shown range: last price minus first, with a percentage when there is more than one point. */
export function priceChangeOf(points: ReadonlyArray<{ price: number }>): PriceChange | null {
  const first = points[0];
  const last = points[points.length - 1];
  if (!first || !last) return null;
  const change = last.price - first.price;
  return { change, percent: points.length > 1 && first.price !== 0 ? (change / first.price) * 100 : null };
}

/** Points as the chart needs them: ascending by date, one per date (the last wins). */
export function chartPoints(points: ReadonlyArray<{ timestamp: string; price: number }>): Array<{ time: string; value: number }> {
  const byDate = new Map<string, number>();
  for (const p of points) {
    if (!Number.isFinite(p.price)) continue;
    byDate.set(p.timestamp.slice(0, 10), p.price);
  }
  return [...byDate.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([time, value]) => ({ time, value }));
}
