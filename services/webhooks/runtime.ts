import type { Agenda } from 'agenda';
import type { EventStore } from '../../infra/event-store/port.ts';
import type { AppDeps } from '../http/deps.ts';
import { webhookDeliverer, type WebhookDeliverer } from './deliverer.ts';
import { startWebhookReactor, type WebhookReactor } from './reactor.ts';

/**
 * Webhooks where jobs run (roles all and worker; services/gateway/server.ts): the reactor queues
 * deliveries as facts arrive and asks for a run at once; the jobs scheduler (Agenda, durable: SQLite
 * or MongoDB) runs `deliver-webhooks` every 30 seconds, which sends whatever is due: retries and
 * anything a restart left pending (the deliveries are in the log and the read model, not in memory).
 */
export const DELIVER_WEBHOOKS_JOB = 'deliver-webhooks';
export const DELIVERY_SWEEP_INTERVAL = '30 seconds';

export interface WebhooksRuntime {
  deliverer: WebhookDeliverer;
  reactor: WebhookReactor;
  stop(): Promise<void>;
}

export async function startWebhooks(deps: AppDeps, agenda: Agenda, eventStore: Pick<EventStore, 'headPosition' | 'subscribe'>): Promise<WebhooksRuntime> {
  const logger = deps.logger.child({ component: 'webhooks' });
  const deliverer = webhookDeliverer({
    log: deps.log,
    readModels: deps.readModels,
    poster: deps.webhookPoster,
    now: deps.now,
    logger,
    sessionSecret: deps.config.session.secret,
    userAgent: `WeeklyDiv-Webhooks/1 (+${deps.config.appUrl})`,
  });
  const sweep = () => deliverer.deliverDue().catch((error: unknown) => logger.error({ err: error }, 'webhook deliveries failed'));
  agenda.define(DELIVER_WEBHOOKS_JOB, async () => {
    await sweep();
  });
  await agenda.every(DELIVERY_SWEEP_INTERVAL, DELIVER_WEBHOOKS_JOB, undefined, { skipImmediate: false });
  const reactor = await startWebhookReactor({ log: deps.log, eventStore, readModels: deps.readModels, logger, now: deps.now, onQueued: () => void sweep() });
  return {
    deliverer,
    reactor,
    stop: () => reactor.stop(),
  };
}
