import { z } from 'zod';

/**
 * The header navigation setting (`header_nav`): `{ items }`, which the site header draws; each item
 * one of:
 * - a link: `{ label, path }` (type `link` or none); a path starting with `#` is an in-page anchor;
 * - a dropdown: `{ label, children }` (type `dropdown` or none), or the legacy `{ type: 'dropdown', label, items }`;
 * - a divider: `{ type: 'divider' }`;
 * - a section header: `{ type: 'header' | 'section', label }`.
 * Paths are site paths (`/etfs`), anchors (`#calculators`) or http(s) URLs, never `javascript:`.
 */
export interface NavItem {
  type?: 'link' | 'dropdown' | 'divider' | 'header' | 'section';
  label?: string;
  path?: string;
  children?: NavItem[];
  items?: NavItem[];
}

export interface HeaderNav {
  items: NavItem[];
}

export const NAV_LIMITS = { items: 50, depth: 3, label: 80, path: 500 } as const;

const PATH_RE = /^(\/|#|https?:\/\/)/i;

export const navMessages = {
  label: 'Label is required',
  path: 'Path is required',
  pathForm: 'Path must start with /, # or http(s)://',
  children: 'A dropdown needs children (or items)',
  depth: `Navigation can nest at most ${NAV_LIMITS.depth} levels`,
} as const;

function kindOf(item: NavItem): NonNullable<NavItem['type']> {
  if (item.type) return item.type;
  return item.children !== undefined || item.items !== undefined ? 'dropdown' : 'link';
}

const navItemSchema: z.ZodType<NavItem> = z.lazy(() =>
  z
    .object({
      type: z.enum(['link', 'dropdown', 'divider', 'header', 'section'], { error: 'Type must be link, dropdown, divider, header or section' }).optional(),
      label: z.string({ error: 'Label must be text' }).trim().max(NAV_LIMITS.label).optional(),
      path: z.string({ error: 'Path must be text' }).trim().max(NAV_LIMITS.path).optional(),
      children: z.array(navItemSchema).max(NAV_LIMITS.items).optional(),
      items: z.array(navItemSchema).max(NAV_LIMITS.items).optional(),
    })
    .superRefine((item, ctx) => {
      const kind = kindOf(item);
      if (kind !== 'divider' && !item.label) ctx.addIssue({ code: 'custom', path: ['label'], message: navMessages.label });
      if (kind === 'link') {
        if (!item.path) ctx.addIssue({ code: 'custom', path: ['path'], message: navMessages.path });
        else if (!PATH_RE.test(item.path)) ctx.addIssue({ code: 'custom', path: ['path'], message: navMessages.pathForm });
      }
      if (kind === 'dropdown') {
        if (item.children === undefined && item.items === undefined) ctx.addIssue({ code: 'custom', path: ['children'], message: navMessages.children });
        if (item.path && !PATH_RE.test(item.path)) ctx.addIssue({ code: 'custom', path: ['path'], message: navMessages.pathForm });
      }
    }),
);

function depthOf(items: readonly NavItem[]): number {
  let max = 0;
  for (const item of items) max = Math.max(max, 1 + depthOf([...(item.children ?? []), ...(item.items ?? [])]));
  return max;
}

export const headerNavSchema = z
  .object({ items: z.array(navItemSchema, { error: 'items must be a list' }).max(NAV_LIMITS.items) }, { error: 'Navigation must be an object with items' })
  .superRefine((nav, ctx) => {
    if (depthOf(nav.items) > NAV_LIMITS.depth) ctx.addIssue({ code: 'custom', path: ['items'], message: navMessages.depth });
  });
