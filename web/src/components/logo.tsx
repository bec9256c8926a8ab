import { styled } from 'styled-components';
import { theme } from '../styles/theme.ts';

/** The WeeklyDiv mark (a rising bar chart in a rounded square) and word mark. */
export function Logo() {
  return (
    <Wrap>
      <svg width="32" height="32" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="8" fill="currentColor" className="mark" />
        <rect x="7" y="17" width="4" height="8" rx="1" fill="#fff" />
        <rect x="14" y="12" width="4" height="13" rx="1" fill="#fff" />
        <rect x="21" y="7" width="4" height="18" rx="1" fill="#fff" />
      </svg>
      <Word>
        Weekly<span>Div</span>
      </Word>
    </Wrap>
  );
}

const Wrap = styled.span`
  display: inline-flex;
  align-items: center;
  gap: 8px;
  & .mark { color: ${theme.colors.accent}; }
  & svg { color: ${theme.colors.accent}; }
`;

const Word = styled.span`
  font-size: 1.25rem;
  font-weight: 800;
  letter-spacing: -0.02em;
  color: ${theme.colors.textPrimary};
  & span { color: ${theme.colors.accent}; }
`;
