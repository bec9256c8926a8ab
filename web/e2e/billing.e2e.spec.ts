import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutSessionObject, stripeEvent, subscriptionObject } from '../../services/billing/testing/stripe-stand-in.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { expectNoSidewaysScroll, launchBrowser, newContext, onPath, visible, watchErrors } from './support/browser.ts';
import { logIn, newUser, signUp } from './support/flows.ts';
import { screenshot, screenshotOnFailure } from './support/screenshots.ts';
import { deliverWebhook, E2E_STRIPE, putSubscription, stripeRequests, stripeUrl } from './support/stripe.ts';

/**
 * Buying Premium (issue 14): a new user presses "Upgrade to Premium" on the pricing page and is sent
 * to Stripe Checkout (the local stand-in's hosted page); Stripe's signed `checkout.session.completed`
 * arrives at the webhook (posted by the test, as Stripe would); back on the success URL the user sees
 * the Premium screens: the welcome on /account/subscription, "Manage Subscription" on pricing, the
 * brokerage card instead of the upsell in the personal area, and the billing portal opens.
 */

let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: string[];
/** Every answer of 400 or more the page got: method, status and URL. */
const failed: string[] = [];
let userId = '';
const buyer = newUser('billing');
let successUrl = '';

beforeAll(async () => {
  browser = await launchBrowser();
  context = await newContext(browser, 'desktop');
  page = await context.newPage();
  errors = watchErrors(page);
  page.on('response', (response) => {
    if (response.status() >= 400) failed.push(`${response.request().method()} ${response.status()} ${response.url()}`);
  });
});

let phone: Page | undefined;
screenshotOnFailure(() => [page, phone]);

afterAll(async () => {
  await browser?.close();
});

describe.sequential('buying Premium with Stripe', () => {
  it('a free user sees "Upgrade to Premium" and the upsell in the personal area', async () => {
    await signUp(page, buyer);
    await visible(page.getByTestId('brokerage-upsell'));
    userId = await page.evaluate(async () => ((await (await fetch('/api/user')).json()) as { id: string }).id);
    await page.goto('/pricing');
    await visible(page.getByRole('button', { name: 'Current Plan' }));
    await visible(page.getByRole('button', { name: 'Upgrade to Premium' }));
    await expectNoSeriousA11yViolations(page, 'pricing, free user');
    await screenshot(page, 'billing-pricing-free-desktop');
  });

  it('"Upgrade to Premium" goes to Stripe Checkout with a subscription session naming the user', async () => {
    await page.getByRole('button', { name: 'Upgrade to Premium' }).click();
    await page.waitForURL(new RegExp(`^${stripeUrl()}/c/pay/cs_test_[0-9a-f]+$`));
    await visible(page.getByRole('heading', { name: 'Stripe Checkout (test stand-in)' }));
    const checkout = (await stripeRequests()).filter((r) => r.path === '/v1/checkout/sessions').at(-1)!;
    expect(checkout.form).toMatchObject({
      mode: 'subscription',
      'line_items[0][price]': E2E_STRIPE.priceId,
      client_reference_id: userId,
      'metadata[userId]': userId,
    });
    successUrl = checkout.form['success_url']!;
    expect(successUrl).toMatch(/\/account\/subscription\?checkout=success$/);
  });

  it('the signed checkout.session.completed webhook makes the user Premium', async () => {
    const periodEnd = Math.floor(Date.now() / 1000) + 30 * 24 * 3600;
    await putSubscription(subscriptionObject({ id: 'sub_e2e_1', customer: 'cus_e2e_1', status: 'active', periodEnd, userId }) as { id: string });
    const event = stripeEvent(
      'checkout.session.completed',
      checkoutSessionObject({ id: 'cs_e2e_1', customer: 'cus_e2e_1', subscription: 'sub_e2e_1', userId }),
      Math.floor(Date.now() / 1000),
    );
    const answer = await deliverWebhook(event);
    expect(answer.status).toBe(200);
    // a redelivery changes nothing and is still acknowledged
    expect((await deliverWebhook(event)).status).toBe(200);
  });

  it('back from Checkout: the subscription screen welcomes the user to Premium', async () => {
    await page.goto(successUrl);
    await visible(page.getByText('Welcome to Premium! Your subscription is active.'));
    await visible(page.getByTestId('plan-name').getByText('Premium'));
    await visible(page.getByTestId('plan-status').getByText('Active'));
    await visible(page.getByTestId('plan-date').getByText(/^Renews on /));
    await expectNoSeriousA11yViolations(page, 'account subscription, premium');
    await screenshot(page, 'billing-subscription-premium-desktop');
  });

  it('pricing shows "Manage Subscription", the personal area the brokerage card, the account page the plan', async () => {
    await page.goto('/pricing');
    await visible(page.getByRole('link', { name: 'Manage Subscription' }));
    expect(await page.getByRole('button', { name: 'Upgrade to Premium' }).count()).toBe(0);
    await screenshot(page, 'billing-pricing-premium-desktop');
    await page.goto('/my-weeklydiv');
    await visible(page.getByTestId('brokerage-sync'));
    expect(await page.getByTestId('brokerage-upsell').count()).toBe(0);
    await page.goto('/account');
    await visible(page.getByRole('heading', { level: 1, name: 'My Account' }));
    await visible(page.getByTestId('plan-name').getByText('Premium'));
    await expectNoSeriousA11yViolations(page, 'account, premium');
    await screenshot(page, 'billing-account-premium-desktop');
  });

  it('"Manage Subscription" opens the Stripe billing portal for the customer', async () => {
    await page.goto('/account/subscription');
    await page.getByRole('button', { name: 'Manage Subscription' }).click();
    await page.waitForURL(new RegExp(`^${stripeUrl()}/p/session/bps_test_`));
    const portal = (await stripeRequests()).filter((r) => r.path === '/v1/billing_portal/sessions').at(-1)!;
    expect(portal.form['customer']).toBe('cus_e2e_1');
    expect(portal.form['return_url']).toMatch(/\/account\/subscription$/);
    await page.goBack();
    await onPath(page, '/account/subscription');
    expect(errors.filter((e) => e.startsWith('pageerror'))).toEqual([]);
    // The only failed answers: "signed out" before the sign-up, and the stand-in's pages having no favicon.
    const unexpected = failed.filter((f) => !/^GET 401 .*\/api\/user(\?|$)/.test(f) && !f.startsWith(`GET 404 ${stripeUrl()}/favicon.ico`));
    expect(unexpected).toEqual([]);
  });

  it('on a phone: the account and subscription screens fit 390 px and pass axe', async () => {
    const phoneContext = await newContext(browser, 'phone');
    phone = await phoneContext.newPage();
    await logIn(phone, buyer.email, buyer.password);
    await phone.goto('/account');
    await visible(phone.getByTestId('plan-name').getByText('Premium'));
    await expectNoSidewaysScroll(phone, 'account (phone)');
    await expectNoSeriousA11yViolations(phone, 'account, premium (phone)');
    await screenshot(phone, 'billing-account-premium-phone');
    await phone.goto('/account/subscription');
    await visible(phone.getByRole('button', { name: 'Manage Subscription' }));
    await expectNoSidewaysScroll(phone, 'account subscription (phone)');
    await screenshot(phone, 'billing-subscription-premium-phone');
    await phoneContext.close();
  });
});
