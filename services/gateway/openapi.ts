import { OpenAPIRegistry, OpenApiGeneratorV31, zodToOpenAPIRegistry, type ResponseConfig, type RouteConfig } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import { registerCache } from '../../domain/caches/registry.ts';
import { AdminPing, User, VerifyEmailAnswer } from '../../contracts/accounts.ts';
import { CsvUpload, DistributionWithdrawal, EtfImportResult, EtfJson, HistoryImportResult, SplitJson } from '../../contracts/catalog.ts';
import { ErrorBody, MessageAnswer } from '../../contracts/errors.ts';
import { BillingAvailability, RedirectUrl, WebhookAnswer } from '../../contracts/billing.ts';
import { LiveEndEvent, LiveMarketEvent, LivePortfolioEvent, LiveReadyEvent, LiveResyncEvent } from '../../contracts/live.ts';
import { Favorite } from '../../contracts/favorites.ts';
import { BrokerageAccount, BrokerageConnectionUrl, BrokerageRegistration, BrokerageStatus, BrokerageSyncResult } from '../../contracts/brokerage.ts';
import { JobJson, JobQueued } from '../../contracts/jobs.ts';
import {
  DividendHistoryItem,
  DripCalculatorResult,
  EtfDetail,
  EtfListItem,
  EtfSplit,
  ExactMetrics,
  MarketHoliday,
  PricePoint,
  PublicCalendarEntry,
  SimilarEtf,
  YieldCalculatorResult,
} from '../../contracts/market.ts';
import { NewsItem } from '../../contracts/news.ts';
import { CalendarFeedUrl } from '../../contracts/calendar-feeds.ts';
import { AlertSettings, AlertSettingsInput } from '../../contracts/alerts.ts';
import { AdminNewsArticle, NewsKeywords, PageJson, PurgeResult } from '../../contracts/content.ts';
import { PageInput } from '../../contracts/pages.ts';
import { ImageUpload } from '../../contracts/images.ts';
import { HoldingView, UserCalendarEntry } from '../../contracts/portfolio.ts';
import { FooterHtmlAnswer, HeaderNavAnswer, NavItem } from '../../contracts/settings.ts';
import { AdminSetting, ImageJson } from '../../contracts/content.ts';
import { forgotPasswordSchema, loginSchema, registerSchema, resetPasswordSchema, verifyEmailSchema } from '../accounts/api.ts';
import { addFavoriteSchema } from '../favorites/api.ts';
import type { Access, EndpointSpec, Reply } from '../../contracts/endpoint.ts';
import { getOpenApi } from '../../contracts/meta.ts';
import { apiModule, handle, SENT, type ApiModule, type Handled } from '../http/endpoints.ts';
import { SESSION_COOKIE } from '../http/session.ts';

/**
 * The OpenAPI 3.1 description of `/api`, served at `GET /api/openapi.json`. Built from the zod request
 * schemas the routers validate with and the response contracts (contracts/), so the description is
 * the code. openapi.int.spec.ts checks that every mounted route is described and the reverse.
 */

// ---------------------------------------------------------------------------------------------------
// Names: the contracts become components (`#/components/schemas/<name>`) wherever they are used.

const components = {
  ErrorBody,
  MessageAnswer,
  User,
  AdminPing,
  VerifyEmailAnswer,
  EtfListItem,
  EtfDetail,
  DividendHistoryItem,
  EtfSplit,
  SimilarEtf,
  PricePoint,
  PublicCalendarEntry,
  MarketHoliday,
  ExactMetrics,
  YieldCalculatorResult,
  DripCalculatorResult,
  Favorite,
  HoldingView,
  UserCalendarEntry,
  JobJson,
  JobQueued,
  EtfJson,
  EtfImportResult,
  HistoryImportResult,
  DistributionWithdrawal,
  SplitJson,
  NavItem,
  HeaderNavAnswer,
  FooterHtmlAnswer,
  NewsItem,
  PageJson,
  PageInput,
  ImageUpload,
  ImageJson,
  AdminSetting,
  AdminNewsArticle,
  NewsKeywords,
  PurgeResult,
  BrokerageStatus,
  BrokerageRegistration,
  BrokerageConnectionUrl,
  BrokerageAccount,
  BrokerageSyncResult,
  BillingAvailability,
  RedirectUrl,
  WebhookAnswer,
} satisfies Record<string, z.ZodType>;

/**
 * Names a schema in the generator's own registry, keyed by schema instance: a named schema becomes a
 * component wherever a path uses it, and the contracts stay plain zod (no `extendZodWithOpenApi`
 * patching, no ids in zod's global registry).
 */
function name(refId: string, schema: z.ZodType): void {
  if (!zodToOpenAPIRegistry.has(schema)) zodToOpenAPIRegistry.add(schema, { _internal: { refId } } as never);
}

/**
 * Request fields the server parses leniently (`z.unknown()` then a transform: numbers or "1,000"-style
 * text) have no JSON type of their own: say what they accept.
 */
function describe(schema: z.ZodObject, fields: Record<string, { description: string; type?: string[] }>): z.ZodObject {
  for (const [key, meta] of Object.entries(fields)) {
    const field = schema.shape[key];
    if (!field) throw new Error(`openapi: no field ${key} to describe`);
    if (!zodToOpenAPIRegistry.has(field)) zodToOpenAPIRegistry.add(field, meta as never);
  }
  return schema;
}

// ---------------------------------------------------------------------------------------------------
// Responses

const json = (schema: z.ZodType) => ({ content: { 'application/json': { schema } } });
const ok = (description: string, schema: z.ZodType): ResponseConfig => ({ description, ...json(schema) });
const noContent: ResponseConfig = { description: 'Done; no body.' };

const errorText = {
  400: 'Invalid request: `message` is the first problem, `errors` one message per invalid field.',
  401: 'Not signed in (or the session was revoked).',
  403: 'Refused: owner-only, or beyond the free plan.',
  404: 'Not found.',
  409: 'Conflict with the current state.',
  412: 'Another write changed the same data at the same time; try again.',
  413: 'Request body too large.',
  429: 'Too many attempts; `Retry-After` says when to try again.',
  415: 'The body is not of a media type the endpoint reads.',
  502: 'An outside service (the payment provider) could not be reached; try again.',
  503: 'Not available on this server (not configured).',
} as const;
type ErrorStatus = keyof typeof errorText;

function errors(...statuses: ErrorStatus[]): Record<number, ResponseConfig> {
  return Object.fromEntries(statuses.map((s) => [s, ok(errorText[s], ErrorBody)]));
}

// ---------------------------------------------------------------------------------------------------
// Paths

type Method = RouteConfig['method'];

interface Operation extends Omit<RouteConfig, 'method' | 'path' | 'security'> {
  access: Access;
}

const sessionSecurity = [{ session: [] }];
const accessErrors: Record<Access, ErrorStatus[]> = { public: [], user: [401], premium: [401, 403], owner: [401, 403] };

/** A setting's value is any JSON (zod's recursive `z.json()` has no OpenAPI rendering of its own). */
const settingValue = { description: 'Any JSON: text for most keys, `{items}` for header_nav, HTML text for footer_html.', type: ['string', 'number', 'boolean', 'object', 'array', 'null'] };
describe(AdminSetting, { value: settingValue });

function documentPaths(registry: OpenAPIRegistry, declared: ReadonlySet<string>): void {
  const add = (method: Method, path: string, { access, responses, ...rest }: Operation) =>
    declared.has(`${method} ${path}`) ||
    registry.registerPath({
      method,
      path,
      ...rest,
      ...(access === 'public' ? {} : { security: sessionSecurity }),
      responses: { ...responses, ...errors(...accessErrors[access]) },
    });
  const body = (schema: z.ZodType, description?: string) => ({ body: { required: true, ...(description ? { description } : {}), ...json(schema) } });
  const etfId = z.object({ etfId: z.string().describe('The fund id (uuid).') });

  // --- accounts
  const accounts = ['Accounts'];
  add('post', '/api/register', {
    tags: accounts,
    summary: 'Create an account and sign in (sets the session cookie).',
    access: 'public',
    request: body(registerSchema),
    responses: { 201: ok('The new user.', User), ...errors(400, 409) },
  });
  add('post', '/api/login', {
    tags: accounts,
    summary: 'Sign in (sets the session cookie).',
    access: 'public',
    request: body(loginSchema),
    responses: { 200: ok('The user.', User), ...errors(400, 401, 429) },
  });
  add('post', '/api/logout', { tags: accounts, summary: 'Sign out of this browser.', access: 'public', responses: { 200: ok('Signed out.', MessageAnswer) } });
  add('post', '/api/logout-all', {
    tags: accounts,
    summary: 'Sign out on every device (every session cookie issued so far stops working).',
    access: 'user',
    responses: { 200: ok('Signed out everywhere.', MessageAnswer) },
  });
  add('get', '/api/user', { tags: accounts, summary: 'The signed-in user.', access: 'user', responses: { 200: ok('The user.', User) } });
  add('post', '/api/forgot-password', {
    tags: accounts,
    summary: 'Mail a password reset link (the same answer whether or not the account exists).',
    access: 'public',
    request: body(forgotPasswordSchema),
    responses: { 200: ok('Always the same sentence.', MessageAnswer), ...errors(400) },
  });
  add('post', '/api/reset-password', {
    tags: accounts,
    summary: 'Choose a new password with a reset link (ends every session).',
    access: 'public',
    request: body(resetPasswordSchema),
    responses: { 200: ok('Password changed.', MessageAnswer), ...errors(400) },
  });
  add('post', '/api/verify-email', {
    tags: accounts,
    summary:
      'Use the e-mail verification link (48 hours, single use). From a browser signed in to the account it only verifies; from anywhere else it also ends every session and the sign-up password, and answers a single-use token to choose a password (POST /api/reset-password).',
    access: 'public',
    request: body(verifyEmailSchema),
    responses: { 200: ok('Verified; `passwordToken` is set when a password must be chosen.', VerifyEmailAnswer), ...errors(400) },
  });
  add('post', '/api/resend-verification', {
    tags: accounts,
    summary: 'Mail a new verification link (the previous one stops working). One a minute per account, 20 an hour per client address.',
    access: 'user',
    responses: { 200: ok('Sent.', MessageAnswer), ...errors(409, 429) },
  });

  // --- favorites and portfolio of the signed-in user
  const favorites = ['Favorites'];
  add('get', '/api/user/favorites', { tags: favorites, summary: 'Favorites in the order added.', access: 'user', responses: { 200: ok('The favorites.', z.array(Favorite)) } });
  add('get', '/api/user/favorites/{etfId}', {
    tags: favorites,
    summary: 'The favorite of one ETF.',
    access: 'user',
    request: { params: etfId },
    responses: { 200: ok('The favorite.', Favorite), ...errors(404) },
  });
  add('post', '/api/user/favorites', {
    tags: favorites,
    summary: 'Add a favorite (the free plan keeps five).',
    access: 'user',
    request: body(addFavoriteSchema),
    responses: { 201: ok('The new favorite.', Favorite), 200: ok('It was a favorite already (nothing written).', Favorite), ...errors(400, 403, 404, 412) },
  });
  add('delete', '/api/user/favorites/{etfId}', {
    tags: favorites,
    summary: 'Remove a favorite.',
    access: 'user',
    request: { params: etfId },
    responses: { 204: noContent, ...errors(404, 412) },
  });

  // --- calendar feeds (docs/calendar-feeds.md)
  const ics = (description: string): ResponseConfig => ({ description, content: { 'text/calendar': { schema: z.string() } } });
  add('get', '/api/dividends/calendar.ics', {
    tags: ['Market'],
    summary: 'The public four-week payout calendar as iCalendar (RFC 5545): an all-day event per payout on its pay date.',
    access: 'public',
    responses: { 200: ics('The calendar; estimated payouts say "Estimated" in the title; UIDs stable per fund and ex-date.') },
  });
  add('get', '/api/user/calendar-feed', {
    tags: ['Portfolio'],
    summary: "The URL of the user's private payout feed (issued on first read), for calendar apps (no cookie needed).",
    access: 'user',
    responses: { 200: ok('The feed URL, also as webcal://.', CalendarFeedUrl) },
  });
  add('post', '/api/user/calendar-feed/rotate', {
    tags: ['Portfolio'],
    summary: 'Replaces the private feed URL; the old one answers 404 from now on.',
    access: 'user',
    responses: { 200: ok('The new feed URL.', CalendarFeedUrl) },
  });
  add('get', '/api/calendar-feeds/{file}', {
    tags: ['Portfolio'],
    summary: "A user's private payout feed (shares × amount); the unguessable token in the path is the key.",
    access: 'public',
    request: { params: z.object({ file: z.string().describe('`<token>.ics`') }) },
    responses: { 200: ics("The user's payouts of the four weeks from Monday of this week."), ...errors(404) },
  });

  // --- payout alerts by e-mail (docs/alerts.md)
  add('get', '/api/user/alerts', {
    tags: ['Portfolio'],
    summary: "The user's payout-alert settings (defaults before the first save: 10 %, distribution changes on, ex-date reminders off).",
    access: 'user',
    responses: { 200: ok('The settings.', AlertSettings) },
  });
  add('put', '/api/user/alerts', {
    tags: ['Portfolio'],
    summary: 'Saves the payout-alert settings (an AlertSettingsChanged event on alerts-<userId>).',
    access: 'user',
    request: { ...body(AlertSettingsInput, '`distributionChangePercent` 1–100 (whole), `exDateReminder`; `distributionChangeAlerts` optional (absent: unchanged).') },
    responses: { 200: ok('The saved settings.', AlertSettings), ...errors(400) },
  });
  add('get', '/api/alerts/unsubscribe', {
    tags: ['Portfolio'],
    summary: "An alert mail's one-click unsubscribe link: turns that alert kind off, no sign-in (the signed token names the user and the kind).",
    access: 'public',
    request: { query: z.object({ token: z.string().describe('The signed token of the link in the mail.') }) },
    responses: {
      200: {
        description: 'A page saying which alerts are off now (HTML for a browser; `{message}` when the client asks for JSON).',
        content: { 'text/html': { schema: z.string() }, 'application/json': { schema: MessageAnswer } },
      },
      400: { description: 'The link is not valid (an HTML page for a browser).', content: { 'application/json': { schema: ErrorBody }, 'text/html': { schema: z.string() } } },
    },
  });

  // --- Premium billing with Stripe (docs/billing.md)
  const billing = ['Billing'];
  add('get', '/api/subscription/availability', {
    tags: billing,
    summary: 'Whether Premium can be bought here (Stripe is configured).',
    access: 'public',
    responses: { 200: ok('The flag.', BillingAvailability) },
  });
  add('post', '/api/subscription/create-checkout-session', {
    tags: billing,
    summary: 'Start buying Premium: a Stripe Checkout Session (subscription mode) for the signed-in user.',
    access: 'user',
    responses: { 200: ok('Where the browser goes: Stripe Checkout.', RedirectUrl), ...errors(409, 502, 503) },
  });
  add('post', '/api/subscription/portal-session', {
    tags: billing,
    summary: "Manage the subscription: a Stripe billing portal session for the user's customer.",
    access: 'user',
    responses: { 200: ok('Where the browser goes: the billing portal.', RedirectUrl), ...errors(409, 502, 503) },
  });
  add('post', '/api/stripe/webhook', {
    tags: billing,
    summary: "Stripe's events (signed with STRIPE_WEBHOOK_SECRET, raw JSON body); each event id is handled once.",
    access: 'public',
    request: {
      headers: z.object({ 'stripe-signature': z.string().describe('Stripe\'s signature header (`t=...,v1=...`), at most 300 s old.') }),
      body: { required: true, description: 'A Stripe event object.', content: { 'application/json': { schema: z.object({ id: z.string(), type: z.string(), created: z.number() }).loose() } } },
    },
    responses: { 200: ok('Taken (recorded, already handled, stale, or not ours).', WebhookAnswer), ...errors(400, 503) },
  });

  // --- Premium: read-only brokerage sync (SnapTrade; docs/brokerage.md)
  const brokerage = ['Brokerage'];
  const premiumOnly = ok('Not Premium: the message names Premium.', ErrorBody);
  const upstream = {
    502: ok('SnapTrade failed or did not answer in time; nothing was changed.', ErrorBody),
    503: ok('Brokerage sync is not available yet (SnapTrade is not configured on this server).', ErrorBody),
  };
  add('get', '/api/brokerage/status', {
    tags: brokerage,
    summary: 'Whether brokerage sync is available on this server, whether the user registered, and the last sync.',
    access: 'user',
    responses: { 200: ok('The status.', BrokerageStatus) },
  });
  add('post', '/api/brokerage/register', {
    tags: brokerage,
    summary: 'Register the user with SnapTrade (once; a repeat does not ask SnapTrade again). Empty body.',
    access: 'user',
    responses: { 201: ok('Registered.', BrokerageRegistration), 200: ok('Registered already (nothing written).', BrokerageRegistration), 403: premiumOnly, ...upstream },
  });
  add('get', '/api/brokerage/connection-url', {
    tags: brokerage,
    summary: "SnapTrade's read-only connection portal link, which returns to the account page; opened in a new tab.",
    access: 'user',
    responses: { 200: ok('The link.', BrokerageConnectionUrl), 403: premiumOnly, ...errors(409), ...upstream },
  });
  add('get', '/api/brokerage/accounts', {
    tags: brokerage,
    summary: 'The connected accounts ([] before registering), each with its last sync.',
    access: 'user',
    responses: { 200: ok('The accounts.', z.array(BrokerageAccount)), 403: premiumOnly, ...upstream },
  });
  add('post', '/api/brokerage/sync', {
    tags: brokerage,
    summary: "Read every account's positions and turn the weekly-dividend ETFs into holdings (source brokerage). Empty body.",
    access: 'user',
    responses: { 200: ok('What the sync found and did.', BrokerageSyncResult), 403: premiumOnly, ...errors(409), ...upstream },
  });

  // --- live updates (Premium; docs/live-updates.md)
  add('get', '/api/user/live', {
    tags: ['Live updates'],
    summary: "The Premium user's live updates as server-sent events (one stream per tab, resumable).",
    description: [
      'A `text/event-stream` that stays open. Every event has an `id` (a log position) and one JSON object as `data`:',
      '`ready` (LiveReadyEvent), `market` (LiveMarketEvent: funds whose detail or history changed), `portfolio` (LivePortfolioEvent: the',
      "user's holdings and payout calendar changed), `resync` (LiveResyncEvent: read everything again), `end` (LiveEndEvent: the server",
      'closes the stream). A `: keep-alive` comment comes every 25 s. Send `Last-Event-ID` (EventSource does on reconnect) to get what',
      'changed since that id. The stream ends when the session ends (sign-out, idle time) or Premium does.',
    ].join(' '),
    access: 'user',
    request: { headers: z.object({ 'last-event-id': z.string().optional().describe('The id of the last event received: the stream sends what changed since.') }) },
    responses: {
      200: {
        description: 'The event stream (`Cache-Control: no-cache`, `X-Accel-Buffering: no`).',
        content: { 'text/event-stream': { schema: z.union([LiveReadyEvent, LiveMarketEvent, LivePortfolioEvent, LiveResyncEvent, LiveEndEvent]) } },
      },
      403: premiumOnly,
      429: ok('The user has live updates open in the most tabs allowed (LIVE_MAX_STREAMS_PER_USER).', ErrorBody),
      503: ok('The server holds the most live streams it allows (LIVE_MAX_STREAMS).', ErrorBody),
    },
  });


}

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
      content: { 'text/csv': { schema: z.string() }, 'application/json': { schema: CsvUpload } },
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
  const statuses = [...new Set([...accessStatuses[e.access], ...e.errors])].sort((a, b) => a - b);
  registry.registerPath({
    method: e.method,
    path: e.path.replace(/:(\w+)/g, '{$1}'),
    summary: e.summary,
    ...(e.description ? { description: e.description } : {}),
    tags: [...e.tags],
    ...(e.access === 'public' ? {} : { security: sessionSecurity }),
    ...(Object.keys(request).length > 0 ? { request } : {}),
    responses: { ...responses, ...errors(...statuses) },
  });
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

/** The document of the given endpoints (and the routes not declared as endpoints yet). */
export function openApiDocument(handled: readonly Handled[]): ReturnType<OpenApiGeneratorV31['generateDocument']> {
  for (const [refId, schema] of Object.entries(components)) name(refId, schema);
  const registry = new OpenAPIRegistry();
  registry.registerComponent('securitySchemes', 'session', {
    type: 'apiKey',
    in: 'cookie',
    name: SESSION_COOKIE,
    description: 'The session cookie set by `POST /api/login` or `POST /api/register`.',
  });
  const declared = new Set(handled.map((h) => `${h.endpoint.method} ${h.endpoint.path.replace(/:(\w+)/g, '{$1}')}`));
  documentPaths(registry, declared);
  for (const h of handled) documentEndpoint(registry, h.endpoint);
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
