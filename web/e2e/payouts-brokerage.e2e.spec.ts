import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { PayoutLedger } from '../../contracts/payouts.ts';
import type { HoldingView, UserCalendarEntry } from '../../contracts/portfolio.ts';
import { calendarWindow } from '../../domain/market/dividend-calendar.ts';
import { dec } from '../../domain/market/decimal.ts';
import { holdingIncome, missingFrom } from '../../domain/market/payout-ledger.ts';
import { addDays, isBusinessDay, previousBusinessDay } from '../../domain/market/trading-days.ts';
import { streams } from '../../events/streams.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { expectNoSidewaysScroll, launchBrowser, newContext, visible, type SizeName } from './support/browser.ts';
import { newUser } from './support/flows.ts';
import { signInAsVerifiedOwner } from './support/owner.ts';
import { screenshot, screenshotOnFailure } from './support/screenshots.ts';
import { e2eMeta, makePremium, withServerLog } from './support/server-log.ts';

/**
 * Issue 28's "Done when" in the browser: a brokerage-synced (Premium) portfolio against the SnapTrade
 * stand-in shows a `short` and a `missing` payout on the personal calendar and on the holding.
 *
 * The owner lists two funds with daily $20.00 closes for 60 days: SS.. pays $0.40 a share on the last
 * business day on or before today (ex the business day before), SM.. pays $0.20 on the latest business
 * day that is missing by today (4 business days before it at least; ex the business day before). The
 * user is Premium and holds 100 SS.. and 50 SM.. at the brokerage. A synced holding earns from its first
 * sync, and a browser spec cannot move the server's clock back: the first sync 40 days ago is written
 * as the sync writes it (`HoldingAdded` with `source: brokerage`) into the server's log; today's sync
 * then runs for real through the stand-in, which reports the positions and one dividend of $30.00 for
 * SS.. (entitled $40.00: short) and nothing for SM.. (missing).
 */

let browser: Browser;
const contexts = new Map<SizeName, { context: BrowserContext; page: Page }>();
const pageAt = (size: SizeName) => contexts.get(size)!.page;

function letters(n: number): string {
  let out = '';
  for (let i = 0; i < n; i++) out += String.fromCharCode(65 + Math.floor(Math.random() * 26));
  return out;
}
const shortTicker = `SS${letters(2)}`;
const missingTicker = `SM${letters(2)}`;
let today = '';
let shortPay = '';
let missingPay = '';

async function json<T>(page: Page, url: string): Promise<T> {
  const answer = await page.request.get(url);
  expect(answer.status(), `${url}: ${await answer.text()}`).toBe(200);
  return (await answer.json()) as T;
}

beforeAll(async () => {
  browser = await launchBrowser();
  const holder = newUser('synced-payouts');
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

/** Premium, the two funds, the first sync 40 days ago and today's sync through the stand-in. */
async function setUpSyncedPortfolio(): Promise<void> {
  const page = pageAt('desktop');
  const userId = ((await (await page.request.get('/api/user')).json()) as { id: string }).id;
  await makePremium(userId, 'synced-payouts-e2e');
  await expect
    .poll(async () => ((await (await page.request.get('/api/user')).json()) as { subscriptionTier: string }).subscriptionTier, { timeout: 30_000 })
    .toBe('premium');

  today = (await json<PayoutLedger>(page, '/api/user/payouts')).asOf;
  shortPay = isBusinessDay(today) ? today : previousBusinessDay(today);
  missingPay = previousBusinessDay(shortPay);
  while (missingFrom(missingPay) > today) missingPay = previousBusinessDay(missingPay);

  const ownerContext = await newContext(browser, 'desktop');
  const o = await ownerContext.newPage();
  await signInAsVerifiedOwner(o);
  const days: string[] = [];
  for (let d = addDays(today, -60); d <= today; d = addDays(d, 1)) if (isBusinessDay(d)) days.push(d);
  const ids = new Map<string, string>();
  for (const [ticker, pay, amount] of [
    [shortTicker, shortPay, '0.40'],
    [missingTicker, missingPay, '0.20'],
  ] as const) {
    const created = await o.request.post('/api/etfs', { data: { ticker, name: `Synced ${ticker} WeeklyPay ETF`, brand: 'Synced' } });
    expect(created.status(), await created.text()).toBe(201);
    const id = ((await created.json()) as { id: string }).id;
    ids.set(ticker, id);
    const prices = await o.request.post(`/api/admin/etfs/${id}/prices/import`, { data: { csv: ['Date,Close', ...days.map((d) => `${d},20`)].join('\n') } });
    expect(prices.status(), await prices.text()).toBe(200);
    const dists = await o.request.post(`/api/admin/etfs/${id}/distributions/import`, {
      data: { csv: ['Ex Date,Pay Date,Amount', `${previousBusinessDay(pay)},${pay},${amount}`].join('\n') },
    });
    expect(dists.status(), await dists.text()).toBe(200);
  }
  await ownerContext.close();

  // Registered at SnapTrade (the card's "Connect Brokerage" does this; brokerage.e2e.spec.ts walks the screens)
  const registered = await page.request.post('/api/brokerage/register');
  expect(registered.status(), await registered.text()).toBe(201);
  const firstSyncAt = `${addDays(today, -40)}T15:00:00.000Z`;
  const snaptradeUserId = await withServerLog(async (log) => {
    const [registration] = await log.readStream(streams.brokerage(userId));
    // the first sync, 40 days ago: what planBrokerageSync writes for a fund not held yet
    await log.append(
      streams.portfolio(userId),
      [
        [shortTicker, '100'],
        [missingTicker, '50'],
      ].map(([ticker, shares]) => ({
        type: 'HoldingAdded',
        data: { userId, holdingId: randomUUID(), etfId: ids.get(ticker!)!, shares: shares!, purchasePrice: '20', purchaseDate: null, isDrip: false, addedAt: firstSyncAt, source: 'brokerage' },
      })),
      'any',
      e2eMeta('synced-payouts-e2e'),
    );
    return (registration!.data as { snaptradeUserId: string }).snaptradeUserId;
  });
  const control = await fetch(`${inject('e2eSnapTradeUrl')}/__control/accounts`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      snaptradeUserId,
      accounts: [
        {
          id: 'e2e-payouts-acc',
          brokerageName: 'Schwab',
          accountName: 'Individual',
          positions: [
            { symbol: shortTicker, units: '100', costBasis: '20' },
            { symbol: missingTicker, units: '50', costBasis: '20' },
          ],
          activities: [{ id: 'e2e-div-1', type: 'DIVIDEND', symbol: shortTicker, amount: 30, date: shortPay, description: `${shortTicker} cash dividend` }],
        },
      ],
    }),
  });
  expect(control.status).toBe(204);
  const synced = await page.request.post('/api/brokerage/sync');
  expect(synced.status(), await synced.text()).toBe(200);
  expect(((await synced.json()) as { payoutRecords: number }).payoutRecords).toBe(1);
}

const payoutOf = (page: Page, ticker: string, payDate: string) => page.locator(`[data-testid="payout-day"][data-date="${payDate}"] [data-testid="payout"]`).filter({ hasText: ticker });
const holdingOf = (page: Page, ticker: string) => page.getByTestId('holding').filter({ hasText: ticker });

describe.sequential('a synced portfolio: short and missing', () => {
  it('a Premium user whose brokerage sync reports both funds and one short dividend', async () => {
    await setUpSyncedPortfolio();
  });

  it('the API: SS.. short $30.00 of $40.00 matched to the broker record, SM.. missing', async () => {
    const ledger = await json<PayoutLedger>(pageAt('desktop'), `/api/user/payouts?from=${addDays(today, -20)}&to=${today}`);
    expect(ledger.payouts.find((p) => p.ticker === shortTicker)).toMatchObject({ status: 'short', expected: '40.00', received: '30.00', brokerageSynced: true, payDate: shortPay });
    expect(ledger.payouts.find((p) => p.ticker === missingTicker)).toMatchObject({ status: 'missing', expected: '10.00', received: null, brokerageSynced: true, payDate: missingPay });
    expect(ledger.unmatched).toEqual([]);
  });

  for (const size of ['desktop', 'phone'] as const) {
    it(`${size}: the holdings say Short $30.00 of $40.00 and Missing; the calendar the same on its days`, async () => {
      const page = pageAt(size);
      await page.goto('/my-weeklydiv');
      const shortHolding = holdingOf(page, shortTicker).getByTestId('latest-payout');
      await visible(shortHolding);
      expect(await shortHolding.getByTestId('payout-status').textContent()).toBe('Short $30.00 of $40.00');
      const missingHolding = holdingOf(page, missingTicker).getByTestId('latest-payout').getByTestId('payout-status');
      expect(await missingHolding.textContent()).toBe('Missing');
      expect(await missingHolding.getAttribute('title')).toBe('Missing: no record from your brokerage 4 business days after the pay date');

      // The calendar starts on this week's Monday: the short payout (paid on the last business day) is
      // always in it; the missing one (4 business days earlier at least) only late in a week.
      const window = calendarWindow(today);
      const calendar = await json<UserCalendarEntry[]>(page, '/api/user/dividends/calendar');
      expect(calendar.find((e) => e.ticker === shortTicker && e.payoutDate === shortPay)).toMatchObject({ payoutStatus: 'short', receivedAmount: '30.00' });
      expect(await payoutOf(page, shortTicker, shortPay).getByTestId('payout-status').textContent()).toBe('Short $30.00 of $40.00');
      const missingInWindow = missingPay >= window.from;
      expect(calendar.some((e) => e.ticker === missingTicker && e.payoutDate === missingPay && e.payoutStatus === 'missing')).toBe(missingInWindow);
      if (missingInWindow) expect(await payoutOf(page, missingTicker, missingPay).getByTestId('payout-status').textContent()).toBe('Missing');

      const holdings = await json<HoldingView[]>(page, '/api/user/portfolio');
      expect(holdings.find((h) => h.etf?.ticker === missingTicker)?.latestPayout).toMatchObject({ status: 'missing', payDate: missingPay, received: null });

      // Income Received is the ledger's (docs/metrics.md "Income received"): SS.. the $30.00 that arrived,
      // SM.. nothing (the fund's $0.20 × 50 = $10.00 never came), each equal to the ledger's own sum
      const ledger = await json<PayoutLedger>(page, `/api/user/payouts?from=${addDays(today, -45)}&to=${today}`);
      for (const [ticker, received, confirmation] of [
        [shortTicker, '30.00', '$30.00 confirmed · $10.00 short'],
        [missingTicker, '0.00', '$10.00 missing'],
      ] as const) {
        const h = holdings.find((x) => x.etf?.ticker === ticker)!;
        const fromLedger = holdingIncome(
          ledger.payouts.filter((p) => p.holdingId === h.id).map((p) => ({ status: p.status, expected: dec(p.expected), received: p.received === null ? null : dec(p.received) })),
        );
        expect([h.incomeReceived, fromLedger.received.toFixed(2)]).toEqual([received, received]);
        const card = holdingOf(page, ticker);
        expect(await card.locator('dt', { hasText: 'Income Received' }).locator('+ dd').textContent()).toBe(`$${received}`);
        expect(await card.getByTestId('holding-income-confirmation').textContent()).toBe(confirmation);
      }
      if (size === 'phone') await expectNoSidewaysScroll(page, 'synced payout states (phone)');
      await expectNoSeriousA11yViolations(page, `synced payout states (${size})`);
      await screenshot(page, `payouts-synced-short-missing-${size}`);
    });
  }
});
