import express from 'express';
import type { AppDeps } from '../http/deps.ts';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { clientRouter } from './client.ts';
import { PageRenderer } from './ssr.ts';
import { publishedPageByPath } from '../../read-models/pages/queries.ts';
import { apiNotFound, errorHandler, type ErrorBody } from '../http/errors.ts';
import { healthRouter } from './health.ts';
import { requestLog } from '../http/request-log.ts';
import { sameOriginGuard, securityHeaders } from '../http/security.ts';
import { fastReads, inFrontOf, preparedReads } from '../http/fast-reads.ts';
import { mountEndpoints, refuseBearer, type AccessGuards, type Handled } from '../http/endpoints.ts';
import { tokenGuard } from '../tokens/token-auth.ts';
import { requirePremium, requirePremiumOfAuthenticated } from '../billing/premium.ts';
import { openApiModule } from './openapi.ts';
import { requireOwner, requireUser } from '../http/session.ts';
import { apiModules } from './routes.ts';
import { UPLOAD_IMAGE_PATH } from '../images/api.ts';
import { STRIPE_WEBHOOK_PATH, stripeWebhookBody } from '../billing/api.ts';

/**
 * JSON body limit for every route but the image upload, which parses its own body (7 MiB) after the
 * owner guard, so a larger body is read only for that route and only for the owner.
 */
export const JSON_BODY_LIMIT = '1mb';

const OWN_BODY_PARSER = new Set([UPLOAD_IMAGE_PATH]);

/**
 * A path with a malformed percent-escape (`/%`, `/etfs/%ZZ`, `/assets/%ff`, overlong UTF-8) can name
 * no route or file: 400 for every path here, before a router or the asset handler tries to decode it
 * and fails with a URIError, which would be a 500 with a stack in the log (audit L1).
 */
const wellFormedPath: express.RequestHandler = (req, res, next) => {
  try {
    decodeURIComponent(req.path);
  } catch {
    res.status(400).json({ message: 'The address has a malformed percent-escape' } satisfies ErrorBody);
    return;
  }
  next();
};

/**
 * Builds the Express app (no listening: server.ts listens, supertest imports this). Order:
 * security headers → health probes → request log → no-store on /api → well-formed path → raw body of the
 * Stripe webhook → JSON body → same-origin guard →
 * owner guard on /api/admin → module routers → /api 404 → built client with SPA fallback → errors.
 * In front of it all, the fast reads answer the market's prepared views on node:http and hand
 * everything else to Express (services/http/fast-reads.ts).
 */
/** The guards of the access levels (the Premium rule belongs to billing; the composition root wires it). */
export function accessGuards(deps: AppDeps): AccessGuards {
  const token = tokenGuard(deps);
  return {
    user: requireUser(deps),
    premium: requirePremium(deps),
    owner: requireOwner(deps),
    token,
    tokenPremium: inSequence(token, requirePremiumOfAuthenticated(deps)),
  };
}

/** `first`, then `then` when `first` lets the request through (either may be async and throw). */
function inSequence(first: express.RequestHandler, then: express.RequestHandler): express.RequestHandler {
  return (req, res, next) => {
    const afterFirst = (err?: unknown) => (err ? next(err) : Promise.resolve(then(req, res, next)).catch(next));
    Promise.resolve(first(req, res, afterFirst)).catch(next);
  };
}

/** Every endpoint the app handles: the modules' lists, then the OpenAPI document that describes them all. */
export function handledEndpoints(deps: AppDeps): Handled[] {
  const handled = apiModules.flatMap((m) => m.handled(deps));
  handled.push(...openApiModule(() => handled).handled(deps));
  return handled;
}

export function createApp(deps: AppDeps): express.Application {
  const app = express();
  app.disable('x-powered-by');
  // TRUST_PROXY=true trusts exactly one hop (the load balancer): req.ip is the address it saw, the
  // last X-Forwarded-For entry, which a client cannot forge (the leftmost entries it can).
  app.set('trust proxy', deps.config.trustProxy ? 1 : false);

  app.use(securityHeaders(deps.config));
  app.use(healthRouter(deps)); // before the request log: probes every few seconds are noise
  app.use(requestLog(deps.logger));
  // API answers are per user and change with every write: no caching unless a route says otherwise.
  // Set before the body parser and the same-origin guard so their errors are no-store too (audit I1).
  app.use('/api', (_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });
  app.use(wellFormedPath);
  // Stripe's signature covers the exact bytes: the webhook keeps its raw body (express.json then skips it).
  // The same-origin guard lets it through: a server-to-server call carries no Origin or Sec-Fetch-Site.
  app.use(STRIPE_WEBHOOK_PATH, stripeWebhookBody());
  const jsonBody = express.json({ limit: JSON_BODY_LIMIT });
  // Express matches paths case-insensitively and with a trailing slash: compare the same way.
  app.use((req, res, next) => (OWN_BODY_PARSER.has(req.path.toLowerCase().replace(/\/+$/, '')) ? next() : jsonBody(req, res, next)));
  app.use(sameOriginGuard(deps.config));

  // Every /api/admin route — existing or not — is refused unless the owner is signed in.
  // A personal API token reaches none of them (403, before the cookie is looked at).
  app.use('/api/admin', refuseBearer, requireOwner(deps));
  const handled = handledEndpoints(deps);
  mountEndpoints(app, deps, accessGuards(deps), handled);
  app.use('/api', apiNotFound);

  const prepared = preparedReads(handled);
  // The public pages rendered on the server (ssr.ts), when the client is built.
  const indexFile = path.join(deps.config.webDistDir, 'index.html');
  const rendering = existsSync(indexFile) ? new PageRenderer(deps, handled, prepared, indexFile) : undefined;
  app.use(clientRouter(deps.config.webDistDir, { appUrl: deps.config.appUrl, publishedAt: (path) => publishedPageByPath(deps.readModels, path) }, rendering));
  app.use(apiNotFound);
  app.use(errorHandler(deps.logger, deps.writeHealth));
  const reads = fastReads(deps.config, deps.logger, prepared);
  // The prepared views are all under /api and the rendered pages never are: one lookup per request, not two.
  return inFrontOf(app, rendering ? (req, res) => (req.url?.startsWith('/api/') ? reads(req, res) : rendering.fast(req, res)) : reads);
}
