import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { styled } from 'styled-components';
import { useGetTopPerformersQuery } from '../../../api/market-api.ts';
import { Card, CardText, CardTitle } from '../../../components/ui/card.tsx';
import { Container, SectionTitle } from '../../../components/ui/layout.tsx';
import { theme } from '../../../styles/theme.ts';
import { belowTheFold } from './below-the-fold.ts';
import { dataFeature, marketDataState } from '../market-data-wording.ts';

const icon = (d: string): ReactNode => (
  <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
    <path d={d} />
  </svg>
);

const DATA_ICON = icon('M13 2L3 14h9l-1 8 10-12h-9l1-8z');

/**
 * The guides index: a managed page the server seeds (services/pages/seed-guides.ts) and the owner may
 * edit; its section list names the guides under it (docs/pages.md "The guides").
 */
export const GUIDES_PATH = '/guides';

const FEATURES = [
  { title: 'Comprehensive Analytics', text: 'Yield, weekly average, 1-year and DRIP returns, and full dividend history for every fund.', icon: icon('M3 3v18h18M7 15l4-4 3 3 5-6') },
  { title: 'Yield & DRIP Calculators', text: 'Estimate your weekly income and see how reinvesting dividends compounds over up to 30 years.', icon: icon('M4 4h16v16H4zM8 8h8M8 12h2M14 12h2M8 16h2M14 16h2') },
  { title: 'Smart Alerts', text: 'Know when ex-dividend dates approach and payouts land, so you never miss a week.', icon: icon('M18 8a6 6 0 10-12 0c0 7-3 9-3 9h18s-3-2-3-9M13.7 21a2 2 0 01-3.4 0') },
  {
    title: 'Educational Resources',
    text: 'Plain-language guides to weekly-distribution funds, option income and the risks that come with them.',
    icon: icon('M2 4h7a3 3 0 013 3v13a2 2 0 00-2-2H2zM22 4h-7a3 3 0 00-3 3v13a2 2 0 012-2h8z'),
    link: { to: GUIDES_PATH, label: 'Read the guides →' },
  },
  { title: 'Portfolio Tracking', text: 'Track your holdings, gains and upcoming payouts, with DRIP reinvestment accounted for.', icon: icon('M21 12a9 9 0 11-9-9v9z') },
] as const satisfies readonly { title: string; text: string; icon: ReactNode; link?: { to: string; label: string } }[];

/** Six feature cards: what the product offers. The first promises real-time data only over real figures. */
export function FeaturesSection() {
  const { data, isError } = useGetTopPerformersQuery();
  const features = [{ ...dataFeature(marketDataState(isError ? undefined : data)), icon: DATA_ICON }, ...FEATURES];
  return (
    <Section aria-labelledby="features-title">
      <Container>
        <SectionTitle id="features-title">Everything you need for weekly dividend investing</SectionTitle>
        <Cards>
          {features.map((f) => (
            <Card key={f.title} as="article">
              <Icon>{f.icon}</Icon>
              <CardTitle>{f.title}</CardTitle>
              <CardText>{f.text}</CardText>
              {'link' in f ? <CardLink to={f.link.to}>{f.link.label}</CardLink> : null}
            </Card>
          ))}
        </Cards>
      </Container>
    </Section>
  );
}

const Section = styled.section`
  padding: 56px 0 8px;
  ${belowTheFold({ phone: 1378, sm: 856, md: 846, lg: 615 }, 64)}
`;

const Cards = styled.div`
  display: grid;
  gap: 16px;
  margin-top: 24px;
  grid-template-columns: 1fr;
  @media (min-width: ${theme.breakpoints.sm}px) {
    grid-template-columns: repeat(2, 1fr);
  }
  @media (min-width: ${theme.breakpoints.lg}px) {
    grid-template-columns: repeat(3, 1fr);
  }
`;

const Icon = styled.div`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 44px;
  height: 44px;
  margin-bottom: 12px;
  border-radius: ${theme.radii.md};
  background: ${theme.colors.accentSoft};
  color: ${theme.colors.accentStrong};
`;

const CardLink = styled(Link)`
  display: inline-block;
  margin-top: 12px;
  font-weight: 600;
  color: ${theme.colors.accentStrong};
`;
