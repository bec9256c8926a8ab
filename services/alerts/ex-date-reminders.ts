import type { Logger } from 'pino';
import { streams } from '../../events/streams.ts';
import type { Mailer } from '../../infra/mail/port.ts';
import { dec, fixed, ZERO } from '../../domain/market/decimal.ts';
import { isBusinessDay, newYorkDate, nextBusinessDay } from '../../domain/market/trading-days.ts';
import { alertSettingsOfUsers, exDateReminderSubscribers } from '../../read-models/alerts/queries.ts';
import { catalogEntry } from '../../read-models/catalog/catalog-index.ts';
import { portfoliosOf } from '../../read-models/portfolio/queries.ts';
import type { ReadModels } from '../../read-models/runtime/read-models.ts';
import { usersByIds } from '../../read-models/users/queries.ts';
import type { CommandContext } from '../core/decider.ts';
import type { EventLog } from '../core/event-log.ts';
import { activeDistributions, distributionsDecider, type KnownDistribution } from '../dividends/business-logic.ts';
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
  /** The ex-date reminded of (the next business day), null when today is no business day. */
  exDate: string | null;
  sent: number;
  alreadySent: number;
  failed: number;
}

/**
 * The `send-ex-date-reminders` job (daily 17:00 ET on weekdays; docs/alerts.md): on a business day,
 * for every user who turned the reminder on (default off) and holds a fund with a DECLARED
 * distribution whose ex-date is the next business day, one mail per (user, fund, ex-date). Projected
 * (estimated) ex-dates are not reminded of: the date may move. The record is written before the mail
 * (at most once), so a second run the same day sends nothing.
 */
export async function sendExDateReminders(deps: ExDateReminderDeps, ctx: CommandContext): Promise<ExDateReminderOutcome> {
  const today = newYorkDate(deps.now().getTime());
  if (!isBusinessDay(today)) return { exDate: null, sent: 0, alreadySent: 0, failed: 0 };
  const exDate = nextBusinessDay(today);
  const outcome: ExDateReminderOutcome = { exDate, sent: 0, alreadySent: 0, failed: 0 };

  const userIds = await exDateReminderSubscribers(deps.readModels);
  if (userIds.length === 0) return outcome;
  const settings = await alertSettingsOfUsers(deps.readModels, userIds);
  const users = new Map((await usersByIds(deps.readModels, userIds)).map((u) => [u._id, u]));
  const portfolios = await portfoliosOf(deps.readModels, userIds);
  const tokens = new UnsubscribeTokens(deps.sessionSecret);
  const distributionsByFund = new Map<string, KnownDistribution[]>();

  for (const portfolio of portfolios.sort((a, b) => (a._id < b._id ? -1 : 1))) {
    const user = users.get(portfolio._id);
    if (!user?.emailVerified || !settings.get(portfolio._id)?.exDateReminder) continue;
    const sharesByFund = new Map<string, ReturnType<typeof dec>>();
    for (const h of portfolio.holdings) sharesByFund.set(h.etfId, (sharesByFund.get(h.etfId) ?? ZERO).plus(dec(h.shares)));
    for (const [etfId, shares] of [...sharesByFund].sort(([a], [b]) => (a < b ? -1 : 1))) {
      let known = distributionsByFund.get(etfId);
      if (!known) distributionsByFund.set(etfId, (known = activeDistributions((await deps.log.aggregate(streams.dividends(etfId), distributionsDecider)).state)));
      const payout = known.find((d) => d.exDate === exDate && d.status === 'declared');
      if (!payout) continue;
      const fund = await catalogEntry(deps.readModels, etfId);
      if (!fund) continue;
      const message = exDateReminderMail(
        user.email,
        user.firstName,
        {
          fund: { ticker: fund.ticker, name: fund.name },
          exDate,
          payDate: payout.payDate,
          amount: payout.amount,
          shares: shares.toFixed(),
          expected: fixed(shares.times(dec(payout.amount)), 2),
        },
        { appUrl: deps.appUrl, unsubscribeToken: tokens.token(user._id, 'ex-date-reminder') },
      );
      const result = await sendAlertOnce(
        deps,
        user._id,
        { kind: 'ex-date-reminder', key: payout.distributionId, etfId, exDate, amount: payout.amount },
        message,
        ctx,
      );
      if (result === 'sent') outcome.sent += 1;
      else if (result === 'already-sent') outcome.alreadySent += 1;
      else outcome.failed += 1;
    }
  }
  return outcome;
}
