import { vi } from 'vitest';

export interface MockRequest {
  method: string;
  url: URL;
  body: unknown;
}

/** An answer: a JSON body (200), or `{ status, body }` for anything else. */
export type MockAnswer = unknown | { status: number; body?: unknown };

export type MockHandler = (request: MockRequest) => MockAnswer | Promise<MockAnswer>;

function isStatusAnswer(answer: unknown): answer is { status: number; body?: unknown } {
  return typeof answer === 'object' && answer !== null && 'status' in answer && typeof (answer as { status: unknown }).status === 'number' && Object.keys(answer).every((k) => k === 'status' || k === 'body');
}

/**
 * Replaces `fetch` with a router of handlers keyed by "METHOD /path" (no query string), e.g.
 * `mockFetch({ 'GET /api/user': { status: 401 }, 'GET /api/etfs': [etf] })`. Unknown requests answer
 * 404. Returns the list of requests made, for assertions. Restore with `vi.unstubAllGlobals()`.
 */
export function mockFetch(handlers: Record<string, MockHandler | MockAnswer>): MockRequest[] {
  const calls: MockRequest[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const request = { method, url, body };
    calls.push(request);
    const handler = handlers[`${method} ${url.pathname}`];
    if (handler === undefined) return new Response(JSON.stringify({ message: 'Not found' }), { status: 404, statusText: 'Not Found' });
    const answer = typeof handler === 'function' ? await (handler as MockHandler)(request) : handler;
    if (isStatusAnswer(answer)) {
      const text = answer.body === undefined ? '' : typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
      return new Response(answer.status === 204 ? null : text, { status: answer.status, statusText: answer.status === 401 ? 'Unauthorized' : '' });
    }
    return new Response(JSON.stringify(answer), { status: 200, headers: { 'Content-Type': 'application/json' } });
  });
  return calls;
}
