import { palette } from './palette.ts';

/**
 * The theme: named tokens built from the palette. Components read `theme.colors.textSecondary`,
 * never a hex value; a re-skin changes this file only.
 *
 * Styled components import this object and interpolate its values directly
 * (`color: ${theme.colors.textSecondary};`), not through a props function
 * (`${({ theme }) => …}`): a template without functions is static, so styled-components builds its
 * CSS once instead of on every render (measured: a third of each render's time on a slow phone went
 * to re-serialising and hashing CSS; docs/client.md "Start-up work"). Functions remain only where a
 * style depends on a prop. The ThemeProvider still passes the same object for the few hooks that
 * need it (`useTheme` in the price chart).
 */
export const theme = {
  colors: {
    background: palette.slate50,
    surface: palette.white,
    surfaceMuted: palette.slate100,
    surfacePast: palette.slate100,
    surfaceAccent: palette.blue50,
    border: palette.slate200,
    borderStrong: palette.slate300,
    textPrimary: palette.slate900,
    textSecondary: palette.slate600,
    textMuted: palette.slate600,
    textInverse: palette.white,
    accent: palette.blue600,
    accentHover: palette.blue700,
    accentStrong: palette.blue800,
    accentSoft: palette.blue100,
    positive: palette.green700,
    positiveSoft: palette.green50,
    negative: palette.red700,
    negativeSoft: palette.red50,
    destructive: palette.red600,
    destructiveHover: palette.red700,
    warningSoft: palette.amber50,
    warningBorder: palette.amber300,
    warningText: palette.amber800,
    inputBorder: palette.slate300,
    inputBorderFocused: palette.blue600,
    focusRing: palette.blue600,
    skeleton: palette.slate200,
    overlay: 'rgba(15, 23, 42, 0.55)',
    heroBackground: palette.slate900,
    heroText: palette.white,
    heroTextMuted: palette.slate300,
    heroBorder: 'rgba(255, 255, 255, 0.28)',
    heroGhostHover: 'rgba(255, 255, 255, 0.08)',
    footerBackground: palette.slate900,
    footerText: palette.slate300,
    footerLink: palette.white,
    rankGold: palette.gold,
    rankSilver: palette.silver,
    rankBronze: palette.bronze,
    todayBorder: palette.blue600,
  },
  fonts: {
    body: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
    mono: "ui-monospace, SFMono-Regular, Menlo, Consolas, monospace",
  },
  fontSizes: { xs: '0.75rem', sm: '0.875rem', md: '1rem', lg: '1.125rem', xl: '1.25rem', xxl: '1.5rem', display: '2.5rem' },
  radii: { sm: '4px', md: '8px', lg: '12px', pill: '999px' },
  space: { xs: '4px', sm: '8px', md: '16px', lg: '24px', xl: '32px', xxl: '48px' },
  shadows: {
    card: '0 1px 2px rgba(15, 23, 42, 0.06), 0 1px 3px rgba(15, 23, 42, 0.08)',
    popover: '0 10px 30px rgba(15, 23, 42, 0.18)',
  },
  layout: { maxWidth: '1200px', headerHeight: '64px' },
  /** Breakpoints (min-width, px). */
  breakpoints: { sm: 640, md: 768, lg: 1024 },
  zIndices: { header: 20, dropdown: 30, overlay: 40, toast: 50 },
} as const;

export type AppTheme = typeof theme;
