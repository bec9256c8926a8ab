import { styled } from 'styled-components';
import type { User } from '../../../../../contracts/accounts.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { theme } from '../../../styles/theme.ts';
import { subscriptionView } from '../subscription-view.ts';

/** The plan, its price, Stripe's status as a badge, the renewal or end date and a note when it needs attention. */
export function PlanSummary({ user }: { user: User }) {
  const view = subscriptionView(user);
  return (
    <Summary>
      <PlanRow>
        <PlanName data-testid="plan-name">{view.plan}</PlanName>
        {view.statusLabel && (
          <Badge $tone={view.tone} data-testid="plan-status">
            {view.statusLabel}
          </Badge>
        )}
      </PlanRow>
      <Price>{view.plan === 'Premium' ? '$9.99 per month' : '$0 forever'}</Price>
      {view.dateLine && <DateLine data-testid="plan-date">{view.dateLine}</DateLine>}
      {view.note && <Note $tone={view.tone}>{view.note}</Note>}
    </Summary>
  );
}

const Summary = styled.div`
  display: flex;
  flex-direction: column;
  gap: 6px;
`;

const PlanRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 10px;
`;

const PlanName = styled.p`
  font-size: ${theme.fontSizes.xxl};
  font-weight: 800;
`;

const Price = styled.p`
  color: ${theme.colors.textSecondary};
`;

const DateLine = styled.p`
  font-weight: 600;
`;

const Note = styled.p<{ $tone: string }>`
  margin-top: 6px;
  padding: 10px 12px;
  border-radius: ${theme.radii.md};
  border: 1px solid ${({ $tone }) => ($tone === 'warning' ? theme.colors.warningBorder : theme.colors.border)};
  background: ${({ $tone }) => ($tone === 'warning' ? theme.colors.warningSoft : theme.colors.surfaceMuted)};
  color: ${({ $tone }) => ($tone === 'warning' ? theme.colors.warningText : theme.colors.textPrimary)};
`;
