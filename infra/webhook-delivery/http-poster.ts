import { lookup as systemLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { hostOf, nonPublicKind, pinnedLookup, type Address } from '../http-fetch/addresses.ts';
import type { WebhookPoster } from './port.ts';

/**
 * The webhook poster on node:http / node:https (port.ts). The URL is parsed by WHATWG URL rules, so
 * the other spellings of an address (`http://2130706433/`, `http://0x7f.1/`, `http://0177.0.0.1/`,
 * `http://[::ffff:7f00:1]/`) reach the check as the address they mean (127.0.0.1), never as a name.
 */

export interface WebhookPosterOptions {
  /** WEBHOOKS_ALLOW_PRIVATE: http:// and non-public addresses allowed (tests, private deployments). */
  allowPrivate?: boolean;
  /** Resolves a host to all its addresses (default: the system resolver). */
  resolve?: (hostname: string) => Promise<readonly { address: string; family: number }[]>;
}

export const webhookUrlMessages = {
  notUrl: 'Enter the full address of your endpoint, starting with https://',
  https: 'The address must start with https://',
  credentials: 'The address cannot contain a user name or password',
  unknownHost: (host: string) => `${host} could not be found`,
  nonPublic: (what: string, kind: string) => `${what} is not a public address (${kind}): webhooks go only to the public internet`,
} as const;

export function createWebhookPoster(options: WebhookPosterOptions = {}): WebhookPoster {
  const allowPrivate = options.allowPrivate ?? false;
  const resolve = options.resolve ?? ((hostname: string) => systemLookup(hostname, { all: true, verbatim: true }));

  /** The URL's addresses, all checked; or why it is refused. */
  async function check(raw: string): Promise<{ url: URL; addresses: Address[] } | { refused: string }> {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      return { refused: webhookUrlMessages.notUrl };
    }
    if (url.protocol !== 'https:' && !(allowPrivate && url.protocol === 'http:')) return { refused: url.protocol === 'http:' ? webhookUrlMessages.https : webhookUrlMessages.notUrl };
    if (url.username || url.password) return { refused: webhookUrlMessages.credentials };
    const host = hostOf(url);
    let addresses: Address[];
    if (isIP(host)) addresses = [{ address: host, family: isIP(host) }];
    else {
      try {
        addresses = [...(await resolve(host))];
      } catch {
        return { refused: webhookUrlMessages.unknownHost(host) };
      }
      if (addresses.length === 0) return { refused: webhookUrlMessages.unknownHost(host) };
    }
    if (!allowPrivate) {
      for (const { address } of addresses) {
        const kind = nonPublicKind(address);
        if (kind !== null) return { refused: webhookUrlMessages.nonPublic(isIP(host) ? address : `${host} resolves to ${address}, which`, kind) };
      }
    }
    return { url, addresses };
  }

  return {
    async refusal(raw) {
      const checked = await check(raw);
      return 'refused' in checked ? checked.refused : null;
    },

    async post({ url: raw, headers, body, timeoutMs }) {
      const checked = await check(raw);
      if ('refused' in checked) return { error: checked.refused };
      const { url, addresses } = checked;
      // The connection goes to the addresses just checked, never to a second DNS answer.
      const pinned = pinnedLookup(addresses);
      const client = url.protocol === 'https:' ? https : http;
      const payload = Buffer.from(body, 'utf8');
      return new Promise((resolveResult) => {
        const req = client.request(
          {
            protocol: url.protocol,
            hostname: hostOf(url),
            port: url.port === '' ? undefined : Number(url.port),
            path: `${url.pathname}${url.search}`,
            method: 'POST',
            headers: { ...headers, 'content-type': 'application/json', 'content-length': String(payload.length) },
            agent: false,
            lookup: pinned,
            signal: AbortSignal.timeout(timeoutMs),
          },
          (res) => {
            // The answer's body is not needed: only its status counts (a redirect is not followed).
            res.resume();
            res.on('error', () => undefined);
            resolveResult({ status: res.statusCode ?? 0 });
          },
        );
        req.on('error', (error: Error & { code?: string; name: string }) => {
          if (error.name === 'AbortError' || error.name === 'TimeoutError') resolveResult({ error: `no answer within ${Math.round(timeoutMs / 1000)} s` });
          else resolveResult({ error: `could not connect${error.code ? ` (${error.code})` : ''}` });
        });
        req.end(payload);
      });
    },
  };
}
