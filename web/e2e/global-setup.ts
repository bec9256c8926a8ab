import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { chromiumPath } from './support/browser.ts';
import { buildClient } from './support/build-client.ts';
import { ISSUER_FEED_PATH, NEWS_FEED_PATH, startIssuerFeedStandIn } from './support/issuer-feed.ts';
import { SCREENSHOT_DIR } from './support/screenshots.ts';
import { startTestServer } from './support/server.ts';
import { startSnapTradeStandIn } from '../../infra/brokerage/snaptrade-test-server.ts';
import { stripeEnv } from './support/stripe.ts';
import { startStripeStandIn } from '../../services/billing/testing/stripe-stand-in.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Origin of the test server (the browser's base URL). */
    e2eBaseUrl: string;
    /** The server's mail outbox (JSON lines), for reset links. */
    e2eOutboxFile: string;
    /** The SnapTrade stand-in the server's brokerage sync talks to (its `/__control/accounts`). */
    e2eSnapTradeUrl: string;
    /** The local Stripe stand-in the server's Stripe client talks to (STRIPE_API_URL). */
    e2eStripeUrl: string;
    /** The local issuer feed the server's ingest-declarations reads (ISSUER_FEEDS; support/issuer-feed.ts). */
    e2eIssuerFeedUrl: string;
    /** The built client the server serves (read from disk on each request: the update spec changes its sw.js and restores it). */
    e2eWebDistDir: string;
  }
}

/**
 * Once per `vitest run` of the e2e project: build the client into a temporary folder, then start ONE
 * real server on a fresh embedded store (its first start seeds the demo catalog and two years of
 * history). Every spec file drives its own browser against it and creates its own users.
 * `E2E_WEB_DIST=<folder>` serves an existing build instead of building.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const started = performance.now();
  if (!existsSync(chromiumPath())) {
    throw new Error(`Chromium not found at ${chromiumPath()}: install it (apt-get install chromium) or set CHROMIUM_PATH. No test tool downloads a browser here.`);
  }
  // a fresh axe report and no failure shots from an earlier run (screenshots are overwritten by name)
  rmSync(path.join(SCREENSHOT_DIR, 'axe-report.jsonl'), { force: true });
  for (const file of existsSync(SCREENSHOT_DIR) ? readdirSync(SCREENSHOT_DIR) : []) {
    if (file.startsWith('failed-')) rmSync(path.join(SCREENSHOT_DIR, file), { force: true });
  }
  const ownDist = process.env['E2E_WEB_DIST'] ? undefined : mkdtempSync(path.join(tmpdir(), 'weeklydiv-e2e-dist-'));
  const webDistDir = process.env['E2E_WEB_DIST'] ? path.resolve(process.env['E2E_WEB_DIST']) : ownDist!;
  if (ownDist) await buildClient(ownDist);
  const built = performance.now();
  // SnapTrade for Premium's brokerage sync and Stripe for buying Premium: local stand-ins
  // (infra/brokerage/snaptrade-test-server.ts, services/billing/testing), as a real server with both would use.
  const snaptrade = await startSnapTradeStandIn({ portalUrl: 'self', control: true });
  const stripe = await startStripeStandIn();
  // the issuers' releases: a local feed (issue 26), never the built-in wire feeds
  const issuerFeed = await startIssuerFeedStandIn();
  const server = await startTestServer({
    webDistDir,
    env: {
      SNAPTRADE_CLIENT_ID: snaptrade.clientId,
      SNAPTRADE_CONSUMER_KEY: snaptrade.consumerKey,
      SNAPTRADE_API_URL: snaptrade.url,
      ...stripeEnv(stripe.url),
      ISSUER_FEEDS: `${issuerFeed.url}${ISSUER_FEED_PATH}`,
      // the news: the same local stand-in, never the real publishers' feeds
      NEWS_FEEDS: `${issuerFeed.url}${NEWS_FEED_PATH}`,
    },
  }).catch(async (error: unknown) => {
    await Promise.all([stripe.close(), snaptrade.close(), issuerFeed.close()]);
    throw error;
  });
  console.info(
    `e2e: client built in ${((built - started) / 1000).toFixed(1)} s; server ready (seeded) at ${server.url} in ${((performance.now() - built) / 1000).toFixed(1)} s`,
  );
  project.provide('e2eBaseUrl', server.url);
  project.provide('e2eOutboxFile', server.outboxFile);
  project.provide('e2eSnapTradeUrl', snaptrade.url);
  project.provide('e2eStripeUrl', stripe.url);
  project.provide('e2eIssuerFeedUrl', issuerFeed.url);
  project.provide('e2eWebDistDir', webDistDir);
  return async () => {
    await server.stop();
    await snaptrade.close();
    await stripe.close();
    await issuerFeed.close();
    if (ownDist) for (const dir of [ownDist, `${ownDist}-ssr`]) rmSync(dir, { recursive: true, force: true });
  };
}
