import path from 'node:path';
import { inject } from 'vitest';
import { streams } from '../../../events/streams.ts';
import { createEventStore } from '../../../infra/event-store/create-event-store.ts';
import { EventLog } from '../../../services/core/event-log.ts';

/**
 * The shared e2e server's own event log (its DATA_DIR beside the outbox), opened for one piece of work
 * and closed again: how a spec sets up what no screen can (a Premium subscription, a new quote).
 */
export async function withServerLog<T>(work: (log: EventLog) => Promise<T>): Promise<T> {
  const store = await createEventStore({ eventStoreUrl: undefined, dataDir: path.dirname(inject('e2eOutboxFile')) });
  try {
    return await work(new EventLog(store));
  } finally {
    await store.close();
  }
}

/** The metadata of an event a spec appends. */
export function e2eMeta(correlationId: string) {
  return { actor: 'e2e', correlationId, now: new Date().toISOString() };
}

/** Makes a user Premium (active) the way billing records a subscription (SubscriptionChanged on the user's stream). */
export async function makePremium(userId: string, correlationId: string): Promise<void> {
  await withServerLog((log) =>
    log.append(
      streams.user(userId),
      [{ type: 'SubscriptionChanged', data: { userId, subscriptionTier: 'premium', subscriptionStatus: 'active', changedAt: new Date().toISOString() } }],
      'any',
      e2eMeta(correlationId),
    ),
  );
}
