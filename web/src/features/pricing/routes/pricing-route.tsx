import { useNavigate, useSearchParams } from 'react-router-dom';
import { styled } from 'styled-components';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Page } from '../../../components/ui/layout.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { paths } from '../../../lib/paths.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useCurrentUser } from '../../../lib/session/use-current-user.ts';
import { useCreateCheckoutSessionMutation } from '../api.ts';
import { useGetBillingAvailabilityQuery } from '../../../api/billing-api.ts';
import { goToExternal } from '../../../lib/external-redirect.ts';
import { NO_CHECKOUT_URL, checkoutFailureMessage, checkoutFailureTitle } from '../checkout.ts';
import { theme } from '../../../styles/theme.ts';

const FREE_FEATURES = [
  'Access to all weekly dividend ETFs',
  'Dividend calendar',
  'Yield & DRIP calculators',
  'Performance metrics',
  'Favorite ETFs (up to 5)',
  'Manual portfolio tracking',
];

/**
 * Each line is something Premium adds, gated by the server (issue 29, W4): docs/billing.md "What Premium
 * gives" names the endpoints and the spec of each line, and why a line differs from the spec's wording.
 */
const PREMIUM_FEATURES = [
  'Everything in Free',
  'Automatic brokerage sync (20+ brokerages)',
  'Real-time portfolio updates',
  'Advanced analytics: your income record, income goal and tax-year summary',
  'Export your income and tax-year reports (CSV)',
  'Priority support, answered within one business day',
];

const FAQ = [
  {
    q: 'Can I cancel my subscription at any time?',
    a: 'Yes. You can cancel whenever you like and keep Premium access until the end of your current billing period.',
  },
  {
    q: 'How does brokerage sync work?',
    a: 'We connect to 20+ brokerages through a brokerage-aggregation partner. Connections are read-only and we never store your brokerage credentials.',
  },
  {
    q: 'What payment methods do you accept?',
    a: 'All major credit cards, processed securely by our card payment provider.',
  },
  {
    q: 'Is the Free plan really free?',
    a: 'Yes: $0 forever, no credit card required, and your data is yours to download on either plan. Upgrade only when you want what Premium adds: automatic brokerage sync, real-time updates, your income and tax-year reports and priority support.',
  },
];

/** Shown instead of the Premium button while the server cannot sell Premium (no Stripe configuration). */
export const PREMIUM_UNAVAILABLE = 'Premium is not available yet';

/**
 * `/pricing`: the Free and Premium plans; each button depends on who is looking (visitor, free,
 * premium). While the server cannot sell Premium (GET /api/subscription/availability says so) the
 * Premium button says so, disabled, for everyone but a Premium user. `?checkout=canceled` (the way
 * back from Stripe Checkout) says nothing was charged.
 */
export default function PricingRoute() {
  useDocumentTitle('Pricing');
  const { user, isPremium, isLoading } = useCurrentUser();
  // Unknown (loading, or an older server) counts as available: the checkout answer then says why not.
  const premiumAvailable = useGetBillingAvailabilityQuery().data?.premiumAvailable !== false;
  const [params] = useSearchParams();
  const checkoutCanceled = params.get('checkout') === 'canceled';
  const signedIn = Boolean(user);

  return (
    <Page>
      <Intro>
        <h1>Simple, Transparent Pricing</h1>
        <p>Choose the plan that's right for you. Upgrade or downgrade at any time.</p>
      </Intro>
      {checkoutCanceled && !isPremium && (
        <Notice role="status">Checkout canceled. You have not been charged; upgrade whenever you are ready.</Notice>
      )}
      <Plans>
        <Plan aria-labelledby="plan-free">
          <PlanName id="plan-free">Free</PlanName>
          <Price>
            $0<span> forever</span>
          </Price>
          <PlanText>Everything you need to research weekly dividend ETFs and track your holdings by hand.</PlanText>
          <Features>
            {FREE_FEATURES.map((f) => (
              <Feature key={f}>{f}</Feature>
            ))}
          </Features>
          <FreePlanButton isLoading={isLoading} signedIn={signedIn} isPremium={isPremium} />
        </Plan>
        <Plan $accent aria-labelledby="plan-premium">
          <PopularBadge $tone="accent">Most Popular</PopularBadge>
          <PlanName id="plan-premium">Premium</PlanName>
          <Price>
            $9.99<span> per month</span>
          </Price>
          <PlanText>Connect your brokerage and let your portfolio update itself.</PlanText>
          <Features>
            {PREMIUM_FEATURES.map((f) => (
              <Feature key={f}>{f}</Feature>
            ))}
          </Features>
          <PremiumPlanButton isLoading={isLoading} signedIn={signedIn} isPremium={isPremium} premiumAvailable={premiumAvailable} />
          {!premiumAvailable && !isPremium && <PlanNote>Premium is not available yet. Everything in Free works today; check back soon.</PlanNote>}
        </Plan>
      </Plans>
      <PricingFaq />
    </Page>
  );
}

function PricingFaq() {
  return (
    <Faq aria-labelledby="faq-title">
      <h2 id="faq-title">Frequently Asked Questions</h2>
      <dl>
        {FAQ.map((item) => (
          <div key={item.q}>
            <dt>{item.q}</dt>
            <dd>{item.a}</dd>
          </div>
        ))}
      </dl>
    </Faq>
  );
}

// While the user is loading, a blank disabled button holds each plan's place (nothing moves when it arrives).

function FreePlanButton({ isLoading, signedIn, isPremium }: { isLoading: boolean; signedIn: boolean; isPremium: boolean }) {
  if (isLoading) {
    return (
      <Button $block $variant="outline" disabled aria-hidden="true" tabIndex={-1}>
        &nbsp;
      </Button>
    );
  }
  if (!signedIn) {
    return (
      <ButtonLink to={paths.register} $block $variant="outline">
        Get Started
      </ButtonLink>
    );
  }
  // A Premium user's plan is Premium: the Free card does not claim it too (issue 29, W12).
  return (
    <Button $block $variant="outline" disabled>
      {isPremium ? 'Included in Premium' : 'Current Plan'}
    </Button>
  );
}

function PremiumPlanButton({ isLoading, signedIn, isPremium, premiumAvailable }: { isLoading: boolean; signedIn: boolean; isPremium: boolean; premiumAvailable: boolean }) {
  const { upgrade, processing } = useUpgrade(signedIn);
  if (isLoading) {
    return (
      <Button $block disabled aria-hidden="true" tabIndex={-1}>
        &nbsp;
      </Button>
    );
  }
  if (signedIn && isPremium) {
    return (
      <ButtonLink to={paths.manageSubscription} $block>
        Manage Subscription
      </ButtonLink>
    );
  }
  if (!premiumAvailable) {
    return (
      <Button $block disabled>
        {PREMIUM_UNAVAILABLE}
      </Button>
    );
  }
  if (!signedIn) {
    return (
      <ButtonLink to={paths.register} $block>
        Sign Up to Upgrade
      </ButtonLink>
    );
  }
  return (
    <Button $block onClick={upgrade} disabled={processing}>
      {processing ? 'Processing...' : 'Upgrade to Premium'}
    </Button>
  );
}

/** "Upgrade to Premium": a Stripe Checkout session, then the browser goes there (signed out: the login page). */
function useUpgrade(signedIn: boolean) {
  const [createCheckout, { isLoading: processing }] = useCreateCheckoutSessionMutation();
  const { toast } = useToast();
  const navigate = useNavigate();

  async function upgrade() {
    if (!signedIn) return navigate(paths.login);
    try {
      const { url } = await createCheckout().unwrap();
      if (!url) throw new Error(NO_CHECKOUT_URL);
      goToExternal(url);
    } catch (error) {
      toast({ title: checkoutFailureTitle(error), description: checkoutFailureMessage(error), variant: 'destructive' });
    }
  }

  return { upgrade, processing };
}

function Feature({ children }: { children: string }) {
  return (
    <li>
      <svg width="18" height="18" viewBox="0 0 16 16" aria-hidden="true">
        <path d="M3 8.5l3 3 7-7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      {children}
    </li>
  );
}

const Intro = styled.div`
  text-align: center;
  & h1 {
    font-size: 2.25rem;
    font-weight: 800;
    letter-spacing: -0.02em;
  }
  & p {
    margin-top: 8px;
    color: ${theme.colors.textSecondary};
    font-size: ${theme.fontSizes.lg};
  }
`;

const Notice = styled.p`
  max-width: 860px;
  margin: 24px auto 0;
  padding: 12px 16px;
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.md};
  background: ${theme.colors.surfaceAccent};
  text-align: center;
`;

const PlanNote = styled.p`
  color: ${theme.colors.textSecondary};
  font-size: ${theme.fontSizes.sm};
  text-align: center;
`;

const Plans = styled.div`
  display: grid;
  gap: 20px;
  max-width: 860px;
  margin: 40px auto 0;
  grid-template-columns: 1fr;
  @media (min-width: ${theme.breakpoints.md}px) {
    grid-template-columns: 1fr 1fr;
  }
`;

const Plan = styled(Card)`
  position: relative;
  display: flex;
  flex-direction: column;
  gap: 12px;
  padding: 28px;
  ${({ $accent }) => ($accent ? `border-width: 2px; box-shadow: ${theme.shadows.popover};` : '')}
`;

const PopularBadge = styled(Badge)`
  position: absolute;
  top: -12px;
  left: 50%;
  transform: translateX(-50%);
  background: ${theme.colors.accent};
  color: ${theme.colors.textInverse};
`;

const PlanName = styled.h2`
  font-size: ${theme.fontSizes.xl};
  font-weight: 700;
`;

const Price = styled.p`
  font-size: 2.5rem;
  font-weight: 800;
  & span {
    font-size: ${theme.fontSizes.md};
    font-weight: 500;
    color: ${theme.colors.textSecondary};
  }
`;

const PlanText = styled.p`
  color: ${theme.colors.textSecondary};
`;

const Features = styled.ul`
  flex: 1;
  display: flex;
  flex-direction: column;
  gap: 10px;
  margin: 8px 0 16px;
  padding: 0;
  list-style: none;
  & li {
    display: flex;
    gap: 8px;
    align-items: flex-start;
  }
  & svg {
    flex: none;
    margin-top: 3px;
    color: ${theme.colors.positive};
  }
`;

const Faq = styled.section`
  max-width: 760px;
  margin: 56px auto 0;
  & h2 {
    text-align: center;
    font-size: 1.5rem;
    font-weight: 800;
    margin-bottom: 20px;
  }
  & dl { margin: 0; }
  & dl > div {
    padding: 16px 0;
    border-bottom: 1px solid ${theme.colors.border};
  }
  & dt { font-weight: 700; }
  & dd {
    margin: 6px 0 0;
    color: ${theme.colors.textSecondary};
  }
`;
