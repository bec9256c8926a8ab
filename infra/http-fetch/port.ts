/**
 * The safe fetch port: GET a resource of the outside world (a news feed, an issuer's page of
 * declarations) without letting whoever answers steer the server elsewhere (security audit S7).
 * The adapter (safe-fetch.ts) follows at most 5 redirects by hand, resolves each hop's host and refuses
 * any non-public address (loopback, private, link-local and cloud metadata, CGNAT, unique-local,
 * multicast, unspecified: addresses.ts) and any scheme but http(s), connects to the very address it
 * checked, and keeps one deadline and a size limit over the whole fetch.
 */

export interface SafeFetchRequest {
  url: string;
  /** Request headers (`accept`, `user-agent`, ...); an `authorization` header is not sent to another origin after a redirect. */
  headers?: Record<string, string>;
  /** One deadline from the first lookup to the last byte, redirects included. */
  timeoutMs: number;
  /** Largest body read (decoded), in bytes; a larger `Content-Length` is refused before reading. */
  maxBytes: number;
  /**
   * The address is the owner's configuration (`NEWS_FEEDS`, the built-in list), not something an answer
   * pointed to: a host the owner wrote as an IP address (`http://10.0.0.7/feed`) is their explicit choice
   * and is fetched (so are redirects within that origin). A host name is resolved and checked all the same.
   */
  configured?: boolean;
}

export interface SafeFetchResponse {
  /** The HTTP status of the last hop (never a redirect). */
  status: number;
  /** The address of the last hop. */
  url: string;
  /** Header values by lower-case name (repeated headers joined with `, `). */
  headers: Record<string, string | undefined>;
  /** The body of a 2xx answer (decoded from gzip, deflate or br); empty for any other status. */
  body: Uint8Array;
}

/**
 * - `refused`: an address that is not public or a redirect to one, another scheme, or too many
 *   redirects (the message starts "redirect refused" or "address refused", in words for the owner);
 * - `timeout`, `too-large`, `network` (no connection, or it broke), `invalid` (not an http(s) URL).
 */
export type SafeFetchProblem = 'refused' | 'timeout' | 'too-large' | 'network' | 'invalid';

export class SafeFetchError extends Error {
  readonly problem: SafeFetchProblem;
  /** Whether the answer's headers had arrived (the body was being read). */
  readonly duringBody: boolean;
  /** The system's error code of a network failure (`ECONNREFUSED`), when there is one. */
  readonly code: string | undefined;
  constructor(problem: SafeFetchProblem, message: string, options: { duringBody?: boolean; code?: string } = {}) {
    super(message);
    this.name = 'SafeFetchError';
    this.problem = problem;
    this.duringBody = options.duringBody ?? false;
    this.code = options.code;
  }
}

export interface SafeFetch {
  /** GETs `request.url`; rejects with a SafeFetchError. */
  get(request: SafeFetchRequest): Promise<SafeFetchResponse>;
}
