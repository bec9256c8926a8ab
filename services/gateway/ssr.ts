import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Request, Response } from 'express';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Logger } from 'pino';
import { registerCacheKind } from '../../domain/caches/registry.ts';
import { newYorkDate } from '../../domain/market/trading-days.ts';
import type { PreparedJson } from '../../read-models/runtime/prepared-json.ts';
import type { AppDeps } from '../http/deps.ts';
import { SENT, type Call, type Handled } from '../http/endpoints.ts';
import { HTML_TYPE, sendPreparedJson } from '../http/etag.ts';
import { answerableFromMemory, answerHeaders, sendFromMemory, type AnswerHeaders, type FastRead } from '../http/fast-reads.ts';
import { securityHeaderSet } from '../http/security.ts';
import { EARLY_CLICKS_SCRIPT } from '../../contracts/early-clicks.ts';
import type { RenderedPage, RenderRequest } from '../../web/src/entry-server.tsx';
import { escapeHtml, withPageHead, type ManagedPageHead, type RenderedPages } from './client.ts';

/**
 * Server rendering of the public pages (docs/architecture.md "Server rendering"). The client's own
 * server entry (web/src/entry-server.tsx, built by `vite build --ssr` into web/dist-ssr) renders a
 * page with the client's routes, components and RTK Query store; this module gives it its reads,
 * puts its output into the built index.html, and keeps the answer:
 *
 * - Reads: a GET of `/api` the render makes is answered in this process by the same endpoint the API
 *   mounts: a prepared market view through the fast reads (`FastRead`, the same bytes the API sends),
 *   any other public read by calling its handler with the parsed path and query. Never over HTTP.
 * - Cache (`rendered-pages`): the answer (HTML bytes, strong ETag, gzip once asked for) by URL, with
 *   what it was made from: the ETag of every prepared view it read and, for other reads, how many
 *   times each read model they name (`reads` of the definition) had advanced. A kept page is served
 *   only while all of those are unchanged and New York's date is the one it was rendered on, so it
 *   is invalidated with the prepared JSON (same view cache, same refresh) and with every other read.
 * - Hot path: a kept, current page is answered on node:http in front of Express, like the fast reads
 *   (same security headers, request log, ETag/304 and gzip rules). Anything else goes to Express,
 *   where `page()` renders (one render per URL at a time) and keeps it.
 * - Fallback: without a server bundle (a client built before server rendering, or a build that
 *   failed) every page is the client shell, as before; one log line says so at start.
 */

/** The server bundle's face (web/src/entry-server.tsx). */
interface ServerBundle {
  renderPage(request: RenderRequest): Promise<RenderedPage | null>;
}

/** The paths rendered on the server besides published managed pages (the public screens of the client's routes). */
const RENDERED_ROUTES = [/^\/$/, /^\/etfs$/, /^\/etfs\/[^/]+$/, /^\/etfs\/[^/]+\/[^/]+$/, /^\/dividend-calendar$/, /^\/news$/];

export function isRenderedRoute(pathname: string): boolean {
  return RENDERED_ROUTES.some((r) => r.test(pathname));
}

/** 32 MiB of kept pages (HTML and its gzip): every public page of the catalog several times over. */
export const RENDERED_PAGES_MAX_BYTES = 32 * 1024 * 1024;

interface KeptPage {
  answer: PreparedJson;
  /** Prepared views read: path, query and the ETag read. */
  views: readonly [string, string, string][];
  /** Other reads: read model name and its advance count when read. */
  versions: readonly [string, number][];
  today: string;
  bytes: number;
}

/** What a render read, collected while it runs. */
interface ReadRecord {
  views: [string, string, string][];
  versions: Map<string, number>;
  cacheable: boolean;
}


/**
 * The server bundle beside the client build: `<webDistDir>-ssr/entry-server.js` (web/dist-ssr for
 * web/dist; the browser tests build both into a temporary folder and its `-ssr` twin).
 */
export function serverBundlePath(webDistDir: string): string {
  return path.join(`${path.resolve(webDistDir)}-ssr`, 'entry-server.js');
}

const NOTHING = Symbol('nothing');

export class PageRenderer implements RenderedPages {
  private static readonly kind = registerCacheKind<PageRenderer>({
    name: 'rendered-pages',
    owner: 'services/gateway/ssr.ts',
    key: 'URL (path and query) of a server-rendered public page; the answer keeps its gzip bytes once asked for',
    bound: `${RENDERED_PAGES_MAX_BYTES / 1024 / 1024} MiB of HTML and gzip (RENDERED_PAGES_MAX_BYTES)`,
    eviction: 'oldest first (first kept, first dropped: a hit costs no reordering); a page found stale is dropped when it is asked for',
    coherence:
      "served only while every prepared market view it read has the ETag it read (the view cache's own refresh), every other read model it read (the definition's `reads`) has not advanced since, and New York's date is the render's",
    clearable: true,
    clear: (renderer) => renderer.clear(),
    size: (renderer) => renderer.kept.size,
  });

  private readonly deps: AppDeps;
  private readonly logger: Logger;
  private readonly indexFile: string;
  private readonly fastRead: FastRead;
  private readonly publicReads: { handled: Handled; pattern: RegExp; names: string[] }[];
  private readonly bundle: Promise<ServerBundle | null>;
  private readonly headers: AnswerHeaders;
  private kept = new Map<string, KeptPage>();
  private keptBytes = 0;
  private readonly rendering = new Map<string, Promise<PreparedJson | null>>();
  /** How many times each read model advanced (onAdvance), from the first render on. */
  private readonly advanced = new Map<string, number>();
  private unsubscribe: (() => void) | undefined;
  private readonly untrack: () => void;
  private template: string | undefined;

  constructor(deps: AppDeps, handled: readonly Handled[], fastRead: FastRead, indexFile: string, bundleFile = serverBundlePath(path.dirname(indexFile))) {
    this.deps = deps;
    this.logger = deps.logger;
    this.indexFile = indexFile;
    this.fastRead = fastRead;
    this.publicReads = handled
      .filter((h) => h.endpoint.method === 'get' && h.endpoint.access === 'public' && !h.endpoint.upload)
      .map((h) => {
        const names: string[] = [];
        const source = h.endpoint.path
          .split('/')
          .map((s) => (s.startsWith(':') ? (names.push(s.slice(1)), '([^/]+)') : s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
          .join('/');
        return { handled: h, pattern: new RegExp(`^${source}$`), names };
      });
    this.headers = answerHeaders(securityHeaderSet(deps.config).set.flat(), HTML_TYPE);
    this.bundle = loadBundle(bundleFile, this.logger);
    this.untrack = PageRenderer.kind.track(this);
  }

  renders(pathname: string): boolean {
    return isRenderedRoute(pathname);
  }

  send(req: Request, res: Response, answer: PreparedJson): void {
    sendPreparedJson(req, res, answer, HTML_TYPE);
  }

  close(): void {
    this.unsubscribe?.();
    this.untrack();
  }

  clear(): void {
    this.kept = new Map();
    this.keptBytes = 0;
    this.template = undefined;
  }

  /** Answers a GET of a kept, current page on node:http and says true; else false, untouched. */
  fast(req: IncomingMessage, res: ServerResponse): boolean {
    if (this.kept.size === 0 || !answerableFromMemory(req)) return false;
    const answer = this.current(req.url ?? '');
    if (answer === undefined) return false;
    sendFromMemory(req, res, answer, this.headers, this.logger);
    return true;
  }

  /** The kept answer of a URL when it is still current (a stale one is dropped). */
  private current(url: string): PreparedJson | undefined {
    const page = this.kept.get(url);
    if (page === undefined) return undefined;
    if (this.isCurrent(page)) return page.answer;
    this.drop(url, page);
    return undefined;
  }

  private isCurrent(page: KeptPage): boolean {
    for (const [viewPath, query, etag] of page.views) if (this.fastRead(viewPath, query)?.etag !== etag) return false;
    for (const [name, count] of page.versions) if ((this.advanced.get(name) ?? 0) !== count) return false;
    return page.today === newYorkDate(this.deps.now().getTime());
  }

  async page(url: string, managed?: ManagedPageHead): Promise<PreparedJson | null> {
    const kept = this.current(url);
    if (kept) return kept;
    let running = this.rendering.get(url);
    if (!running) {
      running = this.render(url, managed).finally(() => this.rendering.delete(url));
      this.rendering.set(url, running);
    }
    return running;
  }

  private async render(url: string, managed: ManagedPageHead | undefined): Promise<PreparedJson | null> {
    const bundle = await this.bundle;
    if (!bundle) return null;
    this.unsubscribe ??= this.deps.readModels.onAdvance((projection) => this.advanced.set(projection.name, (this.advanced.get(projection.name) ?? 0) + 1));
    const now = this.deps.now();
    const today = newYorkDate(now.getTime());
    const record: ReadRecord = { views: [], versions: new Map(), cacheable: true };
    let rendered: RenderedPage | null;
    try {
      rendered = await bundle.renderPage({
        url,
        origin: new URL(this.deps.config.appUrl).origin,
        clock: { now: now.toISOString(), today },
        reads: { read: (apiUrl) => this.read(apiUrl, record) },
      });
    } catch (error) {
      this.logger.error({ err: error, url }, 'server rendering failed: the client shell is served');
      return null;
    }
    if (!rendered) return null;
    const html = this.assemble(rendered, managed);
    const body = Buffer.from(html, 'utf8');
    const answer: PreparedJson = { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
    if (record.cacheable) this.keep(url, { answer, views: record.views, versions: [...record.versions], today, bytes: body.length * 1.3 });
    return answer;
  }

  /**
   * index.html with the page: its styles and head tags, the early-click holder before #root (it must run
   * before any button exists: contracts/early-clicks.ts), its HTML in #root, and the payload after it.
   */
  private assemble(page: RenderedPage, managed: ManagedPageHead | undefined): string {
    let html = (this.template ??= readTemplate(this.indexFile));
    if (managed) html = withPageHead(html, managed, this.deps.config.appUrl);
    else if (page.head) {
      const head = page.head;
      html = html
        .replace(/<title>[\s\S]*?<\/title>/i, () => `<title>${escapeHtml(head.title)}</title>`)
        .replace(/<meta\s+name="description"[^>]*>/i, () => `<meta name="description" content="${escapeHtml(head.description)}" />`);
      html = html.replace(/<\/head>/i, () => `    ${head.tags}\n  </head>`);
    }
    return html
      .replace(/<\/head>/i, () => `  ${page.styles}\n  </head>`)
      .replace('<div id="root"></div>', () => `<script>${EARLY_CLICKS_SCRIPT}</script>\n    <div id="root">${page.html}</div>\n    ${page.payload}`);
  }

  private keep(url: string, page: KeptPage): void {
    const old = this.kept.get(url);
    if (old) this.drop(url, old);
    if (page.bytes > RENDERED_PAGES_MAX_BYTES / 4) return;
    this.kept.set(url, page);
    this.keptBytes += page.bytes;
    for (const [oldest, entry] of this.kept) {
      if (this.keptBytes <= RENDERED_PAGES_MAX_BYTES) break;
      this.drop(oldest, entry);
    }
  }

  private drop(url: string, page: KeptPage): void {
    if (this.kept.get(url) !== page) return;
    this.kept.delete(url);
    this.keptBytes -= page.bytes;
  }

  /** A GET of `/api` made by the render, answered in this process (see the module comment). */
  private async read(url: string, record: ReadRecord): Promise<{ data: unknown } | { error: { status: number; message: string; data: unknown } }> {
    const q = url.indexOf('?');
    const pathname = q < 0 ? url : url.slice(0, q);
    const query = q < 0 ? '' : url.slice(q + 1);
    const prepared = this.fastRead(pathname, query);
    if (prepared) {
      record.views.push([pathname, query, prepared.etag]);
      return { data: JSON.parse(prepared.body.toString('utf8')) as unknown };
    }
    const failed = (status: number, message: string) => ({ error: { status, message: `${status}: ${message}`, data: { message } } });
    for (const { handled, pattern, names } of this.publicReads) {
      const match = pattern.exec(pathname);
      if (!match) continue;
      const { endpoint } = handled;
      // Counted before the read: an advance during it leaves the page stale, never the other way.
      if (!endpoint.reads || endpoint.prepared) record.cacheable = false;
      for (const name of endpoint.reads ?? []) record.versions.set(name, this.advanced.get(name) ?? 0);
      try {
        const raw: Record<string, string> = {};
        names.forEach((name, i) => (raw[name] = decodeURIComponent(match[i + 1]!)));
        const params = endpoint.params ? endpoint.params.safeParse(raw) : { success: true as const, data: {} };
        const parsedQuery = endpoint.query ? endpoint.query.safeParse(Object.fromEntries(new URLSearchParams(query))) : { success: true as const, data: {} };
        if (!params.success || !parsedQuery.success) return failed(400, 'Invalid request');
        let sent: unknown = NOTHING;
        const res = {
          setHeader: () => res,
          status: () => res,
          json: (body: unknown) => ((sent = body), res),
        };
        const call = {
          deps: this.deps,
          auth: null,
          res,
          currentAuth: async () => null,
          sendPrepared: (p: PreparedJson) => ((sent = JSON.parse(p.body.toString('utf8'))), SENT),
          sendJsonBytes: (bytes: Uint8Array) => ((sent = JSON.parse(Buffer.from(bytes).toString('utf8'))), SENT),
        } as unknown as Call<typeof endpoint>;
        const result = await handled.handler({ params: params.data, query: parsedQuery.data, body: undefined } as never, call);
        return { data: result === SENT ? (sent === NOTHING ? null : sent) : result };
      } catch (error) {
        record.cacheable = false;
        const status = typeof (error as { status?: unknown }).status === 'number' ? (error as { status: number }).status : 500;
        return failed(status, error instanceof Error ? error.message : String(error));
      }
    }
    record.cacheable = false;
    return failed(404, 'Not Found');
  }
}

async function loadBundle(file: string, logger: Logger): Promise<ServerBundle | null> {
  if (!existsSync(file)) {
    logger.warn({ bundle: file }, 'server rendering off: no server bundle (npm run build writes it); public pages are served as the client shell');
    return null;
  }
  try {
    const bundle = (await import(pathToFileURL(file).href)) as ServerBundle;
    logger.info({ bundle: file }, 'server rendering on: public pages arrive rendered');
    return bundle;
  } catch (error) {
    logger.error({ err: error, bundle: file }, 'server rendering off: the server bundle did not load; public pages are served as the client shell');
    return null;
  }
}

/** The built index.html: read at the first render (and again after Clear Cache); a new build means a restart. */
function readTemplate(file: string): string {
  return readFileSync(file, 'utf8');
}

