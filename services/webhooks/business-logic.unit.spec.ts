import { describe, expect, it } from 'vitest';
import type { CommandContext } from '../core/decider.ts';
import { deciderSpec } from '../testing/decider-spec.ts';
import { FIRST_RETRY_MS, MAX_RETRY_GAP_MS, nextAttemptAt, retryDelayMs } from './backoff.ts';
import { deliveryDecider, MAX_WEBHOOKS, webhookMessages, webhooksDecider } from './business-logic.ts';
import { deliveryIdOf } from './commands.ts';

const userId = '0a000000-0000-4000-8000-000000000001';
const hook = (n: number) => `0b000000-0000-4000-8000-00000000000${n}`;
const deliveryId = '0c000000-0000-4000-8000-000000000001';
const at = (now: string): CommandContext => ({ actor: 'test', correlationId: 'c', now });
const T0 = '2026-03-02T15:00:00.000Z';
const plus = (ms: number) => new Date(Date.parse(T0) + ms).toISOString();

describe('the retry schedule', () => {
  it('waits 30 s, then doubles, at most 4 hours apart', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11].map((n) => retryDelayMs(n) / 1000)).toEqual([30, 60, 120, 240, 480, 960, 1920, 3840, 7680, 14_400, 14_400]);
    expect(retryDelayMs(1)).toBe(FIRST_RETRY_MS);
    expect(retryDelayMs(40)).toBe(MAX_RETRY_GAP_MS);
  });

  it('gives up when the next attempt would be more than 24 hours after the event', () => {
    // attempting on schedule: the attempt times from the event, in hours
    let attemptedAt = T0;
    const times: number[] = [0];
    for (let attempt = 1; ; attempt++) {
      const next = nextAttemptAt(T0, attempt, attemptedAt);
      if (next === null) break;
      attemptedAt = next;
      times.push((Date.parse(next) - Date.parse(T0)) / 3_600_000);
    }
    expect(times.length).toBe(14);
    expect(times.at(-1)).toBeLessThanOrEqual(24);
    expect(times.at(-1)! + MAX_RETRY_GAP_MS / 3_600_000).toBeGreaterThan(24);
    expect(nextAttemptAt(T0, 12, plus(23 * 3_600_000))).toBeNull();
  });
});

describe('webhook registrations', () => {
  const given = deciderSpec(webhooksDecider, at(T0));
  const registered = (n: number) => ({ type: 'WebhookRegistered' as const, data: { userId, webhookId: hook(n), url: 'https://x.test/h', events: ['alert.sent' as const], sealedSecret: 's', registeredAt: T0 } });
  const register = (n: number) => ({ type: 'RegisterWebhook' as const, data: { userId, webhookId: hook(n), url: 'https://x.test/h', events: ['alert.sent' as const], sealedSecret: 's' } });

  it(`takes ${MAX_WEBHOOKS}, refuses a fourth, takes one again after a removal`, () => {
    given([registered(1), registered(2)]).when(register(3)).then([registered(3)]);
    given([registered(1), registered(2), registered(3)]).when(register(4)).thenThrows({ status: 400, message: webhookMessages.tooMany });
    const removed = { type: 'WebhookRemoved' as const, data: { userId, webhookId: hook(2), removedAt: T0 } };
    given([registered(1), registered(2), registered(3), removed]).when(register(4)).then([registered(4)]);
  });

  it('removes a webhook once (404 after)', () => {
    const remove = { type: 'RemoveWebhook' as const, data: { userId, webhookId: hook(1) } };
    given([registered(1)]).when(remove).then([{ type: 'WebhookRemoved', data: { userId, webhookId: hook(1), removedAt: T0 } }]);
    given([registered(1), { type: 'WebhookRemoved', data: { userId, webhookId: hook(1), removedAt: T0 } }]).when(remove).thenThrows({ status: 404, message: webhookMessages.notFound });
  });
});

describe('a delivery', () => {
  const given = deciderSpec(deliveryDecider, at(T0));
  const queued = { type: 'WebhookDeliveryQueued' as const, data: { userId, webhookId: hook(1), deliveryId, eventId: 'evt_1', type: 'alert.sent' as const, body: '{}', queuedAt: T0 } };
  const attempt = (n: number, result: { status: number } | { error: string }) => ({ type: 'RecordAttempt' as const, data: { deliveryId, attempt: n, result } });
  const attempted = (n: number, outcome: 'delivered' | 'retrying' | 'failed', statusCode: number | null, nextAt: string | null, attemptedAt = T0, error: string | null = null) => ({
    type: 'WebhookDeliveryAttempted' as const,
    data: { userId, webhookId: hook(1), deliveryId, attempt: n, statusCode, error, outcome, nextAttemptAt: nextAt, attemptedAt },
  });

  it('is queued once', () => {
    const { type: _t, data } = queued;
    const { queuedAt: _q, ...command } = data;
    given([]).when({ type: 'QueueDelivery', data: command }).then([queued]);
    given([queued]).when({ type: 'QueueDelivery', data: command }).then([]);
  });

  it('a 2xx delivers; a 500, a 3xx (not followed) or no answer retries on schedule', () => {
    given([queued]).when(attempt(1, { status: 204 })).then([attempted(1, 'delivered', 204, null)]);
    given([queued]).when(attempt(1, { status: 500 })).then([attempted(1, 'retrying', 500, plus(30_000))]);
    given([queued]).when(attempt(1, { status: 301 })).then([attempted(1, 'retrying', 301, plus(30_000))]);
    given([queued]).when(attempt(1, { error: 'no answer within 10 s' })).then([attempted(1, 'retrying', null, plus(30_000), T0, 'no answer within 10 s')]);
    given([queued, attempted(1, 'retrying', 500, plus(30_000))])
      .when(attempt(2, { status: 503 }), at(plus(30_000)))
      .then([attempted(2, 'retrying', 503, plus(90_000), plus(30_000))]);
  });

  it('fails when the 24 hours are over', () => {
    const late = plus(22 * 3_600_000);
    given([queued, attempted(11, 'retrying', 500, late)]).when(attempt(12, { status: 500 }), at(late)).then([attempted(12, 'failed', 500, null, late)]);
  });

  it('records nothing for an attempt out of turn or after the end (two workers, a late job)', () => {
    given([queued]).when(attempt(2, { status: 200 })).then([]);
    given([queued, attempted(1, 'delivered', 200, null)]).when(attempt(2, { status: 200 })).then([]);
    given([queued, attempted(1, 'delivered', 200, null)]).when({ type: 'AbandonDelivery', data: { deliveryId, reason: 'x' } }).then([]);
  });

  it('has an id made from the event and the webhook (the same event queues nothing new)', () => {
    expect(deliveryIdOf('evt_1', hook(1))).toBe(deliveryIdOf('evt_1', hook(1)));
    expect(deliveryIdOf('evt_1', hook(1))).not.toBe(deliveryIdOf('evt_1', hook(2)));
    expect(deliveryIdOf('evt_1', hook(1))).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
