import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Locator, type Page } from 'playwright-core';
import { inject } from 'vitest';

/**
 * Debian's Chromium through playwright-core (no test tool downloads a browser here;
 * ../../../../shared/BROWSER.md). One browser per spec file, a context per screen size or user.
 */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function chromiumPath(): string {
  return process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), headless: true, args: CHROMIUM_FLAGS });
}

export const SIZES = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;
export type SizeName = keyof typeof SIZES;
export const SIZE_NAMES = Object.keys(SIZES) as SizeName[];

/** Generous: the suite must hold on a loaded 2-core machine. */
export const WAIT_MS = 30_000;

export function baseUrl(): string {
  return inject('e2eBaseUrl');
}

/**
 * A fresh context (own cookies) at a screen size, with the test server as base URL. Reduced motion:
 * the hero word still changes but without the fade, so screenshots and axe never catch a half-faded word.
 */
export async function newContext(browser: Browser, size: SizeName = 'desktop', more: BrowserContextOptions = {}): Promise<BrowserContext> {
  const context = await browser.newContext({
    ...more,
    baseURL: baseUrl(),
    viewport: SIZES[size],
    deviceScaleFactor: 1,
    isMobile: size === 'phone',
    hasTouch: size === 'phone',
    reducedMotion: 'reduce',
    locale: 'en-US',
    timezoneId: 'America/New_York',
  });
  context.setDefaultTimeout(WAIT_MS);
  context.setDefaultNavigationTimeout(WAIT_MS * 2);
  return context;
}

/** Collects uncaught page errors and console errors, so a test can assert a screen ran clean. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  return errors;
}

/** Waits until the locator's first match is visible. */
export async function visible(locator: Locator, timeout = WAIT_MS): Promise<Locator> {
  await locator.first().waitFor({ state: 'visible', timeout });
  return locator.first();
}

/** Waits until some element shows exactly this text (or matches the pattern). */
export async function seeText(page: Page | Locator, text: string | RegExp, timeout = WAIT_MS): Promise<Locator> {
  return visible(page.getByText(text, typeof text === 'string' ? { exact: true } : {}), timeout);
}

/** Waits until the path (and optional search) of the page's URL is the expected one. */
export async function onPath(page: Page, pathname: string | RegExp, timeout = WAIT_MS): Promise<void> {
  await page.waitForURL((url) => (typeof pathname === 'string' ? url.pathname === pathname : pathname.test(url.pathname + url.search)), {
    timeout,
    waitUntil: 'commit',
  });
}

/**
 * Waits until `condition` holds (checked every `interval` ms), else throws `message`. Unlike
 * `expect.poll` it also works in `beforeAll` (set-up shared by a file's tests, e.g. the owner's sign-in).
 */
export async function waitUntil(condition: () => boolean | Promise<boolean>, message: string, options: { timeout?: number; interval?: number } = {}): Promise<void> {
  const deadline = Date.now() + (options.timeout ?? WAIT_MS);
  for (;;) {
    if (await condition()) return;
    if (Date.now() > deadline) throw new Error(`timed out waiting: ${message}`);
    await new Promise((resolve) => setTimeout(resolve, options.interval ?? 200));
  }
}

/** A unique e-mail per call (tests create their own users on the shared server). */
export function uniqueEmail(label: string): string {
  return `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@e2e.weeklydiv.test`;
}

/** The page fits its viewport's width: nothing scrolls sideways (issue 10: every screen fits 390 px). */
export async function expectNoSidewaysScroll(page: Page, what: string): Promise<void> {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
  // On a phone context (isMobile) the layout viewport grows to fit a too-wide page, and innerWidth with it:
  // the device's width is the context's viewport, not the window's.
  const width = Math.min(innerWidth, page.viewportSize()?.width ?? innerWidth);
  if (scrollWidth > width) throw new Error(`${what}: the page is ${scrollWidth} px wide in a ${width} px viewport`);
}
