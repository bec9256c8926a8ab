import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext, onPath, seeText, visible, watchErrors } from './support/browser.ts';
import { screenshot, screenshotOnFailure } from './support/screenshots.ts';

/**
 * A visitor's path (issue 5): landing → a top performers row → the fund's detail page (ticker, metric
 * cards, chart, dividend history) → the public dividend calendar (four weeks, a payout link) → the
 * payout link opens that fund. Steps share one page, in order.
 */

let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: string[];
let ticker = '';

beforeAll(async () => {
  browser = await launchBrowser();
  context = await newContext(browser, 'desktop');
  page = await context.newPage();
  errors = watchErrors(page);
});

screenshotOnFailure(() => [page]);

afterAll(async () => {
  await browser?.close();
});

describe.sequential("a visitor's path", () => {
  it('opens the landing page with the populated top performers table', async () => {
    const footerRequests: string[] = [];
    page.on('request', (request) => {
      if (/footer_html|\/assets\/(footer|sanitize)-/.test(request.url())) footerRequests.push(request.url());
    });
    await page.goto('/');
    await visible(page.getByRole('heading', { name: 'Top Weekly Dividend Performers' }));
    await seeText(page, /^Showing \d+ weekly dividend ETFs$/);
    // the footer's content (the owner's HTML, DOMPurify) is fetched only when the footer nears the viewport
    expect(footerRequests).toEqual([]);
    expect(await page.getByTestId('footer-html').count()).toBe(0);
    await page.locator('footer').scrollIntoViewIfNeeded();
    await seeText(page, /All rights reserved|©/);
    await visible(page.getByTestId('footer-html'));
    expect(footerRequests.some((url) => url.includes('/api/settings/footer_html'))).toBe(true);
    await page.evaluate(() => window.scrollTo(0, 0));
  });

  it('clicks a row (not its link) and lands on that fund', async () => {
    const row = page.getByTestId('top-performer-row').nth(2);
    ticker = (await row.getByRole('link').first().innerText()).trim();
    expect(ticker).toMatch(/^[A-Z]{2,6}$/);
    // the price cell: a click on the row itself, as a mouse user does
    await row.getByRole('cell').nth(3).click();
    await onPath(page, new RegExp(`^/etfs/[a-z0-9-]+/${ticker}$`, 'i'));
  });

  it('shows the ticker, the metric cards, the chart and the dividend history', async () => {
    await visible(page.getByRole('heading', { level: 1, name: new RegExp(ticker) }));
    for (const label of ['Current Price', 'Annual Non-DRIP Yield', 'Annual DRIP Yield', 'Weekly Average', 'Actual Non-DRIP', 'Actual DRIP']) {
      await seeText(page, label);
    }
    // the metric values are figures, not placeholders
    await seeText(page, /^\$\d+\.\d{2}$/);
    await seeText(page, /^(1-year|since inception)$/);
    // the chart library is fetched when the chart nears the viewport
    await page.getByRole('heading', { name: 'Price History' }).scrollIntoViewIfNeeded();
    await visible(page.locator('canvas'));
    const ranges = page.getByRole('group', { name: 'Price history range' });
    for (const range of ['1M', '3M', '6M', '1Y', 'All']) await visible(ranges.getByRole('button', { name: range, exact: true }));
    // another range redraws the chart with its own change line
    await ranges.getByRole('button', { name: '1M', exact: true }).click();
    await seeText(page, 'over 1M');
    await visible(page.getByRole('heading', { name: 'Dividend History' }));
    const history = page.getByRole('table').filter({ hasText: 'Ex-Dividend Date' });
    // up to 10 rows of payouts, each with a 4-decimal amount
    await expect.poll(() => history.getByRole('row').count()).toBeGreaterThan(1);
    expect(await history.getByRole('row').count()).toBeLessThanOrEqual(11);
    await visible(history.getByText(/^\$\d+\.\d{4}$/));
    await screenshot(page, 'path-visitor-detail-desktop');
  });

  it('goes to the dividend calendar: four weeks, today marked, payout links', async () => {
    await page.getByRole('banner').getByRole('link', { name: 'Dividend Calendar' }).click();
    await onPath(page, '/dividend-calendar');
    await visible(page.getByRole('heading', { level: 1, name: 'Dividend Calendar' }));
    await expect.poll(() => page.getByRole('heading', { name: /^Week \d/ }).count()).toBe(4);
    for (const n of [1, 2, 3, 4]) await visible(page.getByRole('heading', { name: new RegExp(`^Week ${n}\\b`) }));
    await seeText(page, 'Today');
    await visible(page.locator('a[href^="/etf/"]'));
  });

  it("a payout link opens that fund's page", async () => {
    const link = page.locator('a[href^="/etf/"]').first();
    const href = (await link.getAttribute('href'))!;
    const payoutTicker = href.split('/').pop()!;
    await link.click();
    await onPath(page, new RegExp(`^/etfs/[a-z0-9-]+/${payoutTicker}$`, 'i'));
    await visible(page.getByRole('heading', { level: 1, name: new RegExp(payoutTicker, 'i') }));
    await visible(page.getByRole('heading', { name: 'Dividend History' }));
    expect(errors.filter((e) => e.startsWith('pageerror'))).toEqual([]);
  });
});

describe('a detail page on a phone', () => {
  it('draws the price chart only when it scrolls near: no chart code is fetched for the first screen', async () => {
    const phone = await newContext(browser, 'phone');
    try {
      const p = await phone.newPage();
      const chartRequests: string[] = [];
      p.on('request', (request) => {
        if (/\/assets\/price-chart-/.test(request.url())) chartRequests.push(request.url());
      });
      await p.goto(`/etf/${ticker || 'HOOW'}`);
      await visible(p.getByRole('heading', { level: 1 }));
      await visible(p.getByRole('heading', { name: 'Annual Yield Calculations' }));
      await p.waitForLoadState('networkidle');
      expect(chartRequests).toEqual([]);
      expect(await p.locator('canvas').count()).toBe(0);
      await p.getByRole('heading', { name: 'Price History' }).scrollIntoViewIfNeeded();
      await visible(p.locator('canvas').first());
      expect(chartRequests).toHaveLength(1);
    } finally {
      await phone.close();
    }
  });
});
