import { OpenAPIRegistry, OpenApiGeneratorV31, zodToOpenAPIRegistry, type ResponseConfig, type RouteConfig } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import { registerCache } from '../../domain/caches/registry.ts';
import * as accounts from '../../contracts/accounts.ts';
import * as admin from '../../contracts/admin.ts';
import * as alerts from '../../contracts/alerts.ts';
import * as billing from '../../contracts/billing.ts';
import * as brokerage from '../../contracts/brokerage.ts';
import * as calendarFeeds from '../../contracts/calendar-feeds.ts';
import * as catalog from '../../contracts/catalog.ts';
import * as content from '../../contracts/content.ts';
import * as errorContracts from '../../contracts/errors.ts';
import * as favorites from '../../contracts/favorites.ts';
import * as payouts from '../../contracts/payouts.ts';
import * as images from '../../contracts/images.ts';
import * as jobs from '../../contracts/jobs.ts';
import * as live from '../../contracts/live.ts';
import * as market from '../../contracts/market.ts';
import * as news from '../../contracts/news.ts';
import * as pages from '../../contracts/pages.ts';
import * as portfolio from '../../contracts/portfolio.ts';
import * as settings from '../../contracts/settings.ts';
import * as tokens from '../../contracts/tokens.ts';
import * as webhooks from '../../contracts/webhooks.ts';
import type { Access, EndpointSpec, Reply } from '../../contracts/endpoint.ts';
import { getOpenApi } from '../../contracts/meta.ts';
import { apiModule, handle, SENT, type ApiModule, type Handled } from '../http/endpoints.ts';
import { SESSION_COOKIE } from '../http/session.ts';

/**
 * The OpenAPI 3.1 description of `/api`, served at `GET /api/openapi.json`: one loop over the endpoint
 * definitions the app handles (contracts/endpoint.ts), so every mounted route is described by
 * construction, with the schemas the gateway validates requests with and the answers' contracts.
 */

// ---------------------------------------------------------------------------------------------------
// Names: every schema a contract exports under a PascalCase name becomes a component
// (`#/components/schemas/<name>`) wherever an endpoint uses that very schema.

const contractModules = [accounts, admin, alerts, billing, brokerage, calendarFeeds, catalog, content, errorContracts, favorites, images, jobs, live, market, news, pages, payouts, portfolio, settings, tokens, webhooks];

function isSchema(value: unknown): value is z.ZodType {
  return value instanceof z.ZodType;
}

/**
 * Names a schema in the generator's own registry, keyed by schema instance: a named schema becomes a
 * component wherever a path uses it, and the contracts stay plain zod (no `extendZodWithOpenApi`
 * patching, no ids in zod's global registry).
 */
function name(refId: string, schema: z.ZodType): void {
  if (!zodToOpenAPIRegistry.has(schema)) zodToOpenAPIRegistry.add(schema, { _internal: { refId } } as never);
}

function nameContracts(): void {
  for (const module of contractModules) {
    for (const [exported, value] of Object.entries(module)) if (/^[A-Z][A-Za-z0-9]*$/.test(exported) && isSchema(value)) name(exported, value);
  }
  // A setting's value is any JSON (zod's recursive `z.json()` has no OpenAPI rendering of its own).
  const value = content.AdminSetting.shape.value;
  if (!zodToOpenAPIRegistry.has(value)) {
    zodToOpenAPIRegistry.add(value, {
      description: 'Any JSON: text for most keys, `{items}` for header_nav, HTML text for footer_html.',
      type: ['string', 'number', 'boolean', 'object', 'array', 'null'],
    } as never);
  }
}

// ---------------------------------------------------------------------------------------------------
// Answers

const json = (schema: z.ZodType) => ({ content: { 'application/json': { schema } } });

const errorText = {
  400: 'Invalid request: `message` is the first problem, `errors` one message per invalid field (a body field the endpoint does not name is refused by name).',
  401: 'Not signed in (or the session was revoked); for an API token: unknown, revoked or expired.',
  403: 'Refused: owner-only, beyond the free plan, or an API token on an operation tokens cannot use.',
  404: 'Not found.',
  409: 'Conflict with the current state.',
  412: 'Another write changed the same data at the same time; try again.',
  413: 'Request body too large.',
  415: 'The body is not of a media type the endpoint reads.',
  429: 'Too many attempts; `Retry-After` says when to try again.',
  502: 'An outside service (payments, the brokerage aggregator) could not be reached; try again.',
  503: 'Not available on this server (not configured, or not running here).',
} as const;
type ErrorStatus = keyof typeof errorText;

function errors(...statuses: ErrorStatus[]): Record<number, ResponseConfig> {
  return Object.fromEntries(statuses.map((s) => [s, { description: errorText[s], ...json(errorContracts.ErrorBody) }]));
}

const sessionSecurity = [{ session: [] }];
/** A `tokenReadable` read: the session cookie, or a personal API token (issue 31). */
const sessionOrTokenSecurity: Record<string, string[]>[] = [{ session: [] }, { token: [] }];

// ---------------------------------------------------------------------------------------------------
// Endpoints declared once (contracts/endpoint.ts): one loop

const accessStatuses: Record<Access, ErrorStatus[]> = { public: [], user: [401], premium: [401, 403], owner: [401, 403] };

/** The OpenAPI operation of one definition: its schemas, its answers, the errors its access adds. */
export function documentEndpoint(registry: OpenAPIRegistry, e: EndpointSpec): void {
  const request: NonNullable<RouteConfig['request']> = {};
  if (e.params) request.params = e.params;
  if (e.query) request.query = e.query;
  if (e.body) request.body = { required: true, ...json(e.body) };
  if (e.upload?.kind === 'csv') {
    request.body = {
      required: true,
      description: `${e.upload.description ?? 'The CSV file'} as \`text/csv\` (or text/plain), or as JSON \`{ "csv": "..." }\`; at most ${Math.round(e.upload.maxBytes / 1024)} KiB.`,
      content: { 'text/csv': { schema: z.string() }, 'application/json': { schema: catalog.CsvUpload } },
    };
  }
  if (e.upload?.kind === 'raw') {
    request.body = { required: true, description: e.upload.description, content: Object.fromEntries(Object.entries(e.upload.content).map(([type, schema]) => [type, { schema }])) };
  }
  const responses: Record<number, ResponseConfig> = {};
  for (const [status, reply] of Object.entries(e.responses) as [string, Reply][]) {
    const content = reply.json
      ? { 'application/json': { schema: reply.json } }
      : reply.content
        ? Object.fromEntries(Object.entries(reply.content).map(([type, schema]) => [type, { schema }]))
        : undefined;
    const headers = reply.headers ? Object.fromEntries(Object.entries(reply.headers).map(([name, description]) => [name, { description, schema: { type: 'string' as const } }])) : undefined;
    responses[Number(status)] = { description: reply.description, ...(content ? { content } : {}), ...(headers ? { headers } : {}) };
  }
  // A token's request may also be refused past its rate (429); every other operation answers a token 403.
  const statuses = [...new Set([...accessStatuses[e.access], ...e.errors, ...(e.tokenReadable ? [429 as const] : [])])].sort((a, b) => a - b);
  registry.registerPath({
    method: e.method,
    path: e.path.replace(/:(\w+)/g, '{$1}'),
    summary: e.summary,
    ...(e.description ? { description: e.description } : {}),
    tags: [...e.tags],
    ...(e.access === 'public' ? {} : { security: e.tokenReadable ? sessionOrTokenSecurity : sessionSecurity }),
    ...(Object.keys(request).length > 0 ? { request } : {}),
    responses: { ...responses, ...errors(...statuses) },
  });
}

/**
 * What a registered webhook receives (OpenAPI 3.1 `webhooks`): one POST per event type, the JSON body
 * `WebhookPayload`, signed (docs/open-data.md "Verifying a delivery"). The receiver answers 2xx.
 */
function documentWebhooks(registry: OpenAPIRegistry): void {
  const data: Record<(typeof webhooks.WEBHOOK_EVENT_TYPES)[number], z.ZodType> = {
    'distribution.declared': webhooks.DistributionDeclaredData,
    'distribution.changed': webhooks.DistributionChangedData,
    'payout.received': webhooks.PayoutReceivedData,
    'alert.sent': webhooks.AlertSentData,
  };
  for (const type of webhooks.WEBHOOK_EVENT_TYPES) {
    registry.registerWebhook({
      method: 'post',
      path: type,
      summary: `A \`${type}\` event, to each webhook registered for it (Premium).`,
      description:
        'Headers: `WeeklyDiv-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" with the webhook secret>` and `WeeklyDiv-Event-Id` (the body\'s `id`). At least once: a non-2xx answer, a redirect or no answer within 10 s is retried with back-off for 24 hours, with the same id (deduplicate on it).',
      tags: ['Webhooks'],
      request: {
        headers: z.object({
          'WeeklyDiv-Signature': z.string().describe('t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">'),
          'WeeklyDiv-Event-Id': z.string().describe('The event id: the same on every attempt.'),
        }),
        body: { required: true, ...json(webhooks.WebhookPayload.extend({ type: z.literal(type), data: data[type] })) },
      },
      responses: { 200: { description: 'Any 2xx: received (nothing more is sent for this event).' } },
    });
  }
}

/** How many apps of this process hold the document's JSON text (one per app, built at its first request). */
let documentTexts = 0;
registerCache({
  name: 'openapi-document',
  owner: 'services/gateway/openapi.ts',
  key: "none: each app's one JSON text of the document",
  bound: 'one per app',
  eviction: 'none',
  coherence: 'built from the endpoint definitions the app handles, which do not change while the process runs',
  clearable: false,
  reason: 'a constant of the program; nothing in it can become stale, and building it again would only cost time',
  size: () => documentTexts,
});

/** The document of the given endpoints. */
export function openApiDocument(handled: readonly Handled[]): ReturnType<OpenApiGeneratorV31['generateDocument']> {
  nameContracts();
  const registry = new OpenAPIRegistry();
  registry.registerComponent('securitySchemes', 'session', {
    type: 'apiKey',
    in: 'cookie',
    name: SESSION_COOKIE,
    description: 'The session cookie set by `POST /api/login` or `POST /api/register`.',
  });
  registry.registerComponent('securitySchemes', 'token', {
    type: 'http',
    scheme: 'bearer',
    description:
      'A personal API token (`wd_...`, created in the account page or with `POST /api/user/tokens`): `Authorization: Bearer <token>`. Read-only: only the operations that list this scheme accept it; every other one answers 403. 60 requests a minute per token (429 with `Retry-After`). docs/open-data.md.',
  });
  for (const h of handled) documentEndpoint(registry, h.endpoint);
  documentWebhooks(registry);
  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'WeeklyDiv API',
      version: '1',
      description:
        'Weekly-distribution ETF tracker. JSON in and out; decimals are strings; every non-2xx answer is `{ message, errors? }`. Writes answer with data that already reflects them. A request body field an endpoint does not name is refused (400 naming it).',
    },
    servers: [{ url: '/' }],
  });
}

/** `GET /api/openapi.json`: the description of every endpoint the app handles (built once: they do not change while the process runs). */
export function openApiModule(all: () => readonly Handled[]): ApiModule {
  return apiModule('gateway', () => {
    let body: string | null = null;
    return [
      handle(getOpenApi, (_input, call) => {
        if (body === null) {
          body = JSON.stringify(openApiDocument(all()));
          documentTexts++;
        }
        call.res.type('application/json').send(body);
        return SENT;
      }),
    ];
  });
}
