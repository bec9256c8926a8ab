import type { Request } from 'express';
import type { CommandContext } from '../core/decider.ts';
import type { AppDeps } from './deps.ts';

/**
 * The command context of a request: who (`user:<id>`, or `visitor` when signed out), the request id
 * as correlation id (it is also in the request log), and the time from the gateway clock.
 */
export function commandContext(req: Request, deps: AppDeps, actor: string): CommandContext {
  return { actor, correlationId: String(req.id ?? 'no-request-id'), now: deps.now().toISOString() };
}

export const actors = {
  user: (userId: string) => `user:${userId}`,
  visitor: 'visitor',
} as const;
