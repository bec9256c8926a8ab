import { isoDate, parseDate } from './format.ts';

/** The Monday (local date) of the week holding `date`. */
export function mondayOf(date: Date): Date {
  const d = new Date(date.getFullYear(), date.getMonth(), date.getDate());
  const offset = (d.getDay() + 6) % 7; // Monday 0 … Sunday 6
  d.setDate(d.getDate() - offset);
  return d;
}

export interface CalendarWeek {
  /** 1-based. */
  number: number;
  /** `YYYY-MM-DD` of each day shown. */
  days: string[];
}

/**
 * `weeks` weeks from the Monday of the week holding `today`, New York's date (`marketToday()`, the one
 * "today" of the product: never the browser's local date): 7 days (public calendar, Monday–Sunday) or
 * 5 (user calendar, Monday–Friday). No weeks for a date that does not read.
 */
export function calendarWeeks(today: string, weeks = 4, daysPerWeek: 5 | 7 = 7): CalendarWeek[] {
  const day = parseDate(today);
  if (!day) return [];
  const monday = mondayOf(day);
  return Array.from({ length: weeks }, (_, w) => ({
    number: w + 1,
    days: Array.from({ length: daysPerWeek }, (_, d) => {
      const day = new Date(monday);
      day.setDate(monday.getDate() + w * 7 + d);
      return isoDate(day);
    }),
  }));
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** "Monday" for a `YYYY-MM-DD`. */
export function weekdayOf(date: string): string {
  const d = parseDate(date);
  return d ? (WEEKDAYS[d.getDay()] ?? '') : '';
}

/** Entries grouped by a date field. */
export function groupByDate<T>(entries: readonly T[], dateOf: (entry: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const e of entries) {
    const key = dateOf(e).slice(0, 10);
    const list = out.get(key);
    if (list) list.push(e);
    else out.set(key, [e]);
  }
  return out;
}
