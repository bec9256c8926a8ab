import { Router } from 'express';
import type { AppDeps } from '../http/deps.ts';

const PING_TIMEOUT_MS = 2000;

type Check = { status: 'ok' } | { status: 'failed'; error: string };

async function check(probe: () => Promise<unknown>): Promise<Check> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      probe(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${PING_TIMEOUT_MS} ms`)), PING_TIMEOUT_MS);
      }),
    ]);
    return { status: 'ok' };
  } catch (error) {
    return { status: 'failed', error: error instanceof Error ? error.message : String(error) };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * - `GET /healthz`: the process is up (liveness) — no dependency is consulted.
 * - `GET /readyz`: the event store and the document store answer a ping, and every projection is
 *   caught up (live, or catching up with no lag). 200 `ready` when all hold, otherwise 503 `not ready`;
 *   503 `degraded` when they hold but the event log cannot be written (a failed append, or too little
 *   free space in DATA_DIR: `deps.writeHealth`, security audit S6), so a load balancer sends no more
 *   writes to a node that would fail them all; reads still work there. With the details.
 */
export function healthRouter(deps: AppDeps): Router {
  const router = Router();
  router.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  router.get('/readyz', async (_req, res) => {
    const [eventStore, documentStore, keyStore] = await Promise.all([check(() => deps.log.store.ping()), check(() => deps.docs.ping()), check(() => deps.keys.ping())]);
    let projections: { name: string; version: number; state: string; position: number; head: number; lag: number; error?: string }[] = [];
    let projectionsCheck: Check = { status: 'ok' };
    try {
      projections = (await deps.readModels.status()).map(({ name, version, state, position, head, lag, error }) => ({
        name,
        version,
        state,
        position,
        head,
        lag,
        ...(error ? { error } : {}),
      }));
      // Caught up = live, or still flagged catching-up but with nothing left to read (an empty log or
      // a checkpoint already at the head reports that until the next event arrives).
      const behind = projections.filter((p) => !(p.state === 'live' || (p.state === 'catching-up' && p.lag === 0)));
      if (behind.length > 0) {
        projectionsCheck = { status: 'failed', error: `not caught up: ${behind.map((p) => `${p.name} (${p.state})`).join(', ')}` };
      }
    } catch (error) {
      projectionsCheck = { status: 'failed', error: error instanceof Error ? error.message : String(error) };
    }
    const writes = deps.writeHealth.status();
    const writesCheck: Check & { since?: string } = writes.status === 'ok' ? { status: 'ok' } : { status: 'failed', error: writes.reason, since: writes.since };
    const up = eventStore.status === 'ok' && documentStore.status === 'ok' && keyStore.status === 'ok' && projectionsCheck.status === 'ok';
    const ready = up && writes.status === 'ok';
    res.status(ready ? 200 : 503).json({
      status: ready ? 'ready' : up ? 'degraded' : 'not ready',
      ...(ready ? {} : { message: up ? `Service degraded: the event log cannot be written (${writesCheck.status === 'failed' ? writesCheck.error : ''})` : 'Service not ready' }),
      checks: { eventStore, documentStore, keyStore, projections: { ...projectionsCheck, details: projections }, writes: writesCheck },
    });
  });
  return router;
}
