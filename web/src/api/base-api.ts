import { createApi, type BaseQueryFn } from '@reduxjs/toolkit/query/react';
import type { BodyIn, EndpointSpec, ParamsIn, QueryIn, RouteOf } from '../../../contracts/endpoint.ts';

/**
 * The ONE `createApi` of the client. Features add their endpoints with
 * `baseApi.injectEndpoints` in their own `api.ts`; nothing else calls `fetch` for `/api`.
 *
 * - every call sends cookies (`credentials: 'include'`); a body is sent as JSON;
 * - a non-OK answer becomes an `ApiError` whose `message` is "status: body text" (the status text
 *   when the body is empty);
 * - reads are never stale and never refetched on focus, not polled, never retried (RTK Query does
 *   not retry unless `retry()` wraps the base query, which we never do).
 */

export interface ApiError {
  /** HTTP status, or 'FETCH_ERROR' when no answer arrived (offline, aborted). */
  status: number | 'FETCH_ERROR';
  /** "status: body text" (the status text when the body is empty). */
  message: string;
  /** The parsed JSON body when there was one (the server sends `{ message, errors? }`). */
  data: unknown;
}

export interface ApiRequest {
  url: string;
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON when present. */
  body?: unknown;
  /** Query parameters; undefined values are left out. */
  params?: Record<string, string | number | undefined>;
  /** Extra request headers (e.g. no-cache for the news feed). */
  headers?: Record<string, string>;
  cache?: RequestCache;
}

export const API_ROOT = '/api';

/** What a call of an endpoint sends beside its route: path parameters, query, body (typed by the definition). */
export type CallParts<E extends EndpointSpec> = ([ParamsIn<E>] extends [never] ? { params?: never } : { params: ParamsIn<E> }) &
  ([QueryIn<E>] extends [never] ? { query?: never } : { query?: { [K in keyof QueryIn<E>]?: QueryIn<E>[K] | number } }) &
  ([BodyIn<E>] extends [never] ? { body?: never } : { body: BodyIn<E> }) &
  Pick<ApiRequest, 'headers' | 'cache'>;

/**
 * The request of one endpoint declared in contracts/ (imported with `import type`, so zod stays out of
 * the bundle): `call<typeof addHolding>('POST /api/user/portfolio', { body })`. The route string must be
 * the definition's method and path (a type error otherwise); path parameters are filled in encoded.
 */
export function call<E extends EndpointSpec>(route: RouteOf<E>, parts?: CallParts<E>): ApiRequest {
  const space = route.indexOf(' ');
  const method = route.slice(0, space) as NonNullable<ApiRequest['method']>;
  const params = (parts?.params ?? {}) as Record<string, string>;
  const url = route.slice(space + 1).replace(/:(\w+)/g, (_m, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${route}: no value for :${name}`);
    return encodeURIComponent(value);
  });
  const request: ApiRequest = { url };
  if (method !== 'GET') request.method = method;
  if (parts?.query) request.params = parts.query as ApiRequest['params'];
  if (parts?.body !== undefined) request.body = parts.body;
  if (parts?.headers) request.headers = parts.headers;
  if (parts?.cache) request.cache = parts.cache;
  return request;
}

function buildUrl(url: string, params: ApiRequest['params']): string {
  const path = url.startsWith('/api') ? url : `${API_ROOT}${url.startsWith('/') ? '' : '/'}${url}`;
  if (!params) return path;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined) search.set(key, String(value));
  const qs = search.toString();
  return qs ? `${path}${path.includes('?') ? '&' : '?'}${qs}` : path;
}

/** Builds the spec's error from a non-OK response whose body text was read. */
export function httpError(status: number, statusText: string, text: string): ApiError {
  let data: unknown = undefined;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = text;
    }
  }
  return { status, message: `${status}: ${text || statusText}`, data };
}

/**
 * The message a toast shows "with the server message": the `message` of the server's JSON error
 * body when there is one, otherwise the spec's "status: body text" message.
 */
export function serverMessage(error: unknown): string {
  if (isApiError(error)) {
    const data = error.data;
    if (data && typeof data === 'object' && 'message' in data && typeof data.message === 'string' && data.message) return data.message;
    return error.message;
  }
  if (error instanceof Error) return error.message;
  if (error && typeof error === 'object' && 'message' in error && typeof error.message === 'string') return error.message;
  return 'Unknown error';
}

export function isApiError(error: unknown): error is ApiError {
  return typeof error === 'object' && error !== null && 'status' in error && 'message' in error && 'data' in error;
}

/**
 * The server's reads for its render (web/src/entry-server.tsx): a GET of `/api` answered in the
 * server's process from the same views the API serves, never over HTTP. The store's thunk
 * `extra` carries it on the server; in the browser there is none and the base query fetches.
 */
export interface ServerReads {
  read(url: string): Promise<{ data: unknown } | { error: ApiError }>;
}

function serverReadsOf(extra: unknown): ServerReads | undefined {
  return extra && typeof extra === 'object' && 'read' in extra ? (extra as ServerReads) : undefined;
}

export const apiBaseQuery: BaseQueryFn<string | ApiRequest, unknown, ApiError> = async (arg, { signal, extra }) => {
  const request: ApiRequest = typeof arg === 'string' ? { url: arg } : arg;
  const server = serverReadsOf(extra);
  if (server) {
    if (request.method && request.method !== 'GET') return { error: { status: 405, message: '405: the server render only reads', data: undefined } };
    return server.read(buildUrl(request.url, request.params));
  }
  const headers: Record<string, string> = { Accept: 'application/json', ...request.headers };
  const init: RequestInit = { method: request.method ?? 'GET', credentials: 'include', headers, signal };
  if (request.cache) init.cache = request.cache;
  if (request.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(request.body);
  }
  let response: Response;
  try {
    response = await fetch(buildUrl(request.url, request.params), init);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { error: { status: 'FETCH_ERROR', message, data: undefined } };
  }
  const text = await response.text().catch(() => '');
  if (!response.ok) return { error: httpError(response.status, response.statusText, text) };
  if (!text) return { data: null };
  try {
    return { data: JSON.parse(text) as unknown };
  } catch {
    return { data: text };
  }
};

export const tagTypes = ['User', 'Etf', 'Favorite', 'Holding', 'UserCalendar', 'CalendarFeed', 'News', 'Settings', 'Page', 'Calendar', 'Brokerage', 'Payout', 'SupportRequest', 'ApiToken', 'Webhook'] as const;

/** The id of a tag that stands for a whole collection. */
export const LIST = 'LIST';

export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery: apiBaseQuery,
  tagTypes,
  refetchOnFocus: false,
  refetchOnReconnect: false,
  refetchOnMountOrArgChange: false,
  endpoints: () => ({}),
});

/**
 * A file of the API as bytes (the data export's zip): read through here, not a query, because a
 * binary answer has no place in RTK Query's cache (and `apiBaseQuery` reads text). Credentials as every
 * call; a non-OK answer throws the same `ApiError` (so `serverMessage` reads it); the file name is the
 * one of the answer's `Content-Disposition`, or null.
 */
export async function fetchFile(request: ApiRequest): Promise<{ blob: Blob; fileName: string | null }> {
  let response: Response;
  try {
    response = await fetch(buildUrl(request.url, request.params), { method: request.method ?? 'GET', credentials: 'include', headers: { ...request.headers } });
  } catch (error) {
    throw { status: 'FETCH_ERROR', message: error instanceof Error ? error.message : String(error), data: undefined } satisfies ApiError;
  }
  if (!response.ok) throw httpError(response.status, response.statusText, await response.text().catch(() => ''));
  const disposition = response.headers.get('Content-Disposition') ?? '';
  return { blob: await response.blob(), fileName: /filename="([^"]+)"/.exec(disposition)?.[1] ?? null };
}
