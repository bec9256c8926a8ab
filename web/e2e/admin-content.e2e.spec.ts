import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { expectNoSidewaysScroll, launchBrowser, newContext, SIZE_NAMES, seeText, visible, type SizeName } from './support/browser.ts';
import { seeToast } from './support/flows.ts';
import { screenshot, screenshotOnFailure } from './support/screenshots.ts';
import { signInAsVerifiedOwner } from './support/owner.ts';

/**
 * The owner's three content tabs of /admin (issue 13), at both sizes, on the real built client and the
 * real server: one real action per tab with its toast, axe (no serious or critical violation), no
 * sideways scroll at 390 px, screenshots.
 * - News Management: the ingestion button, the keyword editor (edit, save), the archived purge;
 * - Custom Pages: a page created from the form (path normalised, slug shown), "View Live Page" in a new
 *   tab, an image uploaded, its link copied and the image deleted;
 * - Site Settings: the footer saved unchanged (the server is shared with the other browser specs),
 *   bad header navigation JSON refused, a key/value setting added.
 */

/** A 1x1 PNG (the server decides the type by the bytes). */
const PNG_1X1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

let browser: Browser;
const contexts = new Map<SizeName, { context: BrowserContext; page: Page }>();

async function openTab(page: Page, name: string): Promise<void> {
  await page.goto('/admin');
  await visible(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' }));
  const tab = page.getByRole('tab', { name });
  await tab.click();
  await expect.poll(() => tab.getAttribute('aria-selected')).toBe('true');
}

beforeAll(async () => {
  browser = await launchBrowser();
  for (const size of SIZE_NAMES) {
    const context = await newContext(browser, size);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const page = await context.newPage();
    // the context's pages share the session (support/owner.ts: the one way specs sign the owner in)
    await signInAsVerifiedOwner(page);
    contexts.set(size, { context, page });
  }
});

screenshotOnFailure(() => [...contexts.values()].map((c) => c.page));

afterAll(async () => {
  await browser?.close();
});

for (const size of SIZE_NAMES) {
  describe.sequential(`admin content tabs at ${size} size`, () => {
    const page = () => contexts.get(size)!.page;

    it('News Management: ingestion, keywords, the archived purge', async () => {
      const p = page();
      await openTab(p, 'News Management');
      await visible(p.getByRole('heading', { name: 'News Articles' }));
      await expect.poll(() => p.getByText('Loading articles...').count()).toBe(0);
      await expectNoSeriousA11yViolations(p, `news management (${size})`);
      await expectNoSidewaysScroll(p, `news management (${size})`);
      await screenshot(p, `admin-news-${size}`);

      await p.getByRole('button', { name: 'Ingest News Now' }).click();
      expect(await seeToast(p, 'News ingestion started. Check back in a minute for new articles.')).toBe('default');
      // the job ends (the button is back) on the local feed, and no failure replaced the toast
      await expect.poll(() => p.getByRole('button', { name: 'Ingest News Now' }).isEnabled()).toBe(true);
      expect(await p.getByTestId('toast').filter({ hasText: 'News ingestion failed' }).count()).toBe(0);

      await p.getByRole('button', { name: 'Edit Keywords' }).click();
      const keywords = p.getByLabel('Keywords', { exact: true });
      await keywords.fill(' weekly dividend , , YieldMax , QDTE ');
      await p.getByRole('button', { name: 'Save Keywords' }).click();
      expect(await seeToast(p, 'News keywords updated successfully')).toBe('default');
      const list = p.getByRole('list', { name: 'Keywords', exact: true });
      await expect.poll(() => list.getByRole('listitem').allTextContents()).toEqual(['weekly dividend', 'YieldMax', 'QDTE']);

      await p.getByRole('button', { name: 'Purge Archived' }).click();
      const dialog = p.getByRole('dialog', { name: 'Delete all archived articles?' });
      await visible(dialog);
      await expectNoSeriousA11yViolations(p, `purge confirmation (${size})`);
      await screenshot(p, `admin-news-purge-dialog-${size}`, { viewportOnly: true });
      await dialog.getByRole('button', { name: 'Delete All' }).click();
      expect(await seeToast(p, /Deleted \d+ archived articles?/)).toBe('default');
    });

    it('Custom Pages: create a published page and open it live; upload, copy and delete an image', async () => {
      const p = page();
      const { context } = contexts.get(size)!;
      await openTab(p, 'Custom Pages');
      const path = p.getByLabel('Path');
      await path.fill(`E2E Guide ${size}`);
      await expect.poll(() => path.inputValue()).toBe(`/e2e-guide-${size}`);
      await seeText(p, `Slug: e2e-guide-${size}`);
      const create = p.getByRole('button', { name: 'Create Page' });
      expect(await create.isDisabled()).toBe(true);
      await p.getByLabel('Title', { exact: true }).fill(`E2E guide (${size})`);
      await p.getByLabel('HTML Body').fill(`<h1>Weekly income guide ${size}</h1><p>Paid every week.</p>`);
      await p.getByRole('switch', { name: 'Published' }).click();
      await p.getByRole('button', { name: 'Preview' }).click();
      const preview = p.getByRole('dialog', { name: `Preview: E2E guide (${size})` });
      await visible(preview.getByRole('heading', { name: `Weekly income guide ${size}` }));
      await expectNoSeriousA11yViolations(p, `page preview (${size})`);
      await preview.getByRole('button', { name: 'Close Preview' }).click();
      await create.click();
      expect(await seeToast(p, 'Page created successfully')).toBe('default');
      await expectNoSeriousA11yViolations(p, `custom pages (${size})`);
      await expectNoSidewaysScroll(p, `custom pages (${size})`);
      await screenshot(p, `admin-pages-${size}`);

      const item = p.getByTestId('page-item').filter({ hasText: `/e2e-guide-${size}` });
      const [live] = await Promise.all([context.waitForEvent('page'), item.getByRole('link', { name: 'View Live Page' }).click()]);
      await visible(live.getByRole('heading', { name: `Weekly income guide ${size}` }));
      expect(new URL(live.url()).pathname).toBe(`/e2e-guide-${size}`);
      await live.close();

      await p.getByLabel('Image file').setInputFiles({ name: `pixel-${size}.png`, mimeType: 'image/png', buffer: PNG_1X1 });
      expect(await seeToast(p, 'Image uploaded successfully')).toBe('default');
      const tile = p.getByTestId('image-tile').filter({ hasText: `pixel-${size}.png` });
      await visible(tile.getByRole('img', { name: `pixel-${size}.png` }));
      await tile.getByRole('button', { name: `Copy link of pixel-${size}.png` }).click();
      expect(await seeToast(p, 'Image URL copied to clipboard')).toBe('default');
      const copied = await p.evaluate(() => navigator.clipboard.readText());
      expect(copied).toMatch(/^http:\/\/[^/]+\/api\/images\/[^/]+$/);
      expect((await context.request.get(copied)).headers()['content-type']).toContain('image/png');
      await screenshot(p, `admin-images-${size}`);
      await tile.getByRole('button', { name: `Delete image pixel-${size}.png` }).click();
      await p.getByRole('dialog', { name: 'Delete this image?' }).getByRole('button', { name: 'Delete' }).click();
      expect(await seeToast(p, 'Image deleted successfully')).toBe('default');
      await expect.poll(() => tile.count()).toBe(0);
    });

    it('Site Settings: footer preview and save, bad navigation JSON, a key/value setting', async () => {
      const p = page();
      await openTab(p, 'Site Settings');
      const footer = p.getByLabel('Footer HTML');
      await expect.poll(() => footer.inputValue()).not.toBe('');
      await expect.poll(() => p.getByTestId('footer-preview').textContent()).toContain('WeeklyDiv');
      await expectNoSeriousA11yViolations(p, `site settings (${size})`);
      await expectNoSidewaysScroll(p, `site settings (${size})`);
      await screenshot(p, `admin-settings-${size}`);
      // saved unchanged: the footer is shared with the other browser specs
      await p.getByRole('button', { name: 'Save Footer' }).click();
      expect(await seeToast(p, 'Footer HTML saved successfully')).toBe('default');

      const nav = p.getByLabel('Header navigation JSON');
      await nav.fill('{"items": [');
      await p.getByRole('button', { name: 'Save Navigation' }).click();
      expect(await seeToast(p, 'Invalid JSON format. Please check your syntax.')).toBe('destructive');

      await p.getByRole('button', { name: 'Add Setting' }).click();
      const row = p.getByTestId('setting-row').last();
      await row.getByLabel('Key').fill(`e2e_note_${size}`);
      await row.getByLabel('Value').fill('written by the admin content browser spec');
      await p.getByRole('button', { name: 'Save Settings' }).click();
      expect(await seeToast(p, 'Settings saved successfully')).toBe('default');
      await visible(p.getByLabel(`Value of e2e_note_${size}`));
    });
  });
}
