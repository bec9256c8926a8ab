import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { streams } from '../../events/streams.ts';
import { getJson, type ListedEtf } from './support/api.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { expectNoSidewaysScroll, launchBrowser, newContext, seeText, visible } from './support/browser.ts';
import { logIn, newUser, onPersonalArea, seeToast, signUp, toastWith } from './support/flows.ts';
import { screenshot, screenshotOnFailure } from './support/screenshots.ts';
import { makePremium, withServerLog } from './support/server-log.ts';

/**
 * Premium's brokerage sync card in the personal area, against the real server whose SnapTrade is the
 * local stand-in (web/e2e/global-setup.ts): connect (register toast, SnapTrade's read-only portal in a
 * new tab), the accounts with the count badge after "Refresh Accounts", "Sync Portfolio" (the spec's
 * toast and description, the synced holdings in "My Holdings", each account's last sync), at both
 * sizes with axe and screenshots. Premium is given the way billing records it: `SubscriptionChanged`
 * appended to the server's log (the embedded store picks up other processes' commits, as for the CLI).
 */

let browser: Browser;
let context: BrowserContext;
let page: Page;
const user = newUser('brokerage');
let userId: string;
let funds: ListedEtf[];

beforeAll(async () => {
  browser = await launchBrowser();
  context = await newContext(browser, 'desktop');
  page = await context.newPage();
  funds = await getJson<ListedEtf[]>('/api/etfs');
  await signUp(page, user);
  userId = ((await (await page.request.get('/api/user')).json()) as { id: string }).id;
});

screenshotOnFailure(() => [page]);

afterAll(async () => {
  await browser?.close();
});

describe.sequential('brokerage sync card (Premium)', () => {
  it('becomes Premium the way billing records it (SubscriptionChanged in the log)', async () => {
    await makePremium(userId, 'brokerage-e2e');
    await expect
      .poll(async () => ((await (await page.request.get('/api/user')).json()) as { subscriptionTier: string }).subscriptionTier, { timeout: 30_000 })
      .toBe('premium');
  });

  it('offers to connect, read-only, instead of the upsell', async () => {
    await page.goto('/my-weeklydiv');
    await onPersonalArea(page);
    const card = page.getByTestId('brokerage-sync');
    await visible(card.getByRole('button', { name: 'Connect Brokerage' }));
    await seeText(card, /we never see or store your brokerage login/);
    expect(await page.getByText('Upgrade to Premium - $9.99/month').count()).toBe(0);
    await expectNoSeriousA11yViolations(page, 'brokerage card: connect (desktop)');
    await screenshot(page, 'brokerage-connect-desktop');
  });

  it('connect: "Registered with brokerage service", then SnapTrade\'s read-only portal in a new tab', async () => {
    const card = page.getByTestId('brokerage-sync');
    const [portal] = await Promise.all([context.waitForEvent('page'), card.getByRole('button', { name: 'Connect Brokerage' }).click()]);
    await seeToast(page, 'Registered with brokerage service');
    await portal.waitForURL(/\/portal\?token=[0-9a-f]+&connectionType=read/);
    expect(await portal.evaluate(() => window.opener)).toBeNull();
    await visible(portal.getByRole('heading', { name: 'SnapTrade connection portal (stand-in)' }));
    await portal.close();
    await visible(card.getByRole('button', { name: 'Refresh Accounts' }));
  });

  it('after connecting two accounts at SnapTrade: the count badge, "Sync Portfolio" and the synced holdings', async () => {
    const snaptradeUserId = await withServerLog(async (log) => {
      const [registered] = await log.readStream(streams.brokerage(userId));
      return (registered!.data as { snaptradeUserId: string }).snaptradeUserId;
    });
    expect(snaptradeUserId).toMatch(/^wd-/);
    const [a, b] = funds;
    const answer = await fetch(`${inject('e2eSnapTradeUrl')}/__control/accounts`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        snaptradeUserId,
        accounts: [
          { id: 'e2e-acc-1', brokerageName: 'Robinhood', accountName: 'Individual', positions: [{ symbol: a!.ticker, units: '25', costBasis: '18.5' }, { symbol: 'AAPL', kind: 'stock', units: '3' }] },
          { id: 'e2e-acc-2', brokerageName: 'Fidelity', accountName: 'Roth IRA', positions: [{ symbol: b!.ticker, units: '12.5' }] },
        ],
      }),
    });
    expect(answer.status).toBe(204);
    const card = page.getByTestId('brokerage-sync');
    await card.getByRole('button', { name: 'Refresh Accounts' }).click();
    await visible(card.getByLabel('2 connected accounts'));
    await seeText(card, /Robinhood · Individual/);
    await seeText(card, 'Not synced yet');

    await card.getByRole('button', { name: 'Sync Portfolio' }).click();
    await seeToast(page, 'Portfolio synced successfully');
    await visible(toastWith(page, 'Portfolio synced successfully').getByText('Synced 2 weekly dividend ETFs from 3 total holdings'));
    const holdings = page.getByRole('region', { name: 'My Holdings' });
    await seeText(holdings, a!.ticker);
    await seeText(holdings, b!.ticker);
    await expect.poll(async () => card.getByText(/Last synced .* ET/).count()).toBe(2);
    await expectNoSeriousA11yViolations(page, 'brokerage card: synced (desktop)');
    await screenshot(page, 'brokerage-synced-desktop', { keepToast: true });

    // the account page (where SnapTrade's portal returns) holds the same connections in its brokerage panel
    await page.goto('/account');
    const panel = page.getByTestId('brokerage-panel');
    await visible(panel.getByRole('heading', { name: 'Brokerage connections' }));
    await visible(panel.getByLabel('2 connected accounts'));
    await seeText(panel, /Fidelity · Roth IRA/);
    await expect.poll(async () => panel.getByText(/Last synced .* ET/).count()).toBe(2);
    await visible(panel.getByRole('button', { name: 'Add Another Account' }));
    await expectNoSeriousA11yViolations(page, 'account page: brokerage panel (desktop)');
    await screenshot(page, 'account-brokerage-panel-desktop');
  });

  it('on a phone: the accounts, both buttons, no sideways scroll', async () => {
    const phone = await newContext(browser, 'phone');
    try {
      const small = await phone.newPage();
      await logIn(small, user.email, user.password);
      const card = small.getByTestId('brokerage-sync');
      await visible(card.getByLabel('2 connected accounts'));
      await visible(card.getByRole('button', { name: 'Sync Portfolio' }));
      await visible(card.getByRole('button', { name: 'Add Another Account' }));
      await expectNoSidewaysScroll(small, 'personal area with the brokerage card');
      await expectNoSeriousA11yViolations(small, 'brokerage card (phone)');
      await screenshot(small, 'brokerage-synced-phone');
    } finally {
      await phone.close();
    }
  });
});
