import type { Decimal } from 'decimal.js';
import type { AlertKind } from '../../events/alerts.ts';
import type { MailMessage } from '../../infra/mail/port.ts';
import { fixed } from '../../domain/market/decimal.ts';
import { describeSplit, type SplitPoint } from '../../domain/market/splits.ts';
import { weekdayOf, type IsoDate } from '../../domain/market/trading-days.ts';

/**
 * The alert mails (docs/alerts.md). Each ends with the one-click unsubscribe link of its kind (no sign-in)
 * and a link to the settings. The link holds a token: the mail body never reaches a log (the mail port
 * logs recipient and subject only) nor the event log.
 */
export interface MailLinks {
  appUrl: string;
  unsubscribeToken: string;
}

export interface FundNames {
  ticker: string;
  name: string;
}

const KIND_WORDS: Record<AlertKind, string> = {
  'distribution-change': 'distribution-change alerts',
  'ex-date-reminder': 'ex-date reminders',
};

export function unsubscribeUrl(links: MailLinks): string {
  return `${links.appUrl}/api/alerts/unsubscribe?token=${encodeURIComponent(links.unsubscribeToken)}`;
}

function footer(kind: AlertKind, links: MailLinks): string[] {
  return [
    '',
    '--',
    `You get this e-mail because ${KIND_WORDS[kind]} are on in your WeeklyDiv personal area (${links.appUrl}/my-weeklydiv?tab=alerts).`,
    `Stop these e-mails with one click, no sign-in needed: ${unsubscribeUrl(links)}`,
  ];
}

/** "$0.46" with at least two decimals and the declared precision beyond (0.263798 stays 0.263798). */
export function money(amount: string | Decimal): string {
  const text = typeof amount === 'string' ? amount : amount.toFixed();
  const [whole, frac = ''] = text.replace(/^-/, '').split('.');
  return `${text.startsWith('-') ? '-' : ''}$${whole}.${frac.padEnd(2, '0')}`;
}

/** "+15.0 %" / "−7.5 %": one decimal, half up, with its sign. */
export function signedPercent(change: Decimal): string {
  const text = fixed(change.abs(), 1);
  return `${change.isNegative() && text !== '0.0' ? '−' : '+'}${text} %`;
}

export interface DistributionChangeFacts {
  fund: FundNames;
  exDate: string;
  payDate: string | null;
  /** The new payout on the comparison basis (distribution-change.ts), and as declared. */
  amount: string;
  declared: string;
  /** Set for an amount revision: the amount this one replaces, on the same basis. */
  revisedFrom: string | null;
  previous: { exDate: string; amount: string; declared: string };
  baseline: Decimal;
  changePercent: Decimal;
  thresholdPercent: number;
  /** The splits between (or since) the compared payouts: every amount is per share after them. */
  splits: readonly SplitPoint[];
}

/** "a 1-for-5 reverse split (ex-date 2026-11-20)", "an 8-for-1 split (...)", several joined with "and". */
function splitsText(splits: readonly SplitPoint[]): string {
  return splits
    .map((s) => {
      const name = describeSplit(s);
      return `${/^(8|1[18]-)/.test(name) ? 'an' : 'a'} ${name} (ex-date ${s.exDate})`;
    })
    .join(' and ');
}

/** "; declared $0.10 before the split" when a split changed the amount shown. */
function declaredNote(shown: string, declared: string, splits: readonly SplitPoint[]): string {
  return shown === declared ? '' : `; declared ${money(declared)} before the split${splits.length > 1 ? 's' : ''}`;
}

export function distributionChangeMail(to: string, firstName: string, facts: DistributionChangeFacts, links: MailLinks): MailMessage {
  const { fund, splits } = facts;
  const direction = facts.changePercent.isNegative() ? 'lower' : 'higher';
  const change = signedPercent(facts.changePercent);
  const allBefore = splits.every((s) => s.exDate <= facts.exDate);
  const text = [
    `Hello ${firstName},`,
    '',
    `${fund.ticker} (${fund.name}) ${facts.revisedFrom === null ? 'declared' : 'revised'} a distribution ${change.replace(' %', '%')} ${direction} than its 3-week average.`,
    '',
    `New amount: ${money(facts.amount)} per share (ex-date ${facts.exDate}${facts.payDate ? `, paid ${facts.payDate}` : ''}${declaredNote(facts.amount, facts.declared, splits)})` +
      (facts.revisedFrom === null ? '' : `, revised from ${money(facts.revisedFrom)}`),
    `Previous amount: ${money(facts.previous.amount)} per share (ex-date ${facts.previous.exDate}${declaredNote(facts.previous.amount, facts.previous.declared, splits)})`,
    `3-week average: ${money(fixed(facts.baseline, 4))} per share`,
    ...(splits.length === 0
      ? []
      : [
          `Split: the fund had ${splitsText(splits)} ${allBefore ? 'between' : 'since'} these payouts; every amount here is per share after ${splits.length > 1 ? 'them' : 'it'}.`,
        ]),
    `Change: ${change} against the 3-week average (your alert threshold: ${facts.thresholdPercent} %)`,
    '',
    `The fund: ${links.appUrl}/etf/${fund.ticker}`,
    ...footer('distribution-change', links),
  ].join('\n');
  return { to, subject: `${fund.ticker} distribution ${change.replace(' %', '%')}: ${money(facts.amount)} per share`, text };
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** "Monday 2026-11-30". */
export function dayText(date: IsoDate): string {
  return `${WEEKDAYS[weekdayOf(date)]} ${date}`;
}

/** New York minutes of the day as "4:00 PM", "1:00 PM". */
export function clockText(minuteOfDay: number): string {
  const hour = Math.floor(minuteOfDay / 60);
  const minute = String(minuteOfDay % 60).padStart(2, '0');
  return `${hour % 12 === 0 ? 12 : hour % 12}:${minute} ${hour < 12 ? 'AM' : 'PM'}`;
}

export interface ExDateReminderFacts {
  fund: FundNames;
  exDate: string;
  payDate: string | null;
  amount: string;
  /** The shares the user holds of the fund on the ex-date (all holdings of it): the payout calendar's shares. */
  shares: string;
  /** shares × amount, 2 decimals. */
  expected: string;
  /** The close of today's session, the last cum-dividend one (New York minutes), and why it is early, if it is. */
  close: { minute: number; earlyClose: string | null };
  /** Splits whose ex-date is after today and on or before the ex-date: the shares are counted after them, as the amount is declared. */
  upcomingSplits: readonly SplitPoint[];
}

/**
 * The ex-date reminder, sent during the last cum-dividend session (before its close: docs/alerts.md), so it
 * speaks of "today's close" at its real time, the early close included.
 */
export function exDateReminderMail(to: string, firstName: string, facts: ExDateReminderFacts, links: MailLinks): MailMessage {
  const { fund, close } = facts;
  const closeText = `${clockText(close.minute)} ET${close.earlyClose === null ? '' : ` (early close: ${close.earlyClose})`}`;
  const text = [
    `Hello ${firstName},`,
    '',
    `${fund.ticker} (${fund.name}) goes ex-dividend on ${dayText(facts.exDate)}, the next trading day.`,
    `To receive this distribution, hold the shares at today's close at ${closeText}.`,
    '',
    `Declared amount: ${money(facts.amount)} per share${facts.payDate ? `, paid ${facts.payDate}` : ''}`,
    `Your holding: ${facts.shares} shares, about ${money(facts.expected)} in total`,
    '(the shares your payout calendar counts for this payout: held on the ex-date, with reinvested distributions and splits)',
    ...(facts.upcomingSplits.length === 0 ? [] : [`Shares counted after the ${facts.upcomingSplits.map((s) => `${describeSplit(s)} of ${s.exDate}`).join(' and ')}, as the amount is declared.`]),
    '',
    `The fund: ${links.appUrl}/etf/${fund.ticker}`,
    ...footer('ex-date-reminder', links),
  ].join('\n');
  return { to, subject: `${fund.ticker} goes ex-dividend on ${dayText(facts.exDate)}: ${money(facts.amount)} per share`, text };
}

export interface CorrectionFacts {
  fund: FundNames;
  exDate: string;
  payDate: string | null;
  /** The amount now, as declared; null when the distribution was withdrawn. */
  amount: string | null;
  /** What the user was told last (AlertMailed), and the New York day it was mailed. */
  told: { amount: string; on: IsoDate; withdrawn: boolean };
  /** When a split since the ex-date changes the amount on today's share basis: that amount and the splits. */
  todayBasis: { amount: string; splits: readonly SplitPoint[] } | null;
}

/**
 * A short correction of a distribution-change mail (docs/alerts.md): the amount changed, or the
 * distribution was withdrawn (or declared again after a withdrawal we mailed).
 */
export function correctionMail(to: string, firstName: string, facts: CorrectionFacts, links: MailLinks): MailMessage {
  const { fund, told } = facts;
  const what = `${fund.ticker} (${fund.name}) distribution ex ${facts.exDate}`;
  let line: string;
  let subject: string;
  if (facts.amount === null) {
    subject = `Correction: ${fund.ticker} distribution ex ${facts.exDate} was withdrawn`;
    line = `Correction: ${what} was withdrawn: the fund has no such distribution. We wrote on ${told.on} that it was ${money(told.amount)} per share.`;
  } else {
    subject = `Correction: ${fund.ticker} distribution ex ${facts.exDate} is ${money(facts.amount)} per share`;
    line = told.withdrawn
      ? `Correction: ${what} is ${money(facts.amount)} per share after all; we wrote on ${told.on} that it was withdrawn.`
      : `Correction: ${what} is ${money(facts.amount)} per share, not ${money(told.amount)} as we wrote on ${told.on}.`;
  }
  const text = [
    `Hello ${firstName},`,
    '',
    line,
    ...(facts.amount !== null && facts.payDate ? [`Pay date: ${facts.payDate}`] : []),
    ...(facts.amount !== null && facts.todayBasis
      ? [`On today's share basis, after ${splitsText(facts.todayBasis.splits)}, that is ${money(facts.todayBasis.amount)} per share.`]
      : []),
    '',
    `The fund: ${links.appUrl}/etf/${fund.ticker}`,
    ...footer('distribution-change', links),
  ].join('\n');
  return { to, subject, text };
}
