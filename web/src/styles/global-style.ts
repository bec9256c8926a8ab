import { createGlobalStyle } from 'styled-components';
import { theme } from './theme.ts';

export const GlobalStyle = createGlobalStyle`
  *, *::before, *::after { box-sizing: border-box; }
  html { -webkit-text-size-adjust: 100%; }
  body {
    margin: 0;
    font-family: ${theme.fonts.body};
    font-size: ${theme.fontSizes.md};
    line-height: 1.5;
    color: ${theme.colors.textPrimary};
    background: ${theme.colors.background};
  }
  h1, h2, h3, h4 { line-height: 1.2; margin: 0; }
  p { margin: 0; }
  a { color: ${theme.colors.accent}; }
  img, svg { max-width: 100%; }
  button, input, select, textarea { font: inherit; }
  :focus-visible { outline: 2px solid ${theme.colors.focusRing}; outline-offset: 2px; }
  @media (prefers-reduced-motion: reduce) {
    *, *::before, *::after { animation-duration: 0.01ms !important; transition-duration: 0.01ms !important; }
  }
`;
