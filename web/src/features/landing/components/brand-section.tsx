import { Link } from 'react-router-dom';
import { styled } from 'styled-components';
import { BrandLogo } from '../../../components/brand-logo.tsx';
import { Container, SectionTitle } from '../../../components/ui/layout.tsx';
import { paths } from '../../../lib/paths.ts';
import { LANDING_ISSUERS } from './issuers.ts';
import { theme } from '../../../styles/theme.ts';

/** The three issuers with their logos, each linking to its brand page. */
export function BrandSection() {
  return (
    <Section aria-labelledby="brands-title">
      <Container>
        <SectionTitle id="brands-title">Weekly payers from the leading issuers</SectionTitle>
        <Intro>Every weekly-distribution fund from the issuer families investors follow, with prices, yields and payout history.</Intro>
        <Cards>
          {LANDING_ISSUERS.map((issuer) => (
            <BrandCard key={issuer.slug} to={paths.brand(issuer.slug)}>
              <BrandLogo brand={issuer.name} size={48} />
              <div>
                <BrandName>{issuer.name}</BrandName>
                <Blurb>{issuer.blurb}</Blurb>
              </div>
            </BrandCard>
          ))}
        </Cards>
      </Container>
    </Section>
  );
}

const Section = styled.section`
  padding: 56px 0 8px;
`;

const Intro = styled.p`
  margin-top: 8px;
  color: ${theme.colors.textSecondary};
`;

const Cards = styled.div`
  display: grid;
  gap: 16px;
  margin-top: 24px;
  grid-template-columns: 1fr;
  @media (min-width: ${theme.breakpoints.md}px) {
    grid-template-columns: repeat(3, 1fr);
  }
`;

const BrandCard = styled(Link)`
  display: flex;
  gap: 16px;
  align-items: flex-start;
  padding: 20px;
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.lg};
  background: ${theme.colors.surface};
  color: inherit;
  text-decoration: none;
  box-shadow: ${theme.shadows.card};
  transition: border-color 120ms ease;
  &:hover {
    border-color: ${theme.colors.accent};
  }
`;

const BrandName = styled.h3`
  font-size: ${theme.fontSizes.lg};
  font-weight: 700;
`;

const Blurb = styled.p`
  margin-top: 4px;
  color: ${theme.colors.textSecondary};
  font-size: ${theme.fontSizes.sm};
`;
