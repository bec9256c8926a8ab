import type { Logger } from 'pino';
import type { WebhookPoster } from '../../infra/webhook-delivery/port.ts';
import type { ReadModels } from '../../read-models/runtime/read-models.ts';
import { findUserById } from '../../read-models/users/queries.ts';
import { dueDeliveries, webhookById } from '../../read-models/webhooks/queries.ts';
import type { WebhookDeliveryDoc } from '../../read-models/webhooks/projection.ts';
import { hasPremiumRights } from '../billing/premium.ts';
import type { CommandContext } from '../core/decider.ts';
import type { EventLog } from '../core/event-log.ts';
import { abandonDelivery, recordAttempt } from './commands.ts';
import { webhookSecretBox } from './secret.ts';
import { EVENT_ID_HEADER, SIGNATURE_HEADER, signatureHeader } from './signature.ts';

/**
 * Sends the deliveries that are due (docs/open-data.md "Deliveries"): every pending delivery whose next
 * attempt time has come, read from the `webhooks` read model, so what is due survives a restart (it is
 * in the log). One attempt each: signed with its own time, posted through the webhook poster (the
 * address checked again, no redirect, ATTEMPT_TIMEOUT_MS), recorded as `WebhookDeliveryAttempted`
 * with the next attempt's time from the back-off schedule. A delivery whose endpoint was removed, or
 * whose user no longer has Premium, fails unsent.
 */
export const ATTEMPT_TIMEOUT_MS = 10_000;
/** Deliveries attempted per run at most (the next run takes the rest). */
export const DELIVERIES_PER_RUN = 50;

export interface DelivererDeps {
  log: EventLog;
  readModels: ReadModels;
  poster: WebhookPoster;
  now: () => Date;
  logger: Logger;
  sessionSecret: string;
  userAgent: string;
  timeoutMs?: number;
}

export interface WebhookDeliverer {
  /** Attempts every due delivery once; answers how many were attempted (or abandoned). */
  deliverDue(): Promise<number>;
}

export function webhookDeliverer(deps: DelivererDeps): WebhookDeliverer {
  const secrets = webhookSecretBox(deps.sessionSecret);
  const ctx = (correlationId: string): CommandContext => ({ actor: 'job:deliver-webhooks', correlationId, now: deps.now().toISOString() });
  let running: Promise<number> | null = null;

  async function attempt(delivery: WebhookDeliveryDoc): Promise<number> {
    const hook = await webhookById(deps.readModels, delivery.webhookId);
    if (!hook || hook.removedAt !== null) return (await abandonDelivery(deps.log, delivery._id, 'The webhook was removed', ctx(delivery._id))).position;
    const user = await findUserById(deps.readModels, delivery.userId);
    if (!user || !hasPremiumRights(user, deps.now())) return (await abandonDelivery(deps.log, delivery._id, 'Webhooks need Premium', ctx(delivery._id))).position;
    let secret: string;
    try {
      secret = secrets.open(hook.sealedSecret, hook.userId);
    } catch {
      return (await abandonDelivery(deps.log, delivery._id, 'The signing secret cannot be read: register the endpoint again', ctx(delivery._id))).position;
    }
    const timestamp = Math.floor(deps.now().getTime() / 1000);
    const result = await deps.poster.post({
      url: hook.url,
      headers: { [SIGNATURE_HEADER]: signatureHeader(secret, timestamp, delivery.body), [EVENT_ID_HEADER]: delivery.eventId, 'user-agent': deps.userAgent },
      body: delivery.body,
      timeoutMs: deps.timeoutMs ?? ATTEMPT_TIMEOUT_MS,
    });
    return (await recordAttempt(deps.log, delivery._id, delivery.attempts + 1, result, ctx(delivery._id))).position;
  }

  async function run(): Promise<number> {
    const due = await dueDeliveries(deps.readModels, deps.now().toISOString(), DELIVERIES_PER_RUN);
    let last = 0;
    for (const delivery of due) {
      try {
        last = Math.max(last, await attempt(delivery));
      } catch (error) {
        // One delivery's failure (the store) must not hold back the others.
        deps.logger.error({ err: error, deliveryId: delivery._id }, 'webhook delivery attempt not recorded');
      }
    }
    // The next run reads the attempts just recorded (never the same attempt twice from a stale list).
    if (last > 0) await deps.readModels.waitFor(last);
    return due.length;
  }

  return {
    // One run at a time in this process: a run asked for while one is going joins it.
    deliverDue() {
      running ??= run().finally(() => {
        running = null;
      });
      return running;
    },
  };
}
