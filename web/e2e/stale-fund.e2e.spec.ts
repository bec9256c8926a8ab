import path from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EtfListItem } from '../../contracts/market.ts';
import { addDays, businessDaysBetween, isBusinessDay, nextBusinessDay, previousBusinessDay } from '../../domain/market/trading-days.ts';
import { getJson } from './support/api.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { expectNoSidewaysScroll, launchBrowser, newContext, SIZE_NAMES, visible, type SizeName } from './support/browser.ts';
import { logIn, newUser, onPersonalArea, signUp } from './support/flows.ts';
import { signInAsVerifiedOwner } from './support/owner.ts';
import { screenshot, screenshotOnFailure, SCREENSHOT_DIR } from './support/screenshots.ts';

/**
 * Issue 24 (metrics audit N5): a fund whose data stopped, as the owner would leave it: closes up to six
 * weeks before the market date and its first two weekly payouts just before, then nothing. Its detail and
 * a holding of it, at 1280 and 390 px with axe and screenshots: the price with its date, the "Stale data"
 * badge and note, no projected payback date, and the summary card naming it as left out of the projected
 * income. Its yield rests on two payouts, so its table rows carry the badge, the price date and "based on
 * 2 payouts" together, and must still fit. Its own brand and a small payout keep it out of the other
 * specs' brand lists and top rows (the top performers spec moves it up on its own page only).
 */

let browser: Browser;
const contexts = new Map<SizeName, BrowserContext>();
const pages = new Map<SizeName, Page>();
const user = newUser('stale');
const TICKER = 'E2STALE';
const BRAND_SLUG = 'e2e-audit';
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
let lastClose: string;
const screenshotPath = (name: string) => path.join(SCREENSHOT_DIR, `${name}.png`);

beforeAll(async () => {
  browser = await launchBrowser();
  const asOf = (await getJson<EtfListItem[]>('/api/etfs'))[0]!.asOf!;
  lastClose = previousBusinessDay(addDays(asOf, -42));
  const owner = await newContext(browser, 'desktop');
  const ownerPage = await owner.newPage();
  await signInAsVerifiedOwner(ownerPage);
  const created = await ownerPage.request.post('/api/etfs', {
    data: { ticker: TICKER, name: 'E2E Stopped Weekly ETF', brand: 'E2E Audit', description: 'A fund whose prices and payouts stopped (browser test of stale data).' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const closes = businessDaysBetween(addDays(lastClose, -200), lastClose).map((d) => `${d},10.00`);
  const prices = await ownerPage.request.post(`/api/admin/etfs/${id}/prices/import`, { data: { csv: `Date,Close\n${closes.join('\n')}\n` } });
  expect(prices.status(), await prices.text()).toBe(200);
  const rows: string[] = [];
  for (let d = addDays(lastClose, -14); d < lastClose; d = addDays(d, 7)) {
    const ex = isBusinessDay(d) ? d : previousBusinessDay(d);
    rows.push(`${ex},${nextBusinessDay(ex)},0.01`);
  }
  const payouts = await ownerPage.request.post(`/api/admin/etfs/${id}/distributions/import`, { data: { csv: `Ex Date,Pay Date,Amount\n${rows.join('\n')}\n` } });
  expect(payouts.status(), await payouts.text()).toBe(200);
  await owner.close();

  for (const size of SIZE_NAMES) {
    const context = await newContext(browser, size);
    contexts.set(size, context);
    const page = await context.newPage();
    pages.set(size, page);
    if (size === 'desktop') await signUp(page, user);
    else await logIn(page, user.email, user.password);
  }
  const holding = await pages.get('desktop')!.request.post('/api/user/portfolio', {
    data: { etfId: id, shares: '100', purchasePrice: '10', purchaseDate: addDays(lastClose, -120), isDrip: 0 },
  });
  expect(holding.status(), await holding.text()).toBe(201);
});

screenshotOnFailure(() => [...pages.values()]);

afterAll(async () => {
  await browser?.close();
});

const shortDate = (iso: string) => `${MONTHS[Number(iso.slice(5, 7)) - 1]} ${Number(iso.slice(8, 10))}`;

/** How far the scroll box of the table holding `row` scrolls sideways (0: the table fits). */
async function tableOverflow(row: Locator): Promise<number> {
  return row.evaluate((tr) => {
    const box = tr.closest('table')!.parentElement!;
    return box.scrollWidth - box.clientWidth;
  });
}

describe.sequential('a stale fund (issue 24, audit N5)', () => {
  it.each(SIZE_NAMES)('the detail dates the price and says the data is stale (%s)', async (size) => {
    const page = pages.get(size)!;
    await page.goto(`/etfs/${BRAND_SLUG}/${TICKER.toLowerCase()}`);
    await visible(page.getByRole('heading', { level: 1, name: TICKER }));
    await visible(page.getByTestId('stale-data-badge'));
    const note = await visible(page.getByTestId('stale-data-notice'));
    expect(await note.textContent()).toMatch(/^Stale data: no new price since \w{3} \d{1,2}, \d{4}, so the figures use that price\. No payout is projected for this fund until data resumes\.$/);
    expect(await page.getByTestId('price-as-of').textContent()).toBe(`as of ${shortDate(lastClose)}`);
    await expectNoSidewaysScroll(page, `stale detail (${size})`);
    await expectNoSeriousA11yViolations(page, `stale detail (${size})`);
    await screenshot(page, `etf-detail-stale-${size}`);
  });

  it.each(SIZE_NAMES)('a holding of it: the badge, the price date, nothing projected, left out of the projected income (%s)', async (size) => {
    const page = pages.get(size)!;
    await page.goto('/my-weeklydiv');
    await onPersonalArea(page);
    const card = page.getByTestId('holding').filter({ hasText: TICKER });
    await visible(card);
    await visible(card.getByTestId('stale-data-badge'));
    expect(await card.getByTestId('holding-price-as-of').textContent()).toBe(`as of ${shortDate(lastClose)}`);
    expect(await card.getByTestId('holding-stale-note').textContent()).toBe('No payouts, income or payback date projected until the fund’s data resumes.');
    expect(await card.getByTestId('house-money').textContent()).toMatch(/^House money: \d+\.\d{2}%$/);
    expect(await page.getByTestId('projected-income-stale').textContent()).toBe(`Leaves out ${TICKER} (stale data)`);
    await expectNoSidewaysScroll(page, `stale holding (${size})`);
    await expectNoSeriousA11yViolations(page, `stale holding (${size})`);
    await screenshot(page, `personal-area-stale-${size}`);
  });

  it.each(SIZE_NAMES)('its table rows: the badge, the price date and "based on 2 payouts" fit beside each other (%s)', async (size) => {
    const page = pages.get(size)!;
    // The top performers show ten funds: on this page only, the stale fund comes first.
    await page.route('**/api/top-performers*', async (route) => {
      const response = await route.fetch();
      const list = (await response.json()) as EtfListItem[];
      await route.fulfill({ response, json: [...list.filter((e) => e.ticker === TICKER), ...list.filter((e) => e.ticker !== TICKER)] });
    });
    await page.goto('/');
    const top = page.getByTestId('top-performer-row').filter({ hasText: TICKER });
    await visible(top);
    await visible(top.getByTestId('stale-data-badge'));
    expect(await top.getByTestId('yield-basis').textContent()).toBe('based on 2 payouts');
    expect(await top.textContent()).toContain(`as of ${shortDate(lastClose)}`);
    expect(await tableOverflow(top)).toBe(0);
    await top.screenshot({ path: screenshotPath(`top-performers-stale-row-${size}`) });
    await page.unroute('**/api/top-performers*');

    await page.goto(`/etfs?brand=${encodeURIComponent('E2E Audit')}`);
    const row = page.getByTestId('etf-row').filter({ hasText: TICKER });
    await visible(row);
    await visible(row.getByTestId('stale-data-badge'));
    expect(await row.getByTestId('yield-basis').textContent()).toBe('based on 2 payouts');
    expect(await row.textContent()).toContain(`as of ${shortDate(lastClose)}`);
    expect(await tableOverflow(row)).toBe(0);
    await expectNoSidewaysScroll(page, `stale database row (${size})`);
    await expectNoSeriousA11yViolations(page, `stale database row (${size})`);
    await screenshot(page, `etf-database-stale-${size}`);
  });
});
