import type { z } from 'zod';

/**
 * One HTTP endpoint of `/api`, declared once, as data: what the server mounts, guards, validates and
 * documents (services/http/endpoints.ts, services/gateway/openapi.ts) and what the client calls
 * (web/src/api/base-api.ts `call`). The definitions live beside the schemas of their area
 * (`contracts/<area>.ts`); the client imports them with `import type` only, so zod never enters the
 * bundle: the method and path reach the client as a literal type its `call(...)` must match.
 *
 * Adding an endpoint: a definition here, a `handle(definition, handler)` in the module's `api.ts`
 * (and a command in `commands.ts` for a write), and the client's hook. Nothing else: the router, the
 * access guard, request validation, the OpenAPI document and `npm run wd -- endpoints` follow.
 */

/** Who may call: anyone, a signed-in user, a user with Premium rights, the owner. */
export type Access = 'public' | 'user' | 'premium' | 'owner';

export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** The error statuses an endpoint may answer (beside those its access adds: 401, 403). */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 412 | 413 | 415 | 429 | 502 | 503;

export type SuccessStatus = 200 | 201 | 202 | 204 | 304;

/**
 * One answer: a JSON body (`json`), other media types (`content`: CSV, images, an event stream), or
 * no body at all (204, 304).
 */
export interface Reply {
  description: string;
  json?: z.ZodType;
  content?: Readonly<Record<string, z.ZodType>>;
  /** Response headers worth documenting (name → description). */
  headers?: Readonly<Record<string, string>>;
}

/**
 * A request body that is not a JSON object the gateway parses for the endpoint:
 * - `csv`: a CSV file as `text/csv` (or text/plain) of at most `maxBytes`, or JSON `{ "csv": "..." }`;
 * - `raw`: the module reads the bytes itself (the image upload, Stripe's signed webhook).
 */
export type Upload =
  | { kind: 'csv'; maxBytes: number; description?: string }
  | { kind: 'raw'; description: string; content: Readonly<Record<string, z.ZodType>> };

export interface EndpointSpec {
  method: Method;
  /** Express syntax: `/api/user/portfolio/:holdingId` (OpenAPI gets `{holdingId}`). */
  path: `/api/${string}`;
  access: Access;
  /** One line for the OpenAPI document and `npm run wd -- endpoints`. */
  summary: string;
  description?: string;
  tags: readonly string[];
  /** Path parameters: one field per `:name` of the path (a spec checks both ways). */
  params?: z.ZodObject;
  /** Query parameters (unknown ones are ignored: links carry tracking parameters). */
  query?: z.ZodObject;
  /**
   * The JSON body. Strict: a field it does not name is a 400 that names it (`endpoint()` makes a
   * plain object schema strict; services/http/endpoints.ts refuses unknown keys of any body). A write
   * without a body schema takes no fields at all.
   */
  body?: z.ZodType;
  upload?: Upload;
  /** The answers by success status; the first one listed is the handler's default. */
  responses: Readonly<Partial<Record<SuccessStatus, Reply>>>;
  /** The error statuses of the endpoint itself (access adds 401 for user, 401 and 403 for premium and owner). */
  errors: readonly ErrorStatus[];
  /** The read models the answer is read from (names of read-models/*: `portfolios`, `market`, ...). */
  reads?: readonly string[];
  /**
   * For writes: the read models the answer waits for before it leaves (so it already reflects the
   * write), or `all`. The handler's `call.waitFor(position)` waits for exactly these.
   */
  waitsFor?: readonly string[] | 'all';
  /**
   * A prepared public read: the module answers it from pre-serialised JSON, also straight on
   * node:http in front of Express for the canonical spelling of the path (services/http/fast-reads.ts).
   */
  prepared?: true;
  /**
   * A read a personal API token may make (`Authorization: Bearer <token>`, issue 31): only GETs of the
   * signed-in user's own data (portfolio, favorites, calendar, income, payouts, the calendar feed).
   * Every other endpoint answers 403 to a token (services/http/endpoints.ts), so what a token reaches is
   * this flag on the definitions, nothing else.
   */
  tokenReadable?: true;
}

/** Marks a value as an endpoint definition (the registry of contracts/ finds them by it). */
export const ENDPOINT = '__endpoint' as const;

export type Endpoint<E extends EndpointSpec = EndpointSpec> = E & { readonly [ENDPOINT]: true };

/**
 * Declares an endpoint. A plain object body schema is made strict here (`additionalProperties: false`
 * in the OpenAPI document too), so a definition cannot forget it.
 */
export function endpoint<const E extends EndpointSpec>(spec: E): Endpoint<E> {
  const body = spec.body as (z.ZodType & { strict?: () => z.ZodType; def?: { type?: string } }) | undefined;
  const strictBody = body && body.def?.type === 'object' && typeof body.strict === 'function' ? body.strict() : body;
  return Object.freeze({ ...spec, ...(strictBody ? { body: strictBody } : {}), [ENDPOINT]: true as const }) as unknown as Endpoint<E>;
}

export function isEndpoint(value: unknown): value is Endpoint {
  return typeof value === 'object' && value !== null && (value as Record<string, unknown>)[ENDPOINT] === true;
}

// ---------------------------------------------------------------------------------------------------
// Types derived from a definition (server: parsed values; client: what it sends)

type Schema<E, K extends 'params' | 'query' | 'body'> = E extends { [P in K]: infer S extends z.ZodType } ? S : never;

/** The names of the `:params` of a path. */
export type PathParams<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParams<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** Parsed (server side). */
export type ParamsOf<E> = [Schema<E, 'params'>] extends [never] ? Record<string, never> : z.output<Schema<E, 'params'>>;
export type QueryOf<E> = [Schema<E, 'query'>] extends [never] ? Record<string, never> : z.output<Schema<E, 'query'>>;
/** A raw upload's body is what the module's own parser read (`unknown`: the module checks it). */
export type BodyOf<E> = E extends { upload: { kind: 'csv' } }
  ? string
  : E extends { upload: { kind: 'raw' } }
    ? unknown
    : [Schema<E, 'body'>] extends [never]
      ? undefined
      : z.output<Schema<E, 'body'>>;

/** Sent (client side). */
export type ParamsIn<E> = [Schema<E, 'params'>] extends [never] ? never : z.input<Schema<E, 'params'>>;
export type QueryIn<E> = [Schema<E, 'query'>] extends [never] ? never : z.input<Schema<E, 'query'>>;
/** A raw upload whose documented content is JSON: the client sends that JSON. */
export type BodyIn<E> = E extends { upload: { kind: 'csv' } }
  ? { csv: string }
  : E extends { upload: { kind: 'raw'; content: { 'application/json': infer J extends z.ZodType } } }
    ? z.input<J>
    : [Schema<E, 'body'>] extends [never]
      ? never
      : z.input<Schema<E, 'body'>>;

/** The success statuses a definition lists. */
export type StatusOf<E extends EndpointSpec> = Extract<keyof E['responses'], SuccessStatus>;

/** The JSON body of one success status (undefined when that answer has no JSON body). */
export type JsonOf<E extends EndpointSpec, S extends StatusOf<E>> = E['responses'][S] extends { json: infer J extends z.ZodType } ? z.output<J> : undefined;

/** What the client gets from a call: the JSON of the first success status listed (null without one). */
export type AnswerOf<E extends EndpointSpec> = FirstJson<E, StatusOf<E>>;
type FirstJson<E extends EndpointSpec, S extends StatusOf<E>> = [S] extends [never]
  ? null
  : S extends StatusOf<E>
    ? E['responses'][S] extends { json: infer J extends z.ZodType }
      ? z.output<J>
      : null
    : never;

/** `METHOD /api/path` as the client writes it: checked against the definition at compile time. */
export type RouteOf<E extends EndpointSpec> = `${Uppercase<E['method']>} ${E['path']}`;
