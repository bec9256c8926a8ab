import { z } from 'zod';

/** The public site settings (`GET /api/settings/header_nav`, `GET /api/settings/footer_html`). */

/**
 * A navigation item: a link `{label, path}`, a dropdown `{label, children}` (or the legacy `items`),
 * a divider `{type: 'divider'}` or a section header `{type: 'header' | 'section', label}`.
 */
export interface NavItem {
  type?: 'link' | 'dropdown' | 'divider' | 'header' | 'section' | undefined;
  label?: string | undefined;
  path?: string | undefined;
  children?: NavItem[] | undefined;
  items?: NavItem[] | undefined;
}
export const NavItem: z.ZodType<NavItem> = z.object({
  type: z.enum(['link', 'dropdown', 'divider', 'header', 'section']).optional(),
  label: z.string().optional(),
  path: z.string().optional(),
  get children() {
    return z.array(NavItem).optional();
  },
  get items() {
    return z.array(NavItem).optional();
  },
});

export const HeaderNavAnswer = z.object({ items: z.array(NavItem) });
export type HeaderNavAnswer = z.infer<typeof HeaderNavAnswer>;

export const FooterHtmlAnswer = z.object({ html: z.string() });
export type FooterHtmlAnswer = z.infer<typeof FooterHtmlAnswer>;
