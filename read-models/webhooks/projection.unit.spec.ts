import { describe, expect, it } from 'vitest';
import { project, recorded, type GivenEvent } from '../runtime/projection-testing.ts';
import { API_TOKENS, apiTokensProjection } from '../api-tokens/projection.ts';
import { WEBHOOK_DELIVERIES, WEBHOOKS, webhooksProjection } from './projection.ts';

const ann = '4f6c1d3e-8a2b-4c5d-9e0f-1a2b3c4d5e6f';
const hook = '0b000000-0000-4000-8000-000000000001';
const delivery = '0c000000-0000-4000-8000-000000000001';
const token = '0d000000-0000-4000-8000-000000000001';
const at = (s: number) => `2026-03-02T15:00:${String(s).padStart(2, '0')}.000Z`;

const webhookHistory: GivenEvent[] = [
  { stream: `webhooks-${ann}`, type: 'WebhookRegistered', data: { userId: ann, webhookId: hook, url: 'https://x.test/h', events: ['alert.sent'], sealedSecret: 'v1.a.b.c', registeredAt: at(0) } },
  { stream: `webhookdelivery-${delivery}`, type: 'WebhookDeliveryQueued', data: { userId: ann, webhookId: hook, deliveryId: delivery, eventId: 'evt_1', type: 'alert.sent', body: '{}', queuedAt: at(1) } },
  {
    stream: `webhookdelivery-${delivery}`,
    type: 'WebhookDeliveryAttempted',
    data: { userId: ann, webhookId: hook, deliveryId: delivery, attempt: 1, statusCode: 500, error: null, outcome: 'retrying', nextAttemptAt: at(31), attemptedAt: at(1) },
  },
  {
    stream: `webhookdelivery-${delivery}`,
    type: 'WebhookDeliveryAttempted',
    data: { userId: ann, webhookId: hook, deliveryId: delivery, attempt: 2, statusCode: 204, error: null, outcome: 'delivered', nextAttemptAt: null, attemptedAt: at(31) },
  },
  { stream: `webhooks-${ann}`, type: 'WebhookRemoved', data: { userId: ann, webhookId: hook, removedAt: at(40) } },
];

const expectedHooks = [{ _id: hook, userId: ann, url: 'https://x.test/h', events: ['alert.sent'], sealedSecret: 'v1.a.b.c', registeredAt: at(0), removedAt: at(40), _position: 5 }];
const expectedDeliveries = [
  {
    _id: delivery,
    userId: ann,
    webhookId: hook,
    eventId: 'evt_1',
    type: 'alert.sent',
    body: '{}',
    queuedAt: at(1),
    status: 'delivered',
    attempts: 2,
    lastStatusCode: 204,
    lastError: null,
    lastAttemptAt: at(31),
    nextAttemptAt: null,
    _position: 4,
  },
];

describe('webhooks projection', () => {
  it('keeps the endpoints and each delivery with its latest attempt', async () => {
    const { all } = await project(webhooksProjection, recorded(webhookHistory));
    expect(await all(WEBHOOKS)).toEqual(expectedHooks);
    expect(await all(WEBHOOK_DELIVERIES)).toEqual(expectedDeliveries);
  });

  it('gives the same documents when every batch is delivered twice', async () => {
    const twice = await project(webhooksProjection, recorded(webhookHistory), { batchSize: 1, deliverTwice: true });
    expect(await twice.all(WEBHOOKS)).toEqual(expectedHooks);
    expect(await twice.all(WEBHOOK_DELIVERIES)).toEqual(expectedDeliveries);
  });
});

describe('api-tokens projection', () => {
  const history: GivenEvent[] = [
    { stream: `apitokens-${ann}`, type: 'ApiTokenCreated', data: { userId: ann, tokenId: token, name: 'Sheet', tokenHash: 'a'.repeat(64), createdAt: at(0), expiresAt: null } },
    { stream: `apitokens-${ann}`, type: 'ApiTokenRevoked', data: { userId: ann, tokenId: token, reason: 'user', revokedAt: at(9) } },
  ];
  const expected = [{ _id: token, userId: ann, name: 'Sheet', tokenHash: 'a'.repeat(64), createdAt: at(0), expiresAt: null, revokedAt: at(9), _position: 2 }];

  it('keeps a revoked token with its revocation time, also when every batch is delivered twice', async () => {
    expect(await (await project(apiTokensProjection, recorded(history))).all(API_TOKENS)).toEqual(expected);
    expect(await (await project(apiTokensProjection, recorded(history), { batchSize: 1, deliverTwice: true })).all(API_TOKENS)).toEqual(expected);
  });
});
