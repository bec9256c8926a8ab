import { styled } from 'styled-components';
import { theme } from '../../styles/theme.ts';

/** Centred page column with side padding. */
export const Container = styled.div`
  width: 100%;
  max-width: ${theme.layout.maxWidth};
  margin: 0 auto;
  padding: 0 16px;
  @media (min-width: ${theme.breakpoints.md}px) {
    padding: 0 24px;
  }
`;

/** A page's main block: vertical spacing under the header. */
export const Page = styled(Container)`
  padding-top: ${theme.space.xl};
  padding-bottom: ${theme.space.xxl};
`;

export const PageTitle = styled.h1`
  font-size: 1.875rem;
  font-weight: 800;
  letter-spacing: -0.01em;
  @media (min-width: ${theme.breakpoints.md}px) {
    font-size: 2.25rem;
  }
`;

export const PageSubtitle = styled.p`
  margin-top: 8px;
  color: ${theme.colors.textSecondary};
  font-size: ${theme.fontSizes.lg};
`;

export const SectionTitle = styled.h2`
  font-size: 1.5rem;
  font-weight: 800;
  letter-spacing: -0.01em;
  @media (min-width: ${theme.breakpoints.md}px) {
    font-size: 1.875rem;
  }
`;

/** Centred message for loading, empty and error states. */
export const StateMessage = styled.p`
  padding: 32px 16px;
  text-align: center;
  color: ${theme.colors.textSecondary};
`;

/** Text only screen readers read. */
export const VisuallyHidden = styled.span`
  position: absolute !important;
  width: 1px;
  height: 1px;
  padding: 0;
  margin: -1px;
  overflow: hidden;
  clip: rect(0, 0, 0, 0);
  white-space: nowrap;
  border: 0;
`;

export const Positive = styled.span<{ $positive: boolean | null }>`
  color: ${({ $positive }) => ($positive === null ? theme.colors.textSecondary : $positive ? theme.colors.positive : theme.colors.negative)};
  font-weight: 600;
`;
