import { z } from 'zod';
import { endpoint } from './endpoint.ts';

/** Signed webhooks (`/api/user/webhooks`, Premium, issue 31; docs/open-data.md). */

export const WEBHOOK_EVENT_TYPES = ['distribution.declared', 'distribution.changed', 'payout.received', 'alert.sent'] as const;

export const webhookFieldMessages = {
  url: 'Enter the full address of your endpoint, starting with https://',
  urlLong: 'The address can be at most 2000 characters',
  eventsRequired: 'Choose at least one event',
  eventUnknown: `Choose among ${WEBHOOK_EVENT_TYPES.join(', ')}`,
  eventsTwice: 'Name each event once',
} as const;

/** `POST /api/user/webhooks`. */
export const NewWebhook = z.object({
  url: z.string({ error: webhookFieldMessages.url }).trim().min(1, webhookFieldMessages.url).max(2000, webhookFieldMessages.urlLong).describe('An https:// URL on the public internet.'),
  events: z
    .array(z.enum(WEBHOOK_EVENT_TYPES, { error: webhookFieldMessages.eventUnknown }), { error: webhookFieldMessages.eventsRequired })
    .min(1, webhookFieldMessages.eventsRequired)
    .refine((events) => new Set(events).size === events.length, webhookFieldMessages.eventsTwice)
    .describe('The kinds of event to send.'),
});
export type NewWebhook = z.input<typeof NewWebhook>;

export const CreatedWebhook = z.object({
  id: z.string(),
  secret: z.string().describe('The signing secret (`whsec_...`): verify `WeeklyDiv-Signature` with it. It is never shown again.'),
});
export type CreatedWebhook = z.infer<typeof CreatedWebhook>;

export const WebhookDelivery = z.object({
  id: z.string(),
  eventId: z.string(),
  type: z.enum(WEBHOOK_EVENT_TYPES),
  createdAt: z.string(),
  status: z.enum(['pending', 'delivered', 'failed']),
  attempts: z.number(),
  lastStatusCode: z.number().nullable(),
  lastError: z.string().nullable(),
  lastAttemptAt: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof WebhookDelivery>;

export const Webhook = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  createdAt: z.string(),
  /** The latest deliveries, newest first (at most 20). */
  deliveries: z.array(WebhookDelivery),
});
export type Webhook = z.infer<typeof Webhook>;

// ---------------------------------------------------------------------------------------------------
// What a delivery's body is (the OpenAPI document's `webhooks`)

/** Which distribution of which fund: the fields both distribution events carry. */
const distributionOf = z.object({
  etfId: z.string(),
  ticker: z.string(),
  distributionId: z.string(),
  kind: z.enum(['regular', 'special', 'capital-gain']),
  exDate: z.string(),
  payDate: z.string().nullable(),
});

export const DistributionDeclaredData = distributionOf
  .extend({
    amount: z.string().describe('Cash per share, decimal text.'),
    status: z.enum(['declared', 'estimated']),
  })
  .describe('A distribution of a fund the user holds was declared.');
export const DistributionChangedData = distributionOf
  .extend({
    change: z.enum(['revised', 'withdrawn']),
    amount: z.string().nullable().describe('The new amount; null when withdrawn.'),
    previousAmount: z.string().nullable().describe('The amount it replaces (revised); null when withdrawn.'),
    status: z.enum(['declared', 'estimated', 'withdrawn']),
  })
  .describe('A distribution of a fund the user holds was revised or withdrawn.');
export const PayoutReceivedData = z
  .object({
    source: z.enum(['marked', 'broker']),
    etfId: z.string().nullable(),
    symbol: z.string().nullable(),
    holdingId: z.string().nullable(),
    exDate: z.string().nullable(),
    date: z.string().nullable().describe('The broker record date (broker).'),
    amount: z.string().describe('Dollars, decimal text.'),
  })
  .describe('A payout was marked received, or the brokerage reported a dividend.');
export const AlertSentData = z
  .object({ kind: z.string(), etfId: z.string(), exDate: z.string(), amount: z.string(), mailedAt: z.string() })
  .describe('An alert mail was sent to the user.');

/** The body of every delivery; `id` is the same on every attempt (deduplicate on it). */
export const WebhookPayload = z.object({
  id: z.string().describe('The event id, also in `WeeklyDiv-Event-Id`: the same on every retry.'),
  type: z.enum(WEBHOOK_EVENT_TYPES),
  createdAt: z.string(),
  data: z.union([DistributionDeclaredData, DistributionChangedData, PayoutReceivedData, AlertSentData]),
});
export type WebhookPayload = z.infer<typeof WebhookPayload>;

// ---------------------------------------------------------------------------------------------------
// Endpoints

const tags = ['Webhooks'];

export const registerWebhook = endpoint({
  method: 'post',
  path: '/api/user/webhooks',
  access: 'premium',
  summary: 'Register a webhook endpoint (Premium; at most three): the signing secret is in this answer only.',
  description: 'The URL must be https:// and resolve to public addresses only (checked again at every delivery).',
  tags,
  body: NewWebhook,
  responses: { 201: { description: 'The webhook and its secret.', json: CreatedWebhook } },
  errors: [400, 412],
  waitsFor: ['webhooks'],
});

export const listWebhooks = endpoint({
  method: 'get',
  path: '/api/user/webhooks',
  access: 'user',
  summary: 'The registered webhooks with their latest deliveries (also after Premium ends, to remove them).',
  tags,
  responses: { 200: { description: 'The webhooks, oldest first.', json: z.array(Webhook) } },
  errors: [],
  reads: ['webhooks'],
});

export const removeWebhook = endpoint({
  method: 'delete',
  path: '/api/user/webhooks/:webhookId',
  access: 'user',
  summary: 'Remove a webhook: nothing more is sent to it.',
  tags,
  params: z.object({ webhookId: z.string().describe('The webhook id.') }),
  responses: { 204: { description: 'Removed.' } },
  errors: [404, 412],
  waitsFor: ['webhooks'],
});
