import type { Logger } from 'pino';
import type { AlertSettingsInput } from '../../contracts/alerts.ts';
import type { AlertKind } from '../../events/alerts.ts';
import { streams } from '../../events/streams.ts';
import type { MailMessage, Mailer } from '../../infra/mail/port.ts';
import { handleCommand } from '../core/command-handler.ts';
import { WRITE_RETRIES, type CommandContext } from '../core/decider.ts';
import type { EventLog } from '../core/event-log.ts';
import { alertsDecider, type AlertMail } from './business-logic.ts';

/** Saves the settings; `position` 0 when nothing changed. */
export async function changeAlertSettings(log: EventLog, userId: string, input: AlertSettingsInput, ctx: CommandContext): Promise<{ position: number }> {
  const result = await handleCommand(log, streams.alerts(userId), alertsDecider, { type: 'ChangeSettings', data: { userId, ...input } }, ctx, WRITE_RETRIES);
  return { position: result.position };
}

/** An unsubscribe link: turns one alert kind off (nothing is written when it is off already). */
export async function unsubscribeAlerts(log: EventLog, userId: string, kind: AlertKind, ctx: CommandContext): Promise<{ position: number }> {
  const result = await handleCommand(log, streams.alerts(userId), alertsDecider, { type: 'Unsubscribe', data: { userId, kind } }, ctx, WRITE_RETRIES);
  return { position: result.position };
}

export interface AlertSendDeps {
  log: EventLog;
  mailer: Mailer;
  logger: Logger;
}

export type SendOutcome = 'sent' | 'already-sent' | 'failed';

/**
 * At most once: `AlertMailed` is appended first (the decider refuses a second record of the same
 * kind and key, and the append's expected revision makes that hold across processes); only the
 * process whose append succeeded hands the mail to the server. A crash or a mail-server failure between
 * the record and the delivery loses that one mail (logged, never retried): a duplicate alert is
 * worse than a missing one (docs/alerts.md). The log line names user, kind and key, never the body.
 */
export async function sendAlertOnce(deps: AlertSendDeps, userId: string, mail: AlertMail, message: MailMessage, ctx: CommandContext): Promise<SendOutcome> {
  const recorded = await handleCommand(deps.log, streams.alerts(userId), alertsDecider, { type: 'RecordMail', data: { userId, mail } }, ctx, WRITE_RETRIES);
  if (recorded.events.length === 0) return 'already-sent';
  try {
    await deps.mailer.send(message);
    deps.logger.info({ userId, kind: mail.kind, key: mail.key }, 'alert mailed');
    return 'sent';
  } catch (error) {
    deps.logger.error({ userId, kind: mail.kind, key: mail.key, err: { message: error instanceof Error ? error.message : String(error) } }, 'alert mail failed (recorded, not retried)');
    return 'failed';
  }
}
