import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brandEtfs, getJson, type ListedEtf } from './support/api.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { launchBrowser, newContext, onPath, seeText, SIZE_NAMES, visible, watchErrors, type SizeName } from './support/browser.ts';
import { screenshot } from './support/screenshots.ts';

/**
 * Every route a visitor can open (signed out) renders its screen texts (headings, empty and loading states), at 1280x800
 * and 390x844, with no serious/critical axe violation and a full-page screenshot of each.
 */

let browser: Browser;
let detailEtf: ListedEtf;
const contexts = new Map<SizeName, BrowserContext>();

beforeAll(async () => {
  browser = await launchBrowser();
  for (const size of SIZE_NAMES) contexts.set(size, await newContext(browser, size));
  const roundhill = await brandEtfs('roundhill');
  expect(roundhill.length).toBeGreaterThan(0);
  detailEtf = roundhill[0]!;
});

afterAll(async () => {
  await browser?.close();
});

interface Screen {
  name: string;
  path: () => string;
  /** The spec texts the screen must show; resolves once they are all there. */
  check: (page: Page, size: SizeName) => Promise<void>;
  /** The HTTP status of the page itself (D18: an unknown path is a real 404); 200 when left out. */
  status?: number;
}

const heading = (page: Page, name: string | RegExp) => visible(page.getByRole('heading', { name, exact: typeof name === 'string' }));

const screens: Screen[] = [
  {
    name: 'landing',
    path: () => '/',
    async check(page, size) {
      await visible(page.getByRole('heading', { level: 1, name: /Grow your (dividend|income|portfolio) every week\./ }));
      await seeText(page, '50+ weekly ETFs tracked');
      await heading(page, 'Top Weekly Dividend Performers');
      // the seeded catalog is demo data: never "Live" or "Real-Time" above it (docs/client.md "Demo data")
      await seeText(page, /^Demo Market Data • Updated /);
      await visible(page.getByTestId('demo-data-notice').first());
      expect(await page.getByText('Market Data, Updated Hourly', { exact: true }).count()).toBe(1);
      expect(await page.getByText(/Live Market Data|Real-Time Data/).count()).toBe(0);
      // populated, not loading/empty/error
      await seeText(page, /^Showing \d+ weekly dividend ETFs$/);
      await visible(page.getByRole('link', { name: 'View All ETFs →' }));
      const table = page.getByRole('table').first();
      for (const column of ['Rank', 'Ticker', 'Price', 'Yield %']) await visible(table.getByRole('columnheader', { name: column }));
      if (size === 'desktop') {
        for (const column of ['Name', 'Day Change', '1-Year Return', 'DRIP Return', 'Next Ex-Div', 'Weekly Avg']) {
          await visible(table.getByRole('columnheader', { name: column }));
        }
      }
      expect(await table.getByRole('row').count()).toBeGreaterThan(10);
      for (const card of ['Yield %', '1-Year & DRIP Return', 'Weekly Avg']) await heading(page, card);
      await heading(page, 'Yield Calculator');
      await heading(page, 'DRIP Calculator');
      await visible(page.getByRole('link', { name: 'Get Started Free' }));
      await visible(page.getByRole('link', { name: 'View Pricing' }));
      for (const text of ['No credit card required', 'Cancel anytime', '14-day money-back guarantee']) await seeText(page, new RegExp(text));
      await seeText(page, /not financial advice/i);
    },
  },
  {
    name: 'etf-database',
    path: () => '/etfs',
    async check(page) {
      await heading(page, 'ETF Database');
      await seeText(page, /^Browse all \d+ weekly dividend ETFs/);
      await heading(page, 'Understanding the Metrics');
      const table = page.getByRole('table').first();
      await visible(table.getByRole('columnheader', { name: /Ticker/ }));
      // 20 rows per page, plus the header row
      await expect.poll(() => table.getByRole('row').count()).toBe(21);
    },
  },
  {
    name: 'brand-roundhill',
    path: () => '/etfs/roundhill',
    async check(page) {
      await heading(page, 'Roundhill ETFs');
      await visible(page.getByRole('link', { name: 'Back to all brands' }));
      const table = page.getByRole('table').first();
      for (const column of ['Ticker', 'ETF Name', 'Price', 'Yield %']) await visible(table.getByRole('columnheader', { name: column }));
      await visible(table.getByText(detailEtf.ticker, { exact: true }));
    },
  },
  {
    name: 'etf-detail',
    path: () => `/etfs/roundhill/${detailEtf.ticker.toLowerCase()}`,
    async check(page) {
      await checkDetail(page, detailEtf);
    },
  },
  {
    name: 'etf-by-ticker-redirect',
    path: () => `/etf/${detailEtf.ticker}`,
    async check(page) {
      await onPath(page, new RegExp(`^/etfs/roundhill/${detailEtf.ticker}$`, 'i'));
      await checkDetail(page, detailEtf);
    },
  },
  {
    name: 'dividend-calendar',
    path: () => '/dividend-calendar',
    async check(page) {
      await heading(page, 'Dividend Calendar');
      await seeText(page, /next 4 weeks/);
      await expect.poll(() => page.getByRole('heading', { name: /^Week \d/ }).count()).toBe(4);
      await visible(page.locator('a[href^="/etf/"]'));
      await visible(page.getByTestId('demo-data-notice')); // the seeded payouts are demo data
      await heading(page, 'About this calendar');
    },
  },
  {
    name: 'pricing',
    path: () => '/pricing',
    async check(page) {
      await heading(page, 'Simple, Transparent Pricing');
      await seeText(page, "Choose the plan that's right for you. Upgrade or downgrade at any time.");
      await seeText(page, 'Most Popular');
      await seeText(page, /\$9\.99/);
      await visible(page.getByRole('link', { name: 'Get Started' }));
      await visible(page.getByRole('link', { name: 'Sign Up to Upgrade' }));
      expect(await page.getByRole('link', { name: 'Get Started' }).first().getAttribute('href')).toBe('/register');
      await heading(page, 'Frequently Asked Questions');
    },
  },
  {
    name: 'news',
    path: () => '/news',
    async check(page) {
      await heading(page, 'Weekly ETF News');
      // the news reads answer an empty list until ingestion runs
      await seeText(page, 'No news articles published yet. Check back soon!');
    },
  },
  {
    name: 'login',
    path: () => '/login',
    async check(page) {
      await checkAuthTabs(page);
      await visible(page.getByLabel('Email'));
      await visible(page.getByLabel('Password', { exact: true }));
      await visible(page.getByRole('link', { name: 'Forgot password?' }));
      await visible(page.getByRole('button', { name: 'Log In', exact: true }));
    },
  },
  {
    name: 'signup',
    path: () => '/signup',
    async check(page) {
      await checkSignUpForm(page);
    },
  },
  {
    name: 'register',
    path: () => '/register',
    async check(page) {
      await checkSignUpForm(page);
    },
  },
  {
    name: 'forgot-password',
    path: () => '/forgot-password',
    async check(page) {
      await visible(page.getByLabel('Email'));
      await visible(page.getByRole('button', { name: 'Send Reset Link' }));
    },
  },
  {
    name: 'reset-password-without-token',
    path: () => '/reset-password',
    async check(page) {
      await seeText(page, /Invalid reset link\. Please request a new password reset\./);
    },
  },
  {
    name: 'my-signed-out',
    path: () => '/my',
    async check(page) {
      // /my leads to the personal area, which sends a visitor to log in
      await onPath(page, '/login');
      await visible(page.getByRole('button', { name: 'Log In', exact: true }));
    },
  },
  {
    name: 'not-found',
    path: () => '/no-such-page-here',
    status: 404,
    async check(page) {
      await heading(page, 'Page Not Found');
    },
  },
];

async function checkDetail(page: Page, etf: ListedEtf): Promise<void> {
  await visible(page.getByRole('heading', { level: 1, name: new RegExp(etf.ticker) }));
  await seeText(page, etf.name);
  await visible(page.getByRole('link', { name: 'Back to Roundhill ETFs' }));
  await visible(page.getByRole('button', { name: 'Save to Portfolio' }));
  await visible(page.getByRole('button', { name: 'Favorite', exact: true }));
  await heading(page, 'Annual Yield Calculations');
  for (const label of ['Current Price', 'Annual Non-DRIP Yield', 'Annual DRIP Yield', 'Weekly Average', 'Actual Non-DRIP', 'Actual DRIP']) {
    await seeText(page, label);
  }
  await heading(page, 'Actual Performance');
  // the chart library is fetched when the chart nears the viewport: scroll to it as a reader does
  const priceHistory = await heading(page, 'Price History');
  await priceHistory.scrollIntoViewIfNeeded();
  await visible(page.locator('canvas'));
  await heading(page, 'Dividend History');
  const history = page.getByRole('table', { name: /Dividend History/ }).or(page.getByRole('table').filter({ hasText: 'Ex-Dividend Date' }));
  await visible(history.first().getByRole('columnheader', { name: 'Payout Date' }));
  await heading(page, `${etf.ticker} News`);
  await heading(page, 'Similar ETFs');
}

async function checkAuthTabs(page: Page): Promise<void> {
  await visible(page.getByRole('tab', { name: 'Sign Up' }));
  await visible(page.getByRole('tab', { name: 'Log In' }));
}

async function checkSignUpForm(page: Page): Promise<void> {
  await checkAuthTabs(page);
  for (const label of ['First Name', 'Last Name', 'Email']) await visible(page.getByLabel(label));
  await visible(page.getByLabel('Password', { exact: true }));
  await visible(page.getByRole('button', { name: 'Sign Up for Free' }));
  await visible(page.getByRole('link', { name: 'Upgrade to Premium' }));
}

for (const size of SIZE_NAMES) {
  describe(`at ${size} size`, () => {
    for (const screen of screens) {
      it(`${screen.name} renders its spec texts, passes axe and is captured`, async () => {
        const page = await contexts.get(size)!.newPage();
        const errors = watchErrors(page);
        try {
          const response = await page.goto(screen.path());
          expect(response?.status(), 'page status').toBe(screen.status ?? 200);
          await screen.check(page, size);
          // every screen fits a 390 px phone: nothing scrolls sideways (D8)
          if (size === 'phone') expect(await page.evaluate(() => document.documentElement.scrollWidth), 'scrollWidth').toBeLessThanOrEqual(390);
          await expectNoSeriousA11yViolations(page, `${screen.name} (${size})`);
          await screenshot(page, `${screen.name}-${size}`);
          expect(errors.filter((e) => e.startsWith('pageerror'))).toEqual([]);
        } catch (error) {
          await screenshot(page, `failed-${screen.name}-${size}`, { keepToast: true }).catch(() => undefined);
          throw error;
        } finally {
          await page.close();
        }
      });
    }
  });
}

/**
 * Geometry of layouts that were reported broken (a screenshot shows them, these keep them fixed): the
 * phone calendar's height, the ETF pager on one row, the count line level with the Brand select, the
 * chart's attribution under the plot instead of on it.
 */
describe('layout geometry', () => {
  const box = async (page: Page, selector: string) =>
    page.locator(selector).first().evaluate((el) => {
      const r = el.getBoundingClientRect();
      return { top: r.top + window.scrollY, bottom: r.bottom + window.scrollY, left: r.left, right: r.right, height: r.height, width: r.width };
    });
  const pageHeight = (page: Page) => page.evaluate(() => document.documentElement.scrollHeight);

  async function withPage(size: SizeName, name: string, run: (page: Page) => Promise<void>): Promise<void> {
    const page = await contexts.get(size)!.newPage();
    try {
      await run(page);
    } catch (error) {
      await screenshot(page, `failed-${name}-${size}`, { keepToast: true }).catch(() => undefined);
      throw error;
    } finally {
      await page.close();
    }
  }

  it('phone calendar: one line per day, today or the next payout day open, under 5,000 px tall (was ~21,000)', async () => {
    await withPage('phone', 'calendar-geometry', async (page) => {
      await page.goto('/dividend-calendar');
      await expect.poll(() => page.getByRole('heading', { name: /^Week \d/ }).count()).toBe(4);
      const days = page.getByTestId('calendar-day');
      await expect.poll(() => days.count()).toBe(28);
      await visible(page.locator('[aria-current="date"]').getByText('Today'));
      // the day open by itself lists its payouts, each a link to /etf/{ticker}
      await visible(page.locator('a[href^="/etf/"]'));
      const main = page.getByRole('main');
      expect(await main.getByRole('button', { expanded: true }).count()).toBe(1);
      // every other day is one line (weekday, date, count)
      const heights = await days.evaluateAll((els) =>
        els.filter((el) => !el.querySelector('[aria-expanded="true"]')).map((el) => el.getBoundingClientRect().height),
      );
      expect(heights).toHaveLength(27);
      for (const h of heights) expect(h).toBeLessThanOrEqual(56);
      const height = await pageHeight(page);
      expect(height).toBeLessThan(5_000);
      await visible(page.getByRole('heading', { name: 'About this calendar' }));
      await screenshot(page, 'dividend-calendar-compact-phone');

      // a closed day opens on a tap, its payouts one line each
      const date = await main
        .getByRole('button', { expanded: false })
        .filter({ hasText: /\d+ payouts?/ })
        .last()
        .evaluate((el) => el.closest('[data-date]')!.getAttribute('data-date'));
      const toggle = page.locator(`[data-date="${date}"] button`);
      await toggle.click();
      await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('true');
      const rows = page.locator(`[data-date="${date}"] a[href^="/etf/"]`);
      await visible(rows);
      const rowHeights = await rows.evaluateAll((els) => els.map((el) => el.getBoundingClientRect().height));
      for (const h of rowHeights) expect(h).toBeLessThanOrEqual(40);
      await expectNoSeriousA11yViolations(page, 'dividend-calendar with a day opened (phone)');
    });
  });

  it('desktop calendar keeps its grid: a week is one row of 7 day cards listing every payout', async () => {
    await withPage('desktop', 'calendar-geometry', async (page) => {
      await page.goto('/dividend-calendar');
      await expect.poll(() => page.getByTestId('calendar-day').count()).toBe(28);
      const tops = await page.getByTestId('calendar-day').evaluateAll((els) => els.slice(0, 7).map((el) => Math.round(el.getBoundingClientRect().top)));
      expect(new Set(tops).size).toBe(1);
      expect(await page.getByRole('main').getByRole('button', { expanded: false }).count()).toBe(0);
      const counts = await page.getByTestId('calendar-day').evaluateAll((els) =>
        els.map((el) => {
          const line = [...el.querySelectorAll('span')].map((s) => s.textContent ?? '').find((t) => /^(\d+ payouts?|No payouts)$/.test(t));
          return { said: line === undefined ? -1 : Number.parseInt(line, 10) || 0, links: el.querySelectorAll('a[href^="/etf/"]').length };
        }),
      );
      for (const c of counts) expect(c.links).toBe(c.said);
    });
  });

  it('phone /etfs: Previous, 3 page numbers and Next on one row inside the screen, each button one line', async () => {
    await withPage('phone', 'etfs-pager-geometry', async (page) => {
      await page.goto('/etfs');
      const pager = page.getByRole('navigation', { name: 'ETF pages' });
      await visible(pager.getByRole('button', { name: 'Next' }));
      const buttons = await pager.getByRole('button').evaluateAll((els) =>
        els.filter((el) => getComputedStyle(el).display !== 'none').map((el) => {
          const r = el.getBoundingClientRect();
          return { text: el.textContent, top: Math.round(r.top), height: r.height, right: r.right, left: r.left };
        }),
      );
      expect(buttons.map((b) => b.text)).toEqual(['Previous', '1', '2', '3', 'Next']);
      expect(new Set(buttons.map((b) => b.top)).size).toBe(1);
      for (const b of buttons) expect(b.height).toBe(40);
      expect(Math.min(...buttons.map((b) => b.left))).toBeGreaterThanOrEqual(0);
      expect(Math.max(...buttons.map((b) => b.right))).toBeLessThanOrEqual(390);
      // the window follows the current page: on the last page, the 3 nearest it
      const total = Number(/of (\d+)/.exec((await seeText(page, /^Showing 1–20 of \d+$/).then((l) => l.textContent())) ?? '')![1]);
      const last = Math.ceil(total / 20);
      await pager.getByRole('button', { name: 'Next' }).click();
      await expect.poll(() => pager.locator('[aria-current="page"]').textContent()).toBe('2');
      await page.goto(`/etfs?page=${last}`);
      await expect.poll(() => pager.locator('[aria-current="page"]').textContent()).toBe(String(last));
      const shown = await pager.getByRole('button', { name: /^Page \d+$/ }).allTextContents();
      expect(shown).toEqual([last - 2, last - 1, last].map(String));
    });
  });

  it('desktop /etfs: a window of up to 5 page numbers; "Showing 1–20 of N" level with the Brand select', async () => {
    await withPage('desktop', 'etfs-toolbar-geometry', async (page) => {
      await page.goto('/etfs');
      const countLine = await seeText(page, /^Showing 1–20 of \d+$/);
      const total = Number(/of (\d+)/.exec((await countLine.textContent()) ?? '')![1]);
      const pager = page.getByRole('navigation', { name: 'ETF pages' });
      await expect.poll(() => pager.getByRole('button', { name: /^Page \d+$/ }).count()).toBe(Math.min(5, Math.ceil(total / 20)));
      const select = await box(page, 'select');
      const count = await countLine.evaluate((el) => {
        // the text's own line box, not the element's
        const range = document.createRange();
        range.selectNodeContents(el);
        const r = range.getBoundingClientRect();
        return { top: r.top + window.scrollY, bottom: r.bottom + window.scrollY };
      });
      const middle = (b: { top: number; bottom: number }) => (b.top + b.bottom) / 2;
      expect(Math.abs(middle(count) - middle(select))).toBeLessThanOrEqual(2);
    });
  });

  for (const size of SIZE_NAMES) {
    it(`detail page (${size}): the TradingView attribution is a link under the chart, nothing drawn over the plot`, async () => {
      await withPage(size, 'chart-attribution', async (page) => {
        await page.goto(`/etfs/roundhill/${detailEtf.ticker.toLowerCase()}`);
        const priceHistory = await heading(page, 'Price History');
        await priceHistory.scrollIntoViewIfNeeded();
        const chart = page.getByRole('img', { name: /closing prices/ });
        await visible(chart.locator('canvas'));
        expect(await chart.locator('a').count()).toBe(0);
        const credit = page.getByTestId('chart-attribution');
        const link = credit.getByRole('link', { name: 'TradingView' });
        expect(await link.getAttribute('href')).toBe('https://www.tradingview.com/');
        await visible(link);
        const chartBox = await chart.boundingBox();
        const creditBox = await credit.boundingBox();
        expect(creditBox!.y).toBeGreaterThanOrEqual(chartBox!.y + chartBox!.height);
        expect(await credit.textContent()).toBe('Chart by TradingView Lightweight Charts™');
      });
    });
  }
});

describe('one URL per fund (D25)', () => {
  it('a wrong brand and a lower-case ticker are replaced by /etfs/{brand}/{TICKER}, named canonical; the brand page links there', async () => {
    const page = await contexts.get('desktop')!.newPage();
    try {
      const response = await page.goto(`/etfs/granite/${detailEtf.ticker.toLowerCase()}`);
      expect(response?.status()).toBe(200);
      const canonical = `/etfs/roundhill/${detailEtf.ticker.toUpperCase()}`;
      await onPath(page, canonical);
      await visible(page.getByRole('heading', { level: 1, name: new RegExp(detailEtf.ticker) }));
      await expect.poll(() => page.locator('link[rel="canonical"]').getAttribute('href')).toBe(new URL(canonical, page.url()).href);
      await page.goto('/etfs/roundhill');
      const link = page.getByRole('table').first().getByRole('link', { name: detailEtf.ticker, exact: true });
      expect(await link.getAttribute('href')).toBe(canonical);
    } finally {
      await page.close();
    }
  });
});


describe('issue 10 figures on screen', () => {
  it('the detail shows the distribution rate beside the spec yield, from the exact value rounded once', async () => {
    const page = await contexts.get('desktop')!.newPage();
    try {
      const detail = await getJson<{ exact: { distributionRate: string | null } }>(`/api/etfs/detail/${detailEtf.ticker}`);
      await page.goto(`/etfs/roundhill/${detailEtf.ticker}`);
      await visible(page.getByText('Annual Non-DRIP Yield'));
      const card = page.getByTestId('distribution-rate');
      await visible(card);
      const text = (await card.textContent()) ?? '';
      if (detail.exact.distributionRate === null) {
        expect(text).toBe('N/A');
      } else {
        expect(text).toMatch(/^-?[\d,]+\.\d%$/);
        expect(Math.abs(Number(text.replace(/[,%]/g, '')) - Number(detail.exact.distributionRate))).toBeLessThanOrEqual(0.05);
      }
    } finally {
      await page.close();
    }
  });

  it('the public calendar names every market holiday of its four weeks on that day', async () => {
    const holidays = await getJson<{ date: string; name: string }[]>('/api/dividends/calendar/holidays');
    const page = await contexts.get('desktop')!.newPage();
    try {
      await page.goto('/dividend-calendar');
      await expect.poll(() => page.getByTestId('calendar-day').count()).toBe(28);
      for (const h of holidays) {
        await visible(page.locator(`[data-date="${h.date}"]`).getByText(`Market closed: ${h.name}`));
      }
      expect(await page.getByText(/^Market closed: /).count()).toBe(holidays.length);
    } finally {
      await page.close();
    }
  });
});
