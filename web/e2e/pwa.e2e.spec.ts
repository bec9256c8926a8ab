import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { formatAsOf } from '../src/lib/format.ts';
import { PERSONAL_CACHE } from '../src/lib/offline/personal-cache.ts';
import { getJson, type ListedEtf } from './support/api.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { CHROMIUM_FLAGS, SIZES, WAIT_MS, baseUrl, chromiumPath, expectNoSidewaysScroll, launchBrowser, newContext, onPath, seeText, visible, waitUntil, watchErrors } from './support/browser.ts';
import { logOut, newUser, onPersonalArea, signUp } from './support/flows.ts';
import { makePremium } from './support/server-log.ts';
import { screenshot, screenshotOnFailure } from './support/screenshots.ts';

/**
 * Issue 31, "Installable, and useful offline", in the built app (docs/offline.md): Chromium finds no
 * installability error (the Lighthouse installability audit is gone from Lighthouse 12; the DevTools
 * protocol's Page.getInstallabilityErrors is the check Chrome's install prompt itself runs); the
 * personal area opens with the network cut, says since when, and allows no change; logging out, or a
 * session the server no longer knows, leaves no personal answer in the caches; a new service worker
 * shows "A new version is available — Reload" and Reload puts it in charge.
 */

let browser: Browser;
const open: { context: BrowserContext; page: Page }[] = [];
const profiles: string[] = [];

async function newPage(): Promise<Page> {
  const context = await newContext(browser, 'desktop');
  const page = await context.newPage();
  open.push({ context, page });
  return page;
}

/**
 * A page in a profile on disk: Chromium refuses to install from an incognito profile (every
 * `browser.newContext()` is one), so the installability check needs a persistent one.
 */
async function newInstallablePage(): Promise<Page> {
  const profile = mkdtempSync(path.join(tmpdir(), 'weeklydiv-pwa-profile-'));
  profiles.push(profile);
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath(),
    headless: true,
    args: CHROMIUM_FLAGS,
    baseURL: baseUrl(),
    viewport: SIZES.desktop,
    locale: 'en-US',
    timezoneId: 'America/New_York',
  });
  context.setDefaultTimeout(WAIT_MS);
  const page = context.pages()[0] ?? (await context.newPage());
  open.push({ context, page });
  return page;
}

/** The service worker is active and controls the page (the first install claims it: web/src/sw.ts). */
async function controlled(page: Page): Promise<string> {
  const scriptUrl = await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL ?? '');
  await waitUntil(() => page.evaluate(() => navigator.serviceWorker.controller !== null), 'the service worker controls the page');
  return scriptUrl;
}

/** Path and Date header of every answer in the personal cache, or null when the cache does not exist. */
async function personalCache(page: Page): Promise<{ path: string; date: string | null }[] | null> {
  return page.evaluate(async (name) => {
    if (!(await caches.has(name))) return null;
    const cache = await caches.open(name);
    const keys = await cache.keys();
    return Promise.all(keys.map(async (key) => ({ path: new URL(key.url).pathname + new URL(key.url).search, date: (await cache.match(key))?.headers.get('Date') ?? null })));
  }, PERSONAL_CACHE);
}

/** Every cache name of the origin that holds personal answers. */
async function personalCacheNames(page: Page): Promise<string[]> {
  return page.evaluate(async () => (await caches.keys()).filter((name) => name.startsWith('weeklydiv-personal')));
}

/** The controlling worker's name (its GET_VERSION answer). */
async function workerName(page: Page): Promise<string> {
  return page.evaluate(
    () =>
      new Promise<string>((resolve, reject) => {
        const controller = navigator.serviceWorker.controller;
        if (!controller) return reject(new Error('no controlling service worker'));
        const channel = new MessageChannel();
        channel.port1.onmessage = (event: MessageEvent<{ name: string }>) => resolve(event.data.name);
        controller.postMessage({ type: 'GET_VERSION' }, [channel.port2]);
      }),
  );
}

/**
 * A signed-up user holding one fund, on the personal area with the worker in charge of its reads;
 * Premium when the test opens the income page (Premium's, docs/billing.md "What Premium gives").
 */
async function holderOnPersonalArea(page: Page, label: string, premium = false): Promise<{ ticker: string }> {
  await signUp(page, newUser(label));
  if (premium) {
    const user = async () => (await (await page.request.get('/api/user')).json()) as { id: string; subscriptionTier: string };
    await makePremium((await user()).id, label);
    await waitUntil(async () => (await user()).subscriptionTier === 'premium', 'the user is Premium');
  }
  const etf = (await getJson<ListedEtf[]>('/api/etfs'))[0]!;
  const added = await page.request.post('/api/user/portfolio', { data: { etfId: etf.id, shares: '100', isDrip: 0 } });
  expect(added.status(), await added.text()).toBe(201);
  await controlled(page);
  // the first visit's reads went out before the worker took the page: read again through it
  await page.reload();
  await onPersonalArea(page);
  await visible(page.getByTestId('holding').filter({ hasText: etf.ticker }));
  await expect.poll(async () => (await personalCache(page))?.map((e) => e.path).sort()).toEqual(expect.arrayContaining(['/api/user', '/api/user/portfolio']));
  return { ticker: etf.ticker };
}

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  for (const { context } of open) await context.close();
  await browser?.close();
  for (const profile of profiles) rmSync(profile, { recursive: true, force: true });
});

screenshotOnFailure(() => open.map((o) => o.page));

describe('installable', () => {
  it('links the manifest from every page, serves it and the worker with their headers, and Chromium finds no installability error', async () => {
    const page = await newInstallablePage();
    const errors = watchErrors(page);
    for (const pagePath of ['/', '/etfs', '/login', '/my-weeklydiv']) {
      await page.goto(pagePath);
      expect(await page.locator('link[rel="manifest"]').getAttribute('href'), pagePath).toBe('/manifest.webmanifest');
    }
    await page.goto('/');
    await visible(page.getByRole('banner'));

    const manifestAnswer = await page.request.get('/manifest.webmanifest');
    expect(manifestAnswer.headers()['content-type']).toBe('application/manifest+json; charset=utf-8');
    const manifest = (await manifestAnswer.json()) as Record<string, unknown> & { icons: { src: string; sizes: string; purpose: string }[] };
    expect(manifest).toMatchObject({ name: 'WeeklyDiv', short_name: 'WeeklyDiv', start_url: '/my-weeklydiv', scope: '/', display: 'standalone', theme_color: '#2563eb' });
    expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
    for (const icon of manifest.icons) {
      const png = await page.request.get(icon.src);
      expect(png.headers()['content-type'], icon.src).toBe('image/png');
      // the PNG's own width and height (IHDR) are the declared size
      const body = await png.body();
      expect(`${body.readUInt32BE(16)}x${body.readUInt32BE(20)}`, icon.src).toBe(icon.sizes);
    }
    const worker = await page.request.get('/sw.js');
    expect(worker.headers()['cache-control']).toBe('no-cache');
    expect(worker.headers()['content-security-policy']).toContain("worker-src 'self'");
    expect(worker.headers()['content-security-policy']).toContain("manifest-src 'self'");

    expect(new URL(await controlled(page)).pathname).toBe('/sw.js');
    const cdp = await page.context().newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] };
    expect(installabilityErrors).toEqual([]);
    const { errors: manifestErrors, url } = (await cdp.send('Page.getAppManifest')) as { errors: unknown[]; url: string };
    expect(new URL(url).pathname).toBe('/manifest.webmanifest');
    expect(manifestErrors).toEqual([]);
    // a visitor's GET /api/user answers 401 (signed out): the only console error allowed
    expect(errors.filter((e) => !e.includes('status of 401'))).toEqual([]);
  });
});

describe('offline', () => {
  it('opens the personal area with the network cut: the kept answers, "Offline — as of" their time, every change disabled; back online, all enabled again', async () => {
    const page = await newPage();
    const { ticker } = await holderOnPersonalArea(page, 'pwa-offline', true);
    // the income page once online, so its answers are kept too
    await page.getByRole('link', { name: 'Income and goal' }).click();
    await visible(page.getByRole('button', { name: 'Download CSV' }));
    await expect.poll(async () => (await personalCache(page))?.map((e) => e.path)).toEqual(expect.arrayContaining(['/api/user/income?by=month']));
    await page.goto('/my-weeklydiv');
    await onPersonalArea(page);

    await page.context().setOffline(true);
    const writes: string[] = [];
    page.on('request', (request) => {
      if (request.method() !== 'GET') writes.push(`${request.method()} ${request.url()}`);
    });
    await page.reload();
    await onPersonalArea(page);
    await visible(page.getByTestId('holding').filter({ hasText: ticker }));
    const notice = await visible(page.getByTestId('offline-notice'));
    // the oldest kept answer the screen shows, in the app's as-of format
    const kept = (await personalCache(page))!;
    const oldest = kept.map((e) => Date.parse(e.date ?? '')).filter(Number.isFinite).sort((a, b) => a - b)[0]!;
    expect(await notice.textContent()).toBe(`Offline — as of ${formatAsOf(new Date(oldest).toISOString())}You're offline. Changes are disabled until you reconnect.`);

    // every control of the page's content (the tabs themselves and the header aside) is disabled
    const panel = page.getByRole('tabpanel');
    const content = page.locator('main');
    const writable = 'button:enabled:not([role="tab"]), input:enabled, select:enabled, textarea:enabled';
    expect(await content.locator('button:not([role="tab"]), input, select, textarea').count()).toBeGreaterThan(0);
    expect(await content.locator(writable).count()).toBe(0);
    await expect.poll(() => page.getByRole('button', { name: 'Resend verification email' }).isDisabled()).toBe(true);
    await expect.poll(() => panel.getByRole('button', { name: /Remove/ }).first().isDisabled()).toBe(true);
    await expectNoSeriousA11yViolations(page, 'personal area offline (desktop)');
    await screenshot(page, 'pwa-offline-personal-area-desktop');
    await page.setViewportSize(SIZES.phone);
    await expectNoSidewaysScroll(page, 'personal area offline (phone)');
    await screenshot(page, 'pwa-offline-personal-area-phone');
    await page.setViewportSize(SIZES.desktop);
    // reading still works: another tab of the area, and the income page (a link, its own chunk from the precache)
    await page.getByRole('tab', { name: /Favorites/ }).click();
    await visible(page.getByTestId('offline-notice'));
    await page.getByRole('tab', { name: /My Portfolio/ }).click();
    await page.getByRole('link', { name: 'Income and goal' }).click();
    await onPath(page, '/my-weeklydiv/income');
    await visible(page.getByTestId('offline-notice'));
    await expect.poll(() => page.getByRole('button', { name: 'Download CSV' }).isDisabled()).toBe(true);
    // the one control left: choosing week, month or year (a read)
    expect(await content.locator(writable).count()).toBe(1);
    expect(await page.getByRole('combobox', { name: 'By' }).isEnabled()).toBe(true);
    await screenshot(page, 'pwa-offline-income-desktop');
    await page.goBack();
    await onPersonalArea(page);
    expect(writes).toEqual([]);

    await page.context().setOffline(false);
    await page.getByRole('tab', { name: /My Portfolio/ }).click();
    await page.getByTestId('offline-notice').waitFor({ state: 'detached' });
    await expect.poll(() => content.locator(writable).count()).toBeGreaterThan(0);
    expect(await panel.getByRole('button', { name: /Remove/ }).first().isDisabled()).toBe(false);
  });
});

describe('no personal answer outlives the session', () => {
  it('logging out drops the kept answers: offline afterwards, the personal area sends to the login', async () => {
    const page = await newPage();
    await holderOnPersonalArea(page, 'pwa-logout');
    expect((await personalCache(page))!.length).toBeGreaterThan(0);

    await logOut(page);
    expect(await personalCacheNames(page)).toEqual([]);

    await page.context().setOffline(true);
    await page.goto('/my-weeklydiv');
    await onPath(page, '/login');
    expect(await personalCacheNames(page)).toEqual([]);
    await page.context().setOffline(false);
  });

  it('a session the server no longer knows (401) drops them too', async () => {
    const page = await newPage();
    await holderOnPersonalArea(page, 'pwa-expired');
    expect((await personalCache(page))!.length).toBeGreaterThan(0);

    // the session cookie gone, as when it expires: the next GET /api/user answers 401
    await page.context().clearCookies();
    await page.reload();
    await onPath(page, '/login');
    await expect.poll(() => personalCacheNames(page)).toEqual([]);

    await page.context().setOffline(true);
    await page.goto('/my-weeklydiv');
    await onPath(page, '/login');
    await page.context().setOffline(false);
  });
});

describe('updates', () => {
  it('a new worker waits and shows "A new version is available — Reload"; Reload puts it in charge of a reloaded page', async () => {
    const page = await newPage();
    await page.goto('/');
    await visible(page.getByRole('banner'));
    await controlled(page);
    expect(await workerName(page)).toBe('weeklydiv-sw');

    // A new deployment: the server's sw.js changes (here its name; a new build changes its precache list).
    const swFile = path.join(inject('e2eWebDistDir'), 'sw.js');
    const original = readFileSync(swFile, 'utf8');
    expect(original).toContain('weeklydiv-sw');
    try {
      writeFileSync(swFile, original.replace('weeklydiv-sw', 'weeklydiv-sw-next'));
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
      const prompt = await visible(page.getByTestId('update-prompt'));
      expect(await prompt.textContent()).toBe('A new version is available —Reload');
      // still the old worker until the user says so
      expect(await workerName(page)).toBe('weeklydiv-sw');
      await expectNoSeriousA11yViolations(page, 'update prompt (desktop)');
      await screenshot(page, 'pwa-update-prompt-desktop', { viewportOnly: true });
      await page.setViewportSize(SIZES.phone);
      await expectNoSidewaysScroll(page, 'update prompt (phone)');
      await screenshot(page, 'pwa-update-prompt-phone', { viewportOnly: true });
      await page.setViewportSize(SIZES.desktop);

      const reloaded = page.waitForEvent('load');
      await prompt.getByRole('button', { name: 'Reload' }).click();
      await reloaded;
      await visible(page.getByRole('banner'));
      await expect.poll(() => workerName(page)).toBe('weeklydiv-sw-next');
      expect(await page.getByTestId('update-prompt').count()).toBe(0);
      await seeText(page.getByRole('banner'), 'Log In');
    } finally {
      writeFileSync(swFile, original);
    }
  });
});
