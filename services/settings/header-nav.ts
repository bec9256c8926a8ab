import { z } from 'zod';

/**
 * The header navigation setting (`header_nav`): `{ items }`, which the site header draws; each item
 * one of:
 * - a link: `{ label, path }` (type `link` or none); a path starting with `#` is an in-page anchor;
 * - a dropdown: `{ label, children }` (type `dropdown` or none), or the legacy `{ type: 'dropdown', label, items }`;
 * - a divider: `{ type: 'divider' }`;
 * - a section header: `{ type: 'header' | 'section', label }`.
 * Paths are site paths (`/etfs`), anchors (`#calculators`), http(s) URLs or `mailto:`; never
 * `javascript:`, `data:`, `vbscript:` or a protocol-relative `//host` (see pathProblem).
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

export const navMessages = {
  label: 'Label is required',
  path: 'Path is required',
  pathForm: 'Path must be a site path (/etfs), an anchor (#calculators), an http(s):// address or mailto:',
  protocolRelative: 'Path must not start with // (an address on another site needs https://)',
  scheme: (scheme: string) => `Path must not be a ${scheme}: address (only site paths, #anchors, http(s):// and mailto:)`,
  spaces: 'Path must not contain spaces or control characters',
  userinfo: (host: string) => `Path must not hold a user name or password before the host (this address opens ${host})`,
  children: 'A dropdown needs children (or items)',
  depth: `Navigation can nest at most ${NAV_LIMITS.depth} levels`,
} as const;

/**
 * What is wrong with a navigation path, or null: site paths (`/etfs`, not `//host` or `/\\host`,
 * which browsers send to another site), anchors (`#calculators`), `http(s)://` addresses with a host
 * and `mailto:`; every other scheme (`javascript:`, `data:`, `vbscript:`, `file:`...) is refused, and so
 * is a user name or password before an address's host (`https://weeklydiv.test@evil.example/`).
 */
export function pathProblem(path: string): string | null {
  if (/\s/.test(path) || [...path].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)) return navMessages.spaces;
  if (/^[/\\]{2}|^\/\\|^\\/.test(path)) return navMessages.protocolRelative;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(path)?.[1]?.toLowerCase();
  if (scheme === 'http' || scheme === 'https') {
    // The authority runs to the first `/`, `?`, `#` or `\` (browsers read `\` as `/` in http URLs).
    const authority = /^https?:\/\/([^/?#\\]*)/i.exec(path)?.[1] ?? '';
    // `https://weeklydiv.test@evil.example/login` looks like the site and opens evil.example (audit I5).
    const at = authority.lastIndexOf('@');
    if (at >= 0) return navMessages.userinfo(authority.slice(at + 1) || '(no host)');
    return authority === '' ? navMessages.pathForm : null;
  }
  if (scheme === 'mailto') return path.length > 'mailto:'.length ? null : navMessages.pathForm;
  if (scheme !== undefined) return navMessages.scheme(scheme);
  return path.startsWith('/') || path.startsWith('#') ? null : navMessages.pathForm;
}

/** The message of an item's problem, naming the item by its label when it has one. */
function named(item: NavItem, message: string): string {
  return item.label ? `"${item.label}": ${message}` : message;
}

const tooMany = `A list can have at most ${NAV_LIMITS.items} items`;

function kindOf(item: NavItem): NonNullable<NavItem['type']> {
  if (item.type) return item.type;
  return item.children !== undefined || item.items !== undefined ? 'dropdown' : 'link';
}

const navItemSchema: z.ZodType<NavItem> = z.lazy(() =>
  z
    .object({
      type: z.enum(['link', 'dropdown', 'divider', 'header', 'section'], { error: 'Type must be link, dropdown, divider, header or section' }).optional(),
      label: z.string({ error: 'Label must be text' }).trim().max(NAV_LIMITS.label, `Label must be at most ${NAV_LIMITS.label} characters`).optional(),
      path: z.string({ error: 'Path must be text' }).trim().max(NAV_LIMITS.path, `Path must be at most ${NAV_LIMITS.path} characters`).optional(),
      children: z.array(navItemSchema, { error: 'children must be a list' }).max(NAV_LIMITS.items, tooMany).optional(),
      items: z.array(navItemSchema, { error: 'items must be a list' }).max(NAV_LIMITS.items, tooMany).optional(),
    })
    .superRefine((item, ctx) => {
      const kind = kindOf(item);
      if (kind !== 'divider' && !item.label) ctx.addIssue({ code: 'custom', path: ['label'], message: navMessages.label });
      if (kind === 'link') {
        if (!item.path) ctx.addIssue({ code: 'custom', path: ['path'], message: named(item, navMessages.path) });
      }
      const problem = item.path ? pathProblem(item.path) : null;
      if (problem) ctx.addIssue({ code: 'custom', path: ['path'], message: named(item, problem) });
      if (kind === 'dropdown') {
        if (item.children === undefined && item.items === undefined) ctx.addIssue({ code: 'custom', path: ['children'], message: named(item, navMessages.children) });
      }
    }),
);

function depthOf(items: readonly NavItem[]): number {
  let max = 0;
  for (const item of items) max = Math.max(max, 1 + depthOf([...(item.children ?? []), ...(item.items ?? [])]));
  return max;
}

export const headerNavSchema = z
  .object({ items: z.array(navItemSchema, { error: 'items must be a list' }).max(NAV_LIMITS.items, tooMany) }, { error: 'Navigation must be an object with items' })
  .superRefine((nav, ctx) => {
    if (depthOf(nav.items) > NAV_LIMITS.depth) ctx.addIssue({ code: 'custom', path: ['items'], message: navMessages.depth });
  });
