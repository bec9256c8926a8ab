import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { streams } from '../../events/streams.ts';
import { newYorkCloseInstant, newYorkDate } from '../../domain/market/trading-days.ts';
import { getJson, type ListedEtf } from './support/api.ts';
import { launchBrowser, newContext, visible } from './support/browser.ts';
import { newUser, onPersonalArea, signUp } from './support/flows.ts';
import { screenshot, screenshotOnFailure } from './support/screenshots.ts';
import { e2eMeta, makePremium, withServerLog } from './support/server-log.ts';

/**
 * Premium's live updates (docs/live-updates.md): with the personal area open, a new price of a held
 * fund changes the holding's value on the screen without a reload. Premium is given the way billing
 * records it, and the price lands the way the refresh-premium-quotes job writes one: events appended
 * to the server's log (the embedded store picks up other processes' commits, as for the CLI).
 */

let browser: Browser;
let context: BrowserContext;
let page: Page;
const user = newUser('live');
let userId: string;
let fund: ListedEtf & { priceAsOf: string | null; priceAsOfTime: string | null };
const meta = () => e2eMeta('live-e2e');

/** The text of a holding card's "Current Value". */
async function currentValue(ticker: string): Promise<string> {
  const card = page.getByTestId('holding').filter({ hasText: ticker }).first();
  return ((await card.locator('dt', { hasText: 'Current Value' }).locator('xpath=following-sibling::dd[1]').textContent()) ?? '').trim();
}

beforeAll(async () => {
  browser = await launchBrowser();
  context = await newContext(browser, 'desktop');
  page = await context.newPage();
  const funds = await getJson<ListedEtf[]>('/api/etfs');
  const listed = funds.find((f) => f.currentPrice !== '');
  if (!listed) throw new Error('no fund with a price on the e2e server');
  fund = await getJson(`/api/etfs/detail/${listed.ticker}`);
  await signUp(page, user);
  userId = ((await (await page.request.get('/api/user')).json()) as { id: string }).id;
});

screenshotOnFailure(() => [page]);

afterAll(async () => {
  await browser?.close();
});

describe.sequential('live updates (Premium)', () => {
  it('becomes Premium and holds 10 shares of a fund', async () => {
    await makePremium(userId, 'live-e2e');
    await expect
      .poll(async () => ((await (await page.request.get('/api/user')).json()) as { subscriptionTier: string }).subscriptionTier, { timeout: 30_000 })
      .toBe('premium');
    const added = await page.evaluate(async (etfId) => {
      const res = await fetch('/api/user/portfolio', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ etfId, shares: '10', isDrip: 0 }) });
      return res.status;
    }, fund.id);
    expect(added).toBe(201);
  });

  it('the holding\'s value changes on screen when a new price lands, without a reload', async () => {
    const stream = page.waitForResponse((r) => r.url().endsWith('/api/user/live') && r.status() === 200);
    await page.goto('/my-weeklydiv');
    await onPersonalArea(page);
    await visible(page.getByTestId('holding').filter({ hasText: fund.ticker }).first());
    await stream;
    const before = await currentValue(fund.ticker);
    // 10 shares at the current price
    expect(before).toBe(`$${(10 * Number(fund.currentPrice)).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`);
    await screenshot(page, 'live-before-desktop');
    // a mark on this document: gone if anything reloaded the page
    await page.evaluate(() => Object.assign(window, { liveMark: 'same document' }));

    // A price 10 % up, as refresh-premium-quotes writes it: a quote when the current price is older than
    // today's session (or a quote itself); today's close is corrected as a bar (a quote never beats the day's close).
    const price = (Number(fund.currentPrice) * 1.1).toFixed(2);
    const now = new Date();
    const today = newYorkDate(now.getTime());
    const isTodaysClose = fund.priceAsOf === today && fund.priceAsOfTime === newYorkCloseInstant(today);
    await withServerLog(async (log) => {
      if (isTodaysClose) {
        const bar = { etfId: fund.id, date: today, open: price, high: price, low: price, close: price, volume: 0, source: 'manual' as const };
        await log.append(streams.prices(fund.id, today.slice(0, 4)), [{ type: 'PriceBarRevised', data: bar }], 'any', meta());
      } else {
        await log.append(streams.prices(fund.id, today.slice(0, 4)), [{ type: 'PriceQuoted', data: { etfId: fund.id, price, quotedAt: now.toISOString(), source: 'manual' } }], 'any', meta());
      }
    });
    const after = `$${(10 * Number(price)).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
    await expect.poll(() => currentValue(fund.ticker), { timeout: 30_000, message: 'the value follows the new price' }).toBe(after);
    expect(await page.evaluate(() => (window as unknown as { liveMark?: string }).liveMark)).toBe('same document');
    await screenshot(page, 'live-after-desktop');
  });
});
