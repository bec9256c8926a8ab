import { useEffect, useState } from 'react';
import { Navigate, useSearchParams } from 'react-router-dom';
import { styled } from 'styled-components';
import { serverMessage } from '../../../api/base-api.ts';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { Card, CardTitle } from '../../../components/ui/card.tsx';
import { Page, PageSubtitle, PageTitle } from '../../../components/ui/layout.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { goToExternal } from '../../../lib/external-redirect.ts';
import { paths } from '../../../lib/paths.ts';
import { useGetCurrentUserQuery } from '../../../lib/session/api.ts';
import { useCurrentUser } from '../../../lib/session/use-current-user.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { theme } from '../../../styles/theme.ts';
import { useCreatePortalSessionMutation } from '../api.ts';
import { PlanSummary } from '../components/plan-summary.tsx';
import { subscriptionView } from '../subscription-view.ts';

/** After Stripe Checkout, the user is read again this often, at most CONFIRM_TRIES times, until Premium shows. */
export const CONFIRM_EVERY_MS = 2000;
export const CONFIRM_TRIES = 15;

export const PORTAL_FAILED = 'Could not open subscription management';
export const CHECKOUT_WELCOME = 'Welcome to Premium! Your subscription is active.';
export const CHECKOUT_CONFIRMING = "Thank you! We're confirming your payment with Stripe. This page updates on its own in a few seconds.";
export const CHECKOUT_SLOW = 'Confirming your payment is taking longer than usual. Reload this page in a minute; you will not be charged twice.';

/**
 * `/account/subscription`: the plan, Stripe's status, the renewal or end date, and "Manage
 * Subscription" opening the Stripe billing portal. Signed out → /login. Back from Stripe Checkout
 * (`?checkout=success`) it welcomes the user, and while the webhook has not arrived yet it reads the
 * user again every 2 s (at most 15 times; docs/client.md).
 */
export default function SubscriptionRoute() {
  useDocumentTitle('Subscription');
  const { user, isLoading, isPremium } = useCurrentUser();
  const { refetch } = useGetCurrentUserQuery();
  const [params] = useSearchParams();
  const fromCheckout = params.get('checkout') === 'success';
  const [openPortal, { isLoading: opening }] = useCreatePortalSessionMutation();
  const { toast } = useToast();
  const confirming = fromCheckout && user !== null && !isPremium;
  const [tries, setTries] = useState(0);

  useEffect(() => {
    if (!confirming || tries >= CONFIRM_TRIES) return;
    const timer = setTimeout(() => {
      setTries((t) => t + 1);
      void refetch();
    }, CONFIRM_EVERY_MS);
    return () => clearTimeout(timer);
  }, [confirming, tries, refetch]);

  if (isLoading) {
    return (
      <Page aria-busy="true">
        <Skeleton $height="40px" $width="240px" />
        <Gap />
        <Skeleton $height="180px" />
      </Page>
    );
  }
  if (!user) return <Navigate to={paths.login} replace />;
  const view = subscriptionView(user);

  async function manage() {
    try {
      const { url } = await openPortal().unwrap();
      if (!url) throw new Error('No billing portal URL received');
      goToExternal(url);
    } catch (error) {
      const message = error ? serverMessage(error) : '';
      toast({ title: PORTAL_FAILED, description: message && message !== 'Unknown error' ? message : 'Please try again', variant: 'destructive' });
    }
  }

  return (
    <Page>
      <PageTitle>Subscription</PageTitle>
      <PageSubtitle>Your plan and billing. Payments are handled by Stripe; we never see or store your card.</PageSubtitle>
      {fromCheckout && isPremium && <Banner role="status" $tone="positive">{CHECKOUT_WELCOME}</Banner>}
      {confirming && <Banner role="status">{tries >= CONFIRM_TRIES ? CHECKOUT_SLOW : CHECKOUT_CONFIRMING}</Banner>}
      <Plan aria-labelledby="plan-title">
        <CardTitle as="h2" id="plan-title">
          Your plan
        </CardTitle>
        <PlanSummary user={user} />
        <Actions>
          {view.hasSubscription && (
            <Button onClick={manage} disabled={opening}>
              {opening ? 'Opening...' : 'Manage Subscription'}
            </Button>
          )}
          {!isPremium && <ButtonLink to={paths.pricing}>Upgrade to Premium</ButtonLink>}
          <ButtonLink to={paths.account} $variant="outline">
            Back to account
          </ButtonLink>
        </Actions>
      </Plan>
    </Page>
  );
}

const Gap = styled.div`
  height: 16px;
`;

const Banner = styled.p<{ $tone?: 'positive' }>`
  margin-top: ${theme.space.md};
  padding: 12px 16px;
  border-radius: ${theme.radii.md};
  border: 1px solid ${({ $tone }) => ($tone === 'positive' ? theme.colors.positive : theme.colors.border)};
  background: ${({ $tone }) => ($tone === 'positive' ? theme.colors.positiveSoft : theme.colors.surfaceAccent)};
  color: ${theme.colors.textPrimary};
  font-weight: 600;
`;

const Plan = styled(Card)`
  max-width: 640px;
  margin-top: ${theme.space.lg};
  & h2 {
    margin-bottom: 12px;
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  margin-top: ${theme.space.md};
`;
