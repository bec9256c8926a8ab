import { describe, expect, it } from 'vitest';
import { user } from '../../testing/fixtures.ts';
import { formatLongDate, subscriptionView } from './subscription-view.ts';

const now = new Date('2026-03-10T12:00:00.000Z');
const end = '2026-04-02T15:00:00.000Z';
const past = '2026-03-01T15:00:00.000Z';

describe('subscriptionView', () => {
  it('free without a subscription: no badge, no date, no portal', () => {
    expect(subscriptionView(user(), now)).toEqual({ plan: 'Free', statusLabel: null, tone: 'neutral', dateLine: null, note: null, hasSubscription: false });
  });

  it('active: renews on the period end', () => {
    expect(subscriptionView(user({ subscriptionTier: 'premium', subscriptionStatus: 'active', currentPeriodEnd: end }), now)).toMatchObject({
      plan: 'Premium',
      statusLabel: 'Active',
      tone: 'positive',
      dateLine: `Renews on ${formatLongDate(end)}`,
      note: null,
      hasSubscription: true,
    });
  });

  it('trialing: the trial end', () => {
    expect(subscriptionView(user({ subscriptionTier: 'premium', subscriptionStatus: 'trialing', currentPeriodEnd: end }), now).dateLine).toBe(`Trial ends on ${formatLongDate(end)}`);
  });

  it('cancelled at period end: ends on, with a note', () => {
    expect(subscriptionView(user({ subscriptionTier: 'premium', subscriptionStatus: 'active', currentPeriodEnd: end, cancelAtPeriodEnd: true }), now)).toMatchObject({
      tone: 'warning',
      dateLine: `Ends on ${formatLongDate(end)}`,
      note: 'Your subscription will not renew. You keep Premium until it ends.',
    });
  });

  it('past_due: Premium kept, asks to update the card', () => {
    expect(subscriptionView(user({ subscriptionTier: 'premium', subscriptionStatus: 'past_due', currentPeriodEnd: end }), now)).toMatchObject({
      statusLabel: 'Payment failed',
      tone: 'warning',
      dateLine: null,
      note: 'Your last payment failed. Premium stays on while the payment is retried: update your card in Manage Subscription.',
    });
  });

  it('canceled within the paid period, and after it', () => {
    expect(subscriptionView(user({ subscriptionTier: 'premium', subscriptionStatus: 'canceled', currentPeriodEnd: end }), now)).toMatchObject({
      plan: 'Premium',
      statusLabel: 'Canceled',
      dateLine: `Ends on ${formatLongDate(end)}`,
      note: 'You keep Premium until the end of the period you paid for.',
    });
    expect(subscriptionView(user({ subscriptionTier: 'free', subscriptionStatus: 'canceled', currentPeriodEnd: past }), now)).toMatchObject({
      plan: 'Free',
      tone: 'negative',
      dateLine: `Ended on ${formatLongDate(past)}`,
      note: 'Your Premium subscription has ended. You can upgrade again at any time.',
      hasSubscription: true,
    });
  });

  it('unpaid and unknown statuses', () => {
    expect(subscriptionView(user({ subscriptionStatus: 'unpaid', currentPeriodEnd: end }), now)).toMatchObject({ statusLabel: 'Unpaid', tone: 'negative', dateLine: null });
    expect(subscriptionView(user({ subscriptionStatus: 'something_new' }), now).statusLabel).toBe('something_new');
  });
});
