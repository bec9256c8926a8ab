import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';

/** Git-ignored: screenshots of every screen at both sizes and the axe report, rewritten on each run. */
export const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '../.screenshots');

/** Full-page PNG at `web/e2e/.screenshots/<name>.png` (name like `landing-desktop`). */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name.replace(/[^a-z0-9-]+/gi, '-').toLowerCase()}.png`);
  // animations: 'disabled' finishes CSS transitions, so a toast or fade is captured at rest
  await page.screenshot({ path: file, fullPage: true, animations: 'disabled', caret: 'hide' });
  return file;
}
