import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getJson } from './support/api.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { launchBrowser, newContext, onPath, seeText, SIZE_NAMES, visible, watchErrors } from './support/browser.ts';
import { logIn, newUser, seeToast, signUp } from './support/flows.ts';
import { screenshot, screenshotOnFailure } from './support/screenshots.ts';

/**
 * A new user's path through the personal area (issue 5): sign up → the personal area (empty) → Find
 * ETFs → search → Add to Portfolio with DRIP on → the summary cards and "Upcoming Dividend Payouts"
 * update → favorite it → the Favorites tab → every tab captured and checked with axe at both sizes →
 * remove the holding and the favorite. Steps share one user and run in order.
 */

interface Fund {
  id: string;
  ticker: string;
  name: string;
  brandSlug: string;
  currentPrice: string;
  frequency: string;
  nextExDividend: string | null;
}

let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: string[];
let fund: Fund;
const user = newUser('new-user');

beforeAll(async () => {
  browser = await launchBrowser();
  context = await newContext(browser, 'desktop');
  page = await context.newPage();
  errors = watchErrors(page);
  // a weekly payer of the seeded catalog with its next ex-dividend date ahead (so payouts are upcoming)
  const roundhill = await getJson<Fund[]>('/api/etfs/by-brand/roundhill');
  fund = roundhill.find((f) => f.frequency === 'weekly' && f.nextExDividend !== null) ?? roundhill[0]!;
});

screenshotOnFailure(() => [page]);

afterAll(async () => {
  await browser?.close();
});

const tab = (p: Page, name: RegExp) => p.getByRole('tab', { name });

async function openTab(p: Page, name: RegExp): Promise<void> {
  await tab(p, name).click();
  await expect.poll(() => tab(p, name).getAttribute('aria-selected')).toBe('true');
}

describe.sequential("a new user's path", () => {
  it('signs up and lands on an empty personal area', async () => {
    await signUp(page, user);
    await visible(page.getByRole('heading', { level: 1, name: 'My WeeklyDiv' }));
    await visible(tab(page, /^My Portfolio \(0\)$/));
    await visible(tab(page, /^Favorites \(0\)$/));
    await visible(tab(page, /^Find ETFs$/));
    expect(await tab(page, /^My Portfolio/).getAttribute('aria-selected')).toBe('true');
    await seeText(page, 'No holdings yet. Add some from the Find ETFs tab!');
    // the free plan's brokerage upsell
    await visible(page.getByRole('link', { name: 'Upgrade to Premium - $9.99/month' }));
    await visible(page.getByRole('link', { name: 'View Pricing Details' }));
    expect(await page.getByRole('link', { name: 'View Pricing Details' }).getAttribute('href')).toBe('/pricing');
    expect(await page.getByTestId('holdings-count').innerText()).toBe('0');
    expect(await page.getByRole('heading', { name: 'Upcoming Dividend Payouts' }).count()).toBe(0);
    await screenshot(page, 'personal-area-empty-desktop');
    await expectNoSeriousA11yViolations(page, 'personal area, empty (desktop)');
  });

  it('Find ETFs: prompts, finds nothing for nonsense, and matches ticker or name in any case (at most 10)', async () => {
    await openTab(page, /^Find ETFs$/);
    const search = page.getByPlaceholder('Search by ticker or name...');
    await visible(search);
    await seeText(page, 'Start typing to search ETFs');
    await search.fill('zzqqxx');
    await seeText(page, 'No ETFs found');
    await search.fill('roundhill'); // part of many names, lower case
    await expect.poll(() => page.getByTestId('etf-row').count()).toBe(10);
    await search.fill(fund.ticker.toLowerCase());
    await visible(page.getByTestId('etf-row').getByRole('link', { name: fund.ticker, exact: true }));
    expect(await page.getByTestId('etf-row').count()).toBeLessThanOrEqual(10);
  });

  it('the add dialog refuses an empty number of shares', async () => {
    const row = page.getByTestId('etf-row').filter({ has: page.getByRole('link', { name: fund.ticker, exact: true }) });
    await row.getByRole('button', { name: 'Add to Portfolio' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add to Portfolio' });
    await visible(dialog);
    await seeText(dialog, fund.name);
    await visible(dialog.getByLabel('Number of Shares *'));
    await visible(dialog.getByLabel('Purchase Price (optional)'));
    await visible(dialog.getByLabel('Purchase Date (optional)'));
    await visible(dialog.getByText('Automatically reinvest dividends'));
    await screenshot(page, 'personal-area-add-dialog-desktop', { viewportOnly: true });
    await expectNoSeriousA11yViolations(page, 'personal area, add dialog (desktop)');
    await dialog.getByRole('button', { name: 'Add to Portfolio' }).click();
    expect(await seeToast(page, 'Please fill in required fields')).toBe('destructive');
    await visible(dialog);
  });

  it('adds the fund with DRIP on', async () => {
    const dialog = page.getByRole('dialog', { name: 'Add to Portfolio' });
    await dialog.getByLabel('Number of Shares *').fill('25');
    await dialog.getByLabel('Purchase Price (optional)').fill('10.00');
    const bought = new Date(Date.now() - 90 * 86_400_000).toISOString().slice(0, 10);
    await dialog.getByLabel('Purchase Date (optional)').fill(bought);
    const drip = dialog.getByRole('switch', { name: 'DRIP (Dividend Reinvestment Plan)' });
    expect(await drip.getAttribute('aria-checked')).toBe('false');
    await drip.click();
    expect(await drip.getAttribute('aria-checked')).toBe('true');
    await dialog.getByRole('button', { name: 'Add to Portfolio' }).click();
    expect(await seeToast(page, 'Added to portfolio')).not.toBe('destructive');
    await dialog.waitFor({ state: 'detached' });
    // the search result now says it is held
    const row = page.getByTestId('etf-row').filter({ has: page.getByRole('link', { name: fund.ticker, exact: true }) });
    await visible(row.getByText('In Portfolio', { exact: true }));
    await visible(tab(page, /^My Portfolio \(1\)$/));
  });

  it('the portfolio shows the holding, the summary cards and the upcoming payouts', async () => {
    await openTab(page, /^My Portfolio/);
    const holding = page.getByTestId('holding');
    await expect.poll(() => holding.count()).toBe(1);
    await visible(holding.getByRole('link', { name: fund.ticker, exact: true }));
    await visible(holding.getByText('DRIP', { exact: true }));
    await visible(holding.getByText(/^25\.\d{4} bought( \+ \d+\.\d{4} reinvested)?$/));
    await visible(holding.getByTestId('holding-gain'));
    expect(await page.getByTestId('holdings-count').innerText()).toBe('1');
    expect(await page.getByTestId('total-value').innerText()).toMatch(/^\$\d{1,3}(,\d{3})*\.\d{2}$/);
    expect(await page.getByTestId('total-value').innerText()).not.toBe('$0.00');
    expect(await page.getByTestId('total-gain').innerText()).toMatch(/^[+-]\$/);
    // a weekly payer held: payouts in the next weeks, Monday to Friday, shares × amount per share
    await visible(page.getByRole('heading', { name: 'Upcoming Dividend Payouts' }));
    await expect.poll(() => page.getByTestId('payout-week').count()).toBeGreaterThan(0);
    expect(await page.getByTestId('payout-week').count()).toBeLessThanOrEqual(4);
    const weekdays = await page.getByTestId('payout-day').evaluateAll((days) => days.map((d) => new Date(`${d.getAttribute('data-date')}T12:00:00Z`).getUTCDay()));
    expect(weekdays.every((d) => d >= 1 && d <= 5)).toBe(true);
    const payout = page.getByTestId('payout-day').filter({ hasText: fund.ticker }).first();
    await visible(payout.getByText(/^\d+\.\d{4} × \$\d+\.\d{4}$/));
    await visible(payout.getByTestId('day-total'));
  });

  it('favorites the fund from Find ETFs; the Favorites tab lists it', async () => {
    await openTab(page, /^Find ETFs$/);
    await page.getByPlaceholder('Search by ticker or name...').fill(fund.ticker);
    const star = page.getByRole('button', { name: `Favorite ${fund.ticker}`, exact: true });
    await star.click();
    expect(await seeToast(page, 'Added to favorites')).not.toBe('destructive');
    await expect.poll(() => star.getAttribute('aria-pressed')).toBe('true');
    await visible(tab(page, /^Favorites \(1\)$/));
    await openTab(page, /^Favorites/);
    await visible(page.getByRole('heading', { name: 'My Favorites' }));
    const row = page.getByTestId('etf-row');
    await expect.poll(() => row.count()).toBe(1);
    await visible(row.getByRole('link', { name: fund.ticker, exact: true }));
    await visible(row.getByText('In Portfolio', { exact: true }));
  });

  it("a click on the holding opens the fund's page, which shows it held and favorited", async () => {
    await openTab(page, /^My Portfolio/);
    await page.getByTestId('holding').getByText('Current Value', { exact: true }).click();
    await onPath(page, new RegExp(`^/etfs/${fund.brandSlug}/${fund.ticker}$`, 'i'));
    const inPortfolio = page.getByRole('button', { name: 'In Portfolio' });
    await visible(inPortfolio);
    expect(await inPortfolio.isDisabled()).toBe(true);
    await visible(page.getByRole('button', { name: 'Favorited' }));
    await page.goBack();
    await onPath(page, '/my-weeklydiv');
    await visible(tab(page, /^My Portfolio \(1\)$/));
  });

  it('every tab passes axe and is captured at both sizes', async () => {
    for (const size of SIZE_NAMES) {
      const ctx = size === 'desktop' ? context : await newContext(browser, size);
      const p = size === 'desktop' ? page : await ctx.newPage();
      try {
        if (size !== 'desktop') await logIn(p, user.email, user.password);
        for (const [name, file] of [
          [/^My Portfolio/, 'portfolio'],
          [/^Favorites/, 'favorites'],
          [/^Find ETFs$/, 'find-etfs'],
        ] as const) {
          await openTab(p, name);
          if (file === 'portfolio') await visible(p.getByTestId('payout-week'));
          if (file === 'favorites') await visible(p.getByTestId('etf-row'));
          if (file === 'find-etfs') {
            await p.getByPlaceholder('Search by ticker or name...').fill('week');
            await visible(p.getByTestId('etf-row'));
          }
          await expectNoSeriousA11yViolations(p, `personal area, ${file} (${size})`);
          await screenshot(p, `personal-area-${file}-${size}`);
        }
        if (size === 'phone') {
          await p.getByTestId('etf-row').first().getByRole('button', { name: 'Add to Portfolio' }).click();
          await visible(p.getByRole('dialog', { name: 'Add to Portfolio' }));
          await expectNoSeriousA11yViolations(p, 'personal area, add dialog (phone)');
          await screenshot(p, 'personal-area-add-dialog-phone', { viewportOnly: true });
          await p.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
          await p.getByRole('dialog').waitFor({ state: 'detached' });
          // the phone menu, signed in
          await p.getByRole('banner').getByRole('button', { name: 'Open menu' }).click();
          await visible(p.getByRole('banner').getByRole('button', { name: 'Log Out' }));
          await expectNoSeriousA11yViolations(p, 'phone menu, signed in (phone)');
          await screenshot(p, 'phone-menu-signed-in-phone', { viewportOnly: true });
        }
      } finally {
        if (size !== 'desktop') await ctx.close();
      }
    }
  });

  it('removes the holding: the list is empty again and the payouts card goes', async () => {
    await openTab(page, /^My Portfolio/);
    await page.getByRole('button', { name: `Remove ${fund.ticker} from portfolio` }).click();
    // it asks first (issue 29, W11)
    await page.getByRole('dialog', { name: `Remove ${fund.ticker} from your portfolio?` }).getByRole('button', { name: 'Remove', exact: true }).click();
    expect(await seeToast(page, 'Removed from portfolio')).not.toBe('destructive');
    await seeText(page, 'No holdings yet. Add some from the Find ETFs tab!');
    await visible(tab(page, /^My Portfolio \(0\)$/));
    expect(await page.getByTestId('holdings-count').innerText()).toBe('0');
    expect(await page.getByRole('heading', { name: 'Upcoming Dividend Payouts' }).count()).toBe(0);
  });

  it('removes the favorite', async () => {
    await openTab(page, /^Favorites/);
    await page.getByRole('button', { name: `Remove ${fund.ticker} from favorites` }).click();
    expect(await seeToast(page, 'Removed from favorites')).not.toBe('destructive');
    await seeText(page, 'No favorites yet. Add some from the Find ETFs tab!');
    await visible(tab(page, /^Favorites \(0\)$/));
  });

  it('/my leads to the personal area', async () => {
    await page.goto('/my');
    await onPath(page, '/my-weeklydiv');
    await visible(page.getByRole('heading', { level: 1, name: 'My WeeklyDiv' }));
    expect(errors.filter((e) => e.startsWith('pageerror'))).toEqual([]);
  });
});
