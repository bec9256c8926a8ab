import type { Page } from 'playwright-core';
import { baseUrl } from './browser.ts';
import { E2E_ADMIN_EMAIL } from './server.ts';

/** The owner account of the test server: ADMIN_EMAIL, with a password only the tests know. */
export const OWNER = { firstName: 'Owen', lastName: 'Owner', email: E2E_ADMIN_EMAIL, password: 'owner-pass-1' } as const;

/**
 * Signs the page's browser context in as the site's owner: registers the owner account the first
 * time (the shared test server starts without users), logs in afterwards. Every spec that needs the
 * owner goes through this one function, so whatever else the owner needs (a verified e-mail) is done
 * here once. The calls go through the page's own request context (its cookies) with the app's
 * Origin, as the browser would send them.
 */
export async function signInAsOwner(page: Page): Promise<void> {
  const headers = { Origin: baseUrl() };
  const registered = await page.request.post('/api/register', { data: OWNER, headers, failOnStatusCode: false });
  if (registered.status() === 201) return;
  if (registered.status() !== 409) throw new Error(`registering the owner: ${registered.status()} ${await registered.text()}`);
  const loggedIn = await page.request.post('/api/login', { data: { email: OWNER.email, password: OWNER.password }, headers, failOnStatusCode: false });
  if (!loggedIn.ok()) throw new Error(`logging the owner in: ${loggedIn.status()} ${await loggedIn.text()}`);
}
