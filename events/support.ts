import { z } from 'zod';
import { defineEvent, type EventsOf } from './define.ts';
import { isoInstant } from './catalog.ts';

/**
 * Written on `support-<requestId>` when a signed-in user sends the support form (/support). `priority`
 * is the user's Premium rights at that moment (Premium's "priority support": docs/billing.md); the
 * name and address are copied so the owner's inbox needs no other read model.
 */
export const supportRequested = defineEvent(
  'SupportRequested',
  z.object({
    requestId: z.uuid(),
    userId: z.uuid(),
    email: z.string().min(3),
    name: z.string().min(1),
    priority: z.boolean(),
    subject: z.string().min(1).max(150),
    message: z.string().min(1).max(5000),
    requestedAt: isoInstant,
  }),
);

/** Written on `support-<requestId>` when the owner marks the request answered (the answer itself goes by mail). */
export const supportRequestAnswered = defineEvent('SupportRequestAnswered', z.object({ requestId: z.uuid(), answeredAt: isoInstant }));

export const supportEvents = [supportRequested, supportRequestAnswered] as const;

export type SupportEvent = EventsOf<typeof supportEvents>;
