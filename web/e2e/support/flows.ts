import type { Locator, Page } from 'playwright-core';
import { onPath, uniqueEmail, visible } from './browser.ts';

export interface TestUser {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
}

export function newUser(label: string): TestUser {
  return { firstName: 'Erin', lastName: 'Tester', email: uniqueEmail(label), password: 'weekly-pass-1' };
}

/** Signs up through the auth screen's Sign Up tab; resolves on the personal area. */
export async function signUp(page: Page, user: TestUser): Promise<void> {
  await page.goto('/signup');
  const form = page.getByRole('form', { name: 'Sign Up' });
  await form.getByLabel('First Name').fill(user.firstName);
  await form.getByLabel('Last Name').fill(user.lastName);
  await form.getByLabel('Email').fill(user.email);
  await form.getByLabel('Password', { exact: true }).fill(user.password);
  await form.getByRole('button', { name: 'Sign Up for Free' }).click();
  await onPersonalArea(page);
}

/** On /my-weeklydiv with the personal area shown (navigations run in transitions: the URL changes first). */
export async function onPersonalArea(page: Page): Promise<void> {
  await onPath(page, '/my-weeklydiv');
  await visible(page.getByRole('heading', { level: 1, name: 'My WeeklyDiv' }));
}

/** Logs in through the Log In tab; resolves on the personal area. */
export async function logIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await fillLogin(page, email, password);
  await onPersonalArea(page);
}

export async function fillLogin(page: Page, email: string, password: string): Promise<void> {
  const form = page.getByRole('form', { name: 'Log In' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Log In', exact: true }).click();
}

/**
 * The header's Log Out (inside the phone menu on small screens); resolves once signed out. The header
 * sends the visitor home, but from the personal area that page's own "signed out → /login" redirect
 * can win the race (reported), so either page is accepted here.
 */
export async function logOut(page: Page): Promise<void> {
  const header = page.getByRole('banner');
  const menu = header.getByRole('button', { name: 'Open menu' });
  if (await menu.isVisible()) await menu.click();
  await header.getByRole('button', { name: 'Log Out' }).click();
  await onPath(page, /^\/(login)?$/);
  if (await menu.isVisible()) await menu.click();
  await visible(header.getByRole('link', { name: 'Log In' }));
  if (await header.getByRole('button', { name: 'Close menu' }).isVisible()) await header.getByRole('button', { name: 'Close menu' }).click();
}

/** The toast showing this title (one at a time; `data-variant` is `destructive` for errors). */
export function toastWith(page: Page, title: string | RegExp): Locator {
  return page.getByTestId('toast').filter({ hasText: title });
}

/** Waits for the toast and answers its variant. */
export async function seeToast(page: Page, title: string | RegExp): Promise<string | null> {
  const shown = await visible(toastWith(page, title));
  return shown.getAttribute('data-variant');
}
