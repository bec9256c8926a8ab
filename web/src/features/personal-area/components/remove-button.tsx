import { styled } from 'styled-components';
import { theme } from '../../../styles/theme.ts';

/** A small trash-can button; `label` is its accessible name ("Remove NVDW from portfolio"). */
export function RemoveButton({ label, onClick, disabled }: { label: string; onClick: () => void; disabled?: boolean }) {
  return (
    <Button type="button" aria-label={label} title={label} onClick={onClick} disabled={disabled}>
      <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
        <path d="M3 6h18M8 6V4h8v2M19 6l-1 14H6L5 6M10 11v6M14 11v6" />
      </svg>
    </Button>
  );
}

const Button = styled.button`
  flex: none;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 40px;
  height: 40px;
  border: 1px solid transparent;
  border-radius: ${theme.radii.md};
  background: transparent;
  color: ${theme.colors.textSecondary};
  cursor: pointer;
  &:hover:not(:disabled) {
    background: ${theme.colors.negativeSoft};
    color: ${theme.colors.negative};
  }
  &:disabled {
    opacity: 0.5;
    cursor: not-allowed;
  }
`;
