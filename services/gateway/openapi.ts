import { OpenAPIRegistry, OpenApiGeneratorV31, zodToOpenAPIRegistry, type ResponseConfig, type RouteConfig } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import { registerCache } from '../../domain/caches/registry.ts';
import { AdminPing, User, VerifyEmailAnswer } from '../../contracts/accounts.ts';
import { CsvUpload, DistributionWithdrawal, EtfImportResult, EtfJson, HistoryImportResult, SplitJson, SplitRequest } from '../../contracts/catalog.ts';
import { ErrorBody, MessageAnswer } from '../../contracts/errors.ts';
import { BillingAvailability, RedirectUrl, WebhookAnswer } from '../../contracts/billing.ts';
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
import { AdminNewsArticle, NewsArticleUpdate, NewsKeywords, PageInput, PageJson, PurgeResult } from '../../contracts/content.ts';
import { PURGES } from '../news/admin-api.ts';
import { HoldingView, UserCalendarEntry } from '../../contracts/portfolio.ts';
import { FooterHtmlAnswer, HeaderNavAnswer, NavItem } from '../../contracts/settings.ts';
import { AdminSetting, ImageJson, ImageUpload, SettingWrite } from '../../contracts/content.ts';
import { MAX_IMAGE_BYTES } from '../images/api.ts';
import { footerWriteSchema } from '../settings/admin-api.ts';
import { listQuery as jobsListQuery } from '../jobs/api.ts';
import { DATA_OPERATIONS } from '../jobs/admin-api.ts';
import { createEtfSchema, updateEtfSchema } from '../catalog/api.ts';
import { SETTING_KEYS } from '../settings/business-logic.ts';
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
  SplitRequest,
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
  SettingWrite,
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

const decimal = (what: string) => ({ type: ['string', 'number'], description: `${what}: a decimal as a number or text ("1,000", "$12.50").` });

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
describe(SettingWrite, { value: settingValue });

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
  const csvBody = {
    body: {
      required: true,
      description: 'The CSV file as `text/csv` (or text/plain), or as JSON `{ "csv": "..." }`.',
      content: { 'text/csv': { schema: z.string() }, 'application/json': { schema: CsvUpload } },
    },
  };
  const ticker = z.object({ ticker: z.string().describe('The fund ticker, any case (`NVDW`).') });
  const id = (what: string) => z.object({ id: z.string().describe(`The ${what} id (uuid).`) });

  // --- site settings and news
  add('get', '/api/settings/{key}', {
    tags: ['Settings'],
    summary: 'A public site setting: `header_nav` → `{items}`, `footer_html` → `{html}`.',
    access: 'public',
    request: { params: z.object({ key: z.enum([SETTING_KEYS.headerNav, SETTING_KEYS.footerHtml]) }) },
    responses: { 200: ok('The setting.', z.union([HeaderNavAnswer, FooterHtmlAnswer])), ...errors(404) },
  });
  add('get', '/api/news', { tags: ['News'], summary: 'Published articles, newest first (never cached).', access: 'public', responses: { 200: ok('The articles.', z.array(NewsItem)) } });
  add('get', '/api/news/ticker/{ticker}', {
    tags: ['News'],
    summary: 'Published articles about one fund, newest first.',
    access: 'public',
    request: { params: ticker },
    responses: { 200: ok('The articles.', z.array(NewsItem)) },
  });

  // --- managed pages
  add('get', '/api/pages/by-path', {
    tags: ['Pages'],
    summary: 'A published managed page by its path (normalised as the owner\'s form does); drafts and unknown paths are 404.',
    access: 'public',
    request: { query: z.object({ path: z.string().describe('The page path, e.g. /about (URL-encoded).') }) },
    responses: { 200: ok('The page.', PageJson), ...errors(400, 404) },
  });
  add('get', '/api/admin/pages', { tags: ['Admin'], summary: 'Every managed page, drafts too, by path.', access: 'owner', responses: { 200: ok('The pages.', z.array(PageJson)) } });
  add('post', '/api/admin/pages', {
    tags: ['Admin'],
    summary: 'Create a managed page (a draft unless isPublished is 1; noIndex 0 by default).',
    description:
      'The path is normalised on the server (contracts/page-path.ts) and the slug derived from it. 409 when another page has the path or the site itself uses it (`/etfs/...`, `/login`, …).',
    access: 'owner',
    request: body(PageInput),
    responses: { 201: ok('The page.', PageJson), ...errors(400, 409) },
  });
  add('put', '/api/admin/pages/{id}', {
    tags: ['Admin'],
    summary: "Save a page's form (optional fields left out keep their value; null or empty clears them).",
    access: 'owner',
    request: { params: id('page'), ...body(PageInput) },
    responses: { 200: ok('The page.', PageJson), ...errors(400, 404, 409) },
  });
  add('delete', '/api/admin/pages/{id}', {
    tags: ['Admin'],
    summary: 'Delete a page; its path is free again.',
    access: 'owner',
    request: { params: id('page') },
    responses: { 204: noContent, ...errors(404) },
  });

  // --- owner: news management (POST /api/admin/ingest-news is a data operation, below)
  const newsId = z.object({ id: z.string().describe('The article id.') });
  add('get', '/api/admin/news', {
    tags: ['News'],
    summary: 'Every article that is not deleted, in every status, newest first.',
    access: 'owner',
    responses: { 200: ok('The articles.', z.array(AdminNewsArticle)) },
  });
  add('put', '/api/admin/news/{id}', {
    tags: ['News'],
    summary: 'Edit an article: title, summary, tags (comma-separated or a list) and status (draft, review or published; left out: review).',
    access: 'owner',
    request: { params: newsId, ...body(NewsArticleUpdate) },
    responses: { 200: ok('The article.', AdminNewsArticle), ...errors(400, 404, 412) },
  });
  add('delete', '/api/admin/news/{id}', {
    tags: ['News'],
    summary: 'Delete an article (a later ingestion never brings it back).',
    access: 'owner',
    request: { params: newsId },
    responses: { 204: noContent, ...errors(404, 412) },
  });
  for (const [path, status] of Object.entries(PURGES)) {
    add('post', `/api/admin${path}`, {
      tags: ['News'],
      summary: `Delete every article in status ${status}.`,
      access: 'owner',
      responses: { 200: ok('How many were deleted.', PurgeResult) },
    });
  }
  add('get', '/api/admin/news-keywords', {
    tags: ['News'],
    summary: 'The auto-publish keywords (the default list until the owner saves one).',
    access: 'owner',
    responses: { 200: ok('The keywords.', NewsKeywords) },
  });
  add('put', '/api/admin/news-keywords', {
    tags: ['News'],
    summary: 'Save the auto-publish keywords: trimmed, empty ones dropped, de-duplicated case-insensitively; at most 100 of at most 60 characters.',
    access: 'owner',
    request: body(NewsKeywords),
    responses: { 200: ok('The keywords as saved.', NewsKeywords), ...errors(400, 412) },
  });

  // --- owner: catalog, data operations, jobs
  const admin = ['Admin'];
  add('get', '/api/admin/ping', { tags: admin, summary: 'Checks the owner guard.', access: 'owner', responses: { 200: ok('The owner is signed in.', AdminPing) } });
  add('post', '/api/etfs', {
    tags: admin,
    summary: 'List a new ETF.',
    access: 'owner',
    request: body(createEtfSchema),
    responses: { 201: ok('The listed ETF.', EtfJson), ...errors(400, 409) },
  });
  add('put', '/api/admin/etfs/{id}', {
    tags: admin,
    summary: "Change an ETF's details (left-out fields keep their value).",
    access: 'owner',
    request: { params: id('ETF'), ...body(updateEtfSchema) },
    responses: { 200: ok('The ETF.', EtfJson), ...errors(400, 404, 409) },
  });
  add('get', '/api/admin/etfs/export.csv', {
    tags: admin,
    summary: 'The ETF list as CSV.',
    access: 'owner',
    responses: { 200: { description: 'The CSV file (attachment).', content: { 'text/csv': { schema: z.string() } } } },
  });
  add('post', '/api/admin/etfs/import', {
    tags: admin,
    summary: 'List the ETFs of a CSV file, row by row.',
    access: 'owner',
    request: csvBody,
    responses: { 200: ok('What was created, failed and skipped.', EtfImportResult), ...errors(400, 413) },
  });
  for (const kind of ['prices', 'distributions'] as const) {
    add('post', `/api/admin/etfs/{id}/${kind}/import`, {
      tags: admin,
      summary: `Record one fund's ${kind === 'prices' ? 'daily closes' : 'distributions'} from a CSV file (idempotent).`,
      access: 'owner',
      request: { params: id('ETF'), ...csvBody },
      responses: { 200: ok('What was appended, revised or unchanged.', HistoryImportResult), ...errors(400, 404, 413) },
    });
  }
  add('delete', '/api/admin/etfs/{id}/distributions/{exDate}', {
    tags: admin,
    summary: 'Withdraw one distribution: it counts nowhere afterwards, and no provider sync declares it again.',
    access: 'owner',
    request: {
      params: z.object({ id: z.string().describe('The ETF id (uuid).'), exDate: z.string().describe('The ex-date, YYYY-MM-DD.') }),
      query: z.object({ reason: z.string().max(200).optional().describe('Why (kept in the event); default "withdrawn by the owner".') }),
    },
    responses: {
      200: ok('The withdrawn distribution.', DistributionWithdrawal),
      ...errors(400, 404),
    },
  });
  add('post', '/api/admin/etfs/{id}/splits', {
    tags: admin,
    summary: "Record one fund's split or reverse split (a 1-for-10 reverse split: oldRate 10, newRate 1).",
    description:
      'Prices and per-share amounts before the ex-date are adjusted by oldRate / newRate, holdings by newRate / oldRate (docs/metrics.md). ' +
      'The same split again writes nothing (200, `unchanged`); a different ratio for a known ex-date corrects it (200, `revised`).',
    access: 'owner',
    request: { params: id('ETF'), ...body(describe(SplitRequest, { oldRate: decimal('Shares before'), newRate: decimal('Shares after') })) },
    responses: {
      201: ok('The split, recorded.', SplitJson),
      200: ok('The split as now recorded (`unchanged` or `revised`).', SplitJson),
      ...errors(400, 404),
    },
  });
  for (const [path, op] of Object.entries(DATA_OPERATIONS)) {
    add('post', `/api/admin${path}`, {
      tags: admin,
      summary: `Start the \`${op.job}\` job.`,
      access: 'owner',
      responses: { 202: { ...ok('Queued; `Location` is the run (`/api/admin/jobs/{id}`).', JobQueued) } },
    });
  }
  add('get', '/api/admin/jobs', {
    tags: admin,
    summary: 'Recent job runs, newest first.',
    access: 'owner',
    request: { query: jobsListQuery },
    responses: { 200: ok('The runs.', z.array(JobJson)), ...errors(400) },
  });
  add('get', '/api/admin/jobs/{id}', {
    tags: admin,
    summary: 'One job run: state, progress, outcome.',
    access: 'owner',
    request: { params: id('job') },
    responses: { 200: ok('The run.', JobJson), ...errors(404) },
  });

  // --- owner: image library and site settings
  add('post', '/api/admin/upload-image', {
    tags: ['Images'],
    summary: 'Add an image to the library (PNG, JPEG, GIF, WebP or SVG, decided by its bytes).',
    description:
      `The file is \`data\`, a base64 data URL, at most ${MAX_IMAGE_BYTES / 1024 / 1024} MiB decoded (the body may be up to 7 MiB). ` +
      'The declared type must be an image type, but the stored type comes from the bytes. An SVG is stored made safe (no script, handler, link, foreignObject or style element). ' +
      'Bytes already in the library answer that image (200) and write nothing. docs/images.md.',
    access: 'owner',
    request: body(ImageUpload),
    responses: {
      201: ok('The new image.', ImageJson),
      200: ok('The library already had these bytes: that image.', ImageJson),
      ...errors(400, 413),
    },
  });
  add('get', '/api/admin/images', { tags: ['Images'], summary: 'The library, newest first (no bytes: `url` serves them).', access: 'owner', responses: { 200: ok('The images.', z.array(ImageJson)) } });
  add('delete', '/api/admin/images/{id}', {
    tags: ['Images'],
    summary: 'Delete an image and its bytes; its URL answers 404 afterwards.',
    access: 'owner',
    request: { params: id('image') },
    responses: { 204: noContent, ...errors(404) },
  });
  add('get', '/api/images/{id}', {
    tags: ['Images'],
    summary: 'The bytes of an image, for anyone.',
    description:
      'Content-Type of the bytes, `X-Content-Type-Options: nosniff`, `Cache-Control: public, max-age=31536000, immutable`, strong ETag (the SHA-256; 304 on If-None-Match), ' +
      "`Content-Disposition: inline` with the file name, and a CSP that runs nothing (`default-src 'none'; style-src 'unsafe-inline'; sandbox`).",
    access: 'public',
    request: { params: id('image') },
    responses: {
      200: {
        description: 'The image.',
        content: Object.fromEntries(['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/svg+xml'].map((type) => [type, { schema: z.string().describe('binary') }])),
      },
      304: { description: 'Not modified (If-None-Match matched the ETag).' },
      ...errors(404),
    },
  });
  const settingsTag = ['Settings'];
  add('get', '/api/admin/settings', { tags: settingsTag, summary: 'Every saved setting, by key (docs/site-settings.md).', access: 'owner', responses: { 200: ok('The settings.', z.array(AdminSetting)) } });
  add('post', '/api/admin/settings', {
    tags: settingsTag,
    summary: 'Save one setting: `footer_html` is sanitised, `header_nav` validated, any other key holds text (at most 10,000 characters).',
    access: 'owner',
    request: body(SettingWrite),
    responses: { 200: ok('The setting as stored.', AdminSetting), ...errors(400, 413) },
  });
  add('put', '/api/admin/settings/footer_html', {
    tags: settingsTag,
    summary: "Save the footer's HTML, sanitised on the server (no script, event handler, javascript: URL, iframe, object, embed or form).",
    access: 'owner',
    request: body(footerWriteSchema),
    responses: { 200: ok('The setting as stored: the HTML every visitor gets.', AdminSetting), ...errors(400, 413) },
  });
  add('put', '/api/admin/settings/header_nav', {
    tags: settingsTag,
    summary: 'Save the header navigation: links, dropdowns (children or legacy items), dividers, section headers; paths are /site paths, #anchors, http(s):// or mailto:.',
    access: 'owner',
    request: body(z.object({ nav: z.union([HeaderNavAnswer, z.array(NavItem)]).describe('`{items}`, or the items list itself.') })),
    responses: { 200: ok('The setting as stored.', AdminSetting), ...errors(400, 413) },
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
