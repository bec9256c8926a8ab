import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IncomeSeries, PayoutLedger } from '../../contracts/payouts.ts';
import { GOAL_CAVEAT } from '../../contracts/payouts.ts';
import type { HoldingView } from '../../contracts/portfolio.ts';
import { addDays, isBusinessDay, nextBusinessDay } from '../../domain/market/trading-days.ts';
import { formatMoney, formatShortDate } from '../src/lib/format.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { expectNoSidewaysScroll, launchBrowser, newContext, visible, waitUntil, watchErrors, type SizeName } from './support/browser.ts';
import { newUser, seeToast } from './support/flows.ts';
import { signInAsVerifiedOwner } from './support/owner.ts';
import { screenshot, screenshotOnFailure } from './support/screenshots.ts';
import { makePremium } from './support/server-log.ts';

/**
 * Issue 28 in the built app: "Did I get paid?". The owner lists two funds with daily $20.00 closes for
 * 60 days: PA.. pays $0.40 a share, one payout paid on the last business day (ex the business day
 * before), one entitled (ex that day, paid the next business day) and one declared (ex in a week); PB..
 * pays $0.10, paid on the last business day. A user
 * holds 100 shares of each, entered by hand. Then: the calendar and the holdings show each state; PA's
 * paid payout is marked received short from the calendar ($30.00 of $40.00), PB's at its expected
 * amount from the holding; the income page (Premium: the holder is made Premium) shows what arrived and
 * the goal what it takes; both at 1280 and 390 px with axe and no sideways scroll.
 */

let browser: Browser;
const contexts = new Map<SizeName, { context: BrowserContext; page: Page }>();
const pageAt = (size: SizeName) => contexts.get(size)!.page;

function letters(n: number): string {
  let out = '';
  for (let i = 0; i < n; i++) out += String.fromCharCode(65 + Math.floor(Math.random() * 26));
  return out;
}
const tickerA = `PA${letters(2)}`;
const tickerB = `PB${letters(2)}`;
let today = '';
/** The last business day on or before today (the market date may be a weekend day): the paid payouts' pay date. */
let paidOn = '';
let declaredEx = '';
let fundA = '';

async function json<T>(page: Page, url: string): Promise<T> {
  const answer = await page.request.get(url);
  expect(answer.status(), `${url}: ${await answer.text()}`).toBe(200);
  return (await answer.json()) as T;
}

function previousBusinessDay(date: string): string {
  let d = addDays(date, -1);
  while (!isBusinessDay(d)) d = addDays(d, -1);
  return d;
}

beforeAll(async () => {
  browser = await launchBrowser();
  const holder = newUser('payouts');
  for (const size of ['desktop', 'phone'] as const) {
    const context = await newContext(browser, size);
    const page = await context.newPage();
    const signedIn =
      size === 'desktop'
        ? await page.request.post('/api/register', { data: holder })
        : await page.request.post('/api/login', { data: { email: holder.email, password: holder.password } });
    expect(signedIn.status(), await signedIn.text()).toBe(size === 'desktop' ? 201 : 200);
    // the income page is Premium (docs/billing.md "What Premium gives"); the payout states are Free
    if (size === 'desktop') {
      await makePremium(((await signedIn.json()) as { id: string }).id, 'payouts-e2e');
      await waitUntil(async () => (await json<{ subscriptionTier: string }>(page, '/api/user')).subscriptionTier === 'premium', 'the user is Premium');
    }
    contexts.set(size, { context, page });
  }
  // "today" as the ledger sees it (the market date)
  today = (await json<PayoutLedger>(pageAt('desktop'), '/api/user/payouts')).asOf;
  paidOn = isBusinessDay(today) ? today : previousBusinessDay(today);
  declaredEx = nextBusinessDay(addDays(today, 7));

  const ownerContext = await newContext(browser, 'desktop');
  const o = await ownerContext.newPage();
  await signInAsVerifiedOwner(o);
  const days: string[] = [];
  for (let d = addDays(today, -60); d <= today; d = addDays(d, 1)) if (isBusinessDay(d)) days.push(d);
  const ids: string[] = [];
  for (const [ticker, rows] of [
    [
      tickerA,
      [
        [previousBusinessDay(paidOn), paidOn],
        [paidOn, nextBusinessDay(today)],
        [declaredEx, nextBusinessDay(declaredEx)],
      ].map(([ex, pay]) => `${ex},${pay},0.40`),
    ],
    [tickerB, [`${previousBusinessDay(paidOn)},${paidOn},0.10`]],
  ] as const) {
    const created = await o.request.post('/api/etfs', { data: { ticker, name: `Payday ${ticker} WeeklyPay ETF`, brand: 'Payday' } });
    expect(created.status(), await created.text()).toBe(201);
    const id = ((await created.json()) as { id: string }).id;
    ids.push(id);
    const prices = await o.request.post(`/api/admin/etfs/${id}/prices/import`, { data: { csv: ['Date,Close', ...days.map((d) => `${d},20`)].join('\n') } });
    expect(prices.status(), await prices.text()).toBe(200);
    const dists = await o.request.post(`/api/admin/etfs/${id}/distributions/import`, { data: { csv: ['Ex Date,Pay Date,Amount', ...rows].join('\n') } });
    expect(dists.status(), await dists.text()).toBe(200);
  }
  await ownerContext.close();
  fundA = ids[0]!;
  for (const id of ids) {
    const added = await pageAt('desktop').request.post('/api/user/portfolio', { data: { etfId: id, shares: '100', purchasePrice: '20', purchaseDate: days[0], isDrip: 0 } });
    expect(added.status(), await added.text()).toBe(201);
  }
});

screenshotOnFailure(() => [...contexts.values()].map((c) => c.page));

afterAll(async () => {
  await browser?.close();
});

const payoutOf = (page: Page, ticker: string, payDate: string) => page.locator(`[data-testid="payout-day"][data-date="${payDate}"] [data-testid="payout"]`).filter({ hasText: ticker });
const holdingOf = (page: Page, ticker: string) => page.getByTestId('holding').filter({ hasText: ticker });

describe('the payout states', () => {
  it('desktop: the calendar shows Paid, Entitled and Declared; a hand mark from the calendar (short) and one from the holding (received)', async () => {
    const page = pageAt('desktop');
    const errors = watchErrors(page);
    await page.goto('/my-weeklydiv');
    const paidA = payoutOf(page, tickerA, paidOn);
    await visible(paidA.getByTestId('payout-status'));
    expect(await paidA.getByTestId('payout-status').textContent()).toBe('Paid');
    expect(await payoutOf(page, tickerA, nextBusinessDay(today)).getByTestId('payout-status').textContent()).toBe('Entitled');
    expect(await payoutOf(page, tickerA, nextBusinessDay(declaredEx)).getByTestId('payout-status').textContent()).toBe('Declared');
    expect(await holdingOf(page, tickerB).getByTestId('latest-payout').innerText()).toContain('Paid');
    await expectNoSeriousA11yViolations(page, 'payout states (desktop)');
    await screenshot(page, 'payouts-states-desktop');

    // from the calendar: short
    await paidA.getByRole('button', { name: `Mark received: ${tickerA} ${formatShortDate(paidOn)}` }).click();
    const dialog = page.getByRole('dialog', { name: `Mark ${tickerA} received` });
    const amount = dialog.getByLabel('Amount received ($)');
    expect(await amount.inputValue()).toBe('40.00');
    await amount.fill('0');
    await dialog.getByRole('button', { name: 'Mark received' }).click();
    await visible(dialog.getByText('Amount must be a positive number'));
    await screenshot(page, 'payouts-mark-dialog-desktop', { viewportOnly: true });
    await amount.fill('30');
    await dialog.getByRole('button', { name: 'Mark received' }).click();
    expect(await seeToast(page, 'Marked received')).toBe('default');
    await expect.poll(() => paidA.getByTestId('payout-status').textContent()).toBe('Short $30.00 of $40.00');

    // from the holding: at the expected amount
    const holdingB = holdingOf(page, tickerB);
    await holdingB.getByRole('button', { name: `Mark received: ${tickerB} ${formatShortDate(paidOn)}` }).click();
    await page.getByRole('dialog', { name: `Mark ${tickerB} received` }).getByRole('button', { name: 'Mark received' }).click();
    await expect.poll(() => holdingB.getByTestId('latest-payout').getByTestId('payout-status').textContent()).toBe('Received $10.00');
    expect(new URL(page.url()).pathname).toBe('/my-weeklydiv');
    const portfolio = await json<HoldingView[]>(page, '/api/user/portfolio');
    expect(portfolio.find((h) => h.etf?.ticker === tickerB)?.latestPayout).toMatchObject({ status: 'received', received: '10.00' });
    expect(await payoutOf(page, tickerB, paidOn).getByTestId('payout-status').textContent()).toBe('Received $10.00');
    // the one 400 is the refused amount above
    expect(errors).toEqual(['console: Failed to load resource: the server responded with a status of 400 (Bad Request)']);
  });

  it('phone: the marked states on the calendar and the holdings; nothing scrolls sideways', async () => {
    const page = pageAt('phone');
    await page.goto('/my-weeklydiv');
    const paidA = payoutOf(page, tickerA, paidOn);
    await expect.poll(() => paidA.getByTestId('payout-status').textContent()).toBe('Short $30.00 of $40.00');
    expect(await holdingOf(page, tickerB).getByTestId('latest-payout').innerText()).toContain('Received $10.00');
    await expectNoSidewaysScroll(page, 'payout states (phone)');
    await expectNoSeriousA11yViolations(page, 'payout states (phone)');
    await screenshot(page, 'payouts-states-phone');
  });
});

describe('the income page', () => {
  for (const size of ['desktop', 'phone'] as const) {
    it(`${size}: linked from the portfolio tab; received, unconfirmed and expected as the API says; the goal and what it would take`, async () => {
      const page = pageAt(size);
      const errors = watchErrors(page);
      await page.goto('/my-weeklydiv');
      await page.getByTestId('income-link').getByRole('link', { name: 'Income and goal' }).click();
      await visible(page.getByRole('heading', { level: 1, name: 'Income' }));
      const series = await json<IncomeSeries>(page, '/api/user/income?by=month');
      const totalRow = page.getByTestId('income-periods').locator('tfoot tr');
      await visible(totalRow);
      const cells = await totalRow.locator('td:visible').allInnerTexts();
      expect(cells[0]).toBe('Total');
      expect(cells[1]).toBe(formatMoney(series.totals.received));
      expect(series.totals.received).toBe('40.00');
      await visible(page.getByRole('img', { name: /^Income per month/ }));

      const goal = page.getByTestId('income-goal');
      if (size === 'desktop') {
        await goal.getByLabel('Target ($)').fill('100');
        await goal.getByRole('button', { name: 'Set goal' }).click();
        expect(await seeToast(page, 'Income goal saved')).toBe('default');
      }
      await visible(goal.getByTestId('goal-progress'));
      expect(await goal.getByTestId('goal-progress').innerText()).toContain('Goal: $100.00 a week');
      await goal.getByLabel('What would it take with').selectOption(fundA);
      await visible(goal.getByTestId('what-it-takes'));
      expect(await goal.getByTestId('what-it-takes').innerText()).toContain(`more shares of ${tickerA} would close the gap`);
      expect(await goal.getByTestId('goal-caveat').textContent()).toBe(GOAL_CAVEAT);

      if (size === 'phone') await expectNoSidewaysScroll(page, 'income page (phone)');
      await expectNoSeriousA11yViolations(page, `income page (${size})`);
      await screenshot(page, `payouts-income-${size}`);
      expect(errors).toEqual([]);
    });
  }
});
