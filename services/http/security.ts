import { createHash } from 'node:crypto';
import type { RequestHandler } from 'express';
import helmet from 'helmet';
import { EARLY_CLICKS_SCRIPT } from '../../contracts/early-clicks.ts';
import type { Config } from './config.ts';
import { forbidden } from '../core/errors.ts';

/**
 * Security headers. The Content-Security-Policy allows only our own origin: scripts from 'self' (the one
 * inline script is a rendered page's early-click holder, allowed by its hash: contracts/early-clicks.ts),
 * styles from 'self' plus inline styles (styled-components injects <style> tags), images from 'self' and
 * data: URLs, the service worker and the web app manifest from 'self', no plugins,
 * no framing, forms and <base> limited to 'self'.
 */
export function securityHeaders(config: Config): RequestHandler {
  const headers = securityHeaderSet(config);
  return (_req, res, next) => {
    for (const [name, value] of headers.set) res.setHeader(name, value);
    for (const name of headers.removed) res.removeHeader(name);
    next();
  };
}

/**
 * The headers securityHeaders sets on every response, in helmet's order (`removed`: the headers it takes
 * off, X-Powered-By). The fast reads (fast-reads.ts) send the very same list.
 */
export function securityHeaderSet(config: Config): { set: [string, string | string[]][]; removed: string[] } {
  return staticHeaders(helmetFor(config));
}

/**
 * helmet's headers do not depend on the request (no CSP nonces here), so they are worked out once by
 * running helmet against a recording response, and then set with one loop per request instead of
 * a dozen middleware calls on every request.
 */
function staticHeaders(middleware: RequestHandler): { set: [string, string | string[]][]; removed: string[] } {
  const set = new Map<string, string | string[]>();
  const removed: string[] = [];
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      set.set(name, Array.isArray(value) ? [...value] : String(value));
      return recorder;
    },
    removeHeader(name: string) {
      set.delete(name);
      removed.push(name);
    },
    getHeader: (name: string) => set.get(name),
  };
  let called = false;
  middleware({ method: 'GET', url: '/', headers: {} } as never, recorder as never, () => {
    called = true;
  });
  if (!called) throw new Error('helmet did not complete synchronously; cannot precompute security headers');
  return { set: [...set.entries()], removed };
}

/** The CSP source allowing the inline early-click script, and nothing else inline. */
export const EARLY_CLICKS_HASH = `'sha256-${createHash('sha256').update(EARLY_CLICKS_SCRIPT, 'utf8').digest('base64')}'`;

function helmetFor(config: Config): RequestHandler {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'", EARLY_CLICKS_HASH],
        'script-src-attr': ["'none'"],
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:'],
        'font-src': ["'self'", 'data:'],
        'connect-src': ["'self'"],
        // the installable app: its service worker (/sw.js) and web app manifest, our own origin only
        'worker-src': ["'self'"],
        'manifest-src': ["'self'"],
        'frame-ancestors': ["'none'"],
        'object-src': ["'none'"],
        'base-uri': ["'self'"],
        'form-action': ["'self'"],
        // Over plain http on a laptop this would break every sub-resource; in production we are on https.
        ...(config.production ? { 'upgrade-insecure-requests': [] } : {}),
      },
    },
    // HSTS only makes sense once we are served over https (production).
    strictTransportSecurity: config.production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  }) as RequestHandler;
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * CSRF protection for a cookie-authenticated JSON API. A state-changing request (POST, PUT, PATCH,
 * DELETE) is refused with 403 when:
 * - the browser says it is cross-site (`Sec-Fetch-Site: cross-site`; same-origin, same-site and
 *   none — typed URL, bookmark — are allowed), or
 * - an `Origin` header is present and is neither APP_URL's origin nor the request's own origin (scheme
 *   as the request arrived, `X-Forwarded-Proto` with TRUST_PROXY, and host)
 *   (`Origin: null`, sent by sandboxed frames and some redirects, is refused too).
 * Requests carrying neither header (curl, server-to-server, old browsers on same-origin requests)
 * are allowed: a browser making a cross-site request always sends at least one of them. SameSite=Lax
 * on the session cookie is the second layer.
 */
export function sameOriginGuard(config: Config): RequestHandler {
  const appOrigin = new URL(config.appUrl).origin;
  return (req, _res, next) => {
    if (!STATE_CHANGING.has(req.method)) return next();
    const fetchSite = req.get('sec-fetch-site');
    if (fetchSite !== undefined && fetchSite.toLowerCase() === 'cross-site') return next(refused());
    const origin = req.get('origin');
    if (origin !== undefined && !isAllowedOrigin(origin, appOrigin, req.protocol, req.get('host'))) return next(refused());
    next();
  };
}

/** APP_URL's origin, or the request's own origin: scheme and host both (audit I2: host alone let `https://` through on http). */
function isAllowedOrigin(origin: string, appOrigin: string, protocol: string, host: string | undefined): boolean {
  if (origin === appOrigin) return true;
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    return false; // includes the opaque origin "null"
  }
  return host !== undefined && parsed.protocol === `${protocol}:` && parsed.host.toLowerCase() === host.toLowerCase();
}

function refused() {
  return forbidden('Cross-origin request refused');
}
