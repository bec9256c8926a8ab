import { handledPosition } from '../core/handled-position.ts';
import { createHash } from 'node:crypto';
import type { Logger } from 'pino';
import { parseStoredTypeName } from '../../events/define.ts';
import type { AlertEvent } from '../../events/alerts.ts';
import type { DividendEvent } from '../../events/dividends.ts';
import type { RecordedEvent } from '../../events/envelope.ts';
import type { PayoutEvent } from '../../events/payouts.ts';
import { streams } from '../../events/streams.ts';
import type { WebhookEventType } from '../../events/webhooks.ts';
import type { EventStore, Subscription } from '../../infra/event-store/port.ts';
import { catalogEntry } from '../../read-models/catalog/catalog-index.ts';
import { holdersOf } from '../../read-models/portfolio/queries.ts';
import type { ReadModels } from '../../read-models/runtime/read-models.ts';
import { findUserById } from '../../read-models/users/queries.ts';
import { webhooksFor } from '../../read-models/webhooks/queries.ts';
import type { WebhookPayload } from '../../contracts/webhooks.ts';
import { hasPremiumRights } from '../billing/premium.ts';
import type { CommandContext } from '../core/decider.ts';
import type { EventLog } from '../core/event-log.ts';
import { queueDelivery } from './commands.ts';

/**
 * The webhook reactor (docs/open-data.md "Events"): a subscription to the event log that turns facts
 * into deliveries for the Premium users whose webhooks take them.
 *
 * - `distribution.declared`: a `DistributionDeclared` with status declared (estimates are not news);
 *   `distribution.changed`: a `DistributionRevised` of a declared one, or a `DistributionWithdrawn`.
 *   Both to the holders of the fund (portfolio).
 * - `payout.received`: the user's `PayoutMarkedReceived`, and each cash record (`DIVIDEND`) of a
 *   `BrokerPayoutsRecorded`.
 * - `alert.sent`: the user's `AlertMailed` (recorded before the mail leaves: docs/alerts.md).
 *
 * Each becomes one event with an id made from the fact (its stream and revision, the user, the record)
 * and one delivery per webhook with an id made from the event and the webhook: meeting the same fact
 * again (a restart before the checkpoint) queues nothing new. Checkpoint: `WebhookReactorAdvanced` on
 * `webhooksreactor-deliveries` (in the log, like the alerts reactor's); the first start begins at the
 * head of the log (an install's history is never sent).
 */
export interface WebhookReactorDeps {
  log: EventLog;
  eventStore: Pick<EventStore, 'headPosition' | 'subscribe'>;
  readModels: ReadModels;
  logger: Logger;
  now: () => Date;
  /** Called after a batch queued deliveries (the runtime sends them at once). */
  onQueued?: () => void;
}

export interface WebhookReactor {
  waitFor(position: number, timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

const HANDLED = new Set(['DistributionDeclared', 'DistributionRevised', 'DistributionWithdrawn', 'PayoutMarkedReceived', 'BrokerPayoutsRecorded', 'AlertMailed']);

type Handled = Extract<DividendEvent, { type: 'DistributionDeclared' | 'DistributionRevised' | 'DistributionWithdrawn' }> | PayoutEvent | Extract<AlertEvent, { type: 'AlertMailed' }>;

/** One event to send: to whom (a user, or the holders of a fund), its type, its data. */
interface Outgoing {
  key: string;
  type: WebhookEventType;
  to: { userId: string } | { holdersOf: string };
  data: WebhookPayload['data'];
}

export function eventIdOf(key: string, userId: string): string {
  return `evt_${createHash('sha256').update(`${key}|${userId}`).digest('hex').slice(0, 32)}`;
}

export async function startWebhookReactor(deps: WebhookReactorDeps): Promise<WebhookReactor> {
  const { log, logger, readModels } = deps;
  const checkpointStream = streams.webhooksReactor();
  const ctxAt = (correlationId: string): CommandContext => ({ actor: 'reactor:webhooks', correlationId, now: deps.now().toISOString() });

  const checkpoints = await log.readStream(checkpointStream);
  let position: number;
  if (checkpoints.length === 0) {
    position = await deps.eventStore.headPosition();
    await log.append(checkpointStream, [{ type: 'WebhookReactorAdvanced', data: { position, advancedAt: deps.now().toISOString() } }], 'no_stream', ctxAt('first-start'));
  } else {
    position = (checkpoints.at(-1)!.data as { position: number }).position;
  }

  const handled = handledPosition('webhook reactor', position);

  async function outgoing(event: Handled, recorded: RecordedEvent): Promise<Outgoing[]> {
    const key = `${recorded.stream}@${recorded.revision}`;
    switch (event.type) {
      case 'DistributionDeclared':
      case 'DistributionRevised': {
        const d = event.data;
        if (d.status !== 'declared') return [];
        const ticker = (await catalogEntry(readModels, d.etfId))?.ticker ?? '';
        const base = { etfId: d.etfId, ticker, distributionId: d.distributionId, kind: d.kind, exDate: d.exDate, payDate: d.payDate, amount: d.amount, status: d.status };
        if (event.type === 'DistributionDeclared') return [{ key, type: 'distribution.declared', to: { holdersOf: d.etfId }, data: base }];
        return [{ key, type: 'distribution.changed', to: { holdersOf: d.etfId }, data: { ...base, change: 'revised', previousAmount: event.data.previousAmount } }];
      }
      case 'DistributionWithdrawn': {
        const d = event.data;
        const ticker = (await catalogEntry(readModels, d.etfId))?.ticker ?? '';
        const kind = d.distributionId.endsWith('_capital-gain') ? 'capital-gain' : d.distributionId.endsWith('_special') ? 'special' : 'regular';
        const data = { etfId: d.etfId, ticker, distributionId: d.distributionId, kind, exDate: d.exDate, payDate: null, amount: null, status: 'withdrawn', change: 'withdrawn', previousAmount: null } as const;
        return [{ key, type: 'distribution.changed', to: { holdersOf: d.etfId }, data }];
      }
      case 'PayoutMarkedReceived': {
        const d = event.data;
        const data = { source: 'marked', etfId: d.etfId, symbol: null, holdingId: d.holdingId, exDate: d.exDate, date: null, amount: d.amount } as const;
        return [{ key, type: 'payout.received', to: { userId: d.userId }, data }];
      }
      case 'BrokerPayoutsRecorded': {
        const d = event.data;
        return d.records
          .filter((r) => r.type === 'DIVIDEND')
          .map((r) => ({
            key: `${key}#${r.id}`,
            type: 'payout.received' as const,
            to: { userId: d.userId },
            data: { source: 'broker' as const, etfId: null, symbol: r.symbol, holdingId: null, exDate: null, date: r.date, amount: r.amount },
          }));
      }
      case 'AlertMailed': {
        const d = event.data;
        return [{ key, type: 'alert.sent', to: { userId: d.userId }, data: { kind: d.kind, etfId: d.etfId, exDate: d.exDate, amount: d.amount, mailedAt: d.mailedAt } }];
      }
      case 'IncomeGoalSet':
        return [];
      default: {
        const never: never = event;
        throw new Error(`unhandled event ${JSON.stringify(never)}`);
      }
    }
  }

  /** Queues the deliveries of one event; answers how many. */
  async function queue(out: Outgoing, recorded: RecordedEvent): Promise<number> {
    const hooks = await webhooksFor(readModels, out.type);
    if (hooks.length === 0) return 0;
    const audience = 'userId' in out.to ? new Set([out.to.userId]) : new Set(await holdersOf(readModels, out.to.holdersOf));
    let queued = 0;
    for (const hook of hooks) {
      if (!audience.has(hook.userId)) continue;
      const user = await findUserById(readModels, hook.userId);
      if (!user || !hasPremiumRights(user, deps.now())) continue;
      const id = eventIdOf(out.key, hook.userId);
      const body = JSON.stringify({ id, type: out.type, createdAt: recorded.recordedAt, data: out.data } satisfies WebhookPayload);
      await queueDelivery(log, { userId: hook.userId, webhookId: hook._id, eventId: id, type: out.type, body }, ctxAt(id));
      queued++;
    }
    return queued;
  }

  const subscription: Subscription = deps.eventStore.subscribe({
    after: position,
    batchSize: 500,
    onEvents: async (batch) => {
      let relevant = false;
      let queued = 0;
      for (const raw of batch) {
        if (!HANDLED.has(parseStoredTypeName(raw.type).type)) continue;
        relevant = true;
        try {
          // the holders and the webhooks as of this event
          await readModels.waitFor(raw.position, { timeoutMs: 60_000 });
          const event = log.registry.decode(raw) as unknown as Handled;
          for (const out of await outgoing(event, raw)) queued += await queue(out, raw);
        } catch (error) {
          logger.error({ err: error, position: raw.position }, 'webhook event skipped');
        }
      }
      const last = batch.at(-1)?.position ?? handled.current();
      if (relevant) {
        await log.append(checkpointStream, [{ type: 'WebhookReactorAdvanced', data: { position: last, advancedAt: deps.now().toISOString() } }], 'any', ctxAt('checkpoint'));
      }
      handled.advance(last);
      if (queued > 0) deps.onQueued?.();
    },
    onError: (error) => logger.error({ err: error }, 'webhooks stopped: the log subscription failed'),
  });

  return {
    waitFor: handled.waitFor,
    stop: () => subscription.stop(),
  };
}
