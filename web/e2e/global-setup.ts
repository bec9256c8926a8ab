import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { chromiumPath } from './support/browser.ts';
import { buildClient } from './support/build-client.ts';
import { SCREENSHOT_DIR } from './support/screenshots.ts';
import { startTestServer } from './support/server.ts';
import { stripeEnv } from './support/stripe.ts';
import { startStripeStandIn } from '../../services/billing/testing/stripe-stand-in.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Origin of the test server (the browser's base URL). */
    e2eBaseUrl: string;
    /** The server's mail outbox (JSON lines), for reset links. */
    e2eOutboxFile: string;
    /** The local Stripe stand-in the server's Stripe client talks to (STRIPE_API_URL). */
    e2eStripeUrl: string;
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
  // Premium is sold through a local Stripe stand-in (services/billing/testing), as a real server with Stripe would.
  const stripe = await startStripeStandIn();
  const server = await startTestServer({ webDistDir, env: stripeEnv(stripe.url) }).catch(async (error: unknown) => {
    await stripe.close();
    throw error;
  });
  console.info(
    `e2e: client built in ${((built - started) / 1000).toFixed(1)} s; server ready (seeded) at ${server.url} in ${((performance.now() - built) / 1000).toFixed(1)} s`,
  );
  project.provide('e2eBaseUrl', server.url);
  project.provide('e2eOutboxFile', server.outboxFile);
  project.provide('e2eStripeUrl', stripe.url);
  return async () => {
    await server.stop();
    await stripe.close();
    if (ownDist) rmSync(ownDist, { recursive: true, force: true });
  };
}
