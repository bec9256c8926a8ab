import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { expectNoSidewaysScroll, launchBrowser, newContext, seeText, visible } from './support/browser.ts';
import { logIn, newUser, seeToast, signUp, type TestUser } from './support/flows.ts';
import { screenshot, screenshotOnFailure } from './support/screenshots.ts';

/**
 * The personal area's Alerts tab (docs/alerts.md): the defaults, the threshold's validation, a save
 * with its toast that a reload keeps; the phone size; and the page an unsubscribe link with a bad
 * token opens. Axe and screenshots.
 */

let browser: Browser;
const user: TestUser = newUser('alerts');
const pages: Page[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
});

screenshotOnFailure(() => pages);

afterAll(async () => {
  await browser?.close();
});

async function open(size: 'desktop' | 'phone'): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser, size);
  const page = await context.newPage();
  pages.push(page);
  return { context, page };
}

describe('the Alerts tab', () => {
  it('shows the defaults, refuses a bad threshold, saves with a toast, keeps the save on reload (desktop)', async () => {
    const { context, page } = await open('desktop');
    try {
      await signUp(page, user);
      await page.getByRole('tab', { name: 'Alerts' }).click();
      const card = await visible(page.getByTestId('alerts-card'));
      const threshold = card.getByLabel('Threshold (%)');
      expect(await threshold.inputValue()).toBe('10');
      expect(await card.getByRole('switch', { name: 'Distribution changes' }).getAttribute('aria-checked')).toBe('true');
      expect(await card.getByRole('switch', { name: 'Ex-date reminders' }).getAttribute('aria-checked')).toBe('false');
      await seeText(card, /Alerts go to verified addresses only\./, 10_000);
      await expectNoSeriousA11yViolations(page, 'alerts tab (desktop)');
      await screenshot(page, 'alerts-tab-desktop');

      await threshold.fill('150');
      await card.getByRole('button', { name: 'Save alert settings' }).click();
      await seeText(card, 'Enter a whole number from 1 to 100.');
      await screenshot(page, 'alerts-tab-invalid-desktop');

      await threshold.fill('15');
      await card.getByRole('switch', { name: 'Ex-date reminders' }).click();
      await card.getByRole('button', { name: 'Save alert settings' }).click();
      await seeToast(page, 'Alert settings saved');
      await screenshot(page, 'alerts-tab-saved-desktop', { keepToast: true });

      await page.reload();
      const again = await visible(page.getByTestId('alerts-card'));
      await expect.poll(() => again.getByLabel('Threshold (%)').inputValue()).toBe('15');
      expect(await again.getByRole('switch', { name: 'Ex-date reminders' }).getAttribute('aria-checked')).toBe('true');
      expect(new URL(page.url()).searchParams.get('tab')).toBe('alerts');
    } finally {
      await context.close();
    }
  });

  it('fits a phone: four tabs, no sideways scroll', async () => {
    const { context, page } = await open('phone');
    try {
      await logIn(page, user.email, user.password);
      await page.goto('/my-weeklydiv?tab=alerts');
      await visible(page.getByTestId('alerts-card'));
      await visible(page.getByRole('tab', { name: 'Alerts' }));
      await expectNoSidewaysScroll(page, 'alerts tab (phone)');
      await expectNoSeriousA11yViolations(page, 'alerts tab (phone)');
      await screenshot(page, 'alerts-tab-phone');
    } finally {
      await context.close();
    }
  });
});

describe('an unsubscribe link', () => {
  it('with a bad token opens a page that says so and links to the settings', async () => {
    const { context, page } = await open('desktop');
    try {
      const answer = await page.goto('/api/alerts/unsubscribe?token=not-a-token');
      expect(answer?.status()).toBe(400);
      await seeText(page, /This unsubscribe link is not valid\./);
      await visible(page.getByRole('link', { name: 'Alert settings in your personal area' }));
      await screenshot(page, 'alerts-unsubscribe-invalid-desktop');
    } finally {
      await context.close();
    }
  });
});
