import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { launchBrowser, newContext, onPath, seeText, visible, watchErrors } from './support/browser.ts';
import { fillLogin, logIn, logOut, newUser, onPersonalArea, seeToast, signUp, toastWith } from './support/flows.ts';
import { resetLinkFor, verificationLinkFor } from './support/outbox.ts';
import { signInAsVerifiedOwner } from './support/owner.ts';
import { screenshot, screenshotOnFailure } from './support/screenshots.ts';

/**
 * Accounts in the browser (auth screens, session, form rules, error toasts): the forms' validation messages, sign up,
 * log out and in again, a wrong password, the password toggle, and forgot → the reset link from the
 * server's mail outbox → reset → back on /login after 3 s → log in with the new password. E-mail
 * verification: the personal area's notice and its resend button, the link from the outbox, a used link,
 * the takeover rule (a link opened in another browser goes on to choosing a password), and the owner's
 * admin rights once verified.
 */

let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: string[];
let warnings: string[];
const user = newUser('accounts');
const newPassword = 'brand-new-pass-2';
let signUpLink: URL;
let resentLink: URL;

beforeAll(async () => {
  browser = await launchBrowser();
  context = await newContext(browser, 'desktop');
  page = await context.newPage();
  errors = watchErrors(page);
  warnings = [];
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(`${new URL(page.url()).pathname}: ${message.text()}`);
  });
});

screenshotOnFailure(() => [page]);

afterAll(async () => {
  await browser?.close();
});

describe.sequential('accounts', () => {
  it('the sign-up form shows the validation messages and sends nothing', async () => {
    await page.goto('/signup');
    const form = page.getByRole('form', { name: 'Sign Up' });
    await form.getByLabel('Email').fill('not-an-email');
    await form.getByLabel('Password', { exact: true }).fill('12345');
    await form.getByRole('button', { name: 'Sign Up for Free' }).click();
    for (const message of ['First name is required', 'Last name is required', 'Invalid email address', 'Password must be at least 6 characters']) {
      await seeText(form, message);
    }
    // the message is tied to its field
    await expect.poll(() => form.getByLabel('Email').getAttribute('aria-invalid')).toBe('true');
    expect(page.url()).toMatch(/\/signup$/);
    await screenshot(page, 'signup-errors-desktop');
  });

  it('the tabs switch the route', async () => {
    await page.getByRole('tab', { name: 'Log In' }).click();
    await onPath(page, '/login');
    await visible(page.getByRole('form', { name: 'Log In' }));
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    await onPath(page, '/signup');
    await visible(page.getByRole('form', { name: 'Sign Up' }));
  });

  it('the auth routes print no console warning (react-router: "Matched leaf route … does not have an element")', async () => {
    for (const [path, tab] of [
      ['/login', 'Log In'],
      ['/signup', 'Sign Up'],
      ['/register', 'Sign Up'],
    ] as const) {
      await page.goto(path);
      await visible(page.getByRole('tab', { name: tab, selected: true }));
      await visible(page.getByRole('form', { name: tab }));
    }
    // the tabs switch the route inside the app as well
    await page.getByRole('tab', { name: 'Log In' }).click();
    await visible(page.getByRole('form', { name: 'Log In' }));
    expect(warnings).toEqual([]);
  });

  it('signs up and lands in the personal area, signed in', async () => {
    await signUp(page, user);
    const header = page.getByRole('banner');
    await visible(header.getByRole('button', { name: 'Log Out' }));
    await visible(header.getByRole('link', { name: 'My WeeklyDiv' }));
    expect(await header.getByRole('link', { name: 'Admin' }).count()).toBe(0);
  });

  it('the personal area says the address is not verified; Resend mails a new link, a second one at once is refused (429)', async () => {
    const notice = page.getByRole('region', { name: 'Your email address is not verified yet' });
    await visible(notice);
    await seeText(notice, user.email);
    await screenshot(page, 'verify-email-notice-desktop');
    signUpLink = await verificationLinkFor(inject('e2eOutboxFile'), user.email);
    expect(signUpLink.origin).toBe(inject('e2eBaseUrl'));
    await notice.getByRole('button', { name: 'Resend verification email' }).click();
    expect(await seeToast(page, 'Verification email sent')).not.toBe('destructive');
    await seeText(toastWith(page, 'Verification email sent'), `We sent a new verification link to ${user.email}.`);
    resentLink = await verificationLinkFor(inject('e2eOutboxFile'), user.email, signUpLink);
    await notice.getByRole('button', { name: 'Resend verification email' }).click();
    expect(await seeToast(page, 'Could not send the verification email')).toBe('destructive');
    await seeText(toastWith(page, 'Could not send the verification email'), /Please wait \d+ seconds? before requesting another verification email\./);
    await screenshot(page, 'verify-email-resend-refused-desktop', { keepToast: true });
  });

  it('the link of the newest mail verifies the address (signed in: nothing else changes); the notice is gone', async () => {
    await page.goto(resentLink.pathname + resentLink.search);
    await page.getByRole('button', { name: 'Yes, confirm my email' }).click();
    await seeText(page, 'Your email address is verified.');
    await screenshot(page, 'verify-email-done-desktop');
    await page.getByRole('main').getByRole('link', { name: 'Go to My WeeklyDiv' }).click();
    await onPersonalArea(page);
    await visible(page.getByRole('banner').getByRole('button', { name: 'Log Out' }));
    expect(await page.getByTestId('verify-email-notice').count()).toBe(0);
  });

  it('the link of the sign-up mail stopped working when the new one was sent', async () => {
    await page.goto(signUpLink.pathname + signUpLink.search);
    const alert = await seeText(page, 'This verification link is invalid, has expired or was already used. Request a new one from My WeeklyDiv.');
    expect(await alert.getAttribute('role')).toBe('alert');
    await visible(page.getByRole('main').getByRole('link', { name: 'Go to My WeeklyDiv' }));
    await screenshot(page, 'verify-email-used-link-desktop');
    await page.goto('/my-weeklydiv');
    await onPersonalArea(page);
  });

  it('a signed-in user opening /login is sent to the personal area', async () => {
    await page.goto('/login');
    await onPath(page, '/my-weeklydiv');
  });

  it('signing up again with the same e-mail shows "Registration failed"', async () => {
    const other = await context.browser()!.newContext({ baseURL: inject('e2eBaseUrl') });
    try {
      const second = await other.newPage();
      await second.goto('/signup');
      const form = second.getByRole('form', { name: 'Sign Up' });
      await form.getByLabel('First Name').fill('Second');
      await form.getByLabel('Last Name').fill('Person');
      await form.getByLabel('Email').fill(user.email);
      await form.getByLabel('Password', { exact: true }).fill('another-pass-9');
      await form.getByRole('button', { name: 'Sign Up for Free' }).click();
      expect(await seeToast(second, 'Registration failed')).toBe('destructive');
      expect(second.url()).toMatch(/\/signup$/);
    } finally {
      await other.close();
    }
  });

  it('logs out from the personal area: home (never /login), no signed-in-only request or 401 afterwards; /my asks to log in', async () => {
    await onPath(page, '/my-weeklydiv');
    // logOut asserts the destination and the traffic after the click (support/flows.ts)
    const { visited } = await logOut(page);
    expect(visited.at(-1)).toBe('/');
    await visible(page.getByRole('banner').getByRole('link', { name: 'Sign Up for Free' }));
    await page.goto('/my');
    await onPath(page, '/login');
  });

  it('the log-in form validates, and a wrong password shows "Login failed"', async () => {
    await page.goto('/login');
    const form = page.getByRole('form', { name: 'Log In' });
    await form.getByLabel('Email').fill('nobody');
    await form.getByRole('button', { name: 'Log In', exact: true }).click();
    await seeText(form, 'Invalid email address');
    await seeText(form, 'Password must be at least 6 characters');
    await fillLogin(page, user.email, 'wrong-password-0');
    expect(await seeToast(page, 'Login failed')).toBe('destructive');
    await screenshot(page, 'login-failed-desktop', { keepToast: true });
    expect(page.url()).toMatch(/\/login$/);
  });

  it('the password field shows and hides what was typed', async () => {
    const form = page.getByRole('form', { name: 'Log In' });
    const password = form.getByLabel('Password', { exact: true });
    await password.fill('secret-typed');
    expect(await password.getAttribute('type')).toBe('password');
    await form.getByRole('button', { name: 'Show password' }).click();
    expect(await password.getAttribute('type')).toBe('text');
    await form.getByRole('button', { name: 'Hide password' }).click();
    expect(await password.getAttribute('type')).toBe('password');
  });

  it('logs in again with the right password', async () => {
    await logIn(page, user.email, user.password);
    await visible(page.getByRole('banner').getByRole('button', { name: 'Log Out' }));
    await logOut(page);
  });

  it('forgot password: the request answers the same words whether or not the account exists', async () => {
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await onPath(page, '/forgot-password');
    // navigations run in transitions: the log-in screen stays until the next one is ready
    await visible(page.getByRole('heading', { name: 'Forgot Password' }));
    await page.getByLabel('Email').fill(user.email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await seeText(page, "If an account exists with the email you provided, you'll receive a password reset link shortly.");
    await visible(page.getByRole('main').getByRole('link', { name: 'Back to Log In' }));
    await screenshot(page, 'forgot-password-sent-desktop');
  });

  it('reset: the link from the outbox sets a new password, then /login after 3 seconds', async () => {
    const link = await resetLinkFor(inject('e2eOutboxFile'), user.email);
    expect(link.origin).toBe(inject('e2eBaseUrl'));
    await page.goto(link.pathname + link.search);
    const form = page.getByRole('form', { name: 'Reset Password' });
    await form.getByLabel('New Password', { exact: true }).fill(newPassword);
    await form.getByLabel('Confirm Password', { exact: true }).fill(`${newPassword}x`);
    await form.getByRole('button', { name: 'Reset Password' }).click();
    await seeText(form, "Passwords don't match");

    await form.getByLabel('Confirm Password', { exact: true }).fill(newPassword);
    const submitted = Date.now();
    await form.getByRole('button', { name: 'Reset Password' }).click();
    await seeText(page, 'Your password has been reset successfully');
    expect(new URL(page.url()).pathname).toBe('/reset-password');
    await screenshot(page, 'reset-password-done-desktop');
    await onPath(page, '/login', 20_000);
    // the 3-second timer starts only after the server answered, i.e. after the click
    expect(Date.now() - submitted).toBeGreaterThanOrEqual(3000);
  });

  it('the old password no longer works; the new one does', async () => {
    await fillLogin(page, user.email, user.password);
    expect(await seeToast(page, 'Login failed')).toBe('destructive');
    await fillLogin(page, user.email, newPassword);
    await onPath(page, '/my-weeklydiv');
    expect(errors.filter((e) => e.startsWith('pageerror'))).toEqual([]);
  });

  it('"No, I didn\'t sign up" in another browser (the takeover rule): the sessions of the account end and its new holder chooses the password', async () => {
    const stranger = newUser('takeover');
    const first = await newContext(browser, 'desktop');
    const other = await newContext(browser, 'desktop');
    try {
      const signedUp = await first.newPage();
      await signUp(signedUp, stranger);
      const link = await verificationLinkFor(inject('e2eOutboxFile'), stranger.email);
      const holder = await other.newPage();
      await holder.goto(link.pathname + link.search);
      await holder.getByRole('button', { name: "No, I didn't sign up" }).click();
      await visible(holder.getByRole('heading', { name: 'Choose a Password' }));
      await seeText(holder, 'Your email address is verified. Every session of this account has ended: choose a password to sign in.');
      await screenshot(holder, 'verify-email-choose-password-desktop');
      const form = holder.getByRole('form', { name: 'Set Password' });
      await form.getByLabel('New Password', { exact: true }).fill('holder-pass-31');
      await form.getByLabel('Confirm Password', { exact: true }).fill('holder-pass-31');
      await form.getByRole('button', { name: 'Set Password' }).click();
      await seeText(holder, 'Your password has been reset successfully');
      await onPath(holder, '/login', 20_000);
      await fillLogin(holder, stranger.email, 'holder-pass-31');
      await onPersonalArea(holder);
      expect(await holder.getByTestId('verify-email-notice').count()).toBe(0);
      // The first browser's session ended; the password chosen at sign-up no longer works.
      await signedUp.goto('/my');
      await onPath(signedUp, '/login');
      await fillLogin(signedUp, stranger.email, stranger.password);
      expect(await seeToast(signedUp, 'Login failed')).toBe('destructive');
    } finally {
      await first.close();
      await other.close();
    }
  });

  it('the owner (ADMIN_EMAIL) has admin rights once the address is verified (support/owner.ts)', async () => {
    const ownerContext = await newContext(browser, 'desktop');
    try {
      const owner = await ownerContext.newPage();
      await signInAsVerifiedOwner(owner);
      expect((await owner.request.get('/api/admin/ping')).status()).toBe(200);
      await owner.goto('/my-weeklydiv');
      await onPersonalArea(owner);
      await visible(owner.getByRole('banner').getByRole('link', { name: 'Admin' }));
      expect(await owner.getByTestId('verify-email-notice').count()).toBe(0);
    } finally {
      await ownerContext.close();
    }
  });
});
