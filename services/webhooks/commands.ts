import { createHash, randomUUID } from 'node:crypto';
import { streams } from '../../events/streams.ts';
import type { WebhookEventType } from '../../events/webhooks.ts';
import { handleCommand } from '../core/command-handler.ts';
import { WRITE_RETRIES, type CommandContext } from '../core/decider.ts';
import type { EventLog } from '../core/event-log.ts';
import { deliveryDecider, webhooksDecider, type AttemptResult } from './business-logic.ts';
import { newWebhookSecret } from './secret.ts';
import type { SecretBox } from '../brokerage/secret-box.ts';

/** Webhook commands: registrations on `webhooks-<userId>`, deliveries on `webhookdelivery-<id>`. */

export async function registerWebhook(
  deps: { log: EventLog; secrets: SecretBox },
  input: { userId: string; url: string; events: WebhookEventType[] },
  ctx: CommandContext,
): Promise<{ id: string; secret: string; position: number }> {
  const id = randomUUID();
  const secret = newWebhookSecret();
  const data = { userId: input.userId, webhookId: id, url: input.url, events: input.events, sealedSecret: deps.secrets.seal(secret, input.userId) };
  const { position } = await handleCommand(deps.log, streams.webhooks(input.userId), webhooksDecider, { type: 'RegisterWebhook', data }, ctx, WRITE_RETRIES);
  return { id, secret, position };
}

export async function removeWebhook(log: EventLog, userId: string, webhookId: string, ctx: CommandContext): Promise<{ position: number }> {
  const { position } = await handleCommand(log, streams.webhooks(userId), webhooksDecider, { type: 'RemoveWebhook', data: { userId, webhookId } }, ctx, WRITE_RETRIES);
  return { position };
}

/**
 * The delivery of one event to one endpoint has a fixed id (a uuid made from both), so meeting the
 * same event again queues nothing new.
 */
export function deliveryIdOf(eventId: string, webhookId: string): string {
  const hex = createHash('sha256').update(`${eventId}:${webhookId}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${((Number.parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export async function queueDelivery(
  log: EventLog,
  input: { userId: string; webhookId: string; eventId: string; type: WebhookEventType; body: string },
  ctx: CommandContext,
): Promise<{ deliveryId: string; position: number }> {
  const deliveryId = deliveryIdOf(input.eventId, input.webhookId);
  const { position } = await handleCommand(log, streams.webhookDelivery(deliveryId), deliveryDecider, { type: 'QueueDelivery', data: { ...input, deliveryId } }, ctx, WRITE_RETRIES);
  return { deliveryId, position };
}

export async function recordAttempt(log: EventLog, deliveryId: string, attempt: number, result: AttemptResult, ctx: CommandContext): Promise<{ position: number }> {
  const { position } = await handleCommand(log, streams.webhookDelivery(deliveryId), deliveryDecider, { type: 'RecordAttempt', data: { deliveryId, attempt, result } }, ctx, WRITE_RETRIES);
  return { position };
}

export async function abandonDelivery(log: EventLog, deliveryId: string, reason: string, ctx: CommandContext): Promise<{ position: number }> {
  const { position } = await handleCommand(log, streams.webhookDelivery(deliveryId), deliveryDecider, { type: 'AbandonDelivery', data: { deliveryId, reason } }, ctx, WRITE_RETRIES);
  return { position };
}
