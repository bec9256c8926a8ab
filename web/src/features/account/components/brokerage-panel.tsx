import { styled } from 'styled-components';
import { BrokerageSync } from '../../../components/brokerage-sync.tsx';
import { WrappingButtonLink } from '../../../components/ui/button.tsx';
import { Card, CardText, CardTitle } from '../../../components/ui/card.tsx';
import { paths } from '../../../lib/paths.ts';
import { useCurrentUser } from '../../../lib/session/use-current-user.ts';
import { theme } from '../../../styles/theme.ts';

/**
 * The account page's brokerage panel (spec §2): for Premium with an active subscription the connect
 * flow, then with accounts a count badge, "Sync Portfolio" and "Add Another Account" (the same tool
 * as the personal area's card: components/brokerage-sync.tsx). SnapTrade's connection portal sends
 * the user back to this page. Anyone else sees what Premium adds, with the way to it.
 */
export function BrokeragePanel() {
  const { user, hasActivePremium } = useCurrentUser();
  if (!user) return null;
  if (!hasActivePremium) {
    return (
      <Card aria-labelledby="brokerage-panel-title" data-testid="brokerage-panel">
        <CardTitle as="h2" id="brokerage-panel-title">
          Brokerage connections
        </CardTitle>
        <CardText>Read-only sync with 20+ brokerages is part of Premium: your weekly dividend ETFs come into your portfolio without typing a trade.</CardText>
        <Actions>
          <WrappingButtonLink to={paths.pricing}>Upgrade to Premium - $9.99/month</WrappingButtonLink>
        </Actions>
      </Card>
    );
  }
  return (
    <Card aria-labelledby="brokerage-panel-title" data-testid="brokerage-panel">
      <BrokerageSync title="Brokerage connections" idPrefix="brokerage-panel" />
    </Card>
  );
}

const Actions = styled.div`
  margin-top: ${theme.space.md};
`;
