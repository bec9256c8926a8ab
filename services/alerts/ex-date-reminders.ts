import type { Logger } from 'pino';
import type { Mailer } from '../../infra/mail/port.ts';
import { canonical, dec, fixed, ZERO, type Decimal } from '../../domain/market/decimal.ts';
import { earlyCloseOf, newYorkTime, nextBusinessDay, sessionCloseMinute, type IsoDate } from '../../domain/market/trading-days.ts';
import { alertSettingsOfUsers, exDateReminderSubscribers } from '../../read-models/alerts/queries.ts';
import { catalogEntry } from '../../read-models/catalog/catalog-index.ts';
import { MarketSnapshot, marketVersion } from '../../read-models/market/market-snapshot.ts';
import type { HoldingEntry } from '../../read-models/portfolio/projection.ts';
import { portfoliosOf } from '../../read-models/portfolio/queries.ts';
import { computeHolding, sharesEntitled, sharesText } from '../../read-models/portfolio/views.ts';
import type { ReadModels } from '../../read-models/runtime/read-models.ts';
import { usersByIds } from '../../read-models/users/queries.ts';
import type { CommandContext } from '../core/decider.ts';
import type { EventLog } from '../core/event-log.ts';
import { sendAlertOnce } from './commands.ts';
import { exDateReminderMail } from './mails.ts';
import { UnsubscribeTokens } from './unsubscribe-token.ts';

export interface ExDateReminderDeps {
  log: EventLog;
  readModels: ReadModels;
  mailer: Mailer;
  logger: Logger;
  now: () => Date;
  appUrl: string;
  sessionSecret: string;
}

export interface ExDateReminderOutcome {
  /** The ex-date reminded of (the next business day), null when no session is open or still to come today. */
  exDate: string | null;
  sent: number;
  alreadySent: number;
  failed: number;
}

/** The last cum-dividend session a run reminds for: today's, while it has not closed. */
export interface ReminderSession {
  /** Today: the last session before the ex-date (buying or holding at its close entitles to the payout). */
  session: IsoDate;
  /** The next business day: the ex-date reminded of. */
  exDate: IsoDate;
  /** The session's close in New York minutes (16:00, 13:00 on an early close) and why it is early. */
  close: { minute: number; earlyClose: string | null };
}

/**
 * When a reminder can still be acted on (docs/alerts.md "Ex-date reminders"): on a business day before
 * its close (an early close included), for the next business day's ex-dates. Null on a day without a
 * session and from the close on: holding at the close was the last chance, so a mail then would remind
 * of a deadline already past. Pure: the instant is injected.
 */
export function reminderSession(instant: number): ReminderSession | null {
  const t = newYorkTime(instant);
  const close = sessionCloseMinute(t.date);
  if (close === null || t.minuteOfDay >= close) return null;
  return { session: t.date, exDate: nextBusinessDay(t.date), close: { minute: close, earlyClose: earlyCloseOf(t.date) } };
}

/**
 * The `send-ex-date-reminders` job (daily 09:00 ET on weekdays; docs/alerts.md): during the last
 * cum-dividend session (before its close), for every user who turned the reminder on (default off) and
 * holds a fund with a DECLARED distribution whose ex-date is the next business day, one mail per (user,
 * distribution). Projected (estimated) ex-dates are not reminded of: the date may move. The shares and
 * the total are the user's payout calendar's for that payout (read-models/portfolio/views.ts
 * `sharesEntitled`: held on the ex-date, DRIP reinvestment and splits included, on the payout's share
 * basis). The record is written before the mail (at most once), so a second run the same day sends nothing.
 */
export async function sendExDateReminders(deps: ExDateReminderDeps, ctx: CommandContext): Promise<ExDateReminderOutcome> {
  const timing = reminderSession(deps.now().getTime());
  if (timing === null) return { exDate: null, sent: 0, alreadySent: 0, failed: 0 };
  const { exDate } = timing;
  const outcome: ExDateReminderOutcome = { exDate, sent: 0, alreadySent: 0, failed: 0 };

  const userIds = await exDateReminderSubscribers(deps.readModels);
  if (userIds.length === 0) return outcome;
  const settings = await alertSettingsOfUsers(deps.readModels, userIds);
  const users = new Map((await usersByIds(deps.readModels, userIds)).map((u) => [u._id, u]));
  const portfolios = await portfoliosOf(deps.readModels, userIds);
  const tokens = new UnsubscribeTokens(deps.sessionSecret);
  // the market read side as the payout calendar reads it (one snapshot for the run: every user sees the same figures)
  const market = new MarketSnapshot(deps.readModels, await marketVersion(deps.readModels));

  for (const portfolio of portfolios.sort((a, b) => (a._id < b._id ? -1 : 1))) {
    const user = users.get(portfolio._id);
    if (!user?.emailVerified || !settings.get(portfolio._id)?.exDateReminder) continue;
    const holdingsByFund = new Map<string, HoldingEntry[]>();
    for (const h of portfolio.holdings) holdingsByFund.set(h.etfId, [...(holdingsByFund.get(h.etfId) ?? []), h]);
    for (const [etfId, holdings] of [...holdingsByFund].sort(([a], [b]) => (a < b ? -1 : 1))) {
      const inputs = await market.inputs([etfId], timing.session);
      const series = inputs.series.get(etfId);
      const payouts = (series?.distributions ?? []).filter((d) => d.exDate === exDate && d.status === 'declared');
      if (payouts.length === 0) continue;
      const fund = await catalogEntry(deps.readModels, etfId);
      if (!fund) continue;
      // the calendar's figure: each holding's entitled shares to 6 decimals, added up (buildUserDividendCalendar)
      const shares = holdings.reduce((acc: Decimal, h) => acc.plus(dec(sharesText(sharesEntitled(computeHolding(h, inputs), exDate)))), ZERO);
      if (!shares.gt(0)) continue;
      const upcomingSplits = (series?.splits ?? []).filter((s) => s.exDate > inputs.today && s.exDate <= exDate);
      for (const payout of payouts) {
        const amount = canonical(dec(payout.amount));
        const message = exDateReminderMail(
          user.email,
          user.firstName,
          {
            fund: { ticker: fund.ticker, name: fund.name },
            exDate,
            payDate: payout.payDate,
            amount,
            shares: canonical(shares),
            expected: fixed(shares.times(dec(amount)), 2),
            close: timing.close,
            upcomingSplits,
          },
          { appUrl: deps.appUrl, unsubscribeToken: tokens.token(user._id, 'ex-date-reminder') },
        );
        const result = await sendAlertOnce(deps, user._id, { kind: 'ex-date-reminder', key: payout.distributionId, etfId, exDate, amount: payout.amount }, message, ctx);
        if (result === 'sent') outcome.sent += 1;
        else if (result === 'already-sent') outcome.alreadySent += 1;
        else outcome.failed += 1;
      }
    }
  }
  return outcome;
}
