import { z } from 'zod';
import { defineEvent, type EventsOf } from './define.ts';
import { isoInstant } from './catalog.ts';

/**
 * A user's signed webhooks (Premium) live on `webhooks-<userId>` (the endpoints they registered); each
 * delivery on its own `webhookdelivery-<deliveryId>` (queued, then attempted until delivered or given
 * up: docs/open-data.md). The deliveries are facts in the log, not memory: a restart picks up every
 * pending one where it was.
 */

/** The kinds of event a webhook may receive. */
export const webhookEventType = z.enum(['distribution.declared', 'distribution.changed', 'payout.received', 'alert.sent']);
export type WebhookEventType = z.infer<typeof webhookEventType>;

export const webhookRegistered = defineEvent(
  'WebhookRegistered',
  z.object({
    userId: z.uuid(),
    webhookId: z.uuid(),
    url: z.url().max(2000),
    events: z.array(webhookEventType).min(1),
    /**
     * The signing secret, sealed (AES-256-GCM with a key derived from SESSION_SECRET, the user id as
     * additional data): it must be read back to sign every delivery, so it cannot be a hash.
     */
    sealedSecret: z.string().min(1).max(500),
    registeredAt: isoInstant,
  }),
);

export const webhookRemoved = defineEvent('WebhookRemoved', z.object({ userId: z.uuid(), webhookId: z.uuid(), removedAt: isoInstant }));

/** One event to send to one endpoint; `body` is the exact JSON text every attempt sends (and signs). */
export const webhookDeliveryQueued = defineEvent(
  'WebhookDeliveryQueued',
  z.object({
    userId: z.uuid(),
    webhookId: z.uuid(),
    deliveryId: z.uuid(),
    /** The event's id (`WeeklyDiv-Event-Id`, `id` of the body): the same on every attempt, for the receiver to deduplicate. */
    eventId: z.string().min(1).max(100),
    type: webhookEventType,
    body: z.string().min(2).max(65_536),
    queuedAt: isoInstant,
  }),
);

export const webhookDeliveryAttempted = defineEvent(
  'WebhookDeliveryAttempted',
  z.object({
    userId: z.uuid(),
    webhookId: z.uuid(),
    deliveryId: z.uuid(),
    /** 1 for the first attempt. */
    attempt: z.number().int().min(1),
    /** The receiver's HTTP status; null when there was none (refused address, timeout, no connection). */
    statusCode: z.number().int().min(100).max(599).nullable(),
    /** Why it failed without a status, in words; null otherwise. */
    error: z.string().max(500).nullable(),
    /** delivered (a 2xx), retrying (another attempt at `nextAttemptAt`) or failed (the 24 hours are over). */
    outcome: z.enum(['delivered', 'retrying', 'failed']),
    nextAttemptAt: isoInstant.nullable(),
    attemptedAt: isoInstant,
  }),
);

/** The webhook reactor handled the log up to `position` (its checkpoint, on `webhooksreactor-deliveries`). */
export const webhookReactorAdvanced = defineEvent('WebhookReactorAdvanced', z.object({ position: z.number().int().nonnegative(), advancedAt: isoInstant }));

export const webhookEvents = [webhookRegistered, webhookRemoved, webhookDeliveryQueued, webhookDeliveryAttempted, webhookReactorAdvanced] as const;

export type WebhookEvent = EventsOf<typeof webhookEvents>;
