import type { HTMLAttributes, ReactNode, ThHTMLAttributes, TdHTMLAttributes } from 'react';
import { styled } from 'styled-components';
import { theme } from '../../styles/theme.ts';

type Breakpoint = 'sm' | 'md' | 'lg';
type Align = 'left' | 'right' | 'center';

/** Horizontal scroll container so a wide table never widens the page. */
export const TableScroll = styled.div`
  width: 100%;
  overflow-x: auto;
`;

/**
 * A data table. Cells are plain `<th>`/`<td>` styled from here (`Th`/`Td` below only map props to
 * data attributes): a table of 60 rows × 10 cells renders no styled component per cell, which keeps
 * the landing page's render short on a slow phone.
 */
export const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: ${theme.fontSizes.sm};

  & th {
    padding: 10px;
    font-weight: 600;
    font-size: ${theme.fontSizes.xs};
    text-transform: uppercase;
    letter-spacing: 0.04em;
    color: ${theme.colors.textSecondary};
    background: ${theme.colors.surfaceMuted};
    border-bottom: 1px solid ${theme.colors.border};
    white-space: nowrap;
    text-align: left;
  }
  & td {
    padding: 12px 10px;
    border-bottom: 1px solid ${theme.colors.border};
    vertical-align: middle;
    text-align: left;
  }
  & tr[data-clickable] { cursor: pointer; }
  & tr[data-clickable]:hover td { background: ${theme.colors.surfaceMuted}; }
  & [data-align='right'] { text-align: right; }
  & [data-align='center'] { text-align: center; }
  & [data-nowrap] { white-space: nowrap; }
  @media (max-width: ${theme.breakpoints.lg - 0.02}px) {
    & [data-hide-below='lg'] { display: none; }
  }
  @media (max-width: ${theme.breakpoints.md - 0.02}px) {
    & [data-hide-below='md'] { display: none; }
  }
  @media (max-width: ${theme.breakpoints.sm - 0.02}px) {
    & [data-hide-below='sm'] { display: none; }
  }
`;

interface CellProps {
  /** Hide the column below a breakpoint (columns that do not fit on phones). */
  $hideBelow?: Breakpoint;
  $align?: Align;
  $nowrap?: boolean;
  children?: ReactNode;
}

function cellAttributes({ $hideBelow, $align, $nowrap }: CellProps) {
  return {
    'data-hide-below': $hideBelow,
    'data-align': $align && $align !== 'left' ? $align : undefined,
    'data-nowrap': $nowrap ? '' : undefined,
  };
}

export function Th({ $hideBelow, $align, $nowrap, children, ...rest }: CellProps & Omit<ThHTMLAttributes<HTMLTableCellElement>, 'children'>) {
  return (
    <th {...rest} {...cellAttributes({ $hideBelow, $align, $nowrap })}>
      {children}
    </th>
  );
}

export function Td({ $hideBelow, $align, $nowrap, children, ...rest }: CellProps & Omit<TdHTMLAttributes<HTMLTableCellElement>, 'children'>) {
  return (
    <td {...rest} {...cellAttributes({ $hideBelow, $align, $nowrap })}>
      {children}
    </td>
  );
}

/**
 * A row that opens something when clicked. Give it `onClick` and render a real link in one of its
 * cells for keyboard users (the row click is a mouse shortcut).
 */
export function ClickableRow({ children, ...rest }: HTMLAttributes<HTMLTableRowElement>) {
  return (
    <tr {...rest} data-clickable="">
      {children}
    </tr>
  );
}

/** A cell-wide message row ("Loading ETFs...", "No ETFs found"). */
export const MessageCell = styled.td<{ $minHeight?: string }>`
  height: ${({ $minHeight = 'auto' }) => $minHeight};
  padding: 32px 12px;
  text-align: center !important;
  color: ${theme.colors.textSecondary};
`;

/** Sort button inside a header cell. */
export const SortButton = styled.button`
  all: unset;
  cursor: pointer;
  display: inline-flex;
  align-items: center;
  gap: 4px;
  &:focus-visible {
    outline: 2px solid ${theme.colors.focusRing};
    outline-offset: 2px;
  }
`;
