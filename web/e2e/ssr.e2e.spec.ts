import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brandEtfs, getJson, type ListedEtf } from './support/api.ts';
import { baseUrl, launchBrowser, newContext, visible, waitUntil } from './support/browser.ts';
import { signInAsVerifiedOwner } from './support/owner.ts';
import { screenshot, screenshotOnFailure } from './support/screenshots.ts';

/**
 * Server rendering (issue 30; docs/architecture.md "Server rendering"): each public page arrives with
 * its content and figures in the HTML (read here with JavaScript off), then hydrates without a
 * hydration warning or error, becomes interactive, and sends none of the reads it arrived with
 * (the RTK Query state handed over in the page).
 */

let browser: Browser;
let noScript: BrowserContext;
let withScript: BrowserContext;
let withScriptPhone: BrowserContext;
let owner: BrowserContext;
let fund: ListedEtf;
let second: ListedEtf;
const MANAGED = `/rendered-guide-${Date.now().toString(36)}`;
const pages: Page[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  noScript = await browser.newContext({ baseURL: baseUrl(), javaScriptEnabled: false, viewport: { width: 1280, height: 800 }, locale: 'en-US', timezoneId: 'America/New_York' });
  withScript = await newContext(browser, 'desktop');
  withScriptPhone = await newContext(browser, 'phone');
  const funds = await brandEtfs('roundhill');
  expect(funds.length).toBeGreaterThan(1);
  [fund, second] = [funds[0]!, funds[1]!];
  owner = await newContext(browser, 'desktop');
  const ownerPage = await owner.newPage();
  await signInAsVerifiedOwner(ownerPage);
  const created = await ownerPage.request.post('/api/admin/pages', {
    data: { path: MANAGED, title: 'Rendered guide', metaDescription: 'A guide rendered on the server.', isPublished: 1, htmlBody: '<h1>Weekly pay, rendered</h1><p>Read before any script runs.</p>' },
  });
  expect(created.status()).toBe(201);
});

afterAll(async () => {
  await browser?.close();
});

screenshotOnFailure(() => pages);

interface PublicPage {
  name: string;
  path: () => string;
  /** What the HTML must show with no script at all. */
  content: () => (string | RegExp)[];
  /** The endpoints the page arrived with: the browser must not read them again. */
  preloaded: RegExp[];
  /** An element React renders (not one inside owner HTML, which React does not own): 'main h1' unless said. */
  hydrates?: string;
}

const HEADER_NAV = /^\/api\/settings\/header_nav$/;

const publicPages: PublicPage[] = [
  {
    name: 'landing',
    path: () => '/',
    content: () => [/Grow your (dividend|income|portfolio) every week\./, 'Top Weekly Dividend Performers', fund.ticker],
    preloaded: [/^\/api\/top-performers$/, HEADER_NAV],
  },
  {
    name: 'etf-database',
    path: () => '/etfs',
    content: () => ['ETF Database', fund.ticker, second.ticker, fund.name],
    preloaded: [/^\/api\/top-performers\?limit=/, HEADER_NAV],
  },
  {
    name: 'brand',
    path: () => '/etfs/roundhill',
    content: () => [/Roundhill ETFs/i, fund.ticker, second.ticker],
    preloaded: [/^\/api\/etfs\/by-brand\/roundhill$/, HEADER_NAV],
  },
  {
    name: 'fund',
    path: () => `/etfs/roundhill/${fund.ticker}`,
    content: () => [fund.name, fund.ticker, `$${Number(fund.currentPrice).toFixed(2)}`, 'Dividend History'],
    preloaded: [/^\/api\/etfs\/detail\/[A-Z]+$/, /^\/api\/etfs\/detail\/[A-Z]+\/history\?range=1Y$/, /^\/api\/news\/ticker\//, HEADER_NAV],
  },
  {
    name: 'calendar',
    path: () => '/dividend-calendar',
    content: () => ['Dividend Calendar', 'Upcoming weekly dividend payouts for the next 4 weeks.'],
    preloaded: [/^\/api\/dividends\/calendar$/, /^\/api\/dividends\/calendar\/holidays$/, HEADER_NAV],
  },
  {
    name: 'news',
    path: () => '/news',
    content: () => ['Weekly ETF News'],
    preloaded: [/^\/api\/news(\?|$)/, HEADER_NAV],
  },
  {
    name: 'managed-page',
    path: () => MANAGED,
    content: () => ['Weekly pay, rendered', 'Read before any script runs.'],
    preloaded: [/^\/api\/pages\/by-path\?/, HEADER_NAV],
    hydrates: '[data-testid="managed-page"]',
  },
];

/** Whether the element's DOM node carries React's fiber: React hydrated it. */
async function hydrated(page: Page, selector: string): Promise<boolean> {
  return page.evaluate((s) => {
    const element = document.querySelector(s);
    return element !== null && Object.keys(element).some((key) => key.startsWith('__reactFiber'));
  }, selector);
}

/**
 * A page of its own whose scripts wait until `release` (a slow network, a slow phone): it shows the
 * rendered page, and what a visitor does on it comes before the app starts. The context blocks the
 * service worker, whose cache would answer the scripts past the route.
 */
async function withScriptsHeld(size: 'desktop' | 'phone', path: string): Promise<{ page: Page; release: () => void; refused: string[]; close: () => Promise<void> }> {
  const context = await newContext(browser, size, { serviceWorkers: 'block' });
  const page = await context.newPage();
  pages.push(page);
  // what the Content Security Policy refused, from the first byte (the inline early-click holder included)
  const refused: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) refused.push(m.text());
  });
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/*.js', async (route) => {
    await released;
    await route.continue();
  });
  await page.goto(path, { waitUntil: 'commit' });
  return { page, release, refused, close: () => context.close() };
}

describe('public pages arrive rendered', () => {
  for (const screen of publicPages) {
    it(`${screen.name}: the HTML carries the content with JavaScript off`, async () => {
      const page = await noScript.newPage();
      pages.push(page);
      const response = await page.goto(screen.path());
      expect(response?.status()).toBe(200);
      const html = await response!.text();
      expect(html).toContain('id="ssr-payload"');
      // the installable app's manifest (and so the service worker's start) is in the rendered page too
      expect(html).toMatch(/<link rel="manifest" href="[^"]+"/);
      for (const text of screen.content()) await visible((typeof text === 'string' ? page.getByText(text, { exact: false }) : page.getByText(text)).filter({ visible: true }));
      // styled on the first paint: the header's styles came with the HTML
      expect(await page.evaluate(() => getComputedStyle(document.querySelector('header')!).position)).toBe('sticky');
      await screenshot(page, `ssr-${screen.name}-no-js`);
      await page.close();
    });

    for (const size of ['desktop', 'phone'] as const) {
      it(`${screen.name} (${size}): hydrates without warnings and reads nothing it arrived with`, async () => {
        const page = await (size === 'phone' ? withScriptPhone : withScript).newPage();
        pages.push(page);
        const messages: string[] = [];
        page.on('console', (m) => {
          // the header asks who is signed in: a visitor's 401 is the answer, not a fault
          if (m.type() === 'error' && /status of 401/.test(m.text())) return;
          if (m.type() === 'error' || m.type() === 'warning') messages.push(`${m.type()}: ${m.text()}`);
        });
        page.on('pageerror', (e) => messages.push(`pageerror: ${e.message}`));
        const api: string[] = [];
        page.on('request', (r: Request) => {
          const url = new URL(r.url());
          if (url.pathname.startsWith('/api/')) api.push(`${url.pathname}${url.search}`);
        });
        const userRead = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/user');
        await page.goto(screen.path());
        // hydrated: the first heading of the screen is React's (a lazy screen hydrates once its chunk arrived)
        const probe = screen.hydrates ?? 'main h1';
        await waitUntil(() => hydrated(page, probe), `${screen.name}: ${probe} hydrated`);
        // the header's own read (who is signed in) is made after hydration: by then every mount's reads were sent
        await userRead;
        expect(messages).toEqual([]);
        const again = api.filter((path) => screen.preloaded.some((p) => p.test(path)));
        expect(again).toEqual([]);
        await screenshot(page, `ssr-${screen.name}-hydrated-${size}`);
        await page.close();
      });
    }
  }

  it('the fund page carries its title, description, Open Graph tags and schema.org data', async () => {
    const html = await (await fetch(`${baseUrl()}/etfs/roundhill/${fund.ticker}`)).text();
    const detail = await getJson<{ name: string; ticker: string }>(`/api/etfs/detail/${fund.ticker}`);
    const escaped = detail.name.replace(/&/g, '&amp;');
    expect(html).toContain(`<title>${detail.ticker} – ${escaped} | WeeklyDiv</title>`);
    expect(html).toMatch(/<meta name="description" content="[^"]*\(.+\)[^"]*price \$[\d.]+/);
    for (const property of ['og:title', 'og:description', 'og:url', 'og:type']) expect(html).toMatch(new RegExp(`<meta property="${property}" content="[^"]+"`));
    expect(html).toContain('<meta name="twitter:card" content="summary"');
    const blocks = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([^<]*)<\/script>/g)].map((m) => JSON.parse(m[1]!) as { '@type': string; name?: string });
    expect(blocks.map((b) => b['@type'])).toEqual(['InvestmentFund', 'BreadcrumbList']);
    expect(blocks[0]!.name).toBe(detail.name);
  });

  it('the database page is interactive after hydration: the brand filter narrows the rendered table', async () => {
    const page = await withScript.newPage();
    pages.push(page);
    await page.goto('/etfs');
    await waitUntil(() => hydrated(page, 'main h1'), 'database hydrated');
    await page.getByLabel('Brand', { exact: true }).selectOption(fund.brand);
    await waitUntil(() => new URL(page.url()).searchParams.get('brand') === fund.brand, 'the brand in the URL');
    const brands = await page.locator('main table tbody tr').evaluateAll((rows) => rows.map((r) => r.textContent ?? ''));
    expect(brands.length).toBeGreaterThan(0);
    await visible(page.locator('main table').getByText(fund.ticker, { exact: true }));
    await screenshot(page, 'ssr-etf-database-filtered');
    await page.close();
  });

  it('a choice made on the rendered page before the app started is not lost: the phone sort select, changed while the scripts were held back, sorts once hydrated', async () => {
    const { page, release, close } = await withScriptsHeld('phone', '/etfs');
    const select = page.getByLabel('Sort by');
    await visible(select);
    expect(await hydrated(page, 'main h1')).toBe(false);
    await select.selectOption('trueIncomeRate:desc');
    release();
    await waitUntil(() => new URL(page.url()).searchParams.get('sort') === 'trueIncomeRate', 'the early choice in the URL once hydrated');
    expect(await select.inputValue()).toBe('trueIncomeRate:desc');
    expect(new URL(page.url()).searchParams.get('dir')).toBe('desc');
    await close();
  });

  it('a tap on a button of the rendered page before the app started is not lost: the Price column, pressed (twice) while the scripts were held back, sorts once hydrated', async () => {
    const { page, release, refused, close } = await withScriptsHeld('desktop', '/etfs');
    const price = page.getByRole('columnheader', { name: /^Price/ }).getByRole('button');
    await visible(price);
    expect(await hydrated(page, 'main h1')).toBe(false);
    // a second tap because nothing seemed to happen is the same request: held once
    await price.click();
    await price.click();
    expect(new URL(page.url()).searchParams.get('sort')).toBeNull();
    release();
    await waitUntil(() => new URL(page.url()).searchParams.get('sort') === 'currentPrice', 'the early tap sorted once hydrated');
    // one tap's sort (highest first): two would have turned it round
    expect(new URL(page.url()).searchParams.get('dir')).toBe('desc');
    await waitUntil(async () => (await page.getByRole('columnheader', { name: /^Price/ }).getAttribute('aria-sort')) === 'descending', 'the Price column marked sorted');
    // the inline holder ran under the Content Security Policy (allowed by its hash): nothing refused
    expect(refused).toEqual([]);
    await close();
  });

  it('a visitor who scrolled the rendered page before the app started stays where they were, and the chart there draws', async () => {
    const { page, release, close } = await withScriptsHeld('desktop', `/etfs/roundhill/${fund.ticker}`);
    const priceHistory = page.getByRole('heading', { name: 'Price History' });
    await visible(priceHistory);
    expect(await hydrated(page, 'main h1')).toBe(false);
    await priceHistory.scrollIntoViewIfNeeded();
    const before = await page.evaluate(() => window.scrollY);
    expect(before).toBeGreaterThan(0);
    release();
    await waitUntil(() => hydrated(page, 'main h1'), 'fund page hydrated');
    // hydration does not move the page back to the top (the router's scroll reset is for navigations)
    await visible(page.getByRole('img', { name: /closing prices/ }).locator('canvas'));
    expect(Math.abs((await page.evaluate(() => window.scrollY)) - before)).toBeLessThanOrEqual(1);
    // a navigation still opens the next screen at its top
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link').first().click();
    await waitUntil(() => new URL(page.url()).pathname !== `/etfs/roundhill/${fund.ticker}`, 'navigated');
    await waitUntil(async () => (await page.evaluate(() => window.scrollY)) === 0, 'the next screen at its top');
    await close();
  });

  it('a client navigation from a rendered page renders the next screen in the browser', async () => {
    const page = await withScript.newPage();
    pages.push(page);
    await page.goto('/etfs');
    await waitUntil(() => hydrated(page, 'main h1'), 'database hydrated');
    await page.locator('main table').getByRole('link', { name: fund.ticker, exact: true }).first().click();
    await visible(page.getByRole('heading', { level: 1, name: new RegExp(fund.ticker) }));
    // the server's head tags of /etfs are gone; the fund screen sets its own title
    expect(await page.locator('head [data-ssr-head]').count()).toBe(0);
    await waitUntil(async () => (await page.title()).startsWith(`${fund.ticker} – `), 'the fund title');
    await page.close();
  });
});
