import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IncomeSeries, PayoutLedger } from '../../contracts/payouts.ts';
import type { TaxSummary } from '../../contracts/portfolio.ts';
import { addDays } from '../../domain/market/trading-days.ts';
import { formatMoney } from '../src/lib/format.ts';
import { brandEtfs } from './support/api.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { expectNoSidewaysScroll, launchBrowser, newContext, onPath, visible, waitUntil, watchErrors, type SizeName } from './support/browser.ts';
import { newUser, signUp } from './support/flows.ts';
import { screenshot, screenshotOnFailure } from './support/screenshots.ts';
import { makePremium } from './support/server-log.ts';

/**
 * Issue 29, "Premium is what the card says" (W4, W12) in the built app: a free user holding two funds
 * opens the income page and the tax-year summary and sees what Premium gives with "Upgrade to Premium -
 * $9.99/month" (to /pricing), never an error, a toast or a request the server refuses; a Premium user
 * sees the data, as the API says; on /pricing a Premium user's Free card never claims "Current Plan".
 */

let browser: Browser;
const sessions = new Map<string, { context: BrowserContext; page: Page }>();
const at = (who: string) => sessions.get(who)!.page;

async function json<T>(page: Page, url: string): Promise<T> {
  const answer = await page.request.get(url);
  expect(answer.status(), `${url}: ${await answer.text()}`).toBe(200);
  return (await answer.json()) as T;
}

async function holder(key: string, size: SizeName, premium: boolean) {
  const context = await newContext(browser, size);
  const page = await context.newPage();
  await signUp(page, newUser(`gate-${key}`));
  if (premium) {
    await makePremium((await json<{ id: string }>(page, '/api/user')).id, 'premium-gating-e2e');
    await waitUntil(async () => (await json<{ subscriptionTier: string }>(page, '/api/user')).subscriptionTier === 'premium', 'the user is Premium');
  }
  const today = (await json<PayoutLedger>(page, '/api/user/payouts')).asOf;
  const [a, b] = await brandEtfs('roundhill');
  for (const [fund, days] of [[a!, 120], [b!, 60]] as const) {
    const added = await page.request.post('/api/user/portfolio', { data: { etfId: fund.id, shares: '100', purchasePrice: '20', purchaseDate: addDays(today, -days), isDrip: 0 } });
    expect(added.status(), await added.text()).toBe(201);
  }
  sessions.set(key, { context, page });
}

/** Records every answer the page gets from a Premium endpoint. */
function premiumCalls(page: Page): string[] {
  const seen: string[] = [];
  page.on('response', (r) => {
    const path = new URL(r.url()).pathname;
    if (/^\/api\/user\/(income|income\.csv|income-goal|tax-summary|tax-summary\.csv)$/.test(path)) seen.push(`${r.status()} ${path}`);
  });
  return seen;
}

beforeAll(async () => {
  browser = await launchBrowser();
  await holder('free-desktop', 'desktop', false);
  await holder('free-phone', 'phone', false);
  await holder('premium-desktop', 'desktop', true);
});

screenshotOnFailure(() => [...sessions.values()].map((s) => s.page));

afterAll(async () => {
  await browser?.close();
});

describe.each(['desktop', 'phone'] as const)('a free user (%s)', (size) => {
  it('the income page and the tax-year summary show what Premium gives and the way to it; nothing refused, no error', async () => {
    const page = at(`free-${size}`);
    const errors = watchErrors(page);
    const calls = premiumCalls(page);
    await page.goto('/my-weeklydiv');
    await visible(page.getByTestId('income-link'));
    expect(await page.getByTestId('income-link').innerText()).toContain('Income and goal (Premium)');

    for (const [path, heading, shot] of [
      ['/my-weeklydiv/income', 'Your income record and goal are part of Premium', 'income'],
      ['/my-weeklydiv/tax-summary', 'The tax-year summary is part of Premium', 'tax-summary'],
    ] as const) {
      await page.goto(path);
      const upsell = page.getByTestId('premium-upsell');
      await visible(upsell.getByRole('heading', { name: heading }));
      await visible(upsell.getByRole('link', { name: 'Upgrade to Premium - $9.99/month' }));
      expect(await page.getByTestId('toast').count()).toBe(0);
      await expectNoSeriousA11yViolations(page, `${shot} upsell (${size})`);
      await expectNoSidewaysScroll(page, `${shot} upsell (${size})`);
      await screenshot(page, `premium-upsell-${shot}-${size}`);
    }
    await page.getByTestId('premium-upsell').getByRole('link', { name: 'Upgrade to Premium - $9.99/month' }).click();
    await onPath(page, '/pricing');
    await visible(page.getByRole('button', { name: 'Current Plan' }));
    expect(calls).toEqual([]);
    expect(errors).toEqual([]);
  });
});

describe('a Premium user (desktop)', () => {
  it('the income page and the tax-year summary show the data, as the API says', async () => {
    const page = at('premium-desktop');
    const errors = watchErrors(page);
    await page.goto('/my-weeklydiv/income');
    const totalRow = page.getByTestId('income-periods').locator('tfoot tr');
    await visible(totalRow);
    const series = await json<IncomeSeries>(page, '/api/user/income?by=month');
    expect((await totalRow.locator('td:visible').allInnerTexts()).slice(0, 2)).toEqual(['Total', formatMoney(series.totals.received)]);
    expect(await page.getByTestId('premium-upsell').count()).toBe(0);
    await screenshot(page, 'premium-income-desktop');

    await page.goto('/my-weeklydiv/tax-summary');
    const summary = await json<TaxSummary>(page, '/api/user/tax-summary');
    expect(await (await visible(page.getByTestId('tax-disclaimer'))).textContent()).toBe(summary.disclaimer);
    expect(summary.years.length).toBeGreaterThan(0);
    expect(await page.getByTestId('premium-upsell').count()).toBe(0);
    await screenshot(page, 'premium-tax-summary-desktop');
    expect(errors).toEqual([]);
  });

  // W12: the Free card claimed "Current Plan" beside "Manage Subscription"
  it('/pricing: "Manage Subscription" on the Premium card, "Included in Premium" on the Free card, never "Current Plan"', async () => {
    const page = at('premium-desktop');
    await page.goto('/pricing');
    await visible(page.getByRole('link', { name: 'Manage Subscription' }));
    const free = page.getByRole('button', { name: 'Included in Premium' });
    await visible(free);
    expect(await free.isDisabled()).toBe(true);
    expect(await page.getByText('Current Plan').count()).toBe(0);
    await screenshot(page, 'premium-pricing-desktop');
  });
});
