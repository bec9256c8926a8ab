import { styled, css } from 'styled-components';
import { theme as appTheme } from '../../styles/theme.ts';

type Breakpoint = keyof typeof appTheme.breakpoints;

/** Hides a cell below a breakpoint (`$hideBelow="md"`): columns that do not fit on phones. */
const hideBelow = css<{ $hideBelow?: Breakpoint; $align?: 'left' | 'right' | 'center' }>`
  text-align: ${({ $align = 'left' }) => $align};
  ${({ $hideBelow, theme }) =>
    $hideBelow &&
    css`
      @media (max-width: ${theme.breakpoints[$hideBelow] - 0.02}px) {
        display: none;
      }
    `}
`;

/** Horizontal scroll container so a wide table never widens the page. */
export const TableScroll = styled.div`
  width: 100%;
  overflow-x: auto;
`;

export const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

export const Th = styled.th<{ $hideBelow?: Breakpoint; $align?: 'left' | 'right' | 'center' }>`
  padding: 10px;
  font-weight: 600;
  font-size: ${({ theme }) => theme.fontSizes.xs};
  text-transform: uppercase;
  letter-spacing: 0.04em;
  color: ${({ theme }) => theme.colors.textSecondary};
  background: ${({ theme }) => theme.colors.surfaceMuted};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  white-space: nowrap;
  ${hideBelow}
`;

export const Td = styled.td<{ $hideBelow?: Breakpoint; $align?: 'left' | 'right' | 'center'; $nowrap?: boolean }>`
  padding: 12px 10px;
  white-space: ${({ $nowrap }) => ($nowrap ? 'nowrap' : 'normal')};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  vertical-align: middle;
  ${hideBelow}
`;

/**
 * A row that opens something when clicked. Give it `onClick` and render a real link in one of its
 * cells for keyboard users (the row click is a mouse shortcut).
 */
export const ClickableRow = styled.tr`
  cursor: pointer;
  &:hover td {
    background: ${({ theme }) => theme.colors.surfaceMuted};
  }
`;

/** A cell-wide message row ("Loading ETFs...", "No ETFs found"). */
export const MessageCell = styled.td`
  padding: 32px 12px;
  text-align: center;
  color: ${({ theme }) => theme.colors.textSecondary};
`;

/** Sort button inside a header cell. */
export const SortButton = styled.button`
  all: unset;
  cursor: pointer;
  display: inline-flex;
  align-items: center;
  gap: 4px;
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.focusRing};
    outline-offset: 2px;
  }
`;
