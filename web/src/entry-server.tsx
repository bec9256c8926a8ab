import { Writable } from 'node:stream';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { ServerStyleSheet } from 'styled-components';
import { baseApi, type ServerReads } from './api/base-api.ts';
import { AppRoot } from './app/app-root.tsx';
import { pageHead, scriptJson, type PageHead } from './app/page-head.ts';
import { appRoutes } from './app/router.tsx';
import { SSR_PAYLOAD_ID, type SsrPayload } from './app/ssr-payload.ts';
import { makeStore } from './app/store.ts';
import { navigationApi } from './features/navigation/api.ts';
import type { RenderClock } from './lib/render-clock.tsx';
import { serverPrefetchMatches } from './lib/route-prefetch.ts';

/**
 * The server entry (`vite build --ssr`, loaded by services/gateway/ssr.ts): a public page rendered
 * with the client's own routes, components and RTK Query store.
 *
 * 1. The static router matches the URL with the app's route table (app/router.tsx).
 * 2. A store whose queries resolve in the server's process (`reads`, base-api.ts `ServerReads`) runs
 *    the matched routes' reads (their `handle.prefetch`, the same the browser starts on navigation,
 *    plus `serverPrefetch`) and the header's navigation; the page waits for them.
 * 3. The page renders from a second store made from that state, exactly as the browser's hydration
 *    will (main.tsx), so both draw from the same cache and neither starts a read while rendering.
 *    `prerenderToNodeStream` waits for the lazy route chunks (renderToString would draw their
 *    Suspense fallback); styled-components' ServerStyleSheet collects the styles of what rendered.
 *    The page is cached (the gateway's `rendered-pages`), so how long a render takes matters less than
 *    that it is complete: no streaming, no boundary left for a script to fill in.
 * 4. A read that failed (an unknown fund, a missing page, a view not loaded) renders nothing: the
 *    gateway serves the client shell, which draws its usual not-found or error screen.
 */
export interface RenderedPage {
  /** The HTML inside `#root`. */
  html: string;
  /** The `<style data-styled>` tags of the page. */
  styles: string;
  /** Title, description and the tags for crawlers; null for a managed page (the gateway writes its head). */
  head: PageHead | null;
  /** The `<script type="application/json">` element carrying the state and clock (ssr-payload.ts). */
  payload: string;
}

export interface RenderRequest {
  /** Path and query, as requested. */
  url: string;
  /** The origin of canonical and Open Graph URLs (APP_URL). */
  origin: string;
  clock: RenderClock;
  reads: ServerReads;
}

export async function renderPage({ url, origin, clock, reads }: RenderRequest): Promise<RenderedPage | null> {
  const handler = createStaticHandler(appRoutes);
  const context = await handler.query(new Request(new URL(url, origin)));
  if (context instanceof Response) return null; // a redirect: the browser's router makes it

  const fetching = makeStore({ serverReads: reads });
  serverPrefetchMatches(context.matches, fetching.dispatch);
  fetching.dispatch(navigationApi.util.prefetch('getHeaderNav', undefined, {}));
  await Promise.all(fetching.dispatch(baseApi.util.getRunningQueriesThunk()));
  const state = fetching.getState();
  // Drops the fetching store's timers (unused entries are collected after keepUnusedDataFor).
  fetching.dispatch(baseApi.util.resetApiState());
  if (Object.values(state.api.queries).some((q) => q?.status !== 'fulfilled')) return null;

  const store = makeStore({ preloadedState: state });
  const router = createStaticRouter(handler.dataRoutes, context);
  const sheet = new ServerStyleSheet();
  // An error inside a Suspense boundary would not fail the render: React writes the boundary's
  // fallback and leaves it to the browser. Such a page is not served (the shell is, and the error logged).
  const errors: unknown[] = [];
  try {
    const { prelude } = await prerenderToNodeStream(
      sheet.collectStyles(
        <AppRoot store={store} clock={clock}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppRoot>,
      ),
      // Every boundary written in place: a large one would otherwise be sent apart and revealed by an
      // inline script, which the Content-Security-Policy blocks (and which never runs with JavaScript off).
      { progressiveChunkSize: Number.MAX_SAFE_INTEGER, onError: (error) => void errors.push(error) },
    );
    const html = await streamText(prelude);
    if (errors.length > 0) throw errors[0] instanceof Error ? errors[0] : new Error(String(errors[0]));
    const payload: SsrPayload = { state, clock };
    return {
      html,
      styles: sheet.getStyleTags(),
      head: pageHead(state, context.location.pathname, origin),
      payload: `<script type="application/json" id="${SSR_PAYLOAD_ID}">${scriptJson(payload)}</script>`,
    };
  } finally {
    sheet.seal();
  }
}

function streamText(stream: NodeJS.ReadableStream): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream
      .pipe(
        new Writable({
          write(chunk: Buffer, _encoding, done) {
            chunks.push(chunk);
            done();
          },
        }),
      )
      .on('finish', () => resolve(Buffer.concat(chunks).toString('utf8')))
      .on('error', reject);
    stream.on('error', reject);
  });
}
