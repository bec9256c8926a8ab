import { Link } from 'react-router-dom';
import { styled, css } from 'styled-components';
import { theme } from '../../styles/theme.ts';

export type ButtonVariant = 'primary' | 'secondary' | 'outline' | 'ghost' | 'destructive';
export type ButtonSize = 'sm' | 'md' | 'lg';

interface StyleProps {
  $variant?: ButtonVariant;
  $size?: ButtonSize;
  $block?: boolean;
}

const paddings: Record<ButtonSize, string> = { sm: '6px 12px', md: '9px 16px', lg: '12px 22px' };

export const buttonStyles = css<StyleProps>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: 8px;
  min-height: ${({ $size = 'md' }) => ($size === 'sm' ? '32px' : $size === 'lg' ? '48px' : '40px')};
  padding: ${({ $size = 'md' }) => paddings[$size]};
  width: ${({ $block }) => ($block ? '100%' : 'auto')};
  border-radius: ${theme.radii.md};
  border: 1px solid transparent;
  font-size: ${({ $size = 'md' }) => ($size === 'lg' ? theme.fontSizes.lg : $size === 'sm' ? theme.fontSizes.sm : theme.fontSizes.md)};
  font-weight: 600;
  line-height: 1.2;
  text-decoration: none;
  cursor: pointer;
  white-space: nowrap;
  transition: background-color 120ms ease, border-color 120ms ease, color 120ms ease;
  &:disabled,
  &[aria-disabled='true'] {
    opacity: 0.6;
    cursor: not-allowed;
  }
  ${({ $variant = 'primary' }) => {
    const c = theme.colors;
    switch ($variant) {
      case 'primary':
        return css`
          background: ${c.accent};
          color: ${c.textInverse};
          &:hover:not(:disabled) { background: ${c.accentHover}; }
        `;
      case 'secondary':
        return css`
          background: ${c.surfaceMuted};
          color: ${c.textPrimary};
          &:hover:not(:disabled) { background: ${c.border}; }
        `;
      case 'outline':
        return css`
          background: ${c.surface};
          color: ${c.textPrimary};
          border-color: ${c.borderStrong};
          &:hover:not(:disabled) { background: ${c.surfaceMuted}; }
        `;
      case 'ghost':
        return css`
          background: transparent;
          color: ${c.textPrimary};
          &:hover:not(:disabled) { background: ${c.surfaceMuted}; }
        `;
      case 'destructive':
        return css`
          background: ${c.destructive};
          color: ${c.textInverse};
          &:hover:not(:disabled) { background: ${c.destructiveHover}; }
        `;
      default: {
        const never: never = $variant;
        return String(never);
      }
    }
  }}
`;

/** A button. `$variant`: primary (default), secondary, outline, ghost, destructive. */
export const Button = styled.button.attrs<StyleProps>((p) => ({ type: p.type ?? 'button' }))<StyleProps>`
  ${buttonStyles}
`;

/** A router link that looks like a button. */
export const ButtonLink = styled(Link)<StyleProps>`
  ${buttonStyles}
`;

/** A router link button whose long label wraps inside its container (a phone's card) instead of spilling past it. */
export const WrappingButtonLink = styled(ButtonLink)`
  max-width: 100%;
  white-space: normal;
  text-align: center;
`;

/** A plain link (a file to download, another scheme such as webcal:) that looks like a button. */
export const AnchorButton = styled.a<StyleProps>`
  ${buttonStyles}
`;
