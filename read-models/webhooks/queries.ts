import type { ReadModels } from '../runtime/read-models.ts';
import { WEBHOOK_DELIVERIES, WEBHOOKS, webhooksProjection, type WebhookDeliveryDoc, type WebhookDoc } from './projection.ts';

/** A user's registered webhooks (not removed), oldest first. */
export async function webhooksOf(readModels: ReadModels, userId: string): Promise<WebhookDoc[]> {
  const docs = await readModels.collection<WebhookDoc>(webhooksProjection, WEBHOOKS).find({ userId, removedAt: null });
  return docs.sort((a, b) => a.registeredAt.localeCompare(b.registeredAt) || a._id.localeCompare(b._id));
}

export async function webhookById(readModels: ReadModels, webhookId: string): Promise<WebhookDoc | null> {
  return readModels.collection<WebhookDoc>(webhooksProjection, WEBHOOKS).findOne({ _id: webhookId });
}

/** Every registered webhook that takes events of `type` (the reactor's recipients). */
export async function webhooksFor(readModels: ReadModels, type: string): Promise<WebhookDoc[]> {
  return readModels.collection<WebhookDoc>(webhooksProjection, WEBHOOKS).find({ removedAt: null, events: type });
}

/** A webhook's latest deliveries, newest first. */
export async function recentDeliveries(readModels: ReadModels, webhookId: string, limit: number): Promise<WebhookDeliveryDoc[]> {
  return readModels.collection<WebhookDeliveryDoc>(webhooksProjection, WEBHOOK_DELIVERIES).find({ webhookId }, { sort: { queuedAt: -1, _id: 1 }, limit });
}

/** Pending deliveries whose next attempt is due at `nowIso`, oldest due first. */
export async function dueDeliveries(readModels: ReadModels, nowIso: string, limit: number): Promise<WebhookDeliveryDoc[]> {
  return readModels
    .collection<WebhookDeliveryDoc>(webhooksProjection, WEBHOOK_DELIVERIES)
    .find({ status: 'pending', nextAttemptAt: { $lte: nowIso } }, { sort: { nextAttemptAt: 1, _id: 1 }, limit });
}
