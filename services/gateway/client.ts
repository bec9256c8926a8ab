import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import express, { Router } from 'express';
import { registerCache } from '../../domain/caches/registry.ts';
import { normalisePagePath } from '../../contracts/page-path.ts';
import type { PreparedJson } from '../../read-models/runtime/prepared-json.ts';

/** Vite puts content-hashed files under `assets/`: safe to cache forever. */
const ASSETS_DIR = 'assets';

/** The installable app's service worker and manifest (web/vite.config.ts, docs/offline.md). */
const SERVICE_WORKER = 'sw.js';
const WEB_MANIFEST = 'manifest.webmanifest';

/**
 * Root files checked with the server on every use: index.html (a new deployment on the next
 * navigation), the service worker (the browser's update check must see a new one at once, not an hour
 * later) and the manifest (name, icons and start URL of an installed app).
 */
const ROOT_FILES_NO_CACHE: ReadonlySet<string> = new Set(['index.html', SERVICE_WORKER, WEB_MANIFEST]);

/**
 * The client's routes (every feature's routes.tsx and the app router; client.int.spec.ts checks
 * that every path there is here). `:name` matches one segment.
 */
export const CLIENT_ROUTES: readonly string[] = [
  '/',
  '/pricing',
  '/login',
  '/signup',
  '/register',
  '/forgot-password',
  '/reset-password',
  '/verify-email',
  '/my-weeklydiv',
  '/my-weeklydiv/tax-summary',
  '/my-weeklydiv/income',
  '/my',
  '/etfs',
  '/etfs/:brand',
  '/etfs/:brand/:ticker',
  '/etf/:ticker',
  '/news',
  '/dividend-calendar',
  '/admin',
  '/account',
  '/account/subscription',
  '/support',
];

const routeSegments = CLIENT_ROUTES.map((r) => r.split('/').filter(Boolean));

/** Whether a path is one of the client's routes (a trailing slash is ignored). */
export function isClientRoute(pathname: string): boolean {
  const segments = pathname.split('/').filter(Boolean);
  return routeSegments.some((route) => route.length === segments.length && route.every((s, i) => s.startsWith(':') || s === segments[i]));
}

/** What the served HTML needs of a published managed page. */
export interface ManagedPageHead {
  path: string;
  title: string;
  metaDescription: string | null;
  canonicalUrl: string | null;
  noIndex: 0 | 1;
}

export interface ManagedPages {
  /** The published page at a normalised path, or null (a draft counts as none). */
  publishedAt(path: string): Promise<ManagedPageHead | null>;
  /** APP_URL: the origin of a page's default canonical link. */
  appUrl: string;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}

/**
 * index.html with a managed page's head, so crawlers and link previews see it before any script runs:
 * its `<title>`, its meta description (else the site's), `<link rel="canonical">` (its canonical URL,
 * else APP_URL + path) and robots `noindex,nofollow` when noIndex (the client sets the same tags,
 * web/src/features/pages/head-tags.ts). Every value is HTML-escaped.
 */
export function withPageHead(indexHtml: string, page: ManagedPageHead, appUrl: string): string {
  const canonical = page.canonicalUrl ?? `${new URL(appUrl).origin}${page.path}`;
  let html = indexHtml
    .replace(/<title>[\s\S]*?<\/title>/i, () => `<title>${escapeHtml(page.title)}</title>`)
    .replace(/\s*<link\s+rel="canonical"[^>]*>/gi, '')
    .replace(/\s*<meta\s+name="robots"[^>]*>/gi, '');
  const extra: string[] = [];
  if (page.metaDescription) {
    const tag = `<meta name="description" content="${escapeHtml(page.metaDescription)}" />`;
    if (/<meta\s+name="description"[^>]*>/i.test(html)) html = html.replace(/<meta\s+name="description"[^>]*>/i, () => tag);
    else extra.push(tag);
  }
  extra.push(`<link rel="canonical" href="${escapeHtml(canonical)}" />`);
  if (page.noIndex) extra.push('<meta name="robots" content="noindex,nofollow" />');
  return html.replace(/<\/head>/i, () => `${extra.map((t) => `  ${t}\n`).join('')}  </head>`);
}

/** The server rendering of the public pages (ssr.ts `PageRenderer`), as the client router uses it. */
export interface RenderedPages {
  /** Whether a client route is a public page rendered on the server. */
  renders(pathname: string): boolean;
  /** The rendered answer (kept or rendered now); null: serve the shell. */
  page(url: string, managed?: ManagedPageHead): Promise<PreparedJson | null>;
  send(req: express.Request, res: express.Response, answer: PreparedJson): void;
}

/**
 * Serves the built client (vite build → web/dist):
 * - hashed assets (`/assets/*`) with a one-year immutable cache; a missing asset is a 404, never the
 *   index page (a stale tab must not parse HTML as JavaScript);
 * - other files in the root (favicon, robots.txt, icons) with a short cache; the service worker `/sw.js`
 *   and `/manifest.webmanifest` with `no-cache` (the worker with `Service-Worker-Allowed: /`, the
 *   manifest as `application/manifest+json`);
 * - every other GET/HEAD outside `/api` gets index.html (SPA fallback) with `no-cache`, so a new
 *   deployment is picked up on the next navigation: status 200 on a path of the client's route table
 *   (CLIENT_ROUTES) or of a published managed page (with that page's head: withPageHead), 404 on any
 *   other, drafts included (the app then draws "Page Not Found"; no soft 404s, D18).
 * - the public pages (`rendering.renders`, and published managed pages) rendered on the server
 *   when `rendering` is given and the page renders; the shell otherwise.
 * When the client is not built, those routes answer 503 with a short text saying so.
 * Mounted after the API routes; `/api/*` never reaches it.
 */
export function clientRouter(distDir: string, pages?: ManagedPages, rendering?: RenderedPages): Router {
  const router = Router();
  const indexFile = path.join(distDir, 'index.html');
  if (!existsSync(indexFile)) {
    router.use((req, res, next) => {
      if (req.method !== 'GET' && req.method !== 'HEAD') return next();
      res
        .status(503)
        .type('text/plain')
        .send('The WeeklyDiv client is not built. Run `npm run build` (output: web/dist), then reload.\n');
    });
    return router;
  }
  router.use(`/${ASSETS_DIR}`, precompressedAssets(path.join(distDir, ASSETS_DIR)));
  router.use(
    `/${ASSETS_DIR}`,
    express.static(path.join(distDir, ASSETS_DIR), { index: false, fallthrough: false, immutable: true, maxAge: '365d' }),
  );
  router.use(
    express.static(distDir, {
      index: false,
      setHeaders(res, filePath) {
        const name = path.basename(filePath);
        res.setHeader('Cache-Control', ROOT_FILES_NO_CACHE.has(name) ? 'no-cache' : 'public, max-age=3600');
        if (name === SERVICE_WORKER) res.setHeader('Service-Worker-Allowed', '/');
        if (name === WEB_MANIFEST) res.setHeader('Content-Type', 'application/manifest+json; charset=utf-8');
      },
    }),
  );
  router.use(async (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    res.setHeader('Cache-Control', 'no-cache');
    // The public pages arrive rendered (ssr.ts); any other route, or a page that did not render, is the shell.
    if (isClientRoute(req.path)) {
      const rendered = rendering?.renders(req.path) ? await rendering.page(req.originalUrl) : null;
      if (rendered) return rendering!.send(req, res, rendered);
      return res.status(200).sendFile(indexFile);
    }
    const page = pages ? await pages.publishedAt(normalisePagePath(req.path)) : null;
    if (!page) return res.status(404).sendFile(indexFile);
    const rendered = rendering ? await rendering.page(req.originalUrl, page) : null;
    if (rendered) return rendering!.send(req, res, rendered);
    res.status(200).type('html').send(withPageHead(indexHtml(indexFile), page, pages!.appUrl));
  });
  return router;
}

/** The client's index.html, read again only when the file changed (a new build). */
let cachedIndex: { file: string; mtimeMs: number; html: string } | undefined;
registerCache({
  name: 'client-index-html',
  owner: 'services/gateway/client.ts',
  key: 'index.html path and modification time',
  bound: 'one file',
  eviction: 'replaced when the file (or its path) changes',
  coherence: 'its modification time is checked on every use',
  clearable: true,
  clear: () => void (cachedIndex = undefined),
  size: () => (cachedIndex === undefined ? 0 : 1),
});

function indexHtml(file: string): string {
  const { mtimeMs } = statSync(file);
  if (cachedIndex?.file !== file || cachedIndex.mtimeMs !== mtimeMs) cachedIndex = { file, mtimeMs, html: readFileSync(file, 'utf8') };
  return cachedIndex.html;
}

/**
 * Serves the build's precompressed twins (`x.js.br`, `x.js.gz`, written by web/precompress-plugin.ts)
 * to clients that accept them: brotli first, then gzip; otherwise falls through to the plain file.
 */
function precompressedAssets(assetsDir: string): express.RequestHandler {
  const available = new Set(existsSync(assetsDir) ? readdirSync(assetsDir) : []);
  const types: Record<string, string> = {
    '.js': 'text/javascript; charset=utf-8',
    '.mjs': 'text/javascript; charset=utf-8',
    '.css': 'text/css; charset=utf-8',
    '.svg': 'image/svg+xml',
    '.json': 'application/json; charset=utf-8',
    '.txt': 'text/plain; charset=utf-8',
    '.html': 'text/html; charset=utf-8',
  };
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    let name: string;
    try {
      name = decodeURIComponent(req.path.slice(1));
    } catch {
      return next(); // a malformed escape names no asset (app.ts answers 400 before this)
    }
    const type = types[path.extname(name)];
    if (!type || name.includes('/') || !available.has(name)) return next();
    const accepted = String(req.headers['accept-encoding'] ?? '');
    const encoding = /\bbr\b/.test(accepted) && available.has(`${name}.br`) ? 'br' : /\bgzip\b/.test(accepted) && available.has(`${name}.gz`) ? 'gzip' : undefined;
    res.setHeader('Vary', 'Accept-Encoding');
    if (!encoding) return next();
    res.setHeader('Content-Encoding', encoding);
    res.sendFile(path.join(assetsDir, `${name}.${encoding === 'br' ? 'br' : 'gz'}`), {
      immutable: true,
      maxAge: '365d',
      headers: { 'Content-Type': type },
    });
  };
}
