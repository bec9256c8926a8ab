import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { launchBrowser, newContext, seeText, visible, watchErrors, type SizeName } from './support/browser.ts';
import { SCREENSHOT_DIR, screenshotOnFailure } from './support/screenshots.ts';

/**
 * The landing's calculators in a real browser (issue 10: D4, D5, D7, D14): at 390 px and at 1280 px no
 * result figure breaks inside a number and the page never scrolls sideways, also for a 30-year DRIP at
 * the top fund's yield (a 20-digit figure); the high-yield warning is shown; the frequency changes the
 * per-payout line; an edit clears the result.
 */

let browser: Browser;
const pages: Page[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
});

screenshotOnFailure(() => pages);

afterAll(async () => {
  await browser?.close();
});

/** For each result figure: its text and the number of lines it takes (distinct tops of its text boxes). */
async function figureLines(page: Page): Promise<{ text: string; lines: number }[]> {
  const figures = await page.locator('[data-testid="drip-results"] dd, [data-testid="yield-results"] dd').evaluateAll((nodes) =>
    nodes.map((node) => {
      const range = document.createRange();
      range.selectNodeContents(node);
      const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
      return { text: node.textContent ?? '', lines: tops.size };
    }),
  );
  expect(figures.length).toBeGreaterThan(0);
  return figures;
}

/** The calculators section alone (the full page is long): `web/e2e/.screenshots/<name>.png`. */
async function shoot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.locator('#calculators').screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), animations: 'disabled', caret: 'hide' });
}

async function pageScrollsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
}

async function openCalculators(size: SizeName): Promise<{ page: Page; errors: string[] }> {
  const context = await newContext(browser, size);
  const page = await context.newPage();
  pages.push(page);
  const errors = watchErrors(page);
  await page.goto('/');
  await page.locator('#calculators').scrollIntoViewIfNeeded();
  await visible(page.getByRole('heading', { name: 'Dividend Calculators' }));
  // the pickers are filled from the top performers (highest yield first)
  await page.waitForFunction(() => document.querySelectorAll('#drip-etf option').length > 1);
  return { page, errors };
}

describe.sequential('calculators', () => {
  for (const size of ['phone', 'desktop'] as const) {
    it(`${size}: results never break inside a number; the top fund's DRIP is flagged; edits clear results`, async () => {
      const { page, errors } = await openCalculators(size);

      // DRIP: the top fund, the default 5 years (D5 first: figures on one line, no sideways scroll)
      await page.locator('#drip-etf').selectOption({ index: 1 });
      await page.getByRole('button', { name: 'Calculate DRIP' }).click();
      await visible(page.getByTestId('drip-results'));
      for (const figure of await figureLines(page)) expect(figure, `${figure.text} on one line`).toMatchObject({ lines: 1 });
      expect(await pageScrollsSideways(page)).toBe(false);
      await shoot(page, `calculators-5y-${size}`);
      // D4: the projection compounds the top fund's yield at a constant price: flagged
      const warning = await visible(page.getByTestId('drip-warning'));
      expect(await warning.innerText()).toMatch(/Not a realistic projection/);

      await page.getByLabel('Years').fill('30');
      // D14: the edit cleared the 5-year result
      expect(await page.getByTestId('drip-results').count()).toBe(0);
      await page.getByRole('button', { name: 'Calculate DRIP' }).click();
      await visible(page.getByTestId('drip-results'));
      const figures = await figureLines(page);
      // the 30-year value at a 20 %+ yield has well over 12 digits: exact digits, one line each
      expect(figures.some((f) => f.text.replace(/\D/g, '').length > 12)).toBe(true);
      for (const figure of figures) expect(figure, `${figure.text} on one line`).toMatchObject({ lines: 1 });
      expect(await pageScrollsSideways(page)).toBe(false);

      // yield calculator: the top fund, every 4 weeks (D7), on one line too
      await page.locator('#yield-etf').selectOption({ index: 1 });
      await page.getByLabel('Payout Frequency').selectOption('four-week');
      await page.getByRole('button', { name: 'Calculate Income' }).click();
      const yieldResults = await visible(page.getByTestId('yield-results'));
      await visible(yieldResults.getByText('Per payout (every 4 weeks)'));
      await visible(yieldResults.getByText('13', { exact: true }));
      await visible(page.getByTestId('yield-warning'));
      for (const figure of await figureLines(page)) expect(figure, `${figure.text} on one line`).toMatchObject({ lines: 1 });
      expect(await pageScrollsSideways(page)).toBe(false);
      await shoot(page, `calculators-30y-${size}`);
      await expectNoSeriousA11yViolations(page, `calculators with 30-year results (${size})`);

      // F14 through the screen: the largest allowed input, 1e9 at $0.50 with $0.05 a week for 30 years,
      // prints the exact value 1e9 x 1.1^1560 (74 digits): on one line, scrolling in its own box
      await page.locator('#drip-etf').selectOption('manual');
      await page.getByLabel('Initial Investment ($)').fill('1000000000');
      await page.getByLabel('Share Price ($)').fill('0.50');
      await page.getByLabel('Weekly Dividend ($)').fill('0.05');
      await page.getByLabel('Years').fill('30');
      await page.getByRole('button', { name: 'Calculate DRIP' }).click();
      await visible(page.getByTestId('drip-results'));
      const cents = (10n ** 9n * 11n ** 1560n * 1000n) / 10n ** 1560n; // 3 decimals, then half-up to 2
      const exact = ((cents + 5n) / 10n).toString();
      const grouped = `$${exact.slice(0, -2).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${exact.slice(-2)}`;
      const largest = await figureLines(page);
      expect(largest).toContainEqual({ text: grouped, lines: 1 });
      for (const figure of largest) expect(figure, `${figure.text} on one line`).toMatchObject({ lines: 1 });
      expect(await pageScrollsSideways(page)).toBe(false);
      await expectNoSeriousA11yViolations(page, `calculators with the largest DRIP (${size})`);

      // a refused calculation leaves no result beside the error
      await page.getByLabel('Years').fill('31');
      await page.getByRole('button', { name: 'Calculate DRIP' }).click();
      await seeText(page, 'Years must be between 1 and 30');
      expect(await page.getByTestId('drip-results').count()).toBe(0);
      // the 401 of GET /api/user (signed out) and the 400 of the refused calculation are expected
      expect(errors.filter((e) => !/status of (400|401)/.test(e))).toEqual([]);
    });
  }
});
