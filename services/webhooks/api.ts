import { listWebhooks, registerWebhook, removeWebhook, type Webhook } from '../../contracts/webhooks.ts';
import { recentDeliveries, webhooksOf } from '../../read-models/webhooks/queries.ts';
import { badRequest } from '../core/errors.ts';
import type { ReadModels } from '../../read-models/runtime/read-models.ts';
import { apiModule, handle } from '../http/endpoints.ts';
import * as commands from './commands.ts';
import { webhookSecretBox } from './secret.ts';

/** Deliveries listed per webhook. */
export const RECENT_DELIVERIES = 20;

/** A user's webhooks with their latest deliveries, as `GET /api/user/webhooks` lists them (never a secret); the data export holds the same list. */
export async function webhooksListOf(readModels: ReadModels, userId: string): Promise<Webhook[]> {
  const hooks = await webhooksOf(readModels, userId);
  return Promise.all(
    hooks.map(
      async (h): Promise<Webhook> => ({
        id: h._id,
        url: h.url,
        events: h.events,
        createdAt: h.registeredAt,
        deliveries: (await recentDeliveries(readModels, h._id, RECENT_DELIVERIES)).map((d) => ({
          id: d._id,
          eventId: d.eventId,
          type: d.type,
          createdAt: d.queuedAt,
          status: d.status,
          attempts: d.attempts,
          lastStatusCode: d.lastStatusCode,
          lastError: d.lastError,
          lastAttemptAt: d.lastAttemptAt,
          nextAttemptAt: d.nextAttemptAt,
        })),
      }),
    ),
  );
}

/**
 * The user's signed webhooks (contracts/webhooks.ts; docs/open-data.md): register (Premium; 201 with
 * the secret, once; the URL checked: https, public addresses only), list with the latest deliveries,
 * remove (204; 404 when not theirs).
 */
export const webhooksApi = apiModule('webhooks', (deps) => {
  const { log, readModels } = deps;
  const secrets = webhookSecretBox(deps.config.session.secret);
  return [
    handle(registerWebhook, async ({ body }, call) => {
      const refusal = await deps.webhookPoster.refusal(body.url);
      if (refusal) throw badRequest(refusal, { url: refusal });
      const userId = call.auth.user._id;
      const { id, secret, position } = await commands.registerWebhook({ log, secrets }, { userId, url: body.url, events: body.events }, call.context());
      await call.waitFor(position);
      return { id, secret };
    }),

    handle(listWebhooks, (_input, call) => webhooksListOf(readModels, call.auth.user._id)),

    handle(removeWebhook, async ({ params }, call) => {
      const { position } = await commands.removeWebhook(log, call.auth.user._id, params.webhookId, call.context());
      await call.waitFor(position);
    }),
  ];
});
