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

/** The current page (`aria-current`) is filled; `data-phone-hidden` numbers show from `sm` up. */
const PageButton = styled.button`
  flex: none;
  min-width: 40px;
  height: 40px;
  padding: 0 10px;
  white-space: nowrap;
  border-radius: ${theme.radii.md};
  border: 1px solid ${theme.colors.border};
  background: ${theme.colors.surface};
  color: ${theme.colors.textPrimary};
  font-weight: 600;
  cursor: pointer;
  display: inline-block;
  &[aria-current='page'] {
    border-color: ${theme.colors.accent};
    background: ${theme.colors.accent};
    color: ${theme.colors.textInverse};
  }
  &[data-phone-hidden] { display: none; }
  @media (min-width: ${theme.breakpoints.sm}px) {
    padding: 0 12px;
    &[data-phone-hidden] { display: inline-block; }
  }
  &:disabled {
    opacity: 0.5;
    cursor: not-allowed;
  }
`;
