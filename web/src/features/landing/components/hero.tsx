import { useEffect, useState } from 'react';
import { styled, css } from 'styled-components';
import { BrandLogo } from '../../../components/brand-logo.tsx';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { Container } from '../../../components/ui/layout.tsx';
import { paths } from '../../../lib/paths.ts';
import { LANDING_ISSUERS } from './issuers.ts';
import { theme } from '../../../styles/theme.ts';

export const HERO_WORDS = ['dividend', 'income', 'portfolio'] as const;
/** The bold word changes every 3 s with a 300 ms fade. */
export const HERO_ROTATE_MS = 3000;
export const HERO_FADE_MS = 300;

function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * "Grow your {dividend|income|portfolio} every week." The word fades out, changes, fades in. With
 * reduced motion the word still changes, without the fade.
 */
export function useRotatingWord(words: readonly string[], intervalMs = HERO_ROTATE_MS, fadeMs = HERO_FADE_MS) {
  const [index, setIndex] = useState(0);
  const [visible, setVisible] = useState(true);
  useEffect(() => {
    const reduced = prefersReducedMotion();
    let fadeTimer: ReturnType<typeof setTimeout> | undefined;
    const timer = setInterval(() => {
      if (reduced) {
        setIndex((i) => (i + 1) % words.length);
        return;
      }
      setVisible(false);
      fadeTimer = setTimeout(() => {
        setIndex((i) => (i + 1) % words.length);
        setVisible(true);
      }, fadeMs);
    }, intervalMs);
    return () => {
      clearInterval(timer);
      if (fadeTimer) clearTimeout(fadeTimer);
    };
  }, [words, intervalMs, fadeMs]);
  return { word: words[index] ?? words[0] ?? '', visible };
}

export function Hero() {
  const { word, visible } = useRotatingWord(HERO_WORDS);
  return (
    <Band>
      <Container>
        <Badges>
          <Pill $strong>50+ weekly ETFs tracked</Pill>
          {LANDING_ISSUERS.map((issuer) => (
            <Pill key={issuer.slug}>{issuer.name}</Pill>
          ))}
        </Badges>
        <Title>
          Grow your{' '}
          <Word data-testid="hero-word" $visible={visible}>
            {word}
          </Word>{' '}
          every week.
        </Title>
        <Lead>
          Track every weekly-distribution ETF in one place: yields, dividend history, DRIP returns and a 4-week payout calendar,
          with calculators to plan your income.
        </Lead>
        <Actions>
          <ButtonLink to={paths.signup} $size="lg">
            Get Started Free
          </ButtonLink>
          <HeroSecondary to={paths.etfs} $size="lg" $variant="outline">
            Browse ETFs
          </HeroSecondary>
        </Actions>
        <Issuers aria-label="Issuers we track">
          {LANDING_ISSUERS.map((issuer) => (
            <li key={issuer.slug}>
              <BrandLogo brand={issuer.name} size={28} />
              <span>{issuer.name}</span>
            </li>
          ))}
        </Issuers>
      </Container>
    </Band>
  );
}

const Band = styled.section`
  background: ${theme.colors.heroBackground};
  color: ${theme.colors.heroText};
  padding: 56px 0 48px;
  @media (min-width: ${theme.breakpoints.md}px) {
    padding: 88px 0 72px;
  }
`;

const Badges = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  margin-bottom: 20px;
`;

const Pill = styled.span<{ $strong?: boolean }>`
  display: inline-flex;
  padding: 4px 12px;
  border-radius: ${theme.radii.pill};
  font-size: ${theme.fontSizes.sm};
  font-weight: 600;
  border: 1px solid ${theme.colors.heroBorder};
  color: ${theme.colors.heroText};
  ${({ $strong }) =>
    $strong &&
    css`
      background: ${theme.colors.accent};
      border-color: ${theme.colors.accent};
    `}
`;

const Title = styled.h1`
  font-size: 2.5rem;
  font-weight: 800;
  letter-spacing: -0.03em;
  line-height: 1.1;
  max-width: 14em;
  @media (min-width: ${theme.breakpoints.md}px) {
    font-size: 3.75rem;
  }
`;

const Word = styled.strong<{ $visible: boolean }>`
  display: inline-block;
  color: ${theme.colors.accentSoft};
  text-decoration: underline;
  text-decoration-color: ${theme.colors.accent};
  text-decoration-thickness: 6px;
  text-underline-offset: 8px;
  opacity: ${({ $visible }) => ($visible ? 1 : 0)};
  transition: opacity ${HERO_FADE_MS}ms ease;
`;

const Lead = styled.p`
  margin-top: 20px;
  max-width: 40em;
  font-size: ${theme.fontSizes.lg};
  color: ${theme.colors.heroTextMuted};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 12px;
  margin-top: 28px;
`;

const HeroSecondary = styled(ButtonLink)`
  background: transparent;
  color: ${theme.colors.heroText};
  border-color: ${theme.colors.heroBorder};
  &:hover:not(:disabled) {
    background: ${theme.colors.heroGhostHover};
  }
`;

const Issuers = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: 20px;
  margin: 36px 0 0;
  padding: 0;
  list-style: none;
  color: ${theme.colors.heroTextMuted};
  font-weight: 600;
  & li {
    display: inline-flex;
    align-items: center;
    gap: 8px;
  }
`;
