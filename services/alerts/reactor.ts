import type { Logger } from 'pino';
import { parseStoredTypeName } from '../../events/define.ts';
import type { DistributionDeclared, DistributionRevised } from '../../events/dividends.ts';
import type { RecordedEvent } from '../../events/envelope.ts';
import { streams } from '../../events/streams.ts';
import type { EventStore, Subscription } from '../../infra/event-store/port.ts';
import type { Mailer } from '../../infra/mail/port.ts';
import { addDays, newYorkDate } from '../../domain/market/trading-days.ts';
import { catalogEntry } from '../../read-models/catalog/catalog-index.ts';
import type { ReadModels } from '../../read-models/runtime/read-models.ts';
import { foldRecorded, type CommandContext } from '../core/decider.ts';
import type { EventLog } from '../core/event-log.ts';
import { activeDistributions, distributionsDecider } from '../dividends/business-logic.ts';
import { sendAlertOnce } from './commands.ts';
import { distributionChange, exceedsThreshold } from './distribution-change.ts';
import { distributionChangeMail } from './mails.ts';
import { holdersAndFollowers } from './recipients.ts';
import { UnsubscribeTokens } from './unsubscribe-token.ts';

/**
 * The distribution-change alert reactor (docs/alerts.md): a subscription to the event log that mails
 * holders and followers of a fund when a declared payout differs from the fund's 3-week average by
 * more than their threshold.
 *
 * - Checkpoint: `AlertReactorAdvanced {position}` on `alertsreactor-distribution-change`, in the EVENT
 *   store (the embedded document store lives in memory and starts empty at every start; the log does
 *   not). Written after each batch that held a distribution event. The first start begins at the head
 *   of the log (the history a new install imports is never mailed).
 * - Idempotency: one `AlertMailed` per (user, kind, distribution) on `alerts-<userId>`, recorded
 *   before the mail is sent (services/alerts/commands.ts): a restart after a crash before the
 *   checkpoint, a replay from 0 or a second worker finds the record and sends nothing.
 * - What counts: a `DistributionDeclared` with status `declared`, and a `DistributionRevised` that
 *   makes an estimate declared or changes a declared amount. Estimates never; payouts whose ex-date
 *   is more than 7 days ago never (a late backfill is history, not news).
 */
export interface AlertReactorDeps {
  log: EventLog;
  eventStore: Pick<EventStore, 'headPosition' | 'subscribe'>;
  readModels: ReadModels;
  mailer: Mailer;
  logger: Logger;
  now: () => Date;
  appUrl: string;
  sessionSecret: string;
}

export interface AlertReactor {
  /** Resolves once every event up to `position` is handled (tests, like a read model's waitFor). */
  waitFor(position: number, timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

const HANDLED = new Set(['DistributionDeclared', 'DistributionRevised']);
/** Payouts with an ex-date further back than this are not news. */
export const STALE_AFTER_DAYS = 7;

export async function startAlertReactor(deps: AlertReactorDeps): Promise<AlertReactor> {
  const { log, logger } = deps;
  const tokens = new UnsubscribeTokens(deps.sessionSecret);
  const checkpointStream = streams.alertsReactor();
  const ctxAt = (correlationId: string): CommandContext => ({ actor: 'reactor:alerts', correlationId, now: deps.now().toISOString() });

  const checkpoints = await log.readStream(checkpointStream);
  let position: number;
  if (checkpoints.length === 0) {
    position = await deps.eventStore.headPosition();
    await log.append(checkpointStream, [{ type: 'AlertReactorAdvanced', data: { position, advancedAt: deps.now().toISOString() } }], 'no_stream', ctxAt('first-start'));
  } else {
    position = (checkpoints.at(-1)!.data as { position: number }).position;
  }
  logger.info({ from: position }, 'distribution-change alerts following the log');

  let handled = position;
  const waiters: { target: number; resolve: () => void }[] = [];
  const advance = (to: number) => {
    handled = Math.max(handled, to);
    for (const w of waiters.filter((x) => x.target <= handled)) {
      waiters.splice(waiters.indexOf(w), 1);
      w.resolve();
    }
  };

  async function onDistribution(event: DistributionDeclared | DistributionRevised, recorded: RecordedEvent): Promise<void> {
    const d = event.data;
    if (d.status !== 'declared') return;
    const today = newYorkDate(deps.now().getTime());
    if (d.exDate < addDays(today, -STALE_AFTER_DAYS)) return;
    // the fund's distributions as they were just before this event (the stream may have moved on since)
    const stream = streams.dividends(d.etfId);
    const history = (await log.readStream(stream)).filter((e) => e.revision < recorded.revision);
    const before = activeDistributions(foldRecorded(distributionsDecider, stream, history).state);
    const prior = before.find((x) => x.distributionId === d.distributionId);
    // a revision counts when it declares an estimate or changes a declared amount
    if (event.type === 'DistributionRevised' && prior?.status === 'declared' && prior.amount === d.amount) return;
    const revisedFrom = event.type === 'DistributionRevised' && prior?.status === 'declared' ? prior.amount : null;
    await deps.readModels.waitFor(recorded.position, { timeoutMs: 60_000 });
    const fund = await catalogEntry(deps.readModels, d.etfId);
    if (!fund) return;
    const declared = before.filter((x) => x.status === 'declared' && x.distributionId !== d.distributionId);
    const change = distributionChange(declared, fund.frequency, d.exDate, d.amount);
    if (!change) return;
    for (const { user, settings } of await holdersAndFollowers(deps.readModels, d.etfId, { favorites: true })) {
      if (!settings.distributionChangeAlerts || !exceedsThreshold(change, settings.distributionChangePercent)) continue;
      const message = distributionChangeMail(
        user.email,
        user.firstName,
        {
          fund: { ticker: fund.ticker, name: fund.name },
          exDate: d.exDate,
          payDate: d.payDate,
          amount: d.amount,
          revisedFrom,
          previous: { exDate: change.previous.exDate, amount: change.previous.amount },
          baseline: change.baseline,
          changePercent: change.changePercent,
          thresholdPercent: settings.distributionChangePercent,
        },
        { appUrl: deps.appUrl, unsubscribeToken: tokens.token(user._id, 'distribution-change') },
      );
      await sendAlertOnce(
        deps,
        user._id,
        { kind: 'distribution-change', key: d.distributionId, etfId: d.etfId, exDate: d.exDate, amount: d.amount },
        message,
        ctxAt(d.distributionId),
      );
    }
  }

  const subscription: Subscription = deps.eventStore.subscribe({
    after: position,
    batchSize: 500,
    onEvents: async (batch) => {
      let relevant = false;
      for (const raw of batch) {
        if (!HANDLED.has(parseStoredTypeName(raw.type).type)) continue;
        relevant = true;
        const event = log.registry.decode(raw) as unknown as DistributionDeclared | DistributionRevised;
        try {
          await onDistribution(event, raw);
        } catch (error) {
          // One event's failure (a read model that did not catch up, the store) must not stop every later alert.
          logger.error({ err: error, distributionId: event.data.distributionId, position: raw.position }, 'distribution-change alert skipped');
        }
      }
      const last = batch.at(-1)?.position ?? handled;
      if (relevant) {
        await log.append(checkpointStream, [{ type: 'AlertReactorAdvanced', data: { position: last, advancedAt: deps.now().toISOString() } }], 'any', ctxAt('checkpoint'));
      }
      advance(last);
    },
    onError: (error) => logger.error({ err: error }, 'distribution-change alerts stopped: the log subscription failed'),
  });

  return {
    waitFor(target, timeoutMs = 10_000) {
      if (handled >= target) return Promise.resolve();
      return new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`alert reactor did not reach ${target} within ${timeoutMs} ms (at ${handled})`)), timeoutMs);
        timer.unref?.();
        waiters.push({
          target,
          resolve: () => {
            clearTimeout(timer);
            resolve();
          },
        });
      });
    },
    stop: () => subscription.stop(),
  };
}
