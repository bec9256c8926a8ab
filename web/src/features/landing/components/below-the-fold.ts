import { css } from 'styled-components';
import { theme } from '../../../styles/theme.ts';

/** A landing section's rendered height (px, padding included) in each width range: phones, sm, md, lg and wider. */
export interface SectionHeights {
  phone: number;
  sm: number;
  md: number;
  lg: number;
}

/**
 * A section below the first screen: `content-visibility: auto` skips its style, layout and paint until it
 * scrolls near, and meanwhile it holds the height it will have (`contain-intrinsic-size`, per width range;
 * `paddingY` is the section's vertical padding, which comes on top of the intrinsic size),
 * so the page keeps its length while the reader scrolls (issue 29, W19: a flat 1,200 px each made the
 * landing 4,607 px long on arrival and 3,802 px once scrolled, at 1280x800). The heights are those
 * measured with the demo catalog (1280 and 390 px exactly, the ranges' other widths within about 100 px);
 * once a section has rendered, `auto` keeps its real height. Re-measure when a section changes:
 * web/e2e/walk-findings.e2e.spec.ts fails when the length moves by more than 2 %.
 */
export function belowTheFold(h: SectionHeights, paddingY: number) {
  // the intrinsic size is the content box's: the section's own padding comes on top of it
  const content = (height: number) => `${height - paddingY}px`;
  return css`
    content-visibility: auto;
    contain-intrinsic-size: auto ${content(h.phone)};
    @media (min-width: ${theme.breakpoints.sm}px) {
      contain-intrinsic-size: auto ${content(h.sm)};
    }
    @media (min-width: ${theme.breakpoints.md}px) {
      contain-intrinsic-size: auto ${content(h.md)};
    }
    @media (min-width: ${theme.breakpoints.lg}px) {
      contain-intrinsic-size: auto ${content(h.lg)};
    }
  `;
}
