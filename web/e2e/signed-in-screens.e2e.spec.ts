import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brandEtfs, type ListedEtf } from './support/api.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { expectNoSidewaysScroll, launchBrowser, newContext, onPath, seeText, SIZE_NAMES, visible, type SizeName } from './support/browser.ts';
import { logIn, newUser, seeToast, signUp, type TestUser } from './support/flows.ts';
import { screenshot, screenshotOnFailure } from './support/screenshots.ts';
import { failNextStripeCalls } from './support/stripe.ts';

/**
 * Screens that change once signed in, and the header's menus, at both sizes with axe and screenshots:
 * pricing for a free user ("Current Plan", "Upgrade to Premium" → the "Checkout failed" toast when
 * Stripe fails: the e2e server's Stripe is the local stand-in, told to fail; the purchase itself is
 * billing.e2e.spec.ts), the detail page's "Add {ticker} to Portfolio" modal (its validation,
 * then "In Portfolio"), the desktop Brands dropdown and the phone menu.
 */

let browser: Browser;
let fund: ListedEtf;
const user: TestUser = newUser('signed-in');
const contexts = new Map<SizeName, { context: BrowserContext; page: Page }>();

beforeAll(async () => {
  browser = await launchBrowser();
  const funds = await brandEtfs('roundhill');
  fund = funds[funds.length - 1]!;
  for (const size of SIZE_NAMES) {
    const context = await newContext(browser, size);
    const page = await context.newPage();
    if (size === 'desktop') await signUp(page, user);
    else await logIn(page, user.email, user.password);
    contexts.set(size, { context, page });
  }
});

screenshotOnFailure(() => [...contexts.values()].map((c) => c.page));

afterAll(async () => {
  await browser?.close();
});

describe('header menus (signed out)', () => {
  it('the desktop Brands dropdown opens on hover and its links work', async () => {
    const context = await newContext(browser, 'desktop');
    try {
      const page = await context.newPage();
      await page.goto('/');
      const nav = page.getByRole('navigation', { name: 'Main' });
      await nav.getByRole('button', { name: /Brands/ }).hover();
      await visible(nav.getByRole('link', { name: /Roundhill/ }));
      await expectNoSeriousA11yViolations(page, 'brands dropdown (desktop)');
      await screenshot(page, 'header-brands-dropdown-desktop', { viewportOnly: true });
      await nav.getByRole('link', { name: /Roundhill/ }).click();
      await onPath(page, '/etfs/roundhill');
    } finally {
      await context.close();
    }
  });

  it('the phone menu opens, expands Brands and offers Log In / Sign Up for Free', async () => {
    const context = await newContext(browser, 'phone');
    try {
      const page = await context.newPage();
      await page.goto('/');
      const header = page.getByRole('banner');
      await header.getByRole('button', { name: 'Open menu' }).click();
      await visible(header.getByRole('link', { name: 'Sign Up for Free' }));
      await visible(header.getByRole('link', { name: 'Log In' }));
      const brands = header.getByRole('button', { name: /Brands/ });
      await brands.click();
      await expect.poll(() => brands.getAttribute('aria-expanded')).toBe('true');
      await visible(header.getByRole('link', { name: /Roundhill/ }));
      await expectNoSeriousA11yViolations(page, 'phone menu, signed out (phone)');
      await screenshot(page, 'phone-menu-signed-out-phone', { viewportOnly: true });
    } finally {
      await context.close();
    }
  });
});

for (const size of SIZE_NAMES) {
  describe.sequential(`signed in at ${size} size`, () => {
    it('pricing shows "Current Plan" and "Upgrade to Premium"; checkout fails politely when Stripe fails', async () => {
      const { page } = contexts.get(size)!;
      await page.goto('/pricing');
      await visible(page.getByRole('heading', { name: 'Simple, Transparent Pricing' }));
      const current = page.getByRole('button', { name: 'Current Plan' });
      await visible(current);
      expect(await current.isDisabled()).toBe(true);
      expect(await page.getByRole('link', { name: 'Sign Up to Upgrade' }).count()).toBe(0);
      await expectNoSeriousA11yViolations(page, `pricing, signed in (${size})`);
      await screenshot(page, `pricing-signed-in-${size}`);
      // the call and the Stripe client's one retry both fail
      await failNextStripeCalls(2);
      await page.getByRole('button', { name: 'Upgrade to Premium' }).click();
      expect(await seeToast(page, 'Checkout failed')).toBe('destructive');
      await visible(page.getByText('The payment provider could not be reached. Please try again in a moment.'));
      expect(new URL(page.url()).pathname).toBe('/pricing');
    });

    it('the detail modal validates, adds, and the button becomes "In Portfolio"', async () => {
      const { page } = contexts.get(size)!;
      await page.goto(`/etfs/${fund.brandSlug}/${fund.ticker.toLowerCase()}`);
      const save = page.getByRole('button', { name: 'Save to Portfolio' }).or(page.getByRole('button', { name: 'In Portfolio' }));
      await visible(save);
      if (size === 'phone') {
        // held since the desktop pass: the button is disabled
        await visible(page.getByRole('button', { name: 'In Portfolio' }));
        expect(await page.getByRole('button', { name: 'In Portfolio' }).isDisabled()).toBe(true);
        // still capture the modal on a fund not held yet
        const other = (await brandEtfs('roundhill'))[0]!;
        await page.goto(`/etfs/${other.brandSlug}/${other.ticker.toLowerCase()}`);
        await page.getByRole('button', { name: 'Save to Portfolio' }).click();
        const dialog = page.getByRole('dialog', { name: `Add ${other.ticker} to Portfolio` });
        await visible(dialog);
        await expectNoSeriousA11yViolations(page, `detail modal (${size})`);
        await screenshot(page, `etf-detail-modal-${size}`, { viewportOnly: true });
        await dialog.getByRole('button', { name: 'Cancel' }).click();
        await dialog.waitFor({ state: 'detached' });
        return;
      }
      await page.getByRole('button', { name: 'Save to Portfolio' }).click();
      const dialog = page.getByRole('dialog', { name: `Add ${fund.ticker} to Portfolio` });
      await visible(dialog);
      const shares = dialog.getByLabel('Number of Shares');
      expect(await shares.inputValue()).toBe('1');
      expect(await dialog.getByLabel('Purchase Price (Optional)').inputValue()).toBe(fund.currentPrice);
      expect(await dialog.getByLabel('Purchase Date (Optional)').inputValue()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      await shares.fill('0');
      await dialog.getByRole('button', { name: 'Add to Portfolio' }).click();
      await seeText(dialog, 'Must be a positive number');
      await expectNoSeriousA11yViolations(page, `detail modal (${size})`);
      await screenshot(page, `etf-detail-modal-${size}`, { viewportOnly: true });
      await shares.fill('12.5');
      await dialog.getByRole('button', { name: 'Add to Portfolio' }).click();
      expect(await seeToast(page, 'Added to portfolio')).not.toBe('destructive');
      await dialog.waitFor({ state: 'detached' });
      const held = page.getByRole('button', { name: 'In Portfolio' });
      await visible(held);
      expect(await held.isDisabled()).toBe(true);
      await expectNoSeriousA11yViolations(page, `detail, held (${size})`);
      await screenshot(page, `etf-detail-signed-in-${size}`);
    });
  });
}

/** Issue 10: the personal area's figures are the server's (D9, F13) and every signed-in screen fits a phone (D8). */
describe.sequential('portfolio figures and phone widths (issue 10)', () => {
  type Holding = { id: string; isDrip: number; currentValue: string | null; gain: string | null; incomeReceived: string; sharesReinvested: string; etf: { ticker: string } | null };
  const money = (v: number) => `${v < 0 ? '-' : ''}$${Math.abs(v).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
  const cents = (v: string | null) => Math.round(Number(v ?? 0) * 100);

  it('a DRIP holding: the cards and the holding show the server\'s value and gain (value − cost), income marked reinvested', async () => {
    const { page } = contexts.get('desktop')!;
    await page.goto('/my-weeklydiv');
    const drip = (await brandEtfs('roundhill'))[1]!;
    // ten months ago: long enough for weekly payouts to have been reinvested
    const since = new Date(Date.now() - 300 * 86_400_000).toISOString().slice(0, 10);
    const added = await page.evaluate(
      async (body) => (await fetch('/api/user/portfolio', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) })).status,
      { etfId: drip.id, shares: '10.5', purchasePrice: '20', purchaseDate: since, isDrip: 1 },
    );
    expect(added).toBe(201);
    await page.reload();
    const holdings = await page.evaluate(async () => (await (await fetch('/api/user/portfolio')).json()) as unknown);
    const list = holdings as Holding[];
    const mine = list.find((h) => h.etf?.ticker === drip.ticker && h.isDrip === 1)!;
    expect(Number(mine.sharesReinvested)).toBeGreaterThan(0);
    const totalValue = list.reduce((sum, h) => sum + cents(h.currentValue), 0) / 100;
    const withGain = list.filter((h) => h.gain !== null);
    const totalGain = withGain.reduce((sum, h) => sum + cents(h.gain), 0) / 100;
    await expect.poll(() => page.getByTestId('total-value').textContent()).toBe(money(totalValue));
    const gainText = `${totalGain >= 0 ? '+' : '-'}${money(Math.abs(totalGain))}`;
    expect(await page.getByTestId('total-gain').textContent()).toBe(gainText);
    const card = page.getByTestId('holding').filter({ hasText: drip.ticker }).filter({ hasText: 'DRIP' }).first();
    const g = Number(mine.gain);
    expect(await card.getByTestId('holding-gain').textContent()).toContain(`${g >= 0 ? '+' : '-'}${money(Math.abs(g))}`);
    await visible(card.getByTestId('holding-income-note'));
    await visible(page.getByTestId('income-reinvested'));
    await screenshot(page, 'issue10-portfolio-drip-desktop');
  });

  it('phone: every signed-in screen fits 390 px (no sideways scroll)', async () => {
    const { page } = contexts.get('phone')!;
    const other = (await brandEtfs('yieldmax'))[0]!;
    for (const [name, path, ready] of [
      ['portfolio', '/my-weeklydiv', () => page.getByTestId('total-value')],
      ['favorites', '/my-weeklydiv?tab=favorites', () => page.getByRole('heading', { name: 'My Favorites' })],
      ['find', '/my-weeklydiv?tab=find', () => page.getByPlaceholder(/Search/)],
      ['pricing', '/pricing', () => page.getByRole('button', { name: 'Current Plan' })],
      ['detail', `/etfs/${other.brandSlug}/${other.ticker}`, () => page.getByRole('heading', { name: 'Similar ETFs' })],
      ['calendar', '/dividend-calendar', () => page.getByRole('heading', { name: /^Week 1/ })],
    ] as const) {
      await page.goto(path);
      await visible(ready());
      await expectNoSidewaysScroll(page, `${name} (phone, signed in)`);
      await screenshot(page, `issue10-${name}-signed-in-phone`);
    }
  });
});
