import { styled, css } from 'styled-components';
import { theme } from '../../styles/theme.ts';

export type BadgeTone = 'neutral' | 'accent' | 'positive' | 'negative' | 'warning' | 'gold' | 'silver' | 'bronze';

/** A small pill label. */
export const Badge = styled.span<{ $tone?: BadgeTone }>`
  display: inline-flex;
  align-items: center;
  gap: 4px;
  padding: 2px 10px;
  border-radius: ${theme.radii.pill};
  font-size: ${theme.fontSizes.xs};
  font-weight: 600;
  line-height: 1.6;
  white-space: nowrap;
  ${({ $tone = 'neutral' }) => {
    const c = theme.colors;
    switch ($tone) {
      case 'neutral':
        return css`background: ${c.surfaceMuted}; color: ${c.textSecondary};`;
      case 'accent':
        return css`background: ${c.accentSoft}; color: ${c.accentStrong};`;
      case 'positive':
        return css`background: ${c.positiveSoft}; color: ${c.positive};`;
      case 'negative':
        return css`background: ${c.negativeSoft}; color: ${c.negative};`;
      case 'warning':
        return css`background: ${c.warningSoft}; color: ${c.warningText};`;
      case 'gold':
        return css`background: ${c.rankGold}; color: ${c.textPrimary};`;
      case 'silver':
        return css`background: ${c.rankSilver}; color: ${c.textPrimary};`;
      case 'bronze':
        return css`background: ${c.rankBronze}; color: ${c.textInverse};`;
      default: {
        const never: never = $tone;
        return String(never);
      }
    }
  }}
`;
