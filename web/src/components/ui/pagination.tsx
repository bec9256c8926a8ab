import { styled } from 'styled-components';
import { pageWindow } from '../../lib/page-window.ts';
import { theme } from '../../styles/theme.ts';

interface PaginationProps {
  page: number;
  totalPages: number;
  onChange: (page: number) => void;
  /** Accessible name of the navigation landmark. */
  label?: string;
}

/** Page numbers a phone shows: the 3 of the window nearest the current page (Previous and Next stay on one line). */
export const PHONE_WINDOW = 3;

/**
 * Previous, a window of at most 5 page numbers centred on the current page, Next — one row that never
 * wraps. Below the `sm` breakpoint the window narrows to 3 (the other numbers are hidden by CSS, so
 * nothing re-renders on resize).
 */
export function Pagination({ page, totalPages, onChange, label = 'Pagination' }: PaginationProps) {
  if (totalPages <= 1) return null;
  const onPhone = new Set(pageWindow(page, totalPages, PHONE_WINDOW));
  return (
    <Nav aria-label={label}>
      <PageButton type="button" onClick={() => onChange(page - 1)} disabled={page <= 1}>
        Previous
      </PageButton>
      {pageWindow(page, totalPages).map((n) => (
        <PageButton
          key={n}
          type="button"
          aria-current={n === page ? 'page' : undefined}
          $active={n === page}
          $hideOnPhone={!onPhone.has(n)}
          data-phone-hidden={onPhone.has(n) ? undefined : ''}
          onClick={() => onChange(n)}
          aria-label={`Page ${n}`}
        >
          {n}
        </PageButton>
      ))}
      <PageButton type="button" onClick={() => onChange(page + 1)} disabled={page >= totalPages}>
        Next
      </PageButton>
    </Nav>
  );
}

const Nav = styled.nav`
  display: flex;
  flex-wrap: nowrap;
  justify-content: center;
  gap: 4px;
  margin-top: 16px;
  @media (min-width: ${theme.breakpoints.sm}px) {
    gap: 6px;
  }
`;

export const PageButton = styled.button<{ $active?: boolean; $hideOnPhone?: boolean }>`
  flex: none;
  min-width: 40px;
  height: 40px;
  padding: 0 10px;
  white-space: nowrap;
  border-radius: ${theme.radii.md};
  border: 1px solid ${({ $active }) => ($active ? theme.colors.accent : theme.colors.border)};
  background: ${({ $active }) => ($active ? theme.colors.accent : theme.colors.surface)};
  color: ${({ $active }) => ($active ? theme.colors.textInverse : theme.colors.textPrimary)};
  font-weight: 600;
  cursor: pointer;
  display: ${({ $hideOnPhone }) => ($hideOnPhone ? 'none' : 'inline-block')};
  @media (min-width: ${theme.breakpoints.sm}px) {
    display: inline-block;
    padding: 0 12px;
  }
  &:disabled {
    opacity: 0.5;
    cursor: not-allowed;
  }
`;
