import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { launchBrowser, newContext, onPath, seeText, visible, watchErrors } from './support/browser.ts';
import { logIn, newUser, onPersonalArea, signUp } from './support/flows.ts';
import { verificationLinkFor } from './support/outbox.ts';
import { screenshot, screenshotOnFailure } from './support/screenshots.ts';

/**
 * Issue 29, W2: signed up on a laptop, the mail opened on a phone. The phone (a second browser
 * context, signed out) asks "Was this you?" with the masked address and the sign-up date; "Yes, confirm
 * my email" verifies the address and the laptop's session stays signed in, with the sign-up password.
 */

let browser: Browser;
let laptop: BrowserContext;
let phone: BrowserContext;
let laptopPage: Page;
let phonePage: Page;
let laptopErrors: string[];
let phoneErrors: string[];
const user = newUser('second-device');

beforeAll(async () => {
  browser = await launchBrowser();
  laptop = await newContext(browser, 'desktop');
  phone = await newContext(browser, 'phone');
  laptopPage = await laptop.newPage();
  phonePage = await phone.newPage();
  laptopErrors = watchErrors(laptopPage);
  phoneErrors = watchErrors(phonePage);
});

screenshotOnFailure(() => [laptopPage, phonePage]);

afterAll(async () => {
  await browser?.close();
});

describe.sequential('verifying the address on a second device', () => {
  it('the laptop signs up; the phone opens the mailed link and is asked whose sign-up it confirms', async () => {
    await signUp(laptopPage, user);
    await onPersonalArea(laptopPage);
    const link = await verificationLinkFor(inject('e2eOutboxFile'), user.email);
    await phonePage.goto(link.pathname + link.search);
    await onPath(phonePage, '/verify-email');
    const [local, domain] = user.email.split('@');
    await seeText(phonePage, new RegExp(`Confirm the WeeklyDiv account for ${local![0]}\\*\\*\\*@${domain!.replace(/\./g, '\\.')} created on [A-Z][a-z]{2} \\d{1,2}, \\d{4}, \\d{1,2}:\\d{2} [AP]M ET\\?`));
    expect(await phonePage.getByText(user.email).count()).toBe(0);
    await visible(phonePage.getByRole('heading', { name: 'Was this you?' }));
    await visible(phonePage.getByRole('button', { name: "No, I didn't sign up" }));
    await screenshot(phonePage, 'verify-email-was-this-you-phone');
    await expectNoSeriousA11yViolations(phonePage, 'verify-email-was-this-you-phone');
  });

  it('"Yes, confirm my email" on the phone verifies the address', async () => {
    await phonePage.getByRole('button', { name: 'Yes, confirm my email' }).click();
    const done = await seeText(phonePage, 'Your email address is verified.');
    expect(await done.getAttribute('role')).toBe('status');
    expect(await phonePage.getByRole('heading', { name: 'Choose a Password' }).count()).toBe(0);
    await screenshot(phonePage, 'verify-email-confirmed-phone');
    await expectNoSeriousA11yViolations(phonePage, 'verify-email-confirmed-phone');
  });

  it('the laptop is still signed in, now verified, and the sign-up password still works', async () => {
    await laptopPage.reload();
    await onPersonalArea(laptopPage);
    await visible(laptopPage.getByRole('banner').getByRole('button', { name: 'Log Out' }));
    const me = (await (await laptopPage.request.get('/api/user')).json()) as { email: string; emailVerified: boolean };
    expect(me).toMatchObject({ email: user.email, emailVerified: true });
    expect(await laptopPage.getByTestId('verify-email-notice').count()).toBe(0);
    await screenshot(laptopPage, 'verify-email-laptop-still-signed-in-desktop');
    // A third browser logs in with the password chosen at sign-up.
    const third = await newContext(browser, 'desktop');
    try {
      const page = await third.newPage();
      await logIn(page, user.email, user.password);
      await onPersonalArea(page);
    } finally {
      await third.close();
    }
    expect([...laptopErrors, ...phoneErrors].filter((e) => e.startsWith('pageerror'))).toEqual([]);
  });
});
