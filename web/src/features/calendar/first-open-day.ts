/**
 * The day the phone calendar opens by itself: today when it has payouts, else the next day that has
 * some (days are `YYYY-MM-DD`, in order). Null when no day from today on has a payout.
 */
export function firstOpenDay(days: readonly string[], today: string, payoutCount: (day: string) => number): string | null {
  return days.find((day) => day >= today && payoutCount(day) > 0) ?? null;
}
