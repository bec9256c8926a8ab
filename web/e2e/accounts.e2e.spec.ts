import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { launchBrowser, newContext, onPath, seeText, visible, watchErrors } from './support/browser.ts';
import { fillLogin, logIn, logOut, newUser, seeToast, signUp } from './support/flows.ts';
import { resetLinkFor } from './support/outbox.ts';
import { screenshot, screenshotOnFailure } from './support/screenshots.ts';

/**
 * Accounts in the browser (auth screens, session, form rules, error toasts): the forms' validation messages, sign up,
 * log out and in again, a wrong password, the password toggle, and forgot → the reset link from the
 * server's mail outbox → reset → back on /login after 3 s → log in with the new password.
 */

let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: string[];
let warnings: string[];
const user = newUser('accounts');
const newPassword = 'brand-new-pass-2';

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
});
