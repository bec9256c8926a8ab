import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brandEtfs, type ListedEtf } from './support/api.ts';
import { launchBrowser, newContext, onPath, seeText, visible } from './support/browser.ts';
import { newUser, onPersonalArea, seeToast } from './support/flows.ts';
import { screenshotOnFailure } from './support/screenshots.ts';

/**
 * Keyboard reachability (issue 5 quality bars): the main forms are filled and sent with the keyboard
 * alone, in a sensible Tab order, with a visible focus indicator on every control reached; the skip
 * link, the header, the top performers table, the tabs (arrow keys), the dialogs (focus inside, trapped,
 * Escape returns focus) and the phone menu work without a mouse.
 */

let browser: Browser;
let context: BrowserContext;
let page: Page;
let fund: ListedEtf;
const user = newUser('keyboard');
/** Controls reached with Tab that showed no focus indicator. */
const invisibleFocus = new Set<string>();

beforeAll(async () => {
  browser = await launchBrowser();
  context = await newContext(browser, 'desktop');
  page = await context.newPage();
  fund = (await brandEtfs('roundhill'))[0]!;
});

screenshotOnFailure(() => [page]);

afterAll(async () => {
  await browser?.close();
});

async function isFocused(locator: Locator): Promise<boolean> {
  if ((await locator.count()) === 0) return false;
  return locator.first().evaluate((el) => el === document.activeElement || el.contains(document.activeElement), undefined, { timeout: 2_000 }).catch(() => false);
}

/** Describes the focused element and whether it shows a focus indicator (outline or box-shadow ring), after two frames. */
async function focusState(p: Page): Promise<{ label: string; indicated: boolean }> {
  return p.evaluate(async () => {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { label: 'body', indicated: true };
    // focus inside a browser-drawn part (the date input's calendar button): the browser's own ring shows
    if (!el.matches(':focus')) return { label: 'browser part', indicated: true };
    const style = getComputedStyle(el);
    const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
    const ring = style.boxShadow !== 'none';
    const label = (el as HTMLInputElement).labels?.[0]?.textContent ?? el.getAttribute('aria-label') ?? el.getAttribute('placeholder') ?? el.textContent ?? '';
    const kind = `${el.tagName.toLowerCase()}${el.getAttribute('type') ? `[type=${el.getAttribute('type')}]` : ''}${el.getAttribute('role') ? `[role=${el.getAttribute('role')}]` : ''}`;
    return { label: `${kind} "${label.trim().slice(0, 40)}"`, indicated: outline || ring };
  });
}

/** Presses Tab (or Shift+Tab) until the locator holds the focus (if it does not already); fails after `max` presses. */
async function tabTo(p: Page, target: Locator, { max = 60, back = false } = {}): Promise<void> {
  if (await isFocused(target)) return;
  for (let i = 0; i < max; i++) {
    await p.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    const state = await focusState(p);
    if (!state.indicated) invisibleFocus.add(`${new URL(p.url()).pathname}: ${state.label}`);
    if (await isFocused(target)) return;
  }
  throw new Error(`not reached with ${max} Tab presses: ${target.toString()} (last focus: ${(await focusState(p)).label})`);
}

/** One Tab press must move the focus to `target` (the next field in order). */
async function nextIs(p: Page, target: Locator): Promise<void> {
  await p.keyboard.press('Tab');
  const state = await focusState(p);
  if (!state.indicated) invisibleFocus.add(`${new URL(p.url()).pathname}: ${state.label}`);
  expect(await isFocused(target), `Tab should move to ${target.toString()}, focus is on ${state.label}`).toBe(true);
}

describe.sequential('keyboard only', () => {
  it('the skip link is the first stop and moves the focus to the content', async () => {
    await page.goto('/');
    await visible(page.getByRole('heading', { name: 'Top Weekly Dividend Performers' }));
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    expect(await isFocused(skip)).toBe(true);
    await visible(skip); // shown when focused
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('main');
  });

  it('a top performer opens from its ticker link with Enter', async () => {
    const firstTicker = page.getByTestId('top-performer-row').first().getByRole('link');
    const ticker = (await firstTicker.innerText()).trim();
    await tabTo(page, firstTicker);
    await page.keyboard.press('Enter');
    await onPath(page, new RegExp(`/${ticker}$`, 'i'));
  });

  it('the yield calculator is filled and run from the keyboard', async () => {
    await page.goto('/');
    const card = page.getByRole('region', { name: 'Yield Calculator' }).or(page.locator('[aria-labelledby="yield-calculator-title"]'));
    const yieldField = card.getByLabel('Annual Yield (%)');
    await tabTo(page, yieldField, { max: 200 });
    await page.keyboard.type('52');
    await nextIs(page, card.getByLabel('Payout Frequency'));
    await tabTo(page, card.getByRole('button', { name: 'Calculate Income' }), { max: 5 });
    await page.keyboard.press('Enter');
    const results = page.getByTestId('yield-results');
    await seeText(results, '$5,200.00');
  });

  it('signs up with the keyboard alone, fields in order, Enter sends', async () => {
    await page.goto('/signup');
    const form = page.getByRole('form', { name: 'Sign Up' });
    await tabTo(page, form.getByLabel('First Name'));
    await page.keyboard.type(user.firstName);
    await nextIs(page, form.getByLabel('Last Name'));
    await page.keyboard.type(user.lastName);
    await nextIs(page, form.getByLabel('Email'));
    await page.keyboard.type(user.email);
    await nextIs(page, form.getByLabel('Password', { exact: true }));
    await page.keyboard.type(user.password);
    await nextIs(page, form.getByRole('button', { name: 'Show password' }));
    await nextIs(page, form.getByRole('button', { name: 'Sign Up for Free' }));
    await page.keyboard.press('Enter');
    await onPersonalArea(page);
  });

  it('the personal area tabs follow the arrow keys; Find ETFs → add dialog → DRIP → add, all by keyboard', async () => {
    const portfolioTab = page.getByRole('tab', { name: /^My Portfolio/ });
    await tabTo(page, portfolioTab);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => page.getByRole('tab', { name: /^Favorites/ }).getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('ArrowRight');
    const findTab = page.getByRole('tab', { name: 'Find ETFs' });
    await expect.poll(() => findTab.getAttribute('aria-selected')).toBe('true');
    expect(await isFocused(findTab)).toBe(true);

    const search = page.getByPlaceholder('Search by ticker or name...');
    await tabTo(page, search, { max: 5 });
    await page.keyboard.type(fund.ticker);
    const row = page.getByTestId('etf-row').filter({ has: page.getByRole('link', { name: fund.ticker, exact: true }) });
    const add = row.getByRole('button', { name: 'Add to Portfolio' });
    await tabTo(page, add, { max: 10 });
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Add to Portfolio' });
    await visible(dialog);
    // the focus is inside the dialog; Escape closes it and gives the focus back
    await expect.poll(() => dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => isFocused(add)).toBe(true);

    await page.keyboard.press('Enter');
    await visible(dialog);
    const shares = dialog.getByLabel('Number of Shares *');
    await expect.poll(() => isFocused(shares)).toBe(true); // the dialog starts on its first field
    await page.keyboard.type('4');
    const drip = dialog.getByRole('switch', { name: 'DRIP (Dividend Reinvestment Plan)' });
    await tabTo(page, drip, { max: 10 });
    await page.keyboard.press('Space');
    expect(await drip.getAttribute('aria-checked')).toBe('true');
    // Tab stays inside the dialog (focus trap)
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    }
    await tabTo(page, dialog.getByRole('button', { name: 'Add to Portfolio' }), { max: 10 });
    await page.keyboard.press('Enter');
    await seeToast(page, 'Added to portfolio');
    await dialog.waitFor({ state: 'detached' });
  });

  it("the detail page's Save to Portfolio dialog traps the focus and Escape returns it", async () => {
    const other = (await brandEtfs('roundhill'))[1]!;
    await page.goto(`/etfs/${other.brandSlug}/${other.ticker.toLowerCase()}`);
    const save = page.getByRole('button', { name: 'Save to Portfolio' });
    await visible(save);
    await tabTo(page, save);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: `Add ${other.ticker} to Portfolio` });
    await visible(dialog);
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => isFocused(save)).toBe(true);
  });

  it('logs out from the header with the keyboard', async () => {
    const logOut = page.getByRole('banner').getByRole('button', { name: 'Log Out' });
    await tabTo(page, logOut, { back: true });
    await page.keyboard.press('Enter');
    await onPath(page, '/');
    await visible(page.getByRole('banner').getByRole('link', { name: 'Log In' }));
  });

  it('logs in with the keyboard: Email, Password, Enter', async () => {
    await page.goto('/login');
    const form = page.getByRole('form', { name: 'Log In' });
    await tabTo(page, form.getByLabel('Email'));
    await page.keyboard.type(user.email);
    await nextIs(page, form.getByLabel('Password', { exact: true }));
    await page.keyboard.type(user.password);
    await page.keyboard.press('Enter');
    await onPersonalArea(page);
  });

  it('forgot password with the keyboard', async () => {
    const logOut = page.getByRole('banner').getByRole('button', { name: 'Log Out' });
    await tabTo(page, logOut);
    await page.keyboard.press('Enter');
    await onPath(page, '/');
    await visible(page.getByRole('banner').getByRole('link', { name: 'Log In' }));
    expect(new URL(page.url()).pathname).toBe('/');
    await page.goto('/forgot-password');
    await tabTo(page, page.getByLabel('Email'));
    await page.keyboard.type(user.email);
    await nextIs(page, page.getByRole('button', { name: 'Send Reset Link' }));
    await page.keyboard.press('Enter');
    await seeText(page, "If an account exists with the email you provided, you'll receive a password reset link shortly.");
  });

  it('the phone menu opens and is walked with the keyboard', async () => {
    const phone = await newContext(browser, 'phone');
    try {
      const p = await phone.newPage();
      await p.goto('/');
      await visible(p.getByRole('heading', { name: 'Top Weekly Dividend Performers' }));
      const menu = p.getByRole('banner').getByRole('button', { name: 'Open menu' });
      await tabTo(p, menu, { max: 5 });
      await p.keyboard.press('Enter');
      const close = p.getByRole('banner').getByRole('button', { name: 'Close menu' });
      await expect.poll(() => close.getAttribute('aria-expanded')).toBe('true');
      const calendar = p.getByRole('banner').getByRole('link', { name: 'Dividend Calendar' });
      await tabTo(p, calendar, { max: 15 });
      await p.keyboard.press('Enter');
      await onPath(p, '/dividend-calendar');
    } finally {
      await phone.close();
    }
  });

  it('every control reached with Tab showed a focus indicator', () => {
    expect([...invisibleFocus]).toEqual([]);
  });
});
