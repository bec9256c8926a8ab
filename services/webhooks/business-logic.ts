import type { WebhookEvent, WebhookEventType } from '../../events/webhooks.ts';
import type { CommandContext, Decider } from '../core/decider.ts';
import { badRequest, notFound } from '../core/errors.ts';
import { nextAttemptAt } from './backoff.ts';

/**
 * Signed webhooks (Premium; docs/open-data.md). Two deciders:
 * - `webhooks-<userId>`: the endpoints, at most MAX_WEBHOOKS registered at a time;
 * - `webhookdelivery-<id>`: one delivery, queued once, then one attempt after another until a 2xx
 *   (delivered) or the 24 hours are over (failed). An attempt whose number is not the next one, or on a
 *   delivery that is no longer pending, writes nothing (two workers never record the same attempt).
 */

export const MAX_WEBHOOKS = 3;

export const webhookMessages = {
  tooMany: `You can register at most ${MAX_WEBHOOKS} webhook endpoints. Remove one first.`,
  notFound: 'Webhook not found',
} as const;

type RegistrationEvent = Extract<WebhookEvent, { type: 'WebhookRegistered' | 'WebhookRemoved' }>;
type DeliveryEvent = Extract<WebhookEvent, { type: 'WebhookDeliveryQueued' | 'WebhookDeliveryAttempted' }>;

// ---------------------------------------------------------------------------------------------------
// Registrations

export interface WebhooksState {
  active: Record<string, { url: string; events: WebhookEventType[] }>;
}

export type WebhooksCommand =
  | { type: 'RegisterWebhook'; data: { userId: string; webhookId: string; url: string; events: WebhookEventType[]; sealedSecret: string } }
  | { type: 'RemoveWebhook'; data: { userId: string; webhookId: string } };

export function evolveWebhooks(state: WebhooksState, event: RegistrationEvent): WebhooksState {
  switch (event.type) {
    case 'WebhookRegistered':
      return { active: { ...state.active, [event.data.webhookId]: { url: event.data.url, events: event.data.events } } };
    case 'WebhookRemoved': {
      const { [event.data.webhookId]: _gone, ...active } = state.active;
      return { active };
    }
    default: {
      const never: never = event;
      throw new Error(`unhandled event ${JSON.stringify(never)}`);
    }
  }
}

export function decideWebhooks(command: WebhooksCommand, state: WebhooksState, ctx: CommandContext): RegistrationEvent[] {
  switch (command.type) {
    case 'RegisterWebhook': {
      if (Object.keys(state.active).length >= MAX_WEBHOOKS) throw badRequest(webhookMessages.tooMany);
      return [{ type: 'WebhookRegistered', data: { ...command.data, registeredAt: ctx.now } }];
    }
    case 'RemoveWebhook': {
      const { userId, webhookId } = command.data;
      if (!(webhookId in state.active)) throw notFound(webhookMessages.notFound);
      return [{ type: 'WebhookRemoved', data: { userId, webhookId, removedAt: ctx.now } }];
    }
    default: {
      const never: never = command;
      throw new Error(`unhandled command ${JSON.stringify(never)}`);
    }
  }
}

export const webhooksDecider: Decider<WebhooksCommand, WebhooksState, RegistrationEvent> = {
  initialState: () => ({ active: {} }),
  evolve: evolveWebhooks,
  decide: decideWebhooks,
  folds: { WebhookRegistered: true, WebhookRemoved: true },
  keepsFoldedState: true,
};

// ---------------------------------------------------------------------------------------------------
// Deliveries

export interface DeliveryState {
  queued: { userId: string; webhookId: string; queuedAt: string } | null;
  attempts: number;
  status: 'pending' | 'delivered' | 'failed';
}

/** What one attempt found: the receiver's status, or an error before any answer. */
export type AttemptResult = { status: number } | { error: string };

export type DeliveryCommand =
  | { type: 'QueueDelivery'; data: { userId: string; webhookId: string; deliveryId: string; eventId: string; type: WebhookEventType; body: string } }
  | { type: 'RecordAttempt'; data: { deliveryId: string; attempt: number; result: AttemptResult } }
  /** The endpoint was removed (or the user lost Premium) before the delivery went out: it fails now, unsent. */
  | { type: 'AbandonDelivery'; data: { deliveryId: string; reason: string } };

export function evolveDelivery(state: DeliveryState, event: DeliveryEvent): DeliveryState {
  switch (event.type) {
    case 'WebhookDeliveryQueued':
      return { ...state, queued: { userId: event.data.userId, webhookId: event.data.webhookId, queuedAt: event.data.queuedAt } };
    case 'WebhookDeliveryAttempted':
      return { ...state, attempts: event.data.attempt, status: event.data.outcome === 'retrying' ? 'pending' : event.data.outcome };
    default: {
      const never: never = event;
      throw new Error(`unhandled event ${JSON.stringify(never)}`);
    }
  }
}

const delivered = (result: AttemptResult) => 'status' in result && result.status >= 200 && result.status < 300;

export function decideDelivery(command: DeliveryCommand, state: DeliveryState, ctx: CommandContext): DeliveryEvent[] {
  switch (command.type) {
    case 'QueueDelivery':
      // At least once, not twice: the reactor met this event before (a restart before its checkpoint).
      if (state.queued) return [];
      return [{ type: 'WebhookDeliveryQueued', data: { ...command.data, queuedAt: ctx.now } }];
    case 'RecordAttempt': {
      const { deliveryId, attempt, result } = command.data;
      if (!state.queued || state.status !== 'pending' || attempt !== state.attempts + 1) return [];
      const { userId, webhookId, queuedAt } = state.queued;
      const next = delivered(result) ? null : nextAttemptAt(queuedAt, attempt, ctx.now);
      const outcome = delivered(result) ? 'delivered' : next === null ? 'failed' : 'retrying';
      const statusCode = 'status' in result && result.status >= 100 && result.status <= 599 ? result.status : null;
      const error = 'error' in result ? result.error.slice(0, 500) : statusCode === null ? 'no HTTP status' : null;
      return [{ type: 'WebhookDeliveryAttempted', data: { userId, webhookId, deliveryId, attempt, statusCode, error, outcome, nextAttemptAt: next, attemptedAt: ctx.now } }];
    }
    case 'AbandonDelivery': {
      if (!state.queued || state.status !== 'pending') return [];
      const { userId, webhookId } = state.queued;
      const { deliveryId, reason } = command.data;
      return [
        {
          type: 'WebhookDeliveryAttempted',
          data: { userId, webhookId, deliveryId, attempt: state.attempts + 1, statusCode: null, error: reason, outcome: 'failed', nextAttemptAt: null, attemptedAt: ctx.now },
        },
      ];
    }
    default: {
      const never: never = command;
      throw new Error(`unhandled command ${JSON.stringify(never)}`);
    }
  }
}

export const deliveryDecider: Decider<DeliveryCommand, DeliveryState, DeliveryEvent> = {
  initialState: () => ({ queued: null, attempts: 0, status: 'pending' }),
  evolve: evolveDelivery,
  decide: decideDelivery,
  folds: { WebhookDeliveryQueued: true, WebhookDeliveryAttempted: true },
};
