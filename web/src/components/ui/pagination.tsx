import { styled } from 'styled-components';
import { pageWindow } from '../../lib/page-window.ts';

interface PaginationProps {
  page: number;
  totalPages: number;
  onChange: (page: number) => void;
  /** Accessible name of the navigation landmark. */
  label?: string;
}

/** Previous, a window of at most 5 page numbers centred on the current page, Next. */
export function Pagination({ page, totalPages, onChange, label = 'Pagination' }: PaginationProps) {
  if (totalPages <= 1) return null;
  return (
    <Nav aria-label={label}>
      <PageButton type="button" onClick={() => onChange(page - 1)} disabled={page <= 1}>
        Previous
      </PageButton>
      {pageWindow(page, totalPages).map((n) => (
        <PageButton key={n} type="button" aria-current={n === page ? 'page' : undefined} $active={n === page} onClick={() => onChange(n)} aria-label={`Page ${n}`}>
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
  flex-wrap: wrap;
  justify-content: center;
  gap: 6px;
  margin-top: 16px;
`;

export const PageButton = styled.button<{ $active?: boolean }>`
  min-width: 40px;
  height: 40px;
  padding: 0 12px;
  border-radius: ${({ theme }) => theme.radii.md};
  border: 1px solid ${({ theme, $active }) => ($active ? theme.colors.accent : theme.colors.border)};
  background: ${({ theme, $active }) => ($active ? theme.colors.accent : theme.colors.surface)};
  color: ${({ theme, $active }) => ($active ? theme.colors.textInverse : theme.colors.textPrimary)};
  font-weight: 600;
  cursor: pointer;
  &:disabled {
    opacity: 0.5;
    cursor: not-allowed;
  }
`;
