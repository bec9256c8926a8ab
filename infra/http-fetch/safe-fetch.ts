import { lookup as systemLookup } from 'node:dns/promises';
import http, { type IncomingMessage, type OutgoingHttpHeaders } from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { pipeline, type Readable } from 'node:stream';
import zlib from 'node:zlib';
import { hostOf, nonPublicKind, pinnedLookup, type Address } from './addresses.ts';
import { SafeFetchError, type SafeFetch, type SafeFetchResponse } from './port.ts';

/**
 * The safe fetch adapter on node:http / node:https (see port.ts; security audit S7).
 *
 * - Redirects are followed by hand, at most `maxRedirects` (5): each Location must be http(s), and its
 *   host is resolved and checked again. A refusal names what was refused ("redirect refused: 127.0.0.1
 *   is not a public address (loopback)"), never a status the refused address would have answered.
 * - Every address a host resolves to must be public (addresses.ts): one private address among public
 *   ones refuses the host, so a resolver cannot slip one in.
 * - DNS rebinding: the host is resolved once per hop, here, and the connection goes to the addresses
 *   that were checked: the request's `lookup` answers them instead of asking DNS again, and `agent:
 *   false` gives each request a fresh connection (no pooled socket made for another address). The
 *   request still names the host (`Host`, and TLS's SNI and certificate check), so virtual hosting
 *   and HTTPS work as usual.
 * - One deadline (`timeoutMs`) from the first lookup to the last byte, redirects included; the body is
 *   decoded (gzip, deflate, br) and counted as it arrives, abandoned past `maxBytes`; a larger
 *   `Content-Length` is refused before reading.
 * - `allowPrivate` (FEEDS_ALLOW_PRIVATE, refused in production by the configuration) lets every hop reach
 *   private and loopback addresses: the specs' local servers, a private deployment.
 */

export interface SafeFetchOptions {
  /** Let every hop reach non-public addresses (tests, private deployments). Default false. */
  allowPrivate?: boolean;
  /** Resolves a host name to all its addresses (default: the system resolver, node:dns `lookup`). */
  resolve?: (hostname: string) => Promise<readonly { address: string; family: number }[]>;
  /** Redirects followed at most. Default 5. */
  maxRedirects?: number;
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const ACCEPT_ENCODING = 'gzip, deflate, br';

function isHttp(url: URL): boolean {
  return url.protocol === 'http:' || url.protocol === 'https:';
}

function secondsOf(ms: number): string {
  return `${Math.round(ms / 100) / 10} s`;
}

function kilobytes(bytes: number): string {
  return `${Math.round(bytes / 1024)} KB`;
}

/** Resolves with `promise`, or rejects when `signal` aborts first. */
function beforeDeadline<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason as Error);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason as Error);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error as Error);
      },
    );
  });
}

function decoderFor(encoding: string | undefined): zlib.Gunzip | zlib.Inflate | zlib.BrotliDecompress | null {
  switch ((encoding ?? '').trim().toLowerCase()) {
    case 'gzip':
    case 'x-gzip':
      return zlib.createGunzip();
    case 'deflate':
      return zlib.createInflate();
    case 'br':
      return zlib.createBrotliDecompress();
    default:
      return null;
  }
}

function headersOf(res: IncomingMessage): Record<string, string | undefined> {
  const headers: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(res.headers)) headers[name] = Array.isArray(value) ? value.join(', ') : value;
  return headers;
}

export function createSafeFetch(options: SafeFetchOptions = {}): SafeFetch {
  const allowPrivate = options.allowPrivate ?? false;
  const maxRedirects = options.maxRedirects ?? 5;
  const resolve = options.resolve ?? ((hostname: string) => systemLookup(hostname, { all: true, verbatim: true }));

  /** The addresses of this hop's host, every one of them checked (unless allowed or trusted). */
  async function addressesOf(url: URL, redirected: boolean, trustedOrigin: string | null, signal: AbortSignal, deadline: string): Promise<Address[]> {
    const host = hostOf(url);
    let addresses: Address[];
    if (isIP(host)) {
      addresses = [{ address: host, family: isIP(host) }];
    } else {
      try {
        addresses = [...(await beforeDeadline(resolve(host), signal))];
      } catch (error) {
        if (signal.aborted) throw new SafeFetchError('timeout', `no answer within ${deadline}`);
        const code = (error as { code?: string }).code;
        throw new SafeFetchError('network', `could not connect (${host} not found)`, { code });
      }
      if (addresses.length === 0) throw new SafeFetchError('network', `could not connect (${host} not found)`);
    }
    if (allowPrivate || url.origin === trustedOrigin) return addresses;
    for (const { address } of addresses) {
      const kind = nonPublicKind(address);
      if (kind === null) continue;
      const what = isIP(host) ? `${address} is` : `${host} resolves to ${address},`;
      throw new SafeFetchError('refused', `${redirected ? 'redirect refused' : 'address refused'}: ${what} not a public address (${kind})`);
    }
    return addresses;
  }

  /** One GET to the checked addresses; resolves with the answer's head. */
  function send(url: URL, addresses: Address[], headers: OutgoingHttpHeaders, signal: AbortSignal, deadline: string): Promise<IncomingMessage> {
    const pinned = pinnedLookup(addresses);
    const client = url.protocol === 'https:' ? https : http;
    return new Promise<IncomingMessage>((resolveHead, reject) => {
      const req = client.request(
        {
          protocol: url.protocol,
          hostname: hostOf(url),
          port: url.port === '' ? undefined : Number(url.port),
          path: `${url.pathname}${url.search}`,
          method: 'GET',
          headers: { ...headers, 'accept-encoding': ACCEPT_ENCODING },
          agent: false,
          lookup: pinned,
          signal,
        },
        resolveHead,
      );
      req.on('error', (error: Error & { code?: string }) => {
        if (signal.aborted) reject(new SafeFetchError('timeout', `no answer within ${deadline}`));
        else reject(new SafeFetchError('network', `could not connect${error.code ? ` (${error.code})` : ''}`, { code: error.code }));
      });
      req.end();
    });
  }

  /** The body of an answer, decoded and counted; `res` is consumed or destroyed. */
  async function readBody(res: IncomingMessage, maxBytes: number, signal: AbortSignal, deadline: string): Promise<Uint8Array> {
    const tooLarge = () => new SafeFetchError('too-large', `the answer is larger than ${kilobytes(maxBytes)}`, { duringBody: true });
    const declared = Number(res.headers['content-length']);
    if (Number.isFinite(declared) && declared > maxBytes) {
      res.destroy();
      throw tooLarge();
    }
    const decoder = decoderFor(res.headers['content-encoding']);
    const stream: Readable = decoder ? pipeline(res, decoder, () => undefined) : res;
    const onAbort = () => res.destroy(new Error('deadline'));
    signal.addEventListener('abort', onAbort, { once: true });
    const chunks: Buffer[] = [];
    let size = 0;
    try {
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        size += chunk.byteLength;
        if (size > maxBytes) throw tooLarge();
        chunks.push(chunk);
      }
    } catch (error) {
      if (error instanceof SafeFetchError) throw error;
      if (signal.aborted) throw new SafeFetchError('timeout', `the answer did not arrive within ${deadline}`, { duringBody: true });
      throw new SafeFetchError('network', 'the connection broke while reading the answer', { duringBody: true, code: (error as { code?: string }).code });
    } finally {
      signal.removeEventListener('abort', onAbort);
      res.destroy();
      decoder?.destroy();
    }
    return new Uint8Array(Buffer.concat(chunks, size));
  }

  return {
    async get(request) {
      let url: URL;
      try {
        url = new URL(request.url);
      } catch {
        throw new SafeFetchError('invalid', 'the address is not a URL');
      }
      if (!isHttp(url)) throw new SafeFetchError('invalid', 'the address must be http(s)');
      const deadline = secondsOf(request.timeoutMs);
      const signal = AbortSignal.timeout(request.timeoutMs);
      // The owner wrote this origin as an IP address: their explicit choice (port.ts, `configured`).
      const trustedOrigin = request.configured && isIP(hostOf(url)) ? url.origin : null;
      const headers: OutgoingHttpHeaders = { ...request.headers };
      for (let hop = 0; ; hop++) {
        const addresses = await addressesOf(url, hop > 0, trustedOrigin, signal, deadline);
        const res = await send(url, addresses, headers, signal, deadline);
        const status = res.statusCode ?? 0;
        const location = res.headers.location;
        if (REDIRECT_STATUSES.has(status) && location) {
          res.destroy();
          if (hop >= maxRedirects) throw new SafeFetchError('refused', `redirect refused: more than ${maxRedirects} redirects`);
          let next: URL;
          try {
            next = new URL(location, url);
          } catch {
            throw new SafeFetchError('refused', 'redirect refused: the new address is not a URL');
          }
          if (!isHttp(next)) throw new SafeFetchError('refused', `redirect refused: ${next.protocol} is not http(s)`);
          // Credentials go to the origin they were given for, never to where it redirects (as fetch does).
          if (next.origin !== url.origin) for (const name of Object.keys(headers)) if (name.toLowerCase() === 'authorization') delete headers[name];
          url = next;
          continue;
        }
        const answer: SafeFetchResponse = { status, url: url.href, headers: headersOf(res), body: new Uint8Array() };
        if (status < 200 || status >= 300) {
          res.destroy();
          return answer;
        }
        return { ...answer, body: await readBody(res, request.maxBytes, signal, deadline) };
      }
    },
  };
}
