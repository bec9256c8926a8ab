import { styled } from 'styled-components';
import { theme } from '../styles/theme.ts';

/** A quiet note that the figures are demo data (list items carry `isDemo`). */
export function DemoDataNotice({ show }: { show: boolean }) {
  if (!show) return null;
  return (
    <Note role="note" data-testid="demo-data-notice">
      <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true">
        <circle cx="8" cy="8" r="7" fill="none" stroke="currentColor" strokeWidth="1.5" />
        <path d="M8 7v4M8 4.5v.5" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
      </svg>
      <span>Demo data: prices and dividends shown here are simulated sample values, not live market data.</span>
    </Note>
  );
}

/** True when any of the items is demo data. */
export function anyDemo(items: ReadonlyArray<{ isDemo?: boolean | undefined }> | undefined | null): boolean {
  return Boolean(items?.some((i) => i.isDemo));
}

const Note = styled.p`
  display: flex;
  align-items: center;
  gap: 8px;
  margin: 0 0 16px;
  padding: 8px 12px;
  border: 1px solid ${theme.colors.warningBorder};
  border-radius: ${theme.radii.md};
  background: ${theme.colors.warningSoft};
  color: ${theme.colors.warningText};
  font-size: ${theme.fontSizes.sm};
  & svg { flex: none; }
`;
