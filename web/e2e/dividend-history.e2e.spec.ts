import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PayoutLedger } from '../../contracts/payouts.ts';
import { addDays, isBusinessDay, previousBusinessDay } from '../../domain/market/trading-days.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { expectNoSidewaysScroll, launchBrowser, newContext, visible, type SizeName } from './support/browser.ts';
import { newUser, seeToast } from './support/flows.ts';
import { signInAsVerifiedOwner } from './support/owner.ts';
import { screenshot, screenshotOnFailure } from './support/screenshots.ts';
import { makePremium } from './support/server-log.ts';

/**
 * Issue 28: a broker's dividend history for hand-entered holdings (docs/payouts.md "Dividend history
 * files"). The owner lists HD.. with daily $20.00 closes and one payout of $0.40 paid on the last
 * business day on or before today. The user holds 100 HD.. entered by hand (the payout is Paid), then
 * on the income page imports a Schwab Transactions download: $40.00 of HD.. on the pay date and $2.40 of
 * AAPL (not held). The report says 1 matched and lists AAPL's line; the holding then says Received
 * $40.00. Desktop and phone, axe, no sideways scroll. The user is Premium (the income page may be).
 */

let browser: Browser;
const contexts = new Map<SizeName, { context: BrowserContext; page: Page }>();
const pageAt = (size: SizeName) => contexts.get(size)!.page;
const ticker = `HD${Array.from({ length: 2 }, () => String.fromCharCode(65 + Math.floor(Math.random() * 26))).join('')}`;
let payDate = '';

const us = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;
const schwabFile = () =>
  [
    '"Transactions  for account Individual ...123"',
    '"Date","Action","Symbol","Description","Quantity","Price","Fees & Comm","Amount"',
    `"${us(payDate)}","Qualified Dividend","${ticker}","HISTORY WEEKLYPAY ETF","","","","$40.00"`,
    `"${us(payDate)}","Qualified Dividend","AAPL","APPLE INC","","","","$2.40"`,
    `"${us(previousBusinessDay(payDate))}","Credit Interest","","SCHWAB1 INT","","","","$0.50"`,
  ].join('\r\n');

beforeAll(async () => {
  browser = await launchBrowser();
  const holder = newUser('dividend-history');
  for (const size of ['desktop', 'phone'] as const) {
    const context = await newContext(browser, size);
    const page = await context.newPage();
    const signedIn =
      size === 'desktop'
        ? await page.request.post('/api/register', { data: holder })
        : await page.request.post('/api/login', { data: { email: holder.email, password: holder.password } });
    expect(signedIn.status(), await signedIn.text()).toBe(size === 'desktop' ? 201 : 200);
    contexts.set(size, { context, page });
  }
});

screenshotOnFailure(() => [...contexts.values()].map((c) => c.page));

afterAll(async () => {
  await browser?.close();
});

describe.sequential('importing a dividend history', () => {
  it('a Premium user with 100 shares entered by hand of a fund whose payout is paid', async () => {
    const page = pageAt('desktop');
    const userId = ((await (await page.request.get('/api/user')).json()) as { id: string }).id;
    await makePremium(userId, 'dividend-history-e2e');
    await expect
      .poll(async () => ((await (await page.request.get('/api/user')).json()) as { subscriptionTier: string }).subscriptionTier, { timeout: 30_000 })
      .toBe('premium');
    const today = ((await (await page.request.get('/api/user/payouts')).json()) as PayoutLedger).asOf;
    payDate = isBusinessDay(today) ? today : previousBusinessDay(today);
    const ownerContext = await newContext(browser, 'desktop');
    const o = await ownerContext.newPage();
    await signInAsVerifiedOwner(o);
    const days: string[] = [];
    for (let d = addDays(today, -40); d <= today; d = addDays(d, 1)) if (isBusinessDay(d)) days.push(d);
    const created = await o.request.post('/api/etfs', { data: { ticker, name: `History ${ticker} WeeklyPay ETF`, brand: 'History' } });
    expect(created.status(), await created.text()).toBe(201);
    const etfId = ((await created.json()) as { id: string }).id;
    expect((await o.request.post(`/api/admin/etfs/${etfId}/prices/import`, { data: { csv: ['Date,Close', ...days.map((d) => `${d},20`)].join('\n') } })).status()).toBe(200);
    expect((await o.request.post(`/api/admin/etfs/${etfId}/distributions/import`, { data: { csv: `Ex Date,Pay Date,Amount\n${previousBusinessDay(payDate)},${payDate},0.40` } })).status()).toBe(200);
    await ownerContext.close();
    const added = await page.request.post('/api/user/portfolio', { data: { etfId, shares: '100', purchasePrice: '20', purchaseDate: days[0], isDrip: 0 } });
    expect(added.status(), await added.text()).toBe(201);
  });

  it('desktop: "Import dividend history" on the income page: 1 matched, AAPL listed; the holding then says Received $40.00', async () => {
    const page = pageAt('desktop');
    await page.goto('/my-weeklydiv/income');
    await visible(page.getByRole('heading', { level: 1, name: 'Income' }));
    await visible(page.getByRole('button', { name: 'Import dividend history' }));
    await page.getByLabel('Dividend history CSV file to import').setInputFiles({ name: 'Individual_XXX123_Transactions.csv', mimeType: 'text/csv', buffer: Buffer.from(schwabFile()) });
    expect(await seeToast(page, 'Dividend history imported')).toBe('default');
    const report = page.getByRole('status', { name: 'Dividend history import' });
    await visible(report);
    expect(await report.locator('strong').textContent()).toBe('2 dividend lines read: 1 matched to your payouts, 1 not matched.');
    expect(await report.locator('li').allTextContents()).toEqual([expect.stringMatching(/^Line 4: AAPL \$2\.40 on /)]);
    await expectNoSeriousA11yViolations(page, 'dividend history report (desktop)');
    await screenshot(page, 'dividend-history-report-desktop');

    await page.goto('/my-weeklydiv');
    const holding = page.getByTestId('holding').filter({ hasText: ticker });
    await expect.poll(() => holding.getByTestId('latest-payout').getByTestId('payout-status').textContent()).toBe('Received $40.00');
    await screenshot(page, 'dividend-history-received-desktop');
  });

  it('phone: the same file again brings nothing new; nothing scrolls sideways', async () => {
    const page = pageAt('phone');
    await page.goto('/my-weeklydiv/income');
    await visible(page.getByRole('button', { name: 'Import dividend history' }));
    await page.getByLabel('Dividend history CSV file to import').setInputFiles({ name: 'transactions.csv', mimeType: 'text/csv', buffer: Buffer.from(schwabFile()) });
    const report = page.getByRole('status', { name: 'Dividend history import' });
    await visible(report);
    expect(await report.locator('strong').textContent()).toBe('2 dividend lines read: 1 matched to your payouts, 1 not matched. Nothing new since the last import.');
    await expectNoSidewaysScroll(page, 'dividend history report (phone)');
    await expectNoSeriousA11yViolations(page, 'dividend history report (phone)');
    await screenshot(page, 'dividend-history-report-phone');
  });
});
