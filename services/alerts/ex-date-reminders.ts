import type { Logger } from 'pino';
import { streams } from '../../events/streams.ts';
import type { Mailer } from '../../infra/mail/port.ts';
import { dec, fixed, ZERO } from '../../domain/market/decimal.ts';
import { isBusinessDay, newYorkDate, nextBusinessDay } from '../../domain/market/trading-days.ts';
import { alertSettingsOfUsers } from '../../read-models/alerts/queries.ts';
import { ALERT_SETTINGS, alertsProjection, type AlertSettingsDoc } from '../../read-models/alerts/projection.ts';
import { catalogIndex } from '../../read-models/catalog/catalog-index.ts';
import { PORTFOLIOS, portfolioProjection, type PortfolioDoc } from '../../read-models/portfolio/projection.ts';
import type { ReadModels } from '../../read-models/runtime/read-models.ts';
import { usersCollection } from '../../read-models/users/queries.ts';
import type { CommandContext } from '../core/decider.ts';
import type { EventLog } from '../core/event-log.ts';
import { sendAlertOnce } from './commands.ts';
import { foldDistributions } from './fund-distributions.ts';
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

  const optedIn = await deps.readModels.collection<AlertSettingsDoc>(alertsProjection, ALERT_SETTINGS).find({ exDateReminder: true });
  const userIds = optedIn.map((d) => d._id).sort();
  if (userIds.length === 0) return outcome;
  const settings = await alertSettingsOfUsers(deps.readModels, userIds);
  const users = new Map((await usersCollection(deps.readModels).find({ _id: { $in: userIds } })).map((u) => [u._id, u]));
  const portfolios = await deps.readModels.collection<PortfolioDoc>(portfolioProjection, PORTFOLIOS).find({ _id: { $in: userIds } });
  const tokens = new UnsubscribeTokens(deps.sessionSecret);
  const distributionsByFund = new Map<string, ReturnType<typeof foldDistributions>>();

  for (const portfolio of portfolios.sort((a, b) => (a._id < b._id ? -1 : 1))) {
    const user = users.get(portfolio._id);
    if (!user?.emailVerified || !settings.get(portfolio._id)?.exDateReminder) continue;
    const sharesByFund = new Map<string, ReturnType<typeof dec>>();
    for (const h of portfolio.holdings) sharesByFund.set(h.etfId, (sharesByFund.get(h.etfId) ?? ZERO).plus(dec(h.shares)));
    for (const [etfId, shares] of [...sharesByFund].sort(([a], [b]) => (a < b ? -1 : 1))) {
      let known = distributionsByFund.get(etfId);
      if (!known) distributionsByFund.set(etfId, (known = foldDistributions(await deps.log.readStream(streams.dividends(etfId)))));
      const payout = [...known.values()].find((d) => d.exDate === exDate && d.status === 'declared');
      if (!payout) continue;
      const fund = await catalogIndex(deps.readModels).findOne({ _id: etfId });
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
