import { styled } from 'styled-components';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { Container } from '../../../components/ui/layout.tsx';
import { paths } from '../../../lib/paths.ts';
import { theme } from '../../../styles/theme.ts';
import { belowTheFold } from './below-the-fold.ts';

/** The call-to-action band: "Get Started Free", "View Pricing" and three reassurances. */
export function CtaBand() {
  return (
    <Band aria-labelledby="cta-title">
      <Container>
        <Title id="cta-title">Start tracking your weekly dividends today</Title>
        <Text>Free forever for manual tracking. Upgrade when you want brokerage sync.</Text>
        <Actions>
          <ButtonLink to={paths.signup} $size="lg" $variant="outline">
            Get Started Free
          </ButtonLink>
          <GhostLink to={paths.pricing} $size="lg">
            View Pricing
          </GhostLink>
        </Actions>
        <Checks>
          {['No credit card required', 'Cancel anytime', '14-day money-back guarantee'].map((t) => (
            <li key={t}>
              <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true">
                <path d="M3 8.5l3 3 7-7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
              </svg>
              {t}
            </li>
          ))}
        </Checks>
      </Container>
    </Band>
  );
}

const Band = styled.section`
  margin-top: 64px;
  padding: 56px 0;
  background: ${theme.colors.accentStrong};
  color: ${theme.colors.textInverse};
  text-align: center;
  ${belowTheFold({ phone: 482, sm: 333, md: 315, lg: 297 }, 112)}
`;

const Title = styled.h2`
  font-size: 1.875rem;
  font-weight: 800;
`;

const Text = styled.p`
  margin-top: 8px;
  color: ${theme.colors.accentSoft};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: 12px;
  margin-top: 24px;
`;

const GhostLink = styled(ButtonLink)`
  background: transparent;
  color: ${theme.colors.textInverse};
  border-color: ${theme.colors.heroBorder};
  &:hover:not(:disabled) {
    background: ${theme.colors.heroGhostHover};
  }
`;

const Checks = styled.ul`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: 8px 24px;
  margin: 24px 0 0;
  padding: 0;
  list-style: none;
  font-size: ${theme.fontSizes.sm};
  & li {
    display: inline-flex;
    align-items: center;
    gap: 6px;
  }
`;
