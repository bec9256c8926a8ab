import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { expectNoSidewaysScroll, launchBrowser, newContext, onPath, visible, watchErrors, type SizeName } from './support/browser.ts';
import { newUser, seeToast, signUp } from './support/flows.ts';
import { signInAsVerifiedOwner } from './support/owner.ts';
import { screenshot, screenshotOnFailure } from './support/screenshots.ts';

/**
 * The owner's dashboard (/admin) in the built app against the real server: the shell (title, five
 * tabs, ?tab=, keyboard), ETF Management (create a fund, a CSV upload with a bad row and its report,
 * the list download, a fund's data dialog), Data Sync (an operation, its toast and the job list), a
 * plain user's redirect; the tabs built here at desktop and phone size with axe and screenshots.
 */

let browser: Browser;
const sessions = new Map<SizeName, { context: BrowserContext; page: Page }>();

/** A ticker no other run uses (1-8 letters or digits). */
function freshTicker(prefix: string): string {
  return `${prefix}${Date.now().toString(36).slice(-4)}${Math.random().toString(36).slice(2, 4)}`.toUpperCase().slice(0, 8);
}

beforeAll(async () => {
  browser = await launchBrowser();
  for (const size of ['desktop', 'phone'] as const) {
    const context = await newContext(browser, size);
    const page = await context.newPage();
    await signInAsVerifiedOwner(page);
    sessions.set(size, { context, page });
  }
});

screenshotOnFailure(() => [...sessions.values()].map((s) => s.page));

afterAll(async () => {
  await browser?.close();
});

function pageOf(size: SizeName): Page {
  return sessions.get(size)!.page;
}

async function openAdmin(page: Page, search = ''): Promise<void> {
  await page.goto(`/admin${search}`);
  await visible(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' }));
}

describe('the shell', () => {
  it('shows the title, the subtitle and the five tabs; the tab is kept in ?tab= and by a reload; arrows move between tabs', async () => {
    const page = pageOf('desktop');
    const errors = watchErrors(page);
    await openAdmin(page);
    await visible(page.getByText('Manage ETFs, blogs, and site settings'));
    expect(await page.title()).toBe('Admin Dashboard | WeeklyDiv');
    const tabs = page.getByRole('tablist', { name: 'Admin sections' }).getByRole('tab');
    expect(await tabs.allTextContents()).toEqual(['ETF Management', 'News Management', 'Custom Pages', 'Data Sync', 'Site Settings']);
    expect(await tabs.first().getAttribute('aria-selected')).toBe('true');

    for (const [label, key] of [
      ['News Management', 'news'],
      ['Custom Pages', 'pages'],
      ['Data Sync', 'sync'],
      ['Site Settings', 'settings'],
    ] as const) {
      await page.getByRole('tab', { name: label }).click();
      await onPath(page, new RegExp(`^/admin\\?tab=${key}$`));
      // the open panel is the tab's (labelled by it)
      await visible(page.getByRole('tabpanel', { name: label }));
    }
    await page.reload();
    expect(await page.getByRole('tab', { name: 'Site Settings' }).getAttribute('aria-selected')).toBe('true');

    // keyboard: the selected tab is the one tab stop; Home and the arrows select
    await page.getByRole('tab', { name: 'Site Settings' }).focus();
    await page.keyboard.press('Home');
    await onPath(page, /^\/admin$/);
    await visible(page.getByRole('heading', { level: 2, name: 'Create New ETF' }));
    await page.keyboard.press('ArrowRight');
    await onPath(page, /^\/admin\?tab=news$/);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('News Management');
    expect(errors).toEqual([]);
  });

  it('sends a plain user to /', async () => {
    const context = await newContext(browser, 'desktop');
    try {
      const page = await context.newPage();
      await signUp(page, newUser('admin-plain'));
      await page.goto('/admin');
      await onPath(page, '/');
      await visible(page.getByRole('heading', { level: 1 }));
      expect(await page.getByText('Admin Dashboard').count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('sends a signed-out visitor to /', async () => {
    const context = await newContext(browser, 'desktop');
    try {
      const page = await context.newPage();
      await page.goto('/admin');
      await onPath(page, '/');
    } finally {
      await context.close();
    }
  });
});

describe('ETF Management', () => {
  const created = freshTicker('E');

  it('creates a fund with its toast and finds it in the table', async () => {
    const page = pageOf('desktop');
    await openAdmin(page);
    await visible(page.getByRole('table', { name: 'ETFs' }).getByRole('row').nth(2));
    await screenshot(page, 'admin-etfs-desktop');
    await expectNoSeriousA11yViolations(page, 'admin ETF Management (desktop)');

    const form = page.getByRole('form', { name: 'Create ETF' });
    expect(await form.getByRole('button', { name: 'Create ETF' }).isDisabled()).toBe(true);
    await form.getByLabel('Ticker').pressSequentially(created.toLowerCase());
    expect(await form.getByLabel('Ticker').inputValue()).toBe(created);
    await form.getByLabel('Name').fill('E2E Weekly Income ETF');
    await form.getByLabel('Brand').fill('Roundhill');
    await form.getByLabel('Description').fill('Created by the admin browser test.');
    await form.getByRole('button', { name: 'Create ETF' }).click();
    expect(await seeToast(page, 'ETF created successfully')).toBe('default');
    await screenshot(page, 'admin-etf-created-desktop', { keepToast: true, viewportOnly: true });

    // the new fund has no price yet: a yield of N/A sorts it onto the last page
    const pager = page.getByRole('navigation', { name: 'ETF pages' });
    while (!(await pager.getByRole('button', { name: 'Next' }).isDisabled())) await pager.getByRole('button', { name: 'Next' }).click();
    const row = page.getByRole('table', { name: 'ETFs' }).getByRole('row').filter({ hasText: created });
    await visible(row);
    expect(await row.textContent()).toContain('E2E Weekly Income ETF');
  });

  it('uploads a CSV with one bad row: the partial-success toast and a report naming the row and why', async () => {
    const page = pageOf('desktop');
    await openAdmin(page);
    const a = freshTicker('C');
    const b = freshTicker('D');
    const csv = `ticker,name,brand,description\n${a.toLowerCase()},CSV Fund A,Roundhill,first\n${created},Duplicate of the created fund,Roundhill,\n${b},CSV Fund B,,second\n`;
    await page.getByLabel('ETF list CSV file').setInputFiles({ name: 'funds.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    expect(await seeToast(page, 'Successfully created 2 ETFs, 1 failed')).toBe('default');
    const report = page.getByRole('region', { name: 'CSV upload report' });
    await visible(report.getByText('funds.csv: 2 created, 1 failed, 0 skipped'));
    const row = report.getByRole('row').filter({ hasText: created });
    expect(await row.textContent()).toContain(`An ETF with ticker ${created} already exists`);
    expect(await row.getByRole('cell').first().textContent()).toBe('3');
    await screenshot(page, 'admin-etfs-csv-report-desktop', { keepToast: true });
  });

  it('downloads the list as etfs-{date}.csv with its toast', async () => {
    const page = pageOf('desktop');
    await openAdmin(page);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download ETF List' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^etfs-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = readFileSync((await download.path())!, 'utf8');
    expect(text.split(/\r?\n/)[0]).toBe('ticker,name,brand,description');
    expect(text).toContain(`${created},E2E Weekly Income ETF,Roundhill,Created by the admin browser test.`);
    await seeToast(page, 'ETF list downloaded successfully');
  });

  it("opens a fund's data (imports, distributions, splits) from its row", async () => {
    const page = pageOf('desktop');
    await openAdmin(page);
    const table = page.getByRole('table', { name: 'ETFs' });
    await visible(table.getByRole('row').nth(2));
    // the first row: the highest yield, a seeded fund with distributions
    await table.getByRole('button', { name: /^Data of / }).first().click();
    const dialog = page.getByRole('dialog');
    await visible(dialog.getByRole('heading', { name: 'Distributions' }));
    await visible(dialog.getByRole('button', { name: /^Withdraw the distribution of / }));
    await visible(dialog.getByRole('form', { name: /^Record a split of / }));
    await expectNoSeriousA11yViolations(page, 'admin fund data dialog (desktop)');
    await screenshot(page, 'admin-fund-data-desktop', { viewportOnly: true });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });
});

describe('Data Sync', () => {
  it('starts Clear Cache: its toast, then the job in the list with its state', async () => {
    const page = pageOf('desktop');
    await openAdmin(page, '?tab=sync');
    await visible(page.getByRole('heading', { level: 2, name: 'Data Sync' }));
    await page.getByRole('button', { name: 'Clear Cache' }).click();
    expect(await seeToast(page, 'Cache cleared successfully. Fresh data will load on next request.')).toBe('default');
    const jobs = page.getByRole('table', { name: 'Jobs' });
    const row = jobs.getByRole('row').filter({ hasText: 'Clear cache' }).first();
    await visible(row);
    // the list follows the run until it ends (it polls while a job is queued or running)
    await visible(row.getByText(/^(Succeeded|Failed)$/).filter({ visible: true }));
    await visible(page.getByText('No job is running.'));
    await screenshot(page, 'admin-sync-desktop');
    await expectNoSeriousA11yViolations(page, 'admin Data Sync (desktop)');
  });
});

describe('on a phone (390 px)', () => {
  it.each([
    ['', 'admin-etfs-phone', 'ETF Management'],
    ['?tab=sync', 'admin-sync-phone', 'Data Sync'],
  ])('%s fits the width, all five tabs in sight', async (search, name, label) => {
    const page = pageOf('phone');
    await openAdmin(page, search);
    if (search === '') await visible(page.getByRole('table', { name: 'ETFs' }).getByRole('row').nth(2));
    else await visible(page.getByRole('table', { name: 'Jobs' }));
    expect(await page.getByRole('tab', { name: label }).getAttribute('aria-selected')).toBe('true');
    for (const tab of await page.getByRole('tab').all()) expect(await tab.isVisible()).toBe(true);
    // every tab is inside the viewport (they wrap; nothing hidden sideways)
    const outside = await page.getByRole('tab').evaluateAll((els) => els.filter((e) => e.getBoundingClientRect().right > window.innerWidth).length);
    expect(outside).toBe(0);
    await expectNoSidewaysScroll(page, `admin ${label} (phone)`);
    await screenshot(page, name);
    await expectNoSeriousA11yViolations(page, `admin ${label} (phone)`);
  });
});
