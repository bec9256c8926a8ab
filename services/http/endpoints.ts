import express, { type Request, type RequestHandler, type Response, type Router } from 'express';
import type { Access, BodyOf, Endpoint, EndpointSpec, JsonOf, ParamsOf, QueryOf, StatusOf } from '../../contracts/endpoint.ts';
import type { PreparedJson } from '../../read-models/runtime/prepared-json.ts';
import { allProjections } from '../../read-models/all.ts';
import type { Projection } from '../../read-models/runtime/projection.ts';
import type { CommandContext } from '../core/decider.ts';
import { AppError, badRequest, forbidden } from '../core/errors.ts';
import { actors, commandContext } from './context.ts';
import type { AppDeps } from './deps.ts';
import { sendPreparedJson } from './etag.ts';
import { authOf, currentAuth, type Auth } from './session.ts';
import type { UserDoc } from '../../read-models/users/projection.ts';
import { unknownFields, validate } from './validation.ts';

/**
 * Mounting, guarding, validating and answering an endpoint from its one definition
 * (contracts/endpoint.ts). A module's `api.ts` lists what it handles:
 *
 *   export const portfolioApi = apiModule('portfolio', (deps) => [
 *     handle(addHolding, async ({ body }, call) => { ...; await call.waitFor(position); return reply(201, holding) }),
 *   ]);
 *
 * and services/gateway/routes.ts mounts the lists. For every request the gateway, in this order:
 * checks access (401/403), parses the path parameters, the query and the body with the definition's
 * schemas (400 with one message per field; a body field the definition does not name is a 400 that
 * names it), runs the handler and sends its answer with the definition's status.
 */

// ---------------------------------------------------------------------------------------------------
// What a handler gets and answers

/** The parsed request: what handlers use (never `req.body`). */
export interface Input<E extends EndpointSpec> {
  params: ParamsOf<E>;
  query: QueryOf<E>;
  body: BodyOf<E>;
}

/** The lowest success status a definition lists: what a handler's plain answer is sent with. */
type DefaultStatus<E extends EndpointSpec> =
  200 extends StatusOf<E> ? 200 : 201 extends StatusOf<E> ? 201 : 202 extends StatusOf<E> ? 202 : 204 extends StatusOf<E> ? 204 : never;

const REPLY = Symbol('reply');

/** An answer with an explicit status (`reply(201, holding)`). */
export interface Replied {
  readonly [REPLY]: true;
  readonly status: number;
  readonly body: unknown;
}

/** The handler wrote the answer itself (prepared JSON, bytes, CSV, an event stream): it returns SENT. */
export interface Sent {
  readonly sent: true;
}
export const SENT: Sent = Object.freeze({ sent: true as const });

/** What a handler may answer: the JSON of the default status, `call.reply(status, json)`, or SENT. */
export type Answer<E extends EndpointSpec> = Sent | Replied | (DefaultStatus<E> extends 204 | never ? void : JsonOf<E, DefaultStatus<E>>);

export interface Call<E extends EndpointSpec> {
  req: Request;
  res: Response;
  deps: AppDeps;
  /**
   * The signed-in user: always there for user, premium and owner endpoints. A `tokenReadable` endpoint
   * may be called with a personal API token instead of a session: no session then.
   */
  auth: E['access'] extends 'public' ? null : E extends { tokenReadable: true } ? Auth | TokenAuth : Auth;
  /** The signed-in user of a public endpoint, or null (reads the session only when asked). */
  currentAuth(): Promise<Auth | null>;
  /** The command context of this request: the signed-in user (else `visitor`), the request id, the gateway clock. */
  context(actor?: string): CommandContext;
  /** Waits until the read models the definition names in `waitsFor` reach `position` (a write's answer). */
  waitFor(position: number): Promise<void>;
  /** An answer with one of the definition's statuses. */
  reply<S extends StatusOf<E>>(status: S, body: JsonOf<E, S>): Replied;
  /** Sends pre-serialised JSON (strong ETag, 304, gzip: services/http/etag.ts). */
  sendPrepared(prepared: PreparedJson): Sent;
  /** Sends JSON already encoded (e.g. a user-area answer kept as bytes), with a status of the definition. */
  sendJsonBytes(body: Uint8Array, status?: StatusOf<E>): Sent;
}

export type Handler<E extends EndpointSpec> = (input: Input<E>, call: Call<E>) => Answer<E> | Promise<Answer<E>>;

/** Answers a prepared read straight on node:http (the fast reads), or undefined to let Express answer. */
export type FastAnswer<E extends EndpointSpec> = (input: { params: ParamsOf<E>; query: QueryOf<E> }) => PreparedJson | undefined;

export interface Handled {
  endpoint: Endpoint;
  /** The module whose api.ts handles it (set by apiModule). */
  module?: string;
  handler: Handler<EndpointSpec>;
  /** Middleware of the module run after the access guard and before parsing (a raw body reader). */
  before: readonly RequestHandler[];
  checks?: Readonly<Record<string, (value: unknown, call: { deps: AppDeps; now: Date }) => string | null>>;
  fast?: FastAnswer<EndpointSpec>;
}

/**
 * Rules of a body field that need the request (the New York date of its clock, say): a message when the
 * parsed value breaks one. They run with the definition's schema, so a 400 names every problem at once.
 */
export type FieldChecks<E extends EndpointSpec> = {
  [K in keyof BodyOf<E>]?: (value: BodyOf<E>[K], call: { deps: AppDeps; now: Date }) => string | null;
};

export interface HandleOptions<E extends EndpointSpec> {
  before?: readonly RequestHandler[];
  checks?: FieldChecks<E>;
  /** Required for a `prepared` definition: the same answer the handler sends, when it is ready. */
  fast?: FastAnswer<E>;
}

export function handle<E extends Endpoint>(endpoint: E, handler: Handler<E>, options: HandleOptions<E> = {}): Handled {
  if (endpoint.prepared && !options.fast) throw new Error(`${endpoint.method} ${endpoint.path}: a prepared endpoint needs its fast answer`);
  return {
    endpoint,
    handler: handler as unknown as Handler<EndpointSpec>,
    before: options.before ?? [],
    ...(options.checks ? { checks: options.checks as Handled['checks'] } : {}),
    ...(options.fast ? { fast: options.fast as unknown as FastAnswer<EndpointSpec> } : {}),
  };
}

/** A module's HTTP API: its name (for `npm run wd -- endpoints`) and the endpoints it handles. */
export interface ApiModule {
  module: string;
  handled(deps: AppDeps): readonly Handled[];
}

export function apiModule(module: string, handled: (deps: AppDeps) => readonly Handled[]): ApiModule {
  return { module, handled: (deps) => handled(deps).map((h) => ({ ...h, module })) };
}

// ---------------------------------------------------------------------------------------------------
// Mounting

/**
 * The guards by access, built by the composition root (the Premium rule belongs to billing), and
 * `token`: the guard of a request that carries `Authorization: Bearer` (services/tokens/token-auth.ts),
 * which authenticates the token's user as a TokenAuth, and `tokenPremium`: the same, then the Premium
 * rule for that user (a free user's token never reads a Premium endpoint, as the cookie would not).
 */
export type AccessGuards = Readonly<Record<Exclude<Access, 'public'> | 'token' | 'tokenPremium', RequestHandler>>;

/** A request authenticated by a personal API token (issue 31): its user and the token; never a session. */
export interface TokenAuth {
  user: UserDoc;
  token: { id: string };
  session?: undefined;
}

export const TOKEN_READ_ONLY = 'API tokens can only read your portfolio, favorites, calendar, income and payouts: this request needs you to sign in';

/** Whether the request presents a bearer token (the scheme name is case-insensitive, RFC 9110). */
export function hasBearer(req: Request): boolean {
  const header = req.headers.authorization;
  return header !== undefined && /^bearer(\s|$)/i.test(header);
}

/** 403 for a bearer token: in front of routes no token may reach (the owner's `/api/admin`). */
export const refuseBearer: RequestHandler = (req, _res, next) => next(hasBearer(req) ? forbidden(TOKEN_READ_ONLY) : undefined);

/**
 * The guard of one endpoint. A request with a bearer token reaches only a `tokenReadable` definition
 * (through the token guard, never a cookie: a token request neither reads nor sets a session) and a
 * public read (whose answer is everyone's); every other endpoint, public writes included, answers it
 * 403. Without a token: the access level's guard (cookies, and the same-origin rule for writes, as
 * before).
 */
function guardOf(endpoint: EndpointSpec, guards: AccessGuards): RequestHandler {
  const accessGuard = endpoint.access === 'public' ? null : guards[endpoint.access];
  const publicRead = endpoint.access === 'public' && endpoint.method === 'get';
  return (req, res, next) => {
    if (hasBearer(req)) {
      if (endpoint.tokenReadable) return (endpoint.access === 'premium' ? guards.tokenPremium : guards.token)(req, res, next);
      if (publicRead) return next();
      return next(forbidden(TOKEN_READ_ONLY));
    }
    if (accessGuard) return accessGuard(req, res, next);
    next();
  };
}

/** The JSON body parser's output when no body was sent. */
const NO_BODY = undefined;

/** Mounts every handled endpoint of the modules on the router, with full paths (`/api/...`). */
export function mountEndpoints(router: Router, deps: AppDeps, guards: AccessGuards, handled: readonly Handled[]): void {
  for (const h of handled) {
    const { endpoint } = h;
    const chain: RequestHandler[] = [];
    chain.push(guardOf(endpoint, guards));
    if (endpoint.upload?.kind === 'csv') chain.push(csvText(endpoint.upload.maxBytes));
    chain.push(...h.before, answer(h, deps));
    router[endpoint.method](endpoint.path, ...chain);
  }
}

function answer(h: Handled, deps: AppDeps): RequestHandler {
  const { endpoint, handler } = h;
  const waits = waitOptions(endpoint);
  const guarded = endpoint.access !== 'public';
  const status = defaultStatus(endpoint);
  return async (req, res) => {
    const input = parseInput(h, req, deps);
    const call: Call<EndpointSpec> = {
      req,
      res,
      deps,
      auth: (guarded ? authOf(res) : null) as Auth,
      currentAuth: () => currentAuth(req, res, deps),
      context: (actor) => {
        const auth = res.locals['auth'] as Auth | null | undefined;
        return commandContext(req, deps, actor ?? (auth ? actors.user(auth.user._id) : actors.visitor));
      },
      waitFor: async (position) => {
        if (waits === null) throw new Error(`${endpoint.method} ${endpoint.path} waits for nothing: declare waitsFor in its definition`);
        if (position > 0) await deps.readModels.waitFor(position, waits);
      },
      reply: (replyStatus, body) => ({ [REPLY]: true, status: replyStatus, body }),
      sendPrepared: (prepared) => {
        sendPreparedJson(req, res, prepared);
        return SENT;
      },
      sendJsonBytes: (body, bodyStatus) => {
        res.statusCode = bodyStatus ?? status;
        res.setHeader('Content-Type', 'application/json; charset=utf-8');
        res.setHeader('Content-Length', body.length);
        res.end(body);
        return SENT;
      },
    };
    const result = await handler(input, call);
    if (result === SENT) return;
    if (isReplied(result)) return send(res, result.status, result.body);
    send(res, status, result);
  };
}

function send(res: Response, status: number, body: unknown): void {
  if (body === undefined || status === 204 || status === 304) {
    res.status(status).end();
    return;
  }
  res.status(status).json(body);
}

function isReplied(value: unknown): value is Replied {
  return typeof value === 'object' && value !== null && (value as Replied)[REPLY] === true;
}

function defaultStatus(endpoint: EndpointSpec): number {
  const statuses = Object.keys(endpoint.responses).map(Number).sort((a, b) => a - b);
  return statuses[0] ?? 200;
}

const projectionsByName = new Map<string, Projection>(allProjections.map((p) => [p.name, p]));

/** The `waitFor` options of a definition's `waitsFor` (null: the endpoint waits for nothing). */
function waitOptions(endpoint: EndpointSpec): { only?: readonly Projection[] } | null {
  if (endpoint.waitsFor === undefined) return null;
  if (endpoint.waitsFor === 'all') return {};
  return {
    only: endpoint.waitsFor.map((name) => {
      const projection = projectionsByName.get(name);
      if (!projection) throw new Error(`${endpoint.method} ${endpoint.path} waits for an unknown read model '${name}'`);
      return projection;
    }),
  };
}

// ---------------------------------------------------------------------------------------------------
// Parsing

function parseInput(h: Handled, req: Request, deps: AppDeps): Input<EndpointSpec> {
  const { endpoint } = h;
  const params = endpoint.params ? validate(endpoint.params, req.params) : {};
  // No query string (the common case): nothing to parse.
  const query = endpoint.query ? validate(endpoint.query, req.url.includes('?') ? req.query : {}) : {};
  const body = h.checks ? checkedBody(h, req, deps) : parseBody(endpoint, req);
  return { params, query, body } as Input<EndpointSpec>;
}

/** The body parsed, with the endpoint's field checks: one 400 with the schema's messages and theirs. */
function checkedBody(h: Handled, req: Request, deps: AppDeps): unknown {
  const checks = Object.entries(h.checks!);
  const call = { deps, now: deps.now() };
  let body: unknown;
  let failure: AppError | null = null;
  try {
    body = parseBody(h.endpoint, req);
  } catch (error) {
    if (!(error instanceof AppError) || error.status !== 400 || !error.fieldErrors || error.message.startsWith('Unknown field')) throw error;
    failure = error;
  }
  const errors: Record<string, string> = { ...failure?.fieldErrors };
  for (const [field, check] of checks) {
    if (field in errors) continue;
    const value = failure ? fieldValue(h.endpoint, field, req.body) : (body as Record<string, unknown>)[field];
    if (value === FIELD_INVALID) continue;
    const message = check(value, call);
    if (message) errors[field] = message;
  }
  if (Object.keys(errors).length === 0) return body;
  throw badRequest(Object.values(errors)[0]!, errors);
}

const FIELD_INVALID = Symbol('invalid');

/** One field of a body that failed as a whole, parsed by its own schema (FIELD_INVALID when it fails too). */
function fieldValue(endpoint: EndpointSpec, field: string, raw: unknown): unknown {
  const shape = (endpoint.body as { shape?: Record<string, { safeParse(v: unknown): { success: boolean; data?: unknown } }> } | undefined)?.shape;
  const schema = shape?.[field];
  const value = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>)[field] : undefined;
  if (!schema) return FIELD_INVALID;
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : FIELD_INVALID;
}

function parseBody(endpoint: EndpointSpec, req: Request): unknown {
  const body: unknown = req.body;
  if (endpoint.upload?.kind === 'csv') return csvOf(body, endpoint.upload.maxBytes);
  if (endpoint.upload?.kind === 'raw') return body;
  if (endpoint.body) return validate(endpoint.body, body);
  // A write that takes no fields: an empty body or `{}`, nothing else.
  if (body === NO_BODY || body === null) return undefined;
  if (typeof body === 'object' && !Array.isArray(body) && Object.keys(body).length === 0) return undefined;
  if (typeof body === 'object' && !Array.isArray(body)) throw unknownFields(Object.keys(body));
  throw badRequest('This request takes no body');
}

// ---------------------------------------------------------------------------------------------------
// CSV uploads: one helper for every CSV route (the owner's imports, the holdings import)

export const CSV_BODY_MESSAGE = 'Send the CSV file as text/csv or as JSON { "csv": "..." }';

const CSV_TYPES = ['text/csv', 'text/plain', 'application/csv'];

function csvText(maxBytes: number): RequestHandler {
  return express.text({ type: CSV_TYPES, limit: maxBytes });
}

/** The uploaded CSV text: a `text/csv` body, or `{ csv: "..." }` in JSON (whose text counts against the same limit). */
function csvOf(body: unknown, maxBytes: number): string {
  let text: string;
  if (typeof body === 'string') text = body;
  else if (typeof body === 'object' && body !== null && !Array.isArray(body) && typeof (body as { csv?: unknown }).csv === 'string') {
    const extra = Object.keys(body).filter((key) => key !== 'csv');
    if (extra.length > 0) throw unknownFields(extra);
    text = (body as { csv: string }).csv;
  } else {
    // No CSV text: say how to send it (and name any field that does not belong).
    const extra = typeof body === 'object' && body !== null && !Array.isArray(body) ? Object.keys(body).filter((key) => key !== 'csv') : [];
    throw badRequest(CSV_BODY_MESSAGE, extra.length > 0 ? Object.fromEntries(extra.map((key) => [key, 'Unknown field'])) : undefined);
  }
  if (Buffer.byteLength(text, 'utf8') > maxBytes) throw new AppError(413, 'Request body is too large');
  return text;
}
