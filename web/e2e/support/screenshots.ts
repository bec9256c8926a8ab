import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterEach } from 'vitest';

/** Git-ignored: screenshots of every screen at both sizes and the axe report, rewritten on each run. */
export const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '../.screenshots');

/**
 * Full-page PNG (or the viewport: `viewportOnly`) at `web/e2e/.screenshots/<name>.png` (name like `landing-desktop`). A toast left over
 * from an earlier step is dismissed first (it is fixed to the viewport and would sit in the middle of
 * a full-page capture), unless the toast is the subject (`keepToast`).
 */
export async function screenshot(page: Page, name: string, options: { keepToast?: boolean; viewportOnly?: boolean } = {}): Promise<string> {
  if (!options.keepToast) {
    const dismiss = page.getByRole('button', { name: 'Dismiss notification' });
    for (let i = 0; i < 3 && (await dismiss.count()) > 0; i++) {
      await dismiss.first().click({ timeout: 5_000 }).catch(() => undefined); // it may have just timed out by itself
      await dismiss.first().waitFor({ state: 'detached', timeout: 5_000 }).catch(() => undefined);
    }
  }
  // from the top, as the screen first appears (the sticky header stays where it belongs); a dialog or
  // an open menu is captured as the viewport shows it (its backdrop is fixed to the viewport)
  if (!options.viewportOnly) await page.evaluate(() => window.scrollTo(0, 0));
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name.replace(/[^a-z0-9-]+/gi, '-').toLowerCase()}.png`);
  // animations: 'disabled' finishes CSS transitions, so a fade is captured at rest
  await page.screenshot({ path: file, fullPage: !options.viewportOnly, animations: 'disabled', caret: 'hide' });
  return file;
}

/**
 * Registers an afterEach that captures `failed-<test name>.png` of the page(s) when a test fails (kept
 * with the other screenshots; CI can upload the folder).
 */
export function screenshotOnFailure(pages: () => (Page | undefined)[]): void {
  afterEach(async (context) => {
    if (context.task.result?.state !== 'fail') return;
    for (const [i, page] of pages().entries()) {
      if (!page || page.isClosed()) continue;
      await screenshot(page, `failed-${context.task.name}${i > 0 ? `-${i}` : ''}`, { keepToast: true }).catch(() => undefined);
    }
  });
}
