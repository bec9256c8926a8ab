import { css, styled } from 'styled-components';
import { theme } from '../../../styles/theme.ts';
import { todayRing } from '../../../components/ui/mixins.ts';

/** "1 payout", "9 payouts" or "No payouts": a day's line on the dividend calendar. */
export function payoutCountText(count: number): string {
  return count === 0 ? 'No payouts' : `${count} ${count === 1 ? 'payout' : 'payouts'}`;
}

/** A day's frame: a card; today with a highlighted border, past days dimmed. Both layouts use it. */
export const dayFrame = css<{ $today: boolean; $past: boolean }>`
  min-width: 0;
  border-radius: ${theme.radii.lg};
  border: 1px solid ${theme.colors.border};
  background: ${theme.colors.surface};
  ${({ $today }) => $today && todayRing}
  ${({ $past }) =>
    $past &&
    css`
      /* Dimmed without opacity, so the text keeps its contrast. */
      background: ${theme.colors.surfacePast};
      border-style: dashed;
      box-shadow: none;
      color: ${theme.colors.textSecondary};
      & a { background: ${theme.colors.surface}; }
    `}
`;

export const Weekday = styled.span<{ $past?: boolean }>`
  display: block;
  font-weight: 700;
  font-size: ${theme.fontSizes.sm};
  color: ${({ $past }) => ($past ? theme.colors.textSecondary : theme.colors.textPrimary)};
`;

export const DateText = styled.span`
  display: block;
  color: ${theme.colors.textSecondary};
  font-size: ${theme.fontSizes.sm};
`;

export const Count = styled.span`
  display: block;
  color: ${theme.colors.textSecondary};
  font-size: ${theme.fontSizes.xs};
  font-weight: 600;
`;

/** "Market closed: Thanksgiving Day" on a market holiday (both layouts). */
export const Closed = styled.span`
  display: block;
  color: ${theme.colors.textSecondary};
  font-size: ${theme.fontSizes.xs};
  font-style: italic;
`;

export function closedText(holiday: string): string {
  return `Market closed: ${holiday}`;
}
