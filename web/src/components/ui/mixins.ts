import { css } from 'styled-components';
import { theme } from '../../styles/theme.ts';

/** The ring that marks today's day card (public calendar, the personal area's upcoming payouts). */
export const todayRing = css`
  border: 2px solid ${theme.colors.todayBorder};
  box-shadow: 0 0 0 3px ${theme.colors.accentSoft};
`;

/** A list without bullets or indentation whose items stack with `gap` between them. */
export function stackList(gap: string) {
  return css`
    display: flex;
    flex-direction: column;
    gap: ${gap};
    margin: 0;
    padding: 0;
    list-style: none;
  `;
}
