import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getJson, type ListedEtf } from './support/api.ts';
import { launchBrowser, newContext, onPath, visible } from './support/browser.ts';
import { newUser, seeToast, signUp, toastWith } from './support/flows.ts';
import { screenshot, screenshotOnFailure } from './support/screenshots.ts';

/**
 * The free plan's favorites limit (the sign-up pitch's five, enforced by the server): a new user
 * favorites five funds from their detail pages; the sixth shows the destructive "Failed to add
 * favorite" toast with the server's message, and the optimistic "Favorited" is undone. A visitor who
 * presses Favorite is sent to log in.
 */

let browser: Browser;
let context: BrowserContext;
let page: Page;
let funds: ListedEtf[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  context = await newContext(browser, 'desktop');
  page = await context.newPage();
  funds = (await getJson<ListedEtf[]>('/api/etfs')).slice(0, 6);
  expect(funds).toHaveLength(6);
});

screenshotOnFailure(() => [page]);

afterAll(async () => {
  await browser?.close();
});

async function openDetail(fund: ListedEtf): Promise<void> {
  await page.goto(`/etfs/${fund.brandSlug}/${fund.ticker.toLowerCase()}`);
  await visible(page.getByRole('heading', { level: 1, name: new RegExp(fund.ticker) }));
}

describe.sequential('favorites on the free plan', () => {
  it('a visitor pressing Favorite is sent to log in', async () => {
    await openDetail(funds[0]!);
    await page.getByRole('button', { name: 'Favorite', exact: true }).click();
    await onPath(page, '/login');
  });

  it('a new user favorites five funds', async () => {
    await signUp(page, newUser('favorites'));
    for (const fund of funds.slice(0, 5)) {
      await openDetail(fund);
      await page.getByRole('button', { name: 'Favorite', exact: true }).click();
      expect(await seeToast(page, 'Added to favorites')).not.toBe('destructive');
      await visible(page.getByRole('button', { name: 'Favorited' }));
    }
  });

  it('the sixth shows the error toast and the button goes back to Favorite', async () => {
    const sixth = funds[5]!;
    await openDetail(sixth);
    await page.getByRole('button', { name: 'Favorite', exact: true }).click();
    expect(await seeToast(page, 'Failed to add favorite')).toBe('destructive');
    await visible(toastWith(page, 'Failed to add favorite').getByText(/up to 5 favorite ETFs/));
    await visible(page.getByRole('button', { name: 'Favorite', exact: true }));
    await screenshot(page, 'favorites-limit-toast-desktop', { keepToast: true });
    // after a reload the server's state shows: still not a favorite
    await page.reload();
    await visible(page.getByRole('heading', { level: 1, name: new RegExp(sixth.ticker) }));
    await visible(page.getByRole('button', { name: 'Favorite', exact: true }));
  });

  it('unfavoriting one makes room for the sixth', async () => {
    await openDetail(funds[0]!);
    await page.getByRole('button', { name: 'Favorited' }).click();
    await seeToast(page, 'Removed from favorites');
    await visible(page.getByRole('button', { name: 'Favorite', exact: true }));
    await openDetail(funds[5]!);
    await page.getByRole('button', { name: 'Favorite', exact: true }).click();
    await seeToast(page, 'Added to favorites');
    await visible(page.getByRole('button', { name: 'Favorited' }));
  });
});
