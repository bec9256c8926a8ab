import { TickMarkType, type Time } from 'lightweight-charts';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

interface Day {
  year: number;
  /** 1–12 */
  month: number;
  day: number;
}

/** The calendar day of a chart time: `YYYY-MM-DD`, a business-day object or a UTC timestamp (seconds). */
function dayOf(time: Time): Day | null {
  if (typeof time === 'string') {
    const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(time);
    return m ? { year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) } : null;
  }
  if (typeof time === 'number') {
    const d = new Date(time * 1000);
    return Number.isNaN(d.getTime()) ? null : { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
  }
  return { year: time.year, month: time.month, day: time.day };
}

/**
 * Labels of the price chart's time axis, en-US like the rest of the product: a year boundary "2026",
 * a month boundary "Mar", any other day "Mar 3" (the ex-dividend style of lib/format.ts).
 *
 * A day mark carries its month because the library does not always put a mark on the first trading
 * day of a month: when that mark would sit too close to the previous one it drops it and may label the
 * next day instead, as a day of the month. Its own formatter then drew a bare "3" where the month
 * began (1Y range); "Mar 3" says which month it is. Intraday marks (never drawn: one point per
 * day) fall back to the library's formatter (null).
 */
export function formatTickMark(time: Time, type: TickMarkType): string | null {
  const d = dayOf(time);
  if (!d) return null;
  const month = MONTHS[d.month - 1];
  if (!month) return null;
  switch (type) {
    case TickMarkType.Year:
      return String(d.year);
    case TickMarkType.Month:
      return month;
    case TickMarkType.DayOfMonth:
      return `${month} ${d.day}`;
    case TickMarkType.Time:
    case TickMarkType.TimeWithSeconds:
      return null;
    default: {
      const exhaustive: never = type;
      return exhaustive;
    }
  }
}
