import { Router } from 'express';
import type { AdminPing } from '../../contracts/accounts.ts';
import type { AppDeps } from './deps.ts';
import { authOf } from './session.ts';

/**
 * `GET /api/admin/ping`: the smallest owner-only route, to check the admin guard from the client
 * and in tests. The guard itself (requireOwner on all of `/api/admin`) is mounted by app.ts.
 */
export function adminPingRouter(_deps: AppDeps): Router {
  const router = Router();
  router.get('/ping', (_req, res) => {
    res.json({ ok: true, owner: authOf(res).user.email } satisfies AdminPing);
  });
  return router;
}
