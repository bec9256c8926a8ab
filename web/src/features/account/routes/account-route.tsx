import { Navigate } from 'react-router-dom';
import { styled } from 'styled-components';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { Card, CardText, CardTitle } from '../../../components/ui/card.tsx';
import { Page, PageSubtitle, PageTitle } from '../../../components/ui/layout.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { paths } from '../../../lib/paths.ts';
import { useCurrentUser } from '../../../lib/session/use-current-user.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { theme } from '../../../styles/theme.ts';
import { BrokeragePanel } from '../components/brokerage-panel.tsx';
import { ChangePasswordCard } from '../components/change-password-card.tsx';
import { DownloadDataCard } from '../components/download-data-card.tsx';
import { DeleteAccountCard } from '../components/delete-account-card.tsx';
import { PlanSummary } from '../components/plan-summary.tsx';
import { ProfileCard } from '../components/profile-card.tsx';
import { SignOutEverywhere } from '../components/sign-out-everywhere.tsx';
import { ApiTokensCard } from '../components/api-tokens-card.tsx';
import { WebhooksCard } from '../components/webhooks-card.tsx';

/**
 * `/account`: the account page of the spec (§2: a profile page that holds the brokerage panel;
 * signed out → /login). Profile, the plan (details and management on /account/subscription), and the
 * brokerage connections panel of issue 15, "log out on every device", "Download my data" (issue 29) and,
 * last, "Delete account".
 */
export default function AccountRoute() {
  useDocumentTitle('My Account');
  const { user, isLoading, isPremium } = useCurrentUser();
  if (isLoading) {
    return (
      <Page aria-busy="true">
        <Skeleton $height="40px" $width="240px" />
        <Gap />
        <Skeleton $height="140px" />
      </Page>
    );
  }
  if (!user) return <Navigate to={paths.login} replace />;

  return (
    <Page>
      <PageTitle>My Account</PageTitle>
      <PageSubtitle>Your profile, your plan, your brokerage connections, your password and where you are signed in.</PageSubtitle>
      <Sections>
        <ProfileCard user={user} />
        <Card aria-labelledby="account-plan-title">
          <CardTitle as="h2" id="account-plan-title">
            Plan
          </CardTitle>
          <PlanSummary user={user} />
          <Actions>
            <ButtonLink to={paths.manageSubscription} $variant={isPremium ? 'primary' : 'outline'}>
              {isPremium ? 'Manage Subscription' : 'Subscription details'}
            </ButtonLink>
            {!isPremium && <ButtonLink to={paths.pricing}>Upgrade to Premium</ButtonLink>}
          </Actions>
        </Card>
        <BrokeragePanel />
        <ChangePasswordCard />
        <SignOutEverywhere />
        <ApiTokensCard />
        <WebhooksCard isPremium={isPremium} />
        <DownloadDataCard isPremium={isPremium} />
        <Card aria-labelledby="account-support-title">
          <CardTitle as="h2" id="account-support-title">
            Support
          </CardTitle>
          <CardText>{isPremium ? 'A question or a problem? Premium requests are answered first: within one business day.' : 'A question or a problem? Write to us.'}</CardText>
          <Actions>
            <ButtonLink to={paths.support} $variant="outline">
              Contact support
            </ButtonLink>
          </Actions>
        </Card>
        <DeleteAccountCard />
      </Sections>
    </Page>
  );
}

const Gap = styled.div`
  height: 16px;
`;

const Sections = styled.div`
  display: grid;
  gap: ${theme.space.lg};
  max-width: 720px;
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
