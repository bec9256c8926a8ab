import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EtfDetail } from '../../contracts/market.ts';
import type { HoldingView, TaxPayment, TaxSummary } from '../../contracts/portfolio.ts';
import { addDays, isBusinessDay, nextBusinessDay, weekdayOf, yearOf } from '../../domain/market/trading-days.ts';
import { formatDate, formatDividend, formatMoney, formatNumber, formatStatedPercent } from '../src/lib/format.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { expectNoSidewaysScroll, launchBrowser, newContext, onPath, visible, waitUntil, watchErrors, type SizeName } from './support/browser.ts';
import { newUser, seeToast } from './support/flows.ts';
import { makePremium } from './support/server-log.ts';
import { signInAsVerifiedOwner } from './support/owner.ts';
import { screenshot, screenshotOnFailure, SCREENSHOT_DIR } from './support/screenshots.ts';

/**
 * Issue 27 in the built app: return of capital and true income. The owner lists a fund (brand Rocmax)
 * with $10.00 closes for 14 months and $0.25 ex every Wednesday for 60 weeks, loaded from a distribution
 * CSV whose `ROC %` column says 92 (the newest payout's cell empty: not published); sets the second
 * newest payout's estimate to 50 % with the edit form of the fund's Data dialog (admin); and imports the year-end character of every
 * payout but the six newest (the seventh newest 5 / 2 / 3 / 90, the others 0 / 0 / 0 / 100). A user holds
 * 200 shares bought at $10.00 on the first close.
 * Then, at desktop and phone sizes: the fund page (each payout's ROC, final beside the estimate; the ROC
 * share of the last 12 months and the true income rate, checked against a hand sum of the seeded
 * figures; the capital returned beside NAV erosion), the ETF database's True Income Rate, the holding's
 * panel, and the tax-year summary (the API's figures on screen, the CSV download, the print view).
 */

let browser: Browser;
const contexts = new Map<SizeName, { context: BrowserContext; page: Page }>();
const pageAt = (size: SizeName) => contexts.get(size)!.page;
let owner: { context: BrowserContext; page: Page };

function letters(n: number): string {
  let out = '';
  for (let i = 0; i < n; i++) out += String.fromCharCode(65 + Math.floor(Math.random() * 26));
  return out;
}
const ticker = `RC${letters(2)}`;
const BRAND = 'Rocmax';
const fundPath = `/etfs/rocmax/${ticker}`;

let today = '';
let fundId = '';
let firstClose = '';
/** Newest first: the seeded ex-dates and the ROC share each has (percent; null: not published). */
const seeded: { exDate: string; estimate: number | null; final: number | null }[] = [];

/** The words of a payout's ROC cell, as docs/client.md writes them. */
function rocWords(estimate: string | null, finalPercent: string | null): string {
  const est = formatStatedPercent(estimate);
  const fin = formatStatedPercent(finalPercent);
  if (fin !== null) return est !== null ? `estimated ${est}, final ${fin}` : `final ${fin}`;
  return est !== null ? `est. ${est}` : 'not published';
}
const paymentRoc = (p: TaxPayment) => rocWords(p.rocEstimatePercent, p.rocBasis === 'final' ? p.rocPercent : null);

async function json<T>(page: Page, url: string): Promise<T> {
  const answer = await page.request.get(url);
  expect(answer.status(), `${url}: ${await answer.text()}`).toBe(200);
  return (await answer.json()) as T;
}

/**
 * The owner's edit form in the fund's Data dialog (ETF Management, "Data" on its row): the payout's ROC
 * estimate set by hand, with the PUT the form sends and its toast; a screenshot of the dialog at 1280 px.
 */
async function editEstimateInDataDialog(page: Page, exDate: string, percent: string): Promise<void> {
  await page.goto('/admin');
  const table = page.getByRole('table', { name: 'ETFs' });
  // the funds themselves, not the "Loading ETFs..." row: under load the search below must not start
  // (and page on) before the list is there
  await visible(table.getByRole('button', { name: /^Data of / }));
  const data = table.getByRole('button', { name: `Data of ${ticker}`, exact: true });
  // the list is sorted by yield (this fund's 130 % is near the top), 20 rows a page
  for (let n = 2; (await data.count()) === 0 && n <= 5; n++) {
    await page.getByRole('button', { name: `Page ${n}`, exact: true }).click();
    await visible(page.locator(`button[aria-label="Page ${n}"][aria-current="page"]`));
  }
  await data.click();
  const dialog = page.getByRole('dialog', { name: `${ticker} data` });
  const name = `Edit the distribution of ${formatDate(exDate)}`;
  await dialog.getByRole('button', { name, exact: true }).click();
  const form = dialog.getByRole('form', { name, exact: true });
  await form.getByLabel('ROC estimate %').fill(percent);
  const [put] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().includes(`/distributions/${exDate}`)),
    form.getByRole('button', { name: 'Save distribution' }).click(),
  ]);
  expect(put.status()).toBe(200);
  expect(put.request().postDataJSON()).toEqual({ amount: '0.25', status: 'declared', rocEstimatePercent: percent });
  expect(((await put.json()) as { result: string }).result).toBe('revised');
  await seeToast(page, `Distribution of ${formatDate(exDate)} updated`);
  await form.waitFor({ state: 'detached' });
  // the list shows the new estimate at once (the fund read again)
  const row = dialog.getByRole('table', { name: `${ticker} distributions` }).getByRole('row').filter({ hasText: formatDate(exDate) });
  await visible(row.getByText(`est. ${formatStatedPercent(percent)}`));
  // the form open again for the picture (nothing saved), with the ROC column above it
  await dialog.getByRole('button', { name, exact: true }).click();
  await visible(form);
  await form.scrollIntoViewIfNeeded();
  await expectNoSeriousA11yViolations(page, 'admin Data dialog with the ROC edit form (desktop)');
  await screenshot(page, 'roc-owner-data-dialog-desktop', { viewportOnly: true });
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
}

beforeAll(async () => {
  browser = await launchBrowser();
  const ownerContext = await newContext(browser, 'desktop');
  owner = { context: ownerContext, page: await ownerContext.newPage() };
  await signInAsVerifiedOwner(owner.page);
  const o = owner.page;
  today = (await json<{ asOf: string }>(o, '/api/etfs/detail/NVDW')).asOf;

  const created = await o.request.post('/api/etfs', { data: { ticker, name: `Rocmax ${ticker} Option Income ETF`, brand: BRAND } });
  expect(created.status(), await created.text()).toBe(201);
  fundId = ((await created.json()) as { id: string }).id;

  const days: string[] = [];
  for (let d = addDays(today, -430); d <= today; d = addDays(d, 1)) if (isBusinessDay(d)) days.push(d);
  firstClose = days[0]!;
  const prices = await o.request.post(`/api/admin/etfs/${fundId}/prices/import`, { data: { csv: ['Date,Close', ...days.map((d) => `${d},10`)].join('\n') } });
  expect(prices.status(), await prices.text()).toBe(200);

  // 60 Wednesdays before today (a closed one left out), newest first
  let wednesday = addDays(today, -1);
  while (weekdayOf(wednesday) !== 3) wednesday = addDays(wednesday, -1);
  for (let i = 0; i < 60; i++, wednesday = addDays(wednesday, -7)) {
    if (!isBusinessDay(wednesday)) continue;
    const index = seeded.length;
    const estimate = index === 0 ? null : index === 1 ? 50 : 92;
    const final = index < 6 ? null : index === 6 ? 90 : 100;
    seeded.push({ exDate: wednesday, estimate, final });
  }
  // the CSV says 92 for every payout but the newest (empty: not published); the second newest is edited to 50 below
  const rows = seeded.map((s, i) => `${s.exDate},${nextBusinessDay(s.exDate)},0.25,${i === 0 ? '' : '92'}`);
  const dists = await o.request.post(`/api/admin/etfs/${fundId}/distributions/import`, { data: { csv: ['Ex Date,Pay Date,Amount,ROC %', ...rows].join('\n') } });
  expect(dists.status(), await dists.text()).toBe(200);
  await editEstimateInDataDialog(o, seeded[1]!.exDate, '50');
  // the year-end figures of every payout but the six newest
  const characters = seeded.slice(6).map((s, i) => (i === 0 ? `${s.exDate},5,2,3,90` : `${s.exDate},0,0,0,100`));
  const character = await o.request.post(`/api/admin/etfs/${fundId}/distributions/character`, {
    data: { csv: ['Ex Date,Ordinary %,Qualified %,Capital Gain %,Return of Capital %', ...characters].join('\n') },
  });
  expect(character.status(), await character.text()).toBe(200);
  expect(await character.json()).toMatchObject({ updated: seeded.length - 6, errors: [] });

  // one Premium user, signed in at both sizes, holding 200 shares bought at $10.00 on the first close
  const holder = newUser('roc');
  for (const size of ['desktop', 'phone'] as const) {
    const context = await newContext(browser, size);
    const page = await context.newPage();
    const signedIn =
      size === 'desktop'
        ? await page.request.post('/api/register', { data: holder })
        : await page.request.post('/api/login', { data: { email: holder.email, password: holder.password } });
    expect(signedIn.status(), await signedIn.text()).toBe(size === 'desktop' ? 201 : 200);
    // the tax-year summary is Premium (docs/billing.md "What Premium gives"); the holding's figures are Free
    if (size === 'desktop') {
      await makePremium(((await signedIn.json()) as { id: string }).id, 'roc-e2e');
      await waitUntil(async () => (await json<{ subscriptionTier: string }>(page, '/api/user')).subscriptionTier === 'premium', 'the user is Premium');
    }
    contexts.set(size, { context, page });
  }
  const added = await pageAt('desktop').request.post('/api/user/portfolio', { data: { etfId: fundId, shares: '200', purchasePrice: '10', purchaseDate: firstClose, isDrip: 0 } });
  expect(added.status(), await added.text()).toBe(201);
});

screenshotOnFailure(() => [...[...contexts.values()].map((c) => c.page), owner?.page]);

afterAll(async () => {
  await browser?.close();
});

const historyOf = (page: Page) => page.getByRole('table').filter({ has: page.getByRole('columnheader', { name: 'Ex-Dividend Date' }) });

describe('the fund page', () => {
  it('desktop: each payout\'s ROC (final beside the estimate, "not published"), the ROC share and the true income rate with their traces, the capital returned', async () => {
    const page = pageAt('desktop');
    const errors = watchErrors(page);
    await page.goto(fundPath);
    await visible(page.getByRole('heading', { level: 1, name: ticker }));
    const history = historyOf(page);
    await visible(history);
    const rocCells = await history.locator('tbody tr').evaluateAll((rows) => rows.map((r) => (r.children[3] as HTMLElement).innerText.replace(/\s+/g, ' ').trim()));
    expect(rocCells).toEqual(seeded.slice(0, 10).map((s) => rocWords(s.estimate === null ? null : String(s.estimate), s.final === null ? null : String(s.final))));
    expect(rocCells.slice(0, 8)).toEqual(['not published', 'est. 50.0%', 'est. 92.0%', 'est. 92.0%', 'est. 92.0%', 'est. 92.0%', 'estimated 92.0%, final 90.0%', 'estimated 92.0%, final 100.0%']);
    await visible(page.getByTestId('roc-legend'));

    // the twelve months by hand: the seeded shares of the payouts ex after the anniversary, by amount (all $0.25)
    const detail = await json<EtfDetail>(page, `/api/etfs/detail/${ticker}`);
    const since = detail.returnOfCapitalTtm!.since;
    const inWindow = seeded.filter((s) => s.exDate > since && s.exDate <= today);
    const share = inWindow.reduce((sum, s) => sum + (s.final ?? s.estimate ?? 0), 0) / inWindow.length;
    expect(Number(detail.exact.rocShareTtm)).toBeCloseTo(share, 9);
    expect(Number(detail.exact.distributionRate)).toBeCloseTo(130, 9); // 0.25 × 52 / 10
    expect(Number(detail.exact.trueIncomeRate)).toBeCloseTo((130 * (100 - share)) / 100, 9);
    expect(detail.rocShareTtmBasis).toEqual({ payouts: inWindow.length, final: inWindow.length - 6, estimated: 5, notPublished: 1 });

    const card = page.getByRole('region', { name: 'Return of Capital and True Income' });
    expect(await card.getByTestId('roc-share-ttm').textContent()).toBe(formatStatedPercent(detail.exact.rocShareTtm));
    expect(await card.getByTestId('true-income-rate').textContent()).toBe(formatStatedPercent(detail.exact.trueIncomeRate));
    expect(await card.getByTestId('roc-share-hint').textContent()).toBe(
      `Of what the fund paid since ${formatDate(since)}, by amount: the part that gave back investors' own money. ${inWindow.length} payouts: ${inWindow.length - 6} final, 5 estimated, 1 not published (counted as income).`,
    );
    expect(await card.getByTestId('true-income-hint').textContent()).toBe(
      `Distribution Rate 130.0% × the income share ${formatNumber(100 - Number(detail.exact.rocShareTtm), 1)}% (100% − the ROC share): the part of the rate that is income, not your own money back.`,
    );
    const shareTrace = card.getByRole('button', { name: 'How is this computed? (ROC Share, Last 12 Months)' });
    await shareTrace.click();
    const shareText = await page.locator(`[id="${await shareTrace.getAttribute('aria-controls')}"]`).textContent();
    expect(shareText).toContain(`${seeded[0]!.exDate}: $0.25 (ROC not published)`);
    expect(shareText).toContain(`${seeded[1]!.exDate}: $0.25 (ROC 50% est.)`);
    expect(shareText).toContain(`${seeded[6]!.exDate}: $0.25 (ROC 90% final)`);
    const rateTrace = card.getByRole('button', { name: 'How is this computed? (True Income Rate)' });
    await rateTrace.click();
    expect(await page.locator(`[id="${await rateTrace.getAttribute('aria-controls')}"]`).textContent()).toContain(`ROC share, last 12 months rocShareTtm${detail.exact.rocShareTtm}`);

    const returned = page.getByTestId('capital-returned-ttm');
    expect(await returned.textContent()).toContain(
      `${formatDividend(detail.returnOfCapitalTtm!.capitalReturnedPerShare)} of ${formatDividend(detail.returnOfCapitalTtm!.paidPerShare)} a share`,
    );
    await visible(page.getByTestId('nav-erosion'));

    await expectNoSeriousA11yViolations(page, 'fund page with return of capital (desktop)');
    await screenshot(page, 'roc-detail-desktop');
    await card.screenshot({ path: path.join(SCREENSHOT_DIR, 'roc-figures-desktop.png') });
    await history.screenshot({ path: path.join(SCREENSHOT_DIR, 'roc-history-desktop.png') });
    await page.getByTestId('return-breakdown').screenshot({ path: path.join(SCREENSHOT_DIR, 'roc-breakdown-desktop.png') });
    expect(errors).toEqual([]);
  });

  it('phone: the ROC on the line under each payout, the two figures; nothing scrolls sideways', async () => {
    const page = pageAt('phone');
    await page.goto(fundPath);
    const history = historyOf(page);
    await visible(history);
    expect(await history.getByRole('columnheader').allTextContents()).toEqual(['Ex-Dividend Date', 'Payout Date', 'Amount']);
    const lines = await history.locator('tbody tr td[colspan="3"]').allInnerTexts();
    expect(lines[0]).toMatch(/^ROC not published/);
    expect(lines[1]).toMatch(/^ROC est\. 50\.0%/);
    expect(lines[6]!.replace(/\s+/g, ' ')).toMatch(/^ROC estimated 92\.0%, final 90\.0%/);
    const card = page.getByRole('region', { name: 'Return of Capital and True Income' });
    await card.scrollIntoViewIfNeeded();
    await visible(card.getByTestId('true-income-rate'));
    await expectNoSidewaysScroll(page, 'fund page with return of capital (phone)');
    await expectNoSeriousA11yViolations(page, 'fund page with return of capital (phone)');
    await screenshot(page, 'roc-detail-phone');
    await card.screenshot({ path: path.join(SCREENSHOT_DIR, 'roc-figures-phone.png') });
    await history.screenshot({ path: path.join(SCREENSHOT_DIR, 'roc-history-phone.png') });
  });
});

describe('the ETF database', () => {
  it('desktop: the True Income Rate column, sortable; phone: the sort select offers it', async () => {
    const page = pageAt('desktop');
    await page.goto(`/etfs?brand=${BRAND}`);
    const row = page.getByTestId('etf-row').filter({ hasText: ticker });
    await visible(row);
    const detail = await json<EtfDetail>(page, `/api/etfs/detail/${ticker}`);
    expect(await row.getByTestId('true-income-rate').innerText()).toBe(`${formatStatedPercent(detail.exact.trueIncomeRate)}\nROC ${formatStatedPercent(detail.exact.rocShareTtm)}`);
    const header = page.getByRole('columnheader', { name: /True Income Rate/ });
    await header.getByRole('button').click();
    await expect.poll(() => header.getAttribute('aria-sort')).toBe('descending');
    expect(new URL(page.url()).searchParams.get('sort')).toBe('trueIncomeRate');
    await screenshot(page, 'roc-database-desktop');

    const phone = pageAt('phone');
    await phone.goto('/etfs');
    const select = phone.getByLabel('Sort by');
    await visible(select);
    await select.selectOption('trueIncomeRate:desc');
    await expect.poll(() => new URL(phone.url()).searchParams.get('sort')).toBe('trueIncomeRate');
    await expectNoSidewaysScroll(phone, 'ETF database sorted by true income rate (phone)');
  });
});

describe("the holding's return of capital", () => {
  it('desktop: income split, adjusted cost, gain, house money and yield on cost on both bases, as the API says', async () => {
    const page = pageAt('desktop');
    await page.goto('/my-weeklydiv');
    const item = page.getByTestId('holding').filter({ hasText: ticker });
    await visible(item);
    const [h] = await json<HoldingView[]>(page, '/api/user/portfolio');
    expect(await item.getByTestId('holding-income-split').textContent()).toBe(`Income ${formatMoney(h!.incomeReceivedNet)} · Capital returned ${formatMoney(h!.capitalReturned)}`);
    await item.getByRole('button', { name: 'Return of capital and cost basis' }).click();
    const panel = item.getByTestId('roc-panel');
    await visible(panel);
    expect(await panel.getByTestId('roc-cost').innerText()).toContain(formatMoney(h!.adjustedCostBasis));
    expect(await panel.getByTestId('roc-house-money').innerText()).toContain(`${formatNumber(Number(h!.houseMoneyOnAdjustedCostPercent), 2)}%`);
    expect(await panel.getByTestId('roc-yield').innerText()).toContain(`${formatNumber(Number(h!.yieldOnAdjustedCost), 2)}%`);
    // gain = gainOnAdjustedCost + incomeReceivedNet + capitalGainFromRoc
    expect(Number(h!.gain)).toBeCloseTo(Number(h!.gainOnAdjustedCost) + Number(h!.incomeReceivedNet) + Number(h!.capitalGainFromRoc), 2);
    await expectNoSeriousA11yViolations(page, 'holding with its return of capital (desktop)');
    await item.screenshot({ path: path.join(SCREENSHOT_DIR, 'roc-holding-desktop.png') });
  });

  it('phone: the panel fits', async () => {
    const page = pageAt('phone');
    await page.goto('/my-weeklydiv');
    const item = page.getByTestId('holding').filter({ hasText: ticker });
    await item.getByRole('button', { name: 'Return of capital and cost basis' }).click();
    await visible(item.getByTestId('roc-panel'));
    await expectNoSidewaysScroll(page, 'holding panel (phone)');
    await expectNoSeriousA11yViolations(page, 'holding with its return of capital (phone)');
    await item.screenshot({ path: path.join(SCREENSHOT_DIR, 'roc-holding-phone.png') });
  });
});

describe('the tax-year summary', () => {
  it('desktop: from the portfolio, the last full year as the API has it, the CSV download, the print view', async () => {
    const page = pageAt('desktop');
    const errors = watchErrors(page);
    await page.goto('/my-weeklydiv');
    await page.getByTestId('tax-summary-link').getByRole('link', { name: 'Tax-year summary' }).click();
    await onPath(page, '/my-weeklydiv/tax-summary');
    await visible(page.getByRole('heading', { level: 1, name: 'Tax-Year Summary' }));
    const summary = await json<TaxSummary>(page, '/api/user/tax-summary');
    const year = yearOf(today) - 1;
    const shown = summary.years.find((y) => y.year === year)!;
    expect(shown).toBeDefined();

    expect(await page.getByRole('note', { name: 'Disclaimer' }).textContent()).toBe(summary.disclaimer);
    expect(summary.disclaimer).toMatch(/^Not tax advice\./);
    expect(await page.getByLabel('Tax year').inputValue()).toBe(String(year));
    const totals = page.getByRole('region', { name: `${year} Totals` });
    expect(await totals.getByTestId('year-cash').textContent()).toBe(formatMoney(shown.totals.cash));
    expect(await totals.getByTestId('year-roc').textContent()).toBe(formatMoney(shown.totals.returnOfCapital));
    expect(await totals.getByTestId('year-income').textContent()).toBe(formatMoney(shown.totals.income));

    const payments = shown.funds[0]!.payments;
    const rows = page.getByTestId('tax-payment');
    expect(await rows.count()).toBe(payments.length);
    const cells = await rows.evaluateAll((trs) => trs.map((tr) => [...tr.children].map((td) => (td as HTMLElement).innerText.replace(/\s+/g, ' ').trim())));
    cells.forEach((row, i) => {
      const p = payments[i]!;
      expect(row.slice(0, 6)).toEqual([formatDate(p.payoutDate), formatDate(p.exDividendDate), `${formatNumber(Number(p.shares), 4)} × ${formatDividend(p.amountPerShare)}`, formatMoney(p.cash), paymentRoc(p), formatMoney(p.returnOfCapital)]);
      expect(row[6]!.startsWith(formatMoney(p.income))).toBe(true);
    });
    // the payment with the split character: 200 × 0.25 = 50.00 → 45.00 capital, 2.50 / 1.00 / 1.50
    const split = payments.find((p) => p.exDividendDate === seeded[6]!.exDate);
    if (split) expect(split).toMatchObject({ cash: '50.00', returnOfCapital: '45.00', ordinary: '2.50', qualified: '1.00', capitalGain: '1.50' });
    await expectNoSeriousA11yViolations(page, 'tax-year summary (desktop)');
    await screenshot(page, 'roc-tax-summary-desktop');

    // Download CSV: the server's file of that year, the disclaimer on its first line
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
    expect(download.suggestedFilename()).toBe(`weeklydiv-tax-summary-${year}.csv`);
    const file = readFileSync((await download.path())!, 'utf8');
    const served = await (await page.request.get(`/api/user/tax-summary.csv?year=${year}`)).text();
    expect(file).toBe(served);
    expect(file.split(/\r?\n/)[0]).toContain('Not tax advice.');
    expect(await seeToast(page, 'Tax summary exported')).not.toBe('destructive');

    // on paper: no site header or footer, no controls; the disclaimer and the figures
    await page.emulateMedia({ media: 'print' });
    expect(await page.locator('body header').first().isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: 'Download CSV' }).isVisible()).toBe(false);
    expect(await page.getByRole('link', { name: 'Back to My WeeklyDiv' }).isVisible()).toBe(false);
    expect(await page.getByRole('note', { name: 'Disclaimer' }).isVisible()).toBe(true);
    expect(await page.getByRole('columnheader', { name: 'Ex-Date' }).first().isVisible()).toBe(true);
    await screenshot(page, 'roc-tax-summary-print');
    await page.emulateMedia({ media: 'screen' });

    // another year from the selector, kept in the URL
    const other = summary.years.map((y) => y.year).find((y) => y !== year);
    if (other !== undefined) {
      await page.getByLabel('Tax year').selectOption(String(other));
      await visible(page.getByRole('region', { name: `${other} Totals` }));
      await expect.poll(() => new URL(page.url()).searchParams.get('year')).toBe(String(other));
      await screenshot(page, 'roc-tax-summary-other-year-desktop');
    }
    expect(errors).toEqual([]);
  });

  it('phone: four columns, the ROC under the date, the disclaimer; nothing scrolls sideways', async () => {
    const page = pageAt('phone');
    await page.goto('/my-weeklydiv/tax-summary');
    await visible(page.getByRole('heading', { level: 1, name: 'Tax-Year Summary' }));
    const table = page.getByTestId('tax-fund').first().getByRole('table');
    await visible(table);
    const headers = await table.locator('thead th').evaluateAll((ths) => ths.filter((th) => (th as HTMLElement).offsetParent !== null).map((th) => (th as HTMLElement).innerText));
    expect(headers.map((h) => h.toUpperCase())).toEqual(['PAID', 'CASH', 'RETURN OF CAPITAL', 'INCOME']);
    expect(await table.locator('tbody tr').first().locator('td').first().innerText()).toMatch(/\nROC (estimated|est\.|final|not published)/);
    await visible(page.getByRole('note', { name: 'Disclaimer' }));
    await expectNoSidewaysScroll(page, 'tax-year summary (phone)');
    await expectNoSeriousA11yViolations(page, 'tax-year summary (phone)');
    await screenshot(page, 'roc-tax-summary-phone');
  });
});
