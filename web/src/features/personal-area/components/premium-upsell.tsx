import { styled } from 'styled-components';
import { ButtonLink, WrappingButtonLink } from '../../../components/ui/button.tsx';
import { Card, CardText, CardTitle } from '../../../components/ui/card.tsx';
import { paths } from '../../../lib/paths.ts';
import { theme } from '../../../styles/theme.ts';

/** What each Premium screen gives, said on its upsell (docs/billing.md "What Premium gives"). */
export const premiumUpsellTexts = {
  income: {
    title: 'Your income record and goal are part of Premium',
    text: 'See what your holdings paid you by week, month or year (received, paid but not confirmed yet, still expected), download it as a spreadsheet, and set an income goal with the shares it would take to reach it.',
  },
  taxSummary: {
    title: 'The tax-year summary is part of Premium',
    text: 'Every distribution you received in a tax year, per fund, split into income and return of capital (final, estimated or not published), ready to print or download as a spreadsheet.',
  },
  stillFree: 'Your payouts stay on My WeeklyDiv on the free plan: the payout calendar, each payout’s state and “Mark received”.',
  upgrade: 'Upgrade to Premium - $9.99/month',
  details: 'View Pricing Details',
} as const;

/**
 * Shown in place of a Premium screen to a user without Premium (the server answers those endpoints 403:
 * the page never asks, so there is no error and no toast): what the screen gives and the way to it.
 */
export function PremiumUpsell({ feature }: { feature: 'income' | 'taxSummary' }) {
  const t = premiumUpsellTexts[feature];
  return (
    <Upsell aria-labelledby="premium-upsell-title" data-testid="premium-upsell">
      <CardTitle as="h2" id="premium-upsell-title">
        {t.title}
      </CardTitle>
      <CardText>{t.text}</CardText>
      <CardText>{premiumUpsellTexts.stillFree}</CardText>
      <Actions>
        <WrappingButtonLink to={paths.pricing}>{premiumUpsellTexts.upgrade}</WrappingButtonLink>
        <ButtonLink to={paths.pricing} $variant="outline">
          {premiumUpsellTexts.details}
        </ButtonLink>
      </Actions>
    </Upsell>
  );
}

const Upsell = styled(Card)`
  margin-top: ${theme.space.lg};
  background: ${theme.colors.surfaceAccent};
  border-color: ${theme.colors.accentSoft};
  & h2 {
    margin-bottom: 8px;
  }
  & p + p {
    margin-top: 8px;
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  margin-top: ${theme.space.md};
  @media (max-width: ${theme.breakpoints.sm - 0.02}px) {
    & > a {
      width: 100%;
      font-size: ${theme.fontSizes.sm};
    }
  }
`;
