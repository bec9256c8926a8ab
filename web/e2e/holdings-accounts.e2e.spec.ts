import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HoldingView } from '../../contracts/portfolio.ts';
import { brandEtfs, type ListedEtf } from './support/api.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { expectNoSidewaysScroll, launchBrowser, newContext, SIZE_NAMES, visible, type SizeName } from './support/browser.ts';
import { newUser, seeToast, signUp } from './support/flows.ts';
import { screenshot, screenshotOnFailure } from './support/screenshots.ts';

/**
 * Issue 28, "a second account's positions are kept apart or merged as the user chooses"
 * (docs/holdings-csv.md "Accounts"), at both sizes: Import CSV asks; a Schwab download kept apart as
 * "Roth IRA", another as "Individual": two holdings of the fund, each with its account's badge; the
 * Roth IRA file again changes nothing; a third file merged adds the fund's holding without an account.
 */

let browser: Browser;
let fund: ListedEtf;
const pages = new Map<SizeName, { context: BrowserContext; page: Page }>();

const schwab = (ticker: string, qty: string) =>
  [
    '"Positions for account Roth IRA ...123 as of 09:42 AM ET, 2026/11/27"',
    '',
    '"Symbol","Description","Qty (Quantity)","Price","Mkt Val (Market Value)","Cost Basis","Security Type",',
    `"${ticker}","WEEKLYPAY ETF","${qty}","$20.00","$2,000.00","$1,800.00","ETFs & Closed End Funds",`,
    '"Positions Total","","--","--","$2,000.00","--","--",',
  ].join('\r\n');

beforeAll(async () => {
  browser = await launchBrowser();
  fund = (await brandEtfs('roundhill'))[0]!;
  for (const size of SIZE_NAMES) {
    const context = await newContext(browser, size);
    const page = await context.newPage();
    await signUp(page, newUser(`accounts-${size}`));
    pages.set(size, { context, page });
  }
});

screenshotOnFailure(() => [...pages.values()].map((p) => p.page));

afterAll(async () => {
  await browser?.close();
});

/** Import CSV → the dialog's choice → Choose file… → the file picker gets the file. */
async function importAs(page: Page, choice: { account: string } | 'merge', text: string) {
  await page.getByRole('region', { name: 'My Holdings' }).getByRole('button', { name: 'Import CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import holdings' });
  await visible(dialog);
  if (choice !== 'merge') {
    await dialog.getByRole('radio', { name: /Keep this account’s positions separate/ }).check();
    await dialog.getByLabel('Account name').fill(choice.account);
  }
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), dialog.getByRole('button', { name: 'Choose file…' }).click()]);
  // the answer of this upload (an earlier report may still be on the screen)
  const [answer] = await Promise.all([
    page.waitForResponse((r) => new URL(r.url()).pathname === '/api/user/portfolio/import'),
    chooser.setFiles({ name: 'Roth-Positions.csv', mimeType: 'text/csv', buffer: Buffer.from(text) }),
  ]);
  expect(answer.status()).toBe(200);
  expect(new URL(answer.url()).search).toBe(choice === 'merge' ? '' : `?accounts=separate&account=${encodeURIComponent(choice.account).replace(/%20/g, '+')}`);
  await visible(page.getByRole('status', { name: 'CSV import' }));
}

const portfolio = async (page: Page) => ((await (await page.request.get('/api/user/portfolio')).json()) as HoldingView[]).map((h) => [h.etf?.ticker, h.account, h.shares]);

describe.each(SIZE_NAMES)('accounts kept apart or merged (%s)', (size) => {
  it('two accounts kept apart are two labelled holdings of the fund; one again changes nothing; a merge adds the unlabelled one', async () => {
    const { page } = pages.get(size)!;
    await page.goto('/my-weeklydiv');
    const holdings = page.getByRole('region', { name: 'My Holdings' });
    await visible(holdings.getByRole('button', { name: 'Import CSV' }));

    // the dialog: merge by default; separate needs a name
    await holdings.getByRole('button', { name: 'Import CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import holdings' });
    expect(await dialog.getByRole('radio', { name: /Merge into my existing holdings/ }).isChecked()).toBe(true);
    await dialog.getByRole('radio', { name: /Keep this account’s positions separate/ }).check();
    await dialog.getByRole('button', { name: 'Choose file…' }).click();
    await visible(dialog.getByText("Account name: Required to keep this account's positions separate"));
    await dialog.getByLabel('Account name').fill('Roth IRA');
    await expectNoSeriousA11yViolations(page, `import dialog (${size})`);
    await screenshot(page, `holdings-accounts-dialog-${size}`, { viewportOnly: true });
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await importAs(page, { account: 'Roth IRA' }, schwab(fund.ticker, '100'));
    expect(await seeToast(page, 'Import finished')).toBe('default');
    await importAs(page, { account: 'Individual' }, schwab(fund.ticker, '40'));
    expect(await portfolio(page)).toEqual([
      [fund.ticker, 'Roth IRA', '100'],
      [fund.ticker, 'Individual', '40'],
    ]);
    await expect.poll(() => holdings.getByTestId('holding-account').allTextContents()).toEqual(['Roth IRA', 'Individual']);

    await importAs(page, { account: 'Roth IRA' }, schwab(fund.ticker, '100'));
    expect(await page.getByRole('status', { name: 'CSV import' }).locator('strong').textContent()).toBe('0 holdings created, 0 holdings updated.');
    await importAs(page, 'merge', schwab(fund.ticker, '7'));
    expect(await portfolio(page)).toEqual([
      [fund.ticker, 'Roth IRA', '100'],
      [fund.ticker, 'Individual', '40'],
      [fund.ticker, null, '7'],
    ]);
    await expect.poll(() => holdings.getByTestId('holding').count()).toBe(3);
    await visible(holdings.getByRole('button', { name: `Remove ${fund.ticker} (Individual) from portfolio` }));
    if (size === 'phone') await expectNoSidewaysScroll(page, 'holdings with accounts (phone)');
    await expectNoSeriousA11yViolations(page, `holdings with accounts (${size})`);
    await holdings.scrollIntoViewIfNeeded();
    await screenshot(page, `holdings-accounts-${size}`);
  });
});
