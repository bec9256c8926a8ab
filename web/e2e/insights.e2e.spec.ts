import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EtfDetail } from '../../contracts/market.ts';
import type { HoldingView } from '../../contracts/portfolio.ts';
import { getJson } from './support/api.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { expectNoSidewaysScroll, launchBrowser, newContext, seeText, SIZE_NAMES, visible, type SizeName } from './support/browser.ts';
import { logIn, newUser, onPersonalArea, signUp } from './support/flows.ts';
import { screenshot, screenshotOnFailure, SCREENSHOT_DIR } from './support/screenshots.ts';

/**
 * Issue 16's controls, each at 1280 and 390 px with axe and a screenshot: the public calendar's "Add to
 * calendar" (its href serves text/calendar), the fund detail's "How is this computed?" (formula and
 * inputs), the stacked return bar and NAV erosion, the "Funds on {underlying}" table (NVDW and its NVDA
 * siblings in the demo catalog), the holding rows' house money line, and the personal area's "Subscribe"
 * dialog on the payouts card (the link, Reset link gives another one and the old one answers 404).
 */

let browser: Browser;
const contexts = new Map<SizeName, BrowserContext>();
const pages = new Map<SizeName, Page>();
const user = newUser('insights');
let nvdw: EtfDetail;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** `2027-03-03` -> "Mar 3, 2027", the screen's date format. */
const shown = (iso: string) => {
  const [y, m, d] = iso.split('-').map(Number);
  return `${MONTHS[m! - 1]} ${d}, ${y}`;
};

beforeAll(async () => {
  browser = await launchBrowser();
  for (const size of SIZE_NAMES) {
    const context = await newContext(browser, size);
    contexts.set(size, context);
    pages.set(size, await context.newPage());
  }
  nvdw = await getJson<EtfDetail>('/api/etfs/detail/NVDW');
});

screenshotOnFailure(() => [...pages.values()]);

afterAll(async () => {
  await browser?.close();
});

const page = (size: SizeName) => pages.get(size)!;
/** A close-up of one element beside the full-page screenshots (the folder exists once screenshot() ran). */
const screenshotPath = (name: string) => path.join(SCREENSHOT_DIR, `${name}.png`);

describe.sequential('issue 16 controls', () => {
  it.each(SIZE_NAMES)('public calendar: "Add to calendar" serves the four weeks as text/calendar (%s)', async (size) => {
    const p = page(size);
    await p.goto('/dividend-calendar');
    await visible(p.getByRole('heading', { level: 1, name: 'Dividend Calendar' }));
    const add = await visible(p.getByRole('link', { name: 'Add to calendar' }));
    const href = await add.getAttribute('href');
    expect(href).toBe('/api/dividends/calendar.ics');
    const ics = await p.request.get(href!);
    expect(ics.status()).toBe(200);
    expect(ics.headers()['content-type']).toMatch(/^text\/calendar/);
    const body = await ics.text();
    expect(body.startsWith('BEGIN:VCALENDAR')).toBe(true);
    expect(body).toContain('BEGIN:VEVENT');
    await p.getByRole('heading', { name: /^Week 1 / }).waitFor();
    if (size === 'phone') await expectNoSidewaysScroll(p, 'calendar');
    await expectNoSeriousA11yViolations(p, `calendar with Add to calendar (${size})`);
    await screenshot(p, `insights-calendar-${size}`);
  });

  it.each(SIZE_NAMES)('fund detail: the return split bar, NAV erosion, "How is this computed?" and "Funds on NVDA" (%s)', async (size) => {
    const p = page(size);
    await p.goto(`/etfs/${nvdw.brandSlug}/NVDW`);
    await visible(p.getByRole('heading', { level: 1, name: /NVDW/ }));

    // the stacked bar: its parts as the API gives them, adding up to the total
    const breakdown = p.getByTestId('return-breakdown');
    await visible(breakdown.getByRole('heading', { name: 'Where the Return Comes From' }));
    const split = nvdw.returnBreakdown!;
    const signed = (v: string) => `${Number(v) >= 0 ? '+' : '-'}${Math.abs(Number(v)).toFixed(2)}%`;
    const bar = breakdown.getByRole('img', { name: /^1-year total return/ });
    expect(await bar.getAttribute('aria-label')).toContain(`price ${signed(split.priceReturn)}, distributions ${signed(split.distributionReturn)}`);
    expect(await breakdown.locator('[data-part="price"]').count()).toBe(1);
    expect(await breakdown.locator('[data-part="distributions"]').count()).toBe(1);
    // neither part hides the other: of opposite signs they sit one above the other
    const box = async (part: string) => (await breakdown.locator(`[data-part="${part}"]`).boundingBox())!;
    const [priceBox, distBox] = [await box('price'), await box('distributions')];
    const opposite = Number(split.priceReturn) < 0 !== Number(split.distributionReturn) < 0;
    if (opposite) expect(priceBox.y + priceBox.height).toBeLessThanOrEqual(distBox.y + 0.5);
    else expect(Math.min(priceBox.x + priceBox.width, distBox.x + distBox.width) - Math.max(priceBox.x, distBox.x)).toBeLessThanOrEqual(0.5);
    await seeText(breakdown, `Price ${signed(split.priceReturn)}`);
    await seeText(breakdown, `Distributions ${signed(split.distributionReturn)}`);
    // NAV erosion since inception, with its first close
    const erosion = breakdown.getByTestId('nav-erosion');
    await visible(erosion.getByText('NAV Erosion Since Inception'));
    expect(await erosion.textContent()).toContain(`$${nvdw.navErosion!.startPrice}`);

    // "How is this computed?" on the yield card: closed, then the formula and the inputs by their API names
    const info = p.getByRole('button', { name: 'How is this computed? (Annual Non-DRIP Yield)' });
    expect(await info.getAttribute('aria-expanded')).toBe('false');
    await info.click();
    expect(await info.getAttribute('aria-expanded')).toBe('true');
    const panel = p.locator(`#${await info.getAttribute('aria-controls')}`);
    await visible(panel);
    await seeText(panel, nvdw.explain.yieldPercent.formula);
    expect(await panel.locator('dt code').allTextContents()).toEqual(['weeklyAverage', 'currentPrice']);
    expect(await panel.locator('dd').allTextContents()).toEqual([String(nvdw.explain.yieldPercent.inputs['weeklyAverage']), String(nvdw.explain.yieldPercent.inputs['currentPrice'])]);

    // the NVDA funds side by side, this one marked, the others linked
    const table = p.getByRole('region', { name: 'Funds on NVDA' }).or(p.locator('[aria-labelledby="same-underlying-title"]'));
    await visible(table.getByRole('heading', { name: 'Funds on NVDA' }));
    const tickers = nvdw.sameUnderlying.map((f) => f.ticker);
    expect(tickers).toEqual(expect.arrayContaining(['NVDW', 'NVDY', 'NVYY', 'NVII']));
    const rows = table.locator('tbody tr');
    expect(await rows.count()).toBe(tickers.length);
    expect(await table.locator('tr[aria-current="page"]').textContent()).toContain('NVDW');
    for (const other of tickers.filter((t) => t !== 'NVDW')) await visible(table.getByRole('link', { name: other, exact: true }));
    await table.scrollIntoViewIfNeeded();

    if (size === 'phone') await expectNoSidewaysScroll(p, 'fund detail');
    await expectNoSeriousA11yViolations(p, `fund detail with explain open (${size})`);
    await screenshot(p, `insights-detail-${size}`);
  });

  it('signs up and holds NVDW (bought at its price a year ago) and NVDY (at $1.00: paid back)', async () => {
    const p = page('desktop');
    await signUp(p, user);
    const aYearAgo = new Date(Date.now() - 365 * 86_400_000).toISOString().slice(0, 10);
    const nvdy = await getJson<EtfDetail>('/api/etfs/detail/NVDY');
    const add = async (data: object) => {
      const res = await p.request.post('/api/user/portfolio', { data });
      expect(res.status(), await res.text()).toBe(201);
    };
    await add({ etfId: nvdw.id, shares: '100', purchasePrice: nvdw.currentPrice, purchaseDate: aYearAgo, isDrip: 0 });
    await add({ etfId: nvdy.id, shares: '10', purchasePrice: '1.00', purchaseDate: aYearAgo, isDrip: 1 });
    await logIn(page('phone'), user.email, user.password);
  });

  it.each(SIZE_NAMES)('personal area: each holding shows its house money line as the server computed it (%s)', async (size) => {
    const p = page(size);
    await p.goto('/my-weeklydiv');
    await onPersonalArea(p);
    const holdings = (await (await p.request.get('/api/user/portfolio')).json()) as HoldingView[];
    const byTicker = new Map(holdings.map((h) => [h.etf!.ticker, h]));
    const projected = byTicker.get('NVDW')!;
    const reached = byTicker.get('NVDY')!;
    expect(projected).toMatchObject({ houseMoneyReached: false, houseMoneyPercent: expect.stringMatching(/^\d+\.\d{2}$/), houseMoneyDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
    expect(reached).toMatchObject({ houseMoneyReached: true, houseMoneyDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
    expect(Number(reached.houseMoneyPercent)).toBeGreaterThanOrEqual(100);

    const row = (ticker: string) => p.getByTestId('holding').filter({ has: p.getByRole('link', { name: ticker, exact: true }) });
    const text = (n: string) => Number(n).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    await seeText(row('NVDW'), `House money: ${text(projected.houseMoneyPercent!)}% · 100% by ${shown(projected.houseMoneyDate!)} (projected)`);
    await seeText(row('NVDY'), `House money: ${text(reached.houseMoneyPercent!)}% · Paid back on ${shown(reached.houseMoneyDate!)}`);
    // compact: each part on one line (at 390 px the date may go under the percent, never break inside)
    const spans = await row('NVDW')
      .getByTestId('house-money')
      .locator('span')
      .evaluateAll((els) =>
        els.map((el) => {
          const range = document.createRange();
          range.selectNodeContents(el);
          const line = range.getClientRects()[0]!.height; // the first line box of its text
          const box = el.getBoundingClientRect();
          return { lines: Math.round(box.height / line), top: Math.round(box.top) };
        }),
      );
    expect(spans.map((s) => s.lines)).toEqual([1, 1]);
    if (size === 'desktop') expect(spans[0]!.top).toBe(spans[1]!.top);
    await p.getByTestId('holding').first().scrollIntoViewIfNeeded();
    await p.getByTestId('holding').first().locator('xpath=..').screenshot({ path: screenshotPath(`insights-house-money-rows-${size}`) });

    if (size === 'phone') await expectNoSidewaysScroll(p, 'personal area');
    await expectNoSeriousA11yViolations(p, `personal area with house money (${size})`);
    await screenshot(p, `insights-house-money-${size}`);
  });

  it.each(SIZE_NAMES)('personal area: "Subscribe" shows the private link; Reset link replaces it and the old one answers 404 (%s)', async (size) => {
    const p = page(size);
    await p.goto('/my-weeklydiv');
    await onPersonalArea(p);
    const card = p.getByRole('region', { name: 'Upcoming Dividend Payouts' }).or(p.locator('[aria-labelledby="upcoming-payouts-title"]'));
    await (await visible(card.getByRole('button', { name: 'Subscribe' }))).click();
    const dialog = await visible(p.getByRole('dialog', { name: 'Subscribe to your payouts' }));
    const link = dialog.getByRole('textbox', { name: 'Your private calendar link' });
    await expect.poll(async () => await link.inputValue()).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/calendar-feeds\/.+\.ics$/);
    const first = await link.inputValue();
    const feed = await p.request.get(first);
    expect(feed.status()).toBe(200);
    expect(feed.headers()['content-type']).toMatch(/^text\/calendar/);
    expect(await feed.text()).toContain('BEGIN:VCALENDAR');
    expect(await dialog.getByRole('link', { name: 'Open in calendar app' }).getAttribute('href')).toBe(first.replace(/^https?:/, 'webcal:'));
    await expectNoSeriousA11yViolations(p, `subscribe dialog (${size})`);
    await screenshot(p, `insights-subscribe-${size}`, { viewportOnly: true });

    await dialog.getByRole('button', { name: 'Reset link' }).click();
    await expect.poll(async () => await link.inputValue()).not.toBe(first);
    const second = await link.inputValue();
    await seeText(p, 'Calendar link reset. The old link no longer works.');
    expect((await p.request.get(first)).status()).toBe(404);
    expect((await p.request.get(second)).status()).toBe(200);
    await screenshot(p, `insights-subscribe-reset-${size}`, { viewportOnly: true, keepToast: true });
    await p.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });
});
