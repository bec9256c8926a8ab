import { OpenAPIRegistry, OpenApiGeneratorV31, zodToOpenAPIRegistry, type ResponseConfig, type RouteConfig } from '@asteasolutions/zod-to-openapi';
import { Router } from 'express';
import { z } from 'zod';
import { AdminPing, User, VerifyEmailAnswer } from '../../contracts/accounts.ts';
import { CsvUpload, DistributionWithdrawal, EtfImportResult, EtfJson, HistoryImportResult, SplitJson, SplitRequest } from '../../contracts/catalog.ts';
import { ErrorBody, MessageAnswer } from '../../contracts/errors.ts';
import { Favorite } from '../../contracts/favorites.ts';
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
import { HoldingView, UserCalendarEntry } from '../../contracts/portfolio.ts';
import { FooterHtmlAnswer, HeaderNavAnswer, NavItem } from '../../contracts/settings.ts';
import { forgotPasswordSchema, loginSchema, registerSchema, resetPasswordSchema, verifyEmailSchema } from '../accounts/api.ts';
import { addFavoriteSchema } from '../favorites/api.ts';
import { listQuery as jobsListQuery } from '../jobs/api.ts';
import { DATA_OPERATIONS } from '../jobs/admin-api.ts';
import { historyQuery, topPerformersQuery } from '../market/api.ts';
import { dripCalculatorSchema, yieldCalculatorSchema } from '../market/calculators.ts';
import { createEtfSchema, updateEtfSchema } from '../catalog/api.ts';
import { holdingInputSchema } from '../portfolio/holding-input.ts';
import { SETTING_KEYS } from '../settings/business-logic.ts';
import type { AppDeps } from '../http/deps.ts';
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
} as const;
type ErrorStatus = keyof typeof errorText;

function errors(...statuses: ErrorStatus[]): Record<number, ResponseConfig> {
  return Object.fromEntries(statuses.map((s) => [s, ok(errorText[s], ErrorBody)]));
}

// ---------------------------------------------------------------------------------------------------
// Paths

type Method = RouteConfig['method'];
type Access = 'public' | 'user' | 'owner';

interface Operation extends Omit<RouteConfig, 'method' | 'path' | 'security'> {
  access: Access;
}

const sessionSecurity = [{ session: [] }];
const accessErrors: Record<Access, ErrorStatus[]> = { public: [], user: [401], owner: [401, 403] };

function documentPaths(registry: OpenAPIRegistry): void {
  const add = (method: Method, path: string, { access, responses, ...rest }: Operation) =>
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
  const etfId = z.object({ etfId: z.string().describe('The fund id (uuid).') });
  const holdingId = z.object({ holdingId: z.string().describe('The holding id (uuid).') });
  const id = (what: string) => z.object({ id: z.string().describe(`The ${what} id (uuid).`) });

  // --- public market reads (pre-serialized, strong ETag, 304 on If-None-Match)
  const market = ['Market'];
  add('get', '/api/top-performers', {
    tags: market,
    summary: 'ETFs ranked by yield (funds without a yield last).',
    access: 'public',
    request: { query: topPerformersQuery },
    responses: { 200: ok('The ranked list.', z.array(EtfListItem)), ...errors(400) },
  });
  add('get', '/api/etfs', { tags: market, summary: 'Every listed ETF, by ticker.', access: 'public', responses: { 200: ok('Every ETF.', z.array(EtfListItem)) } });
  add('get', '/api/etfs/by-brand/{brandSlug}', {
    tags: market,
    summary: "One brand's ETFs ([] for an unknown brand).",
    access: 'public',
    request: { params: z.object({ brandSlug: z.string().describe('The brand slug (`roundhill`).') }) },
    responses: { 200: ok("The brand's ETFs.", z.array(EtfListItem)) },
  });
  add('get', '/api/etfs/detail/{ticker}', {
    tags: market,
    summary: 'One ETF with its dividend history and similar ETFs.',
    access: 'public',
    request: { params: ticker },
    responses: { 200: ok('The ETF.', EtfDetail), ...errors(404) },
  });
  add('get', '/api/etfs/detail/{ticker}/history', {
    tags: market,
    summary: 'Daily closes over a range (default 1Y), the intraday price last.',
    access: 'public',
    request: { params: ticker, query: historyQuery },
    responses: { 200: ok('The price points, oldest first.', z.array(PricePoint)), ...errors(400, 404) },
  });
  add('get', '/api/dividends/calendar', {
    tags: market,
    summary: 'Payouts of the four weeks from Monday of this week, declared and projected.',
    access: 'public',
    responses: { 200: ok('The entries by payout date, then ticker.', z.array(PublicCalendarEntry)) },
  });
  add('get', '/api/dividends/calendar/holidays', {
    tags: market,
    summary: 'The NYSE holidays (market closed) of the calendar\'s four weeks, with their names.',
    access: 'public',
    responses: { 200: ok('The holidays by date; empty before the first market day.', z.array(MarketHoliday)) },
  });
  add('post', '/api/calculate/yield', {
    tags: ['Calculators'],
    summary: 'Income of an investment at a yield.',
    access: 'public',
    request: body(
      describe(yieldCalculatorSchema, { investment: decimal('Amount invested, > 0'), yieldPercent: decimal('Annual yield in percent, 0-1000') }),
    ),
    responses: { 200: ok('Annual, monthly, weekly and per-payout income.', YieldCalculatorResult), ...errors(400) },
  });
  add('post', '/api/calculate/drip', {
    tags: ['Calculators'],
    summary: 'Growth with weekly reinvestment at a constant price and dividend.',
    access: 'public',
    request: body(
      describe(dripCalculatorSchema, {
        initialInvestment: decimal('Initial investment, > 0 and at most 1,000,000,000'),
        sharePrice: decimal('Share price, 0.0001 to 1,000,000'),
        weeklyDividend: decimal('Weekly dividend per share, at most 10% of the price'),
        years: { type: ['integer', 'string'], description: 'Whole years, 1-30.' },
      }),
    ),
    responses: { 200: ok('Final value, shares and growth; the yield compounded and whether it is too high to hold a constant price.', DripCalculatorResult), ...errors(400) },
  });

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
  const portfolio = ['Portfolio'];
  add('get', '/api/user/portfolio', {
    tags: portfolio,
    summary: 'Holdings in the order added, with their derived values.',
    access: 'user',
    responses: {
      200: {
        ...ok('The holdings.', z.array(HoldingView)),
        headers: { 'X-Demo-Data': { description: '`true` when any holding (so the portfolio totals) rests on demo data, else `false`.', schema: { type: 'string', enum: ['true', 'false'] } } },
      },
    },
  });
  add('get', '/api/user/portfolio/{holdingId}', {
    tags: portfolio,
    summary: 'One holding.',
    access: 'user',
    request: { params: holdingId },
    responses: { 200: ok('The holding.', HoldingView), ...errors(404) },
  });
  add('post', '/api/user/portfolio', {
    tags: portfolio,
    summary: 'Add a holding.',
    access: 'user',
    request: body(
      describe(holdingInputSchema('2000-01-01'), {
        shares: decimal('Shares bought, > 0, at most 1,000,000,000'),
        purchasePrice: { ...decimal('Price paid per share, > 0; null, "" or left out when unknown'), type: ['string', 'number', 'null'] },
        purchaseDate: { type: ['string', 'null'], description: '`YYYY-MM-DD` (or an ISO instant), not after today in New York; null, "" or left out when unknown.' },
        isDrip: { type: ['integer', 'boolean', 'string'], description: 'Reinvest distributions: 1/0 (also true/false, "1"/"0"); default 0.' },
      }),
    ),
    responses: { 201: ok('The holding, with its derived values.', HoldingView), ...errors(400, 404, 409, 412) },
  });
  add('delete', '/api/user/portfolio/{holdingId}', {
    tags: portfolio,
    summary: 'Remove a holding.',
    access: 'user',
    request: { params: holdingId },
    responses: { 204: noContent, ...errors(404, 412) },
  });
  add('get', '/api/user/dividends/calendar', {
    tags: portfolio,
    summary: "The user's payouts of the four weeks from Monday of this week.",
    access: 'user',
    responses: { 200: ok('Entries of the held funds, weekdays only.', z.array(UserCalendarEntry)) },
  });

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

  add('get', '/api/openapi.json', {
    tags: ['Meta'],
    summary: 'This description.',
    access: 'public',
    responses: { 200: { description: 'The OpenAPI 3.1 document.', content: { 'application/json': { schema: z.object({}).loose() } } } },
  });
}

let built: ReturnType<OpenApiGeneratorV31['generateDocument']> | null = null;

/** The document (built once: the routes and schemas do not change while the process runs). */
export function openApiDocument(): ReturnType<OpenApiGeneratorV31['generateDocument']> {
  if (built) return built;
  for (const [refId, schema] of Object.entries(components)) name(refId, schema);
  const registry = new OpenAPIRegistry();
  registry.registerComponent('securitySchemes', 'session', {
    type: 'apiKey',
    in: 'cookie',
    name: SESSION_COOKIE,
    description: 'The session cookie set by `POST /api/login` or `POST /api/register`.',
  });
  documentPaths(registry);
  built = new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'WeeklyDiv API',
      version: '1',
      description:
        'Weekly-distribution ETF tracker. JSON in and out; decimals are strings; every non-2xx answer is `{ message, errors? }`. Writes answer with data that already reflects them.',
    },
    servers: [{ url: '/' }],
  });
  return built;
}

/** `GET /api/openapi.json` (mounted at /api), public. */
export function openApiRouter(_deps: AppDeps): Router {
  const router = Router();
  let body: string | null = null;
  router.get('/openapi.json', (_req, res) => {
    body ??= JSON.stringify(openApiDocument());
    res.type('application/json').send(body);
  });
  return router;
}
