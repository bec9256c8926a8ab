import type { Decimal } from 'decimal.js';
import type { AlertKind } from '../../events/alerts.ts';
import type { MailMessage } from '../../infra/mail/port.ts';
import { fixed } from '../../domain/market/decimal.ts';

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
  amount: string;
  /** Set for an amount revision: the amount this one replaces. */
  revisedFrom: string | null;
  previous: { exDate: string; amount: string };
  baseline: Decimal;
  changePercent: Decimal;
  thresholdPercent: number;
}

export function distributionChangeMail(to: string, firstName: string, facts: DistributionChangeFacts, links: MailLinks): MailMessage {
  const { fund } = facts;
  const direction = facts.changePercent.isNegative() ? 'lower' : 'higher';
  const change = signedPercent(facts.changePercent);
  const text = [
    `Hello ${firstName},`,
    '',
    `${fund.ticker} (${fund.name}) ${facts.revisedFrom === null ? 'declared' : 'revised'} a distribution ${change.replace(' %', '%')} ${direction} than its 3-week average.`,
    '',
    `New amount: ${money(facts.amount)} per share (ex-date ${facts.exDate}${facts.payDate ? `, paid ${facts.payDate}` : ''})` +
      (facts.revisedFrom === null ? '' : `, revised from ${money(facts.revisedFrom)}`),
    `Previous amount: ${money(facts.previous.amount)} per share (ex-date ${facts.previous.exDate})`,
    `3-week average: ${money(fixed(facts.baseline, 4))} per share`,
    `Change: ${change} against the 3-week average (your alert threshold: ${facts.thresholdPercent} %)`,
    '',
    `The fund: ${links.appUrl}/etf/${fund.ticker}`,
    ...footer('distribution-change', links),
  ].join('\n');
  return { to, subject: `${fund.ticker} distribution ${change.replace(' %', '%')}: ${money(facts.amount)} per share`, text };
}

export interface ExDateReminderFacts {
  fund: FundNames;
  exDate: string;
  payDate: string | null;
  amount: string;
  /** The shares the user holds of the fund (all holdings of it). */
  shares: string;
  /** shares × amount, 2 decimals. */
  expected: string;
}

export function exDateReminderMail(to: string, firstName: string, facts: ExDateReminderFacts, links: MailLinks): MailMessage {
  const { fund } = facts;
  const text = [
    `Hello ${firstName},`,
    '',
    `${fund.ticker} (${fund.name}) goes ex-dividend on ${facts.exDate}, the next business day.`,
    'To receive this distribution, hold the shares at the close of the market today.',
    '',
    `Declared amount: ${money(facts.amount)} per share${facts.payDate ? `, paid ${facts.payDate}` : ''}`,
    `Your shares: ${facts.shares}, about ${money(facts.expected)} in total`,
    '',
    `The fund: ${links.appUrl}/etf/${fund.ticker}`,
    ...footer('ex-date-reminder', links),
  ].join('\n');
  return { to, subject: `${fund.ticker} goes ex-dividend on ${facts.exDate}: ${money(facts.amount)} per share`, text };
}
