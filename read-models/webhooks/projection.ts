import type { AccountDeletedEvent } from '../../events/accounts.ts';
import type { Recorded } from '../../events/define.ts';
import type { RecordedEvent } from '../../events/envelope.ts';
import type { WebhookEvent, WebhookEventType } from '../../events/webhooks.ts';
import type { Doc } from '../../infra/document-store/port.ts';
import type { Projection, ProjectionContext } from '../runtime/projection.ts';

/**
 * The `webhooks` read model (issue 31): the registered endpoints (one document per webhook, fed by its
 * user's `webhooks-<userId>` stream) and the deliveries (one document per delivery, fed by its own
 * `webhookdelivery-<id>` stream), so each document has one stream and the `_position` guard makes
 * redelivery harmless. The deliverer reads the pending deliveries that are due (index on status and
 * next attempt); the account page lists a webhook's recent ones.
 */
export interface WebhookDoc extends Doc {
  _id: string;
  userId: string;
  url: string;
  events: WebhookEventType[];
  sealedSecret: string;
  registeredAt: string;
  removedAt: string | null;
}

export type DeliveryStatus = 'pending' | 'delivered' | 'failed';

export interface WebhookDeliveryDoc extends Doc {
  _id: string;
  userId: string;
  webhookId: string;
  eventId: string;
  type: WebhookEventType;
  body: string;
  queuedAt: string;
  status: DeliveryStatus;
  attempts: number;
  lastStatusCode: number | null;
  lastError: string | null;
  lastAttemptAt: string | null;
  /** When the next attempt is due (pending only; the queue time before the first). */
  nextAttemptAt: string | null;
}

export const WEBHOOKS = 'webhooks';
export const WEBHOOK_DELIVERIES = 'webhookDeliveries';

export const webhooksProjection: Projection = {
  name: 'webhooks',
  version: 1,
  handles: ['WebhookRegistered', 'WebhookRemoved', 'WebhookDeliveryQueued', 'WebhookDeliveryAttempted', 'AccountDeleted'] satisfies (WebhookEvent | AccountDeletedEvent)['type'][],
  collections: {
    [WEBHOOKS]: [{ key: { userId: 1 }, name: 'webhooks_user' }],
    [WEBHOOK_DELIVERIES]: [
      { key: { status: 1, nextAttemptAt: 1 }, name: 'webhookDeliveries_due' },
      { key: { webhookId: 1, queuedAt: -1 }, name: 'webhookDeliveries_webhook' },
      // a deleted account's deliveries go with it
      { key: { userId: 1 }, name: 'webhookDeliveries_user' },
    ],
  },
  async apply(recorded: RecordedEvent, ctx: ProjectionContext) {
    const event = recorded as Recorded<Exclude<WebhookEvent, { type: 'WebhookReactorAdvanced' }> | AccountDeletedEvent>;
    switch (event.type) {
      case 'WebhookRegistered': {
        const { userId, webhookId, url, events, sealedSecret, registeredAt } = event.data;
        return ctx.update<WebhookDoc>(WEBHOOKS, webhookId, (doc) => doc ?? { _id: webhookId, userId, url, events, sealedSecret, registeredAt, removedAt: null });
      }
      case 'WebhookRemoved': {
        const { webhookId, removedAt } = event.data;
        return ctx.update<WebhookDoc>(WEBHOOKS, webhookId, (doc) => (doc ? { ...doc, removedAt } : null));
      }
      case 'WebhookDeliveryQueued': {
        const { userId, webhookId, deliveryId, eventId, type, body, queuedAt } = event.data;
        return ctx.update<WebhookDeliveryDoc>(
          WEBHOOK_DELIVERIES,
          deliveryId,
          (doc) =>
            doc ?? {
              _id: deliveryId,
              userId,
              webhookId,
              eventId,
              type,
              body,
              queuedAt,
              status: 'pending',
              attempts: 0,
              lastStatusCode: null,
              lastError: null,
              lastAttemptAt: null,
              nextAttemptAt: queuedAt,
            },
        );
      }
      case 'WebhookDeliveryAttempted': {
        const { deliveryId, attempt, statusCode, error, outcome, nextAttemptAt, attemptedAt } = event.data;
        return ctx.update<WebhookDeliveryDoc>(WEBHOOK_DELIVERIES, deliveryId, (doc) =>
          doc
            ? {
                ...doc,
                status: outcome === 'retrying' ? 'pending' : outcome,
                attempts: Math.max(doc.attempts, attempt),
                lastStatusCode: statusCode,
                lastError: error,
                lastAttemptAt: attemptedAt,
                nextAttemptAt: outcome === 'retrying' ? nextAttemptAt : null,
              }
            : null,
        );
      }
      case 'AccountDeleted': {
        // the account was deleted: its endpoints and their deliveries go, so nothing more is sent
        // (docs/accounts-and-security.md "Deleting an account")
        const { userId } = event.data;
        for (const doc of await ctx.find<WebhookDoc>(WEBHOOKS, { userId })) await ctx.update<WebhookDoc>(WEBHOOKS, doc._id, () => null);
        for (const doc of await ctx.find<WebhookDeliveryDoc>(WEBHOOK_DELIVERIES, { userId })) await ctx.update<WebhookDeliveryDoc>(WEBHOOK_DELIVERIES, doc._id, () => null);
        return;
      }
      default: {
        const never: never = event;
        throw new Error(`webhooks projection cannot apply ${JSON.stringify(never)}`);
      }
    }
  },
};
