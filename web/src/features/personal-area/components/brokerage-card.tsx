import { styled } from 'styled-components';
import { BrokerageSync } from '../../../components/brokerage-sync.tsx';
import { ButtonLink, WrappingButtonLink } from '../../../components/ui/button.tsx';
import { Card, CardText, CardTitle } from '../../../components/ui/card.tsx';
import { paths } from '../../../lib/paths.ts';
import { theme } from '../../../styles/theme.ts';

/**
 * The portfolio tab's brokerage card: premium users with an active subscription get the sync tool
 * (components/brokerage-sync.tsx: connect, accounts, "Sync Portfolio"; docs/brokerage.md) for their
 * user id; everyone else the upsell.
 */
export function BrokerageCard({ userId, hasActivePremium }: { userId: string; hasActivePremium: boolean }) {
  return hasActivePremium ? <BrokerageSyncCard userId={userId} /> : <BrokerageUpsell />;
}

function BrokerageSyncCard({ userId }: { userId: string }) {
  return (
    <Card aria-labelledby="brokerage-sync-title" data-testid="brokerage-sync" data-user-id={userId}>
      <Head>
        <Icon />
        <Grow>
          <BrokerageSync title="Brokerage sync" idPrefix="brokerage-sync" />
        </Grow>
      </Head>
    </Card>
  );
}

function BrokerageUpsell() {
  return (
    <Upsell aria-labelledby="brokerage-upsell-title" data-testid="brokerage-upsell">
      <Head>
        <Icon />
        <div>
          <CardTitle as="h2" id="brokerage-upsell-title">Sync your brokerage automatically</CardTitle>
          <CardText>Connect your accounts at 20+ brokerages and keep your weekly dividend portfolio up to date without typing a single trade.</CardText>
        </div>
      </Head>
      <Actions>
        <WrappingButtonLink to={paths.pricing}>Upgrade to Premium - $9.99/month</WrappingButtonLink>
        <ButtonLink to={paths.pricing} $variant="outline">
          View Pricing Details
        </ButtonLink>
      </Actions>
    </Upsell>
  );
}

function Icon() {
  return (
    <IconBox aria-hidden="true">
      <svg width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
        <path d="M21 12a9 9 0 0 1-15.5 6.2M3 12A9 9 0 0 1 18.5 5.8" />
        <path d="M21 4v5h-5M3 20v-5h5" />
      </svg>
    </IconBox>
  );
}

const Upsell = styled(Card)`
  background: ${theme.colors.surfaceAccent};
  border-color: ${theme.colors.accentSoft};
`;

const Head = styled.div`
  display: flex;
  gap: 14px;
  align-items: flex-start;
  & h2 {
    margin-bottom: 4px;
  }
`;

const Grow = styled.div`
  flex: 1;
  min-width: 0;
`;

const IconBox = styled.span`
  flex: none;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 40px;
  height: 40px;
  border-radius: ${theme.radii.md};
  background: ${theme.colors.accentSoft};
  color: ${theme.colors.accentStrong};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  margin-top: ${theme.space.md};
  & > a {
    white-space: normal;
    text-align: center;
  }
  @media (max-width: ${theme.breakpoints.sm - 0.02}px) {
    & > a {
      width: 100%;
      font-size: ${theme.fontSizes.sm};
    }
  }
`;
