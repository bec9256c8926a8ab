import type { Frame, Locator, Page, Request, Response } from 'playwright-core';
import { expect } from 'vitest';
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

/** What the page did from the Log Out click until it settled, signed out. */
export interface LoggedOut {
  /** Every path the tab showed, in order (history pushes and replaces included). */
  visited: string[];
  /** Requests to a signed-in-only endpoint (`/api/user…`) made after the server ended the session. */
  userRequests: string[];
  /** Answers with status 401 after the click. */
  unauthorized: string[];
}

/**
 * The header's Log Out (inside the phone menu on small screens). Logging out ends on the landing
 * page, from any screen, and asserts the way there: the exact destination `/`, never a stop on
 * `/login` (the personal area's own "signed out → /login" redirect once overtook the header), and,
 * once the server ended the session, no request to a signed-in-only endpoint and no 401 answer (the
 * previous user's favorites and portfolio are dropped, not refetched). Resolves when the header
 * offers Log In and every request the page started has finished.
 */
export async function logOut(page: Page): Promise<LoggedOut> {
  const header = page.getByRole('banner');
  const menu = header.getByRole('button', { name: 'Open menu' });
  if (await menu.isVisible()) await menu.click();

  const record: LoggedOut = { visited: [], userRequests: [], unauthorized: [] };
  const inFlight = new Set<Request>();
  let sessionEnded = false;
  const onNavigated = (frame: Frame) => {
    if (frame === page.mainFrame()) record.visited.push(new URL(frame.url()).pathname);
  };
  const onRequest = (request: Request) => {
    inFlight.add(request);
    const path = new URL(request.url()).pathname;
    if (sessionEnded && (path === '/api/user' || path.startsWith('/api/user/'))) record.userRequests.push(`${request.method()} ${path}`);
  };
  const onFinished = (request: Request) => {
    inFlight.delete(request);
  };
  const onResponse = (response: Response) => {
    const path = new URL(response.url()).pathname;
    if (path === '/api/logout' && response.ok()) sessionEnded = true;
    if (response.status() === 401) record.unauthorized.push(`${response.request().method()} ${path}`);
  };
  page.on('framenavigated', onNavigated);
  page.on('request', onRequest);
  page.on('requestfinished', onFinished);
  page.on('requestfailed', onFinished);
  page.on('response', onResponse);
  try {
    await header.getByRole('button', { name: 'Log Out' }).click();
    await onPath(page, '/');
    if (await menu.isVisible()) await menu.click();
    await visible(header.getByRole('link', { name: 'Log In' }));
    await expect.poll(() => inFlight.size, { message: 'requests still running after logging out' }).toBe(0);
  } finally {
    page.off('framenavigated', onNavigated);
    page.off('request', onRequest);
    page.off('requestfinished', onFinished);
    page.off('requestfailed', onFinished);
    page.off('response', onResponse);
  }
  if (await header.getByRole('button', { name: 'Close menu' }).isVisible()) await header.getByRole('button', { name: 'Close menu' }).click();

  expect(new URL(page.url()).pathname, 'logging out ends on the landing page').toBe('/');
  expect(record.visited, 'the navigation home is seen').toContain('/');
  expect(record.visited, 'no stop on /login on the way home').not.toContain('/login');
  expect(sessionEnded, 'POST /api/logout answered').toBe(true);
  expect(record.userRequests, 'no signed-in-only request after logging out').toEqual([]);
  expect(record.unauthorized, 'no 401 answer after logging out').toEqual([]);
  return record;
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
