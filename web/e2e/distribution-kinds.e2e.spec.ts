import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, isBusinessDay, nextBusinessDay, previousBusinessDay, weekdayOf } from '../../domain/market/trading-days.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { launchBrowser, newContext, visible, watchErrors } from './support/browser.ts';
import { signInAsVerifiedOwner } from './support/owner.ts';
import { screenshot, screenshotOnFailure, SCREENSHOT_DIR } from './support/screenshots.ts';

/**
 * A special beside the regular payout (issue 24, the metrics audit's N3SQ) in the built app: the owner
 * loads a flat $20 fund paying $0.20 every Thursday, and for the coming Thursday a regular $0.20 and a
 * special $1.00 (a CSV with a Type column). The detail shows the special as one in its dividend
 * history and keeps the distribution rate at the regular $0.20 (52.0 %); the public calendar shows both
 * payouts, the special marked.
 */

let browser: Browser;
let context: BrowserContext;
let page: Page;
const ticker = `SQ${Date.now().toString(36).slice(-4)}`.toUpperCase();

/** The Thursday of each week from `from` to `to`, moved to the business day before when closed (as issuers do). */
function thursdays(from: string, to: string): string[] {
  let d = from;
  while (weekdayOf(d) !== 4) d = addDays(d, 1);
  const out: string[] = [];
  for (; d <= to; d = addDays(d, 7)) out.push(isBusinessDay(d) ? d : previousBusinessDay(d));
  return out;
}

beforeAll(async () => {
  browser = await launchBrowser();
  context = await newContext(browser, 'desktop');
  page = await context.newPage();
  await signInAsVerifiedOwner(page);
  const today = ((await (await page.request.get('/api/etfs/detail/NVDW')).json()) as { asOf: string }).asOf;
  const created = await page.request.post('/api/etfs', { data: { ticker, name: `${ticker} Special Same Day`, brand: 'Audit' } });
  expect(created.status(), await created.text()).toBe(201);
  const id = ((await created.json()) as { id: string }).id;
  const days: string[] = [];
  for (let d = addDays(today, -120); d <= today; d = addDays(d, 1)) if (isBusinessDay(d)) days.push(d);
  const prices = await page.request.post(`/api/admin/etfs/${id}/prices/import`, { data: { csv: ['Date,Close', ...days.map((d) => `${d},20`)].join('\n') } });
  expect(prices.status(), await prices.text()).toBe(200);
  // regular $0.20 every Thursday up to today; the coming Thursday a regular $0.20 and a special $1.00
  const past = thursdays(addDays(today, -112), today).filter((d) => d < today);
  const next = thursdays(addDays(today, 1), addDays(today, 7))[0]!;
  const rows = [...past.map((d) => `${d},${nextBusinessDay(d)},0.20,Regular`), `${next},${nextBusinessDay(next)},0.20,Regular`, `${next},${nextBusinessDay(next)},1.00,Special`];
  const dists = await page.request.post(`/api/admin/etfs/${id}/distributions/import`, { data: { csv: ['Ex Date,Pay Date,Amount,Type', ...rows].join('\n') } });
  expect(dists.status(), await dists.text()).toBe(200);
  expect(((await dists.json()) as { errors: unknown[]; warnings: unknown[] }).errors).toEqual([]);
});

screenshotOnFailure(() => [page]);

afterAll(async () => {
  await browser?.close();
});

describe('a special beside the regular payout (N1)', () => {
  it('the detail: the special marked in the dividend history, the distribution rate at the regular $0.20', async () => {
    const errors = watchErrors(page);
    await page.goto(`/etfs/audit/${ticker}`);
    await visible(page.getByRole('heading', { level: 1, name: ticker }));
    const history = page.getByRole('table').filter({ has: page.getByRole('columnheader', { name: 'Ex-Dividend Date' }) });
    await visible(history.getByTestId('kind-badge').first());
    expect(await history.getByTestId('kind-badge').allTextContents()).toEqual(['Special']);
    // 0.20 x 52 / 20 = 52.0 % (the special as the latest declared would give 260.0 %)
    expect(await page.getByTestId('distribution-rate').textContent()).toBe('52.0%');
    await visible(page.getByText(/Latest declared regular distribution \(\$0\.2000\) × 52 payouts a year/));
    await expectNoSeriousA11yViolations(page, 'detail with a special (desktop)');
    await screenshot(page, 'kinds-detail-special-desktop');
    expect(errors).toEqual([]);
  });

  it('the public calendar: both payouts of the day, the special marked', async () => {
    await page.goto('/dividend-calendar');
    const cards = page.getByRole('link', { name: new RegExp(`^${ticker}`) });
    await visible(cards.first());
    expect(await cards.count()).toBeGreaterThanOrEqual(2);
    const special = cards.filter({ has: page.getByTestId('kind-badge') });
    expect(await special.count()).toBe(1);
    expect(await special.textContent()).toContain('$1.0000');
    await special.scrollIntoViewIfNeeded();
    await expectNoSeriousA11yViolations(page, 'calendar with a special (desktop)');
    await screenshot(page, 'kinds-calendar-special-desktop');
    // a close-up of the day (the full page is four weeks of funds)
    await special.locator('xpath=ancestor::article[1]').screenshot({ path: path.join(SCREENSHOT_DIR, 'kinds-calendar-special-day-desktop.png') });
  });
});
