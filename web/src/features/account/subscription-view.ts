import type { User } from '../../../../contracts/accounts.ts';

/** What the account screens say about a user's plan (pure: specs cover each status). */
export interface SubscriptionView {
  plan: 'Premium' | 'Free';
  /** A short word for the badge ("Active", "Payment failed" ...); null without a subscription. */
  statusLabel: string | null;
  tone: 'positive' | 'warning' | 'negative' | 'neutral';
  /** "Renews on March 2, 2026", "Ends on ...", "Ended on ..."; null when there is no date to give. */
  dateLine: string | null;
  /** A sentence for the states that need the user's attention (a failed payment, an ended plan). */
  note: string | null;
  /** Whether the user has a Stripe subscription (on record) the billing portal can manage. */
  hasSubscription: boolean;
}

const STATUS_LABELS: Record<string, string> = {
  active: 'Active',
  trialing: 'Trial',
  past_due: 'Payment failed',
  canceled: 'Canceled',
  unpaid: 'Unpaid',
  incomplete: 'Payment incomplete',
  incomplete_expired: 'Expired',
  paused: 'Paused',
};

/** "March 2, 2026" in the user's time zone. */
export function formatLongDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
}

export function subscriptionView(user: User, now: Date = new Date()): SubscriptionView {
  const status = user.subscriptionStatus;
  const premium = user.subscriptionTier === 'premium';
  const end = user.currentPeriodEnd;
  const ended = end !== null && Date.parse(end) <= now.getTime();
  let dateLine: string | null = null;
  if (end !== null && status !== null) {
    if (status === 'canceled' || user.cancelAtPeriodEnd) dateLine = `${ended ? 'Ended' : 'Ends'} on ${formatLongDate(end)}`;
    else if (status === 'active' || status === 'trialing') dateLine = `${status === 'trialing' ? 'Trial ends' : 'Renews'} on ${formatLongDate(end)}`;
  }
  let note: string | null = null;
  if (status === 'past_due') note = 'Your last payment failed. Premium stays on while the payment is retried: update your card in Manage Subscription.';
  else if (status === 'unpaid' || status === 'incomplete_expired') note = 'Your subscription was not paid, so Premium is off. Upgrade again from the pricing page.';
  else if (status === 'incomplete') note = 'Your first payment is not complete yet. Finish it in Manage Subscription.';
  else if (status === 'canceled' && premium) note = 'You keep Premium until the end of the period you paid for.';
  else if (status === 'canceled') note = 'Your Premium subscription has ended. You can upgrade again at any time.';
  else if (user.cancelAtPeriodEnd && premium) note = 'Your subscription will not renew. You keep Premium until it ends.';
  const tone: SubscriptionView['tone'] =
    status === 'active' || status === 'trialing' ? (user.cancelAtPeriodEnd ? 'warning' : 'positive') : status === 'past_due' || status === 'incomplete' ? 'warning' : status === null ? 'neutral' : 'negative';
  return {
    plan: premium ? 'Premium' : 'Free',
    statusLabel: status === null ? null : (STATUS_LABELS[status] ?? status),
    tone,
    dateLine,
    note,
    hasSubscription: status !== null,
  };
}
