import ical, { ICalCalendarMethod } from 'ical-generator';
import type { PublicCalendarEntry } from '../../contracts/market.ts';
import type { UserCalendarEntry } from '../../contracts/portfolio.ts';
import { ISSUER_NAMES } from '../../contracts/issuer-names.ts';

/**
 * iCalendar (RFC 5545) documents of the payout calendars, built with ical-generator: one all-day event
 * per payout on its pay date. UIDs are stable and one per distribution (`publicUid`: `<etfId>-<exDate>`
 * for a regular payout, `<etfId>-<exDate>-<kind>` for a special or a capital gain on the public calendar;
 * `<distributionId>-<userId>` for a private feed), so two payouts of a fund paid on one day, or a special
 * beside the regular payout on one ex-date, stay two events, and a calendar app that reads the feed again
 * updates an event (e.g. an estimate that became a declared amount: a projection carries the id its
 * declaration gets) instead of adding a second one.
 */

const PRODUCT = { company: 'WeeklyDiv', product: 'Payout calendar', language: 'EN' } as const;
/** Calendar apps re-read a subscribed feed about this often (a hint; each app decides). */
const REFRESH_HOURS = 6;

function fundUrl(appUrl: string, ticker: string): string {
  return `${appUrl}/etf/${encodeURIComponent(ticker)}`;
}

const allDay = (isoDate: string) => new Date(`${isoDate}T00:00:00.000Z`);

/** "$0.5123" with the declared precision (at least 2 decimals). */
export function dollars(amount: string): string {
  const [whole = '0', fraction = ''] = amount.split('.');
  return `$${whole}.${fraction.padEnd(2, '0')}`;
}

/** Estimated payouts say so first in the title. */
function estimatedPrefix(entry: { estimated: boolean }): string {
  return entry.estimated ? 'Estimated: ' : '';
}

/**
 * The calendar's text with every content line ended by CRLF, the last one included (RFC 5545 §3.1:
 * `contentline = name ... value CRLF`); ical-generator leaves the last one bare, which lenient parsers
 * accept and strict ones may not (metrics audit N14).
 */
function icsText(cal: { toString(): string }): string {
  const text = cal.toString();
  return text.endsWith('\r\n') ? text : `${text}\r\n`;
}

/** A special or a capital gain says so at the end of the title (a regular payout says nothing). */
export function kindSuffix(entry: { kind: PublicCalendarEntry['kind'] }): string {
  return entry.kind === 'special' ? ' (special)' : entry.kind === 'capital-gain' ? ' (capital gain)' : '';
}

function demoLine(isDemo: boolean): string[] {
  return isDemo ? ['Demo data: not a real distribution.'] : [];
}

/** A payout declared in the issuer's release names the release (and the issuer's return-of-capital estimate). */
function issuerLines(entry: Pick<PublicCalendarEntry, 'estimated' | 'source' | 'issuer' | 'sourceUrl' | 'rocEstimatePercent'>): string[] {
  if (entry.estimated || entry.source !== 'issuer' || entry.sourceUrl === null) return [];
  const who = entry.issuer !== null ? ISSUER_NAMES[entry.issuer] : 'the issuer';
  return [`Declared by ${who}: ${entry.sourceUrl}`, ...(entry.rocEstimatePercent !== null ? [`Issuer's return-of-capital estimate: ${entry.rocEstimatePercent}%`] : [])];
}

/**
 * The public feed's UID: `<etfId>-<exDate>` for a regular payout (the UID every subscriber has had since
 * before kinds existed, so their events stay), the kind appended for the others, which may share the
 * regular payout's ex-date: `<etfId>-<exDate>-special`, `<etfId>-<exDate>-capital-gain`.
 */
export function publicUid(entry: Pick<PublicCalendarEntry, 'etfId' | 'exDate' | 'kind'>): string {
  return entry.kind === 'regular' ? `${entry.etfId}-${entry.exDate}@weeklydiv` : `${entry.etfId}-${entry.exDate}-${entry.kind}@weeklydiv`;
}

/** The public four-week calendar (`GET /api/dividends/calendar.ics`). */
export function publicCalendarIcs(entries: readonly PublicCalendarEntry[], options: { appUrl: string; now: Date }): string {
  const cal = ical({ name: 'WeeklyDiv dividend calendar', prodId: PRODUCT, method: ICalCalendarMethod.PUBLISH, ttl: REFRESH_HOURS * 3600 });
  cal.description('Weekly-dividend ETF payouts for the next four weeks (WeeklyDiv).');
  for (const entry of entries) {
    const url = fundUrl(options.appUrl, entry.ticker);
    cal.createEvent({
      id: publicUid(entry),
      start: allDay(entry.payoutDate),
      allDay: true,
      stamp: options.now,
      summary: `${estimatedPrefix(entry)}${entry.ticker} pays ${dollars(entry.amount)}/share${kindSuffix(entry)}`,
      description: [
        `${entry.ticker} (${entry.name})`,
        `Amount per share: ${dollars(entry.amount)}${entry.estimated ? ' (estimated)' : ''}`,
        `Ex-dividend date: ${entry.exDate}`,
        `Pay date: ${entry.payoutDate}`,
        ...issuerLines(entry),
        ...demoLine(entry.isDemo),
        url,
      ].join('\n'),
      url,
    });
  }
  return icsText(cal);
}

/**
 * The payout's state in the user's ledger (docs/payouts.md): `Status: received $40.00`, `Status: short
 * $13.00 of $15.00`, `Status: missing (no broker record)`, else the state's name.
 */
export function statusLine(entry: Pick<UserCalendarEntry, 'payoutStatus' | 'receivedAmount' | 'estimatedPayout'>): string {
  switch (entry.payoutStatus) {
    case 'received':
      return `Status: received ${dollars(entry.receivedAmount ?? entry.estimatedPayout)}`;
    case 'short':
      return `Status: short ${dollars(entry.receivedAmount ?? '0')} of ${dollars(entry.estimatedPayout)}`;
    case 'missing':
      return 'Status: missing (no broker record)';
    default:
      return `Status: ${entry.payoutStatus}`;
  }
}

/** A user's own payouts (shares × amount), the private feed. */
export function userCalendarIcs(entries: readonly UserCalendarEntry[], options: { appUrl: string; now: Date; userId: string }): string {
  const cal = ical({ name: 'My WeeklyDiv payouts', prodId: PRODUCT, method: ICalCalendarMethod.PUBLISH, ttl: REFRESH_HOURS * 3600 });
  cal.description('The payouts of your WeeklyDiv portfolio for the next four weeks.');
  for (const entry of entries) {
    const url = fundUrl(options.appUrl, entry.ticker);
    cal.createEvent({
      // per distribution: two payouts of a fund on one pay date are two events (a pay-date key made them one)
      id: `${entry.distributionId}-${options.userId}@weeklydiv`,
      start: allDay(entry.payoutDate),
      allDay: true,
      stamp: options.now,
      summary: `${estimatedPrefix(entry)}${entry.ticker} payout ${dollars(entry.estimatedPayout)}${kindSuffix(entry)}`,
      description: [
        `${entry.ticker}: ${entry.shares} shares × ${dollars(entry.amount)} = ${dollars(entry.estimatedPayout)}${entry.estimated ? ' (estimated)' : ''}`,
        ...(entry.paid ? ['Paid.'] : []),
        // the ledger's state; "Paid." already says paid
        ...(entry.paid && entry.payoutStatus === 'paid' ? [] : [statusLine(entry)]),
        `Pay date: ${entry.payoutDate}`,
        ...issuerLines(entry),
        ...demoLine(entry.isDemo),
        url,
      ].join('\n'),
      url,
    });
  }
  return icsText(cal);
}
