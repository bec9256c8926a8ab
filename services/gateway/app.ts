import express from 'express';
import type { AppDeps } from '../http/deps.ts';
import { clientRouter } from './client.ts';
import { apiNotFound, errorHandler } from '../http/errors.ts';
import { healthRouter } from './health.ts';
import { requestLog } from '../http/request-log.ts';
import { sameOriginGuard, securityHeaders } from '../http/security.ts';
import { requireOwner } from '../http/session.ts';
import { routeModules } from './routes.ts';

/** JSON body limit for every route (a route that needs more would mount its own parser first). */
export const JSON_BODY_LIMIT = '1mb';

/**
 * Builds the Express app (no listening: server.ts listens, supertest imports this). Order:
 * security headers → health probes → request log → JSON body → same-origin guard →
 * owner guard on /api/admin → module routers → /api 404 → built client with SPA fallback → errors.
 */
export function createApp(deps: AppDeps): express.Application {
  const app = express();
  app.disable('x-powered-by');
  // TRUST_PROXY=true trusts exactly one hop (the load balancer): req.ip is the address it saw, the
  // last X-Forwarded-For entry, which a client cannot forge (the leftmost entries it can).
  app.set('trust proxy', deps.config.trustProxy ? 1 : false);

  app.use(securityHeaders(deps.config));
  app.use(healthRouter(deps)); // before the request log: probes every few seconds are noise
  app.use(requestLog(deps.logger));
  app.use(express.json({ limit: JSON_BODY_LIMIT }));
  app.use(sameOriginGuard(deps.config));

  // API answers are per user and change with every write: no caching unless a route says otherwise.
  app.use('/api', (_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });
  // Every /api/admin route — existing or not — is refused unless the owner is signed in.
  app.use('/api/admin', requireOwner(deps));
  for (const module of routeModules) app.use(module.path, module.router(deps));
  app.use('/api', apiNotFound);

  app.use(clientRouter(deps.config.webDistDir));
  app.use(apiNotFound);
  app.use(errorHandler(deps.logger));
  return app;
}
