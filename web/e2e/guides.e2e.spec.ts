import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { expectNoSidewaysScroll, launchBrowser, newContext, onPath, SIZE_NAMES, visible, watchErrors } from './support/browser.ts';
import { screenshot, screenshotOnFailure } from './support/screenshots.ts';

/**
 * The educational guides (issue 29): the server seeds them at its first start as managed pages
 * (services/pages/seed-guides.ts). The landing's "Educational Resources" card leads to /guides, whose
 * section list names the five guides; each guide renders with its headings, the "not investment advice"
 * line and its sources, at desktop and phone sizes, with no serious accessibility violation.
 */

const GUIDES = [
  { path: '/guides/how-weekly-distributions-work', title: 'How weekly distributions work' },
  { path: '/guides/distribution-rate-yield-total-return', title: 'Distribution rate vs yield vs total return' },
  { path: '/guides/return-of-capital-and-nav-erosion', title: 'Return of capital and NAV erosion' },
  { path: '/guides/drip-and-the-house-money-date', title: 'DRIP and the house-money date' },
  { path: '/guides/reading-an-issuer-announcement', title: "Reading an issuer's distribution announcement" },
] as const;

let browser: Browser;
let pages: Page[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
});

screenshotOnFailure(() => pages);

afterAll(async () => {
  await browser?.close();
});

describe.each(SIZE_NAMES)('guides (%s)', (size) => {
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    const context = await newContext(browser, size);
    page = await context.newPage();
    pages = [page];
    errors = watchErrors(page);
  });

  it('the landing\'s "Educational Resources" card leads to the guides index, which lists the five guides in reading order', async () => {
    await page.goto('/');
    const card = page.locator('article', { has: page.getByRole('heading', { name: 'Educational Resources' }) });
    const link = card.getByRole('link', { name: 'Read the guides →' });
    await link.scrollIntoViewIfNeeded();
    await link.click();
    await onPath(page, '/guides');
    await visible(page.getByRole('heading', { level: 1, name: 'Guides to weekly-distribution ETFs' }));
    const list = page.getByTestId('section-list');
    await visible(list.getByRole('heading', { name: 'In this section' }));
    // other spec files may add pages under /guides too: the five guides are there, in this order
    const titles = await list.getByRole('link').allTextContents();
    const positions = GUIDES.map((g) => titles.indexOf(g.title));
    expect(positions.every((p) => p >= 0), titles.join(' | ')).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(await page.title()).toContain('Guides to weekly-distribution ETFs');
    await expectNoSidewaysScroll(page, `/guides (${size})`);
    await screenshot(page, `guides-index-${size}`);
    await expectNoSeriousA11yViolations(page, `guides-index-${size}`);
  });

  it.each(GUIDES)('$path renders with its headings, the disclaimer and its sources', async (guide) => {
    await page.goto('/guides');
    await page.getByTestId('section-list').getByRole('link', { name: guide.title }).click();
    await onPath(page, guide.path);
    const article = page.getByTestId('managed-page');
    await visible(article.getByRole('heading', { level: 1, name: guide.title }));
    expect(await article.getByText('Educational content, not investment advice', { exact: false }).count()).toBeGreaterThan(0);
    expect((await article.getByRole('heading', { level: 2 }).allTextContents()).length).toBeGreaterThanOrEqual(4);
    const sources = article.locator('section.guide-sources');
    await visible(sources.getByRole('heading', { name: 'Sources' }));
    const hrefs = await sources.getByRole('link').evaluateAll((links) => links.map((a) => [a.getAttribute('href'), a.getAttribute('rel')]));
    expect(hrefs.length).toBeGreaterThanOrEqual(4);
    for (const [href, rel] of hrefs) {
      expect(href).toMatch(/^https:\/\//);
      expect(rel).toBe('noopener noreferrer');
    }
    expect(await page.title()).toContain(guide.title);
    await expectNoSidewaysScroll(page, `${guide.path} (${size})`);
    const name = guide.path.slice('/guides/'.length);
    await screenshot(page, `guide-${name}-${size}`);
    await expectNoSeriousA11yViolations(page, `guide-${name}-${size}`);
  });

  it('ran clean: no page error, no console error (but the signed-out 401 of GET /api/user)', () => {
    expect(errors.filter((e) => !/Failed to load resource: the server responded with a status of 401/.test(e))).toEqual([]);
  });
});
