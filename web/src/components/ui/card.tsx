import { styled } from 'styled-components';
import { theme } from '../../styles/theme.ts';

/** A white panel with a border. `$padding` false for tables that reach the edges. */
export const Card = styled.section<{ $padding?: boolean; $accent?: boolean }>`
  background: ${theme.colors.surface};
  border: 1px solid ${({ $accent }) => ($accent ? theme.colors.accent : theme.colors.border)};
  border-radius: ${theme.radii.lg};
  box-shadow: ${theme.shadows.card};
  padding: ${({ $padding = true }) => ($padding ? theme.space.md : '0')};
  min-width: 0;
  @media (min-width: ${theme.breakpoints.md}px) {
    padding: ${({ $padding = true }) => ($padding ? theme.space.lg : '0')};
  }
`;

export const CardTitle = styled.h3`
  font-size: ${theme.fontSizes.lg};
  font-weight: 700;
  margin-bottom: ${theme.space.sm};
`;

export const CardText = styled.p`
  color: ${theme.colors.textSecondary};
  font-size: ${theme.fontSizes.sm};
`;

/** A label + big value block (stat cards). */
export const Stat = styled.div`
  display: flex;
  flex-direction: column;
  gap: 4px;
`;
export const StatLabel = styled.span`
  color: ${theme.colors.textSecondary};
  font-size: ${theme.fontSizes.sm};
  font-weight: 500;
`;
export const StatValue = styled.span<{ $tone?: 'positive' | 'negative' | undefined }>`
  font-size: ${theme.fontSizes.xxl};
  font-weight: 700;
  color: ${({ $tone }) => ($tone === 'positive' ? theme.colors.positive : $tone === 'negative' ? theme.colors.negative : theme.colors.textPrimary)};
`;
export const StatHint = styled.span`
  color: ${theme.colors.textMuted};
  font-size: ${theme.fontSizes.xs};
`;
