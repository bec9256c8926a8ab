import { readFile } from 'node:fs/promises';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brandEtfs, type ListedEtf } from './support/api.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { expectNoSidewaysScroll, launchBrowser, newContext, SIZE_NAMES, visible, type SizeName } from './support/browser.ts';
import { newUser, seeToast, signUp } from './support/flows.ts';
import { screenshot, screenshotOnFailure } from './support/screenshots.ts';

/**
 * The personal area's holdings CSV (docs/holdings-csv.md) at both sizes: Import CSV with a file that has
 * a good line, a Fidelity-style money cell and two failing lines → the report and the holdings; a second
 * import of a changed file updates; Export CSV downloads what was entered.
 */

let browser: Browser;
let funds: ListedEtf[];
const pages = new Map<SizeName, { context: BrowserContext; page: Page }>();

beforeAll(async () => {
  browser = await launchBrowser();
  funds = await brandEtfs('roundhill');
  for (const size of SIZE_NAMES) {
    const context = await newContext(browser, size);
    const page = await context.newPage();
    await signUp(page, newUser(`csv-${size}`));
    pages.set(size, { context, page });
  }
});

screenshotOnFailure(() => [...pages.values()].map((p) => p.page));

afterAll(async () => {
  await browser?.close();
});

async function importFile(page: Page, name: string, text: string) {
  await page.getByLabel('Holdings CSV file to import').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(text) });
}

describe.each(SIZE_NAMES)('holdings CSV (%s)', (size) => {
  it('imports a file, reports the failed lines, updates on a second import, and exports what was entered', async () => {
    const { page } = pages.get(size)!;
    const [a, b] = [funds[0]!, funds[1]!];
    const holdings = page.getByRole('region', { name: 'My Holdings' });
    await visible(holdings.getByRole('button', { name: 'Export CSV' }));

    await importFile(page, 'holdings.csv', `ticker,shares,purchasePrice,purchaseDate,isDrip\n${a.ticker},10,$20.50,,1\n${b.ticker.toLowerCase()},"1,000",,,0\nNOPE,5,,,0\n${a.ticker},abc,,,0\n`);
    const report = page.getByRole('status', { name: 'CSV import' });
    await visible(report);
    expect(await report.textContent()).toContain('2 holdings created, 0 holdings updated, 2 lines not imported.');
    expect(await report.locator('li').allTextContents()).toEqual(['Line 4: ETF not found: NOPE is not in the WeeklyDiv catalog', 'Line 5: Shares: Must be a positive number']);
    expect(await seeToast(page, 'Import finished')).not.toBe('destructive');
    await visible(holdings.getByText(a.ticker, { exact: true }).first());
    await visible(holdings.getByText(b.ticker, { exact: true }).first());
    await expectNoSeriousA11yViolations(page, `holdings CSV import report (${size})`);
    await expectNoSidewaysScroll(page, `holdings CSV import report (${size})`);
    await report.scrollIntoViewIfNeeded();
    await screenshot(page, `holdings-csv-import-report-${size}`, { keepToast: true, viewportOnly: true });

    await report.getByRole('button', { name: 'Dismiss' }).click();
    await expect.poll(() => report.count()).toBe(0);

    await importFile(page, 'update.csv', `ticker,shares\n${a.ticker},12\n`);
    await visible(report);
    expect(await report.textContent()).toContain('0 holdings created, 1 holding updated.');

    const [download] = await Promise.all([page.waitForEvent('download'), holdings.getByRole('button', { name: 'Export CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^weeklydiv-holdings-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = await readFile((await download.path())!, 'utf8');
    expect(text).toBe(`ticker,shares,purchasePrice,purchaseDate,isDrip\r\n${a.ticker},12,20.5,,1\r\n${b.ticker},1000,,,0\r\n`);
    await seeToast(page, 'Holdings exported');
    await screenshot(page, `holdings-csv-export-${size}`, { keepToast: true, viewportOnly: true });
  });
});
