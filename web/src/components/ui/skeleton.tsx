import { styled, keyframes } from 'styled-components';
import { theme } from '../../styles/theme.ts';

const pulse = keyframes`
  0%, 100% { opacity: 1; }
  50% { opacity: 0.45; }
`;

/** A grey placeholder block while something loads (hidden from assistive tech). */
export const Skeleton = styled.div.attrs({ 'aria-hidden': true })<{ $height?: string; $width?: string; $radius?: string }>`
  height: ${({ $height = '16px' }) => $height};
  width: ${({ $width = '100%' }) => $width};
  border-radius: ${({ $radius }) => $radius ?? theme.radii.md};
  background: ${theme.colors.skeleton};
  animation: ${pulse} 1.6s ease-in-out infinite;
`;
