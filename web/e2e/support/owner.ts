import type { Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { onPath, seeText, waitUntil } from './browser.ts';
import { verificationLinkFor } from './outbox.ts';
import { E2E_ADMIN_EMAIL } from './server.ts';

/** The owner account's password on the e2e server (the address is the server's ADMIN_EMAIL). */
export const E2E_OWNER_PASSWORD = 'owner-e2e-pass-7';

/**
 * Signs `page` in as the owner with a verified address, so it has admin rights (security audit H2:
 * the ADMIN_EMAIL address alone gives none). The first caller signs the owner up; later callers (any
 * spec file, same server) log in. While the address is not verified yet, the verification link of the
 * server's mail outbox is opened in this page, signed in to the account, which only verifies (no
 * takeover: sessions and password stay). Resolves once `GET /api/user` says `isOwner`.
 */
export async function signInAsVerifiedOwner(page: Page): Promise<void> {
  const account = { firstName: 'Olive', lastName: 'Owner', email: E2E_ADMIN_EMAIL, password: E2E_OWNER_PASSWORD };
  // page.request shares the page's cookies: signing in here signs the page in.
  const registered = await page.request.post('/api/register', { data: account });
  if (registered.status() === 409) {
    const login = await page.request.post('/api/login', { data: { email: account.email, password: account.password } });
    expect(login.status(), `owner login: ${await login.text()}`).toBe(200);
  } else {
    expect(registered.status(), `owner sign-up: ${await registered.text()}`).toBe(201);
  }
  const me = async () => (await (await page.request.get('/api/user')).json()) as { emailVerified: boolean; isOwner: boolean };
  if (!(await me()).emailVerified) {
    const link = await verificationLinkFor(inject('e2eOutboxFile'), E2E_ADMIN_EMAIL);
    await page.goto(link.pathname + link.search);
    await onPath(page, '/verify-email');
    // Another spec file may have used the same link a moment before: either answer ends verified.
    await seeText(page, /Was this you\?|This verification link is invalid/);
    const yes = page.getByRole('button', { name: 'Yes, confirm my email' });
    if ((await yes.count()) > 0) {
      await yes.click();
      await seeText(page, /Your email address is verified\.|This verification link is invalid/);
    }
  }
  await waitUntil(async () => (await me()).isOwner, 'the owner has admin rights');
}
