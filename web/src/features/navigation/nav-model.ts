/**
 * The header navigation setting (`GET /api/settings/header_nav` → `{ items }`) turned into a tree
 * the header renders (the owner edits it as JSON; services/settings/header-nav.ts). Items may be:
 * - a link `{ label, path }` (type `link` or none); a path starting with `#` is an in-page anchor,
 *   `http(s)://` an external link, `/…` a route;
 * - a dropdown `{ label, children }` (type `dropdown` or none), or legacy `{ type: 'dropdown', items }`;
 * - a divider `{ type: 'divider' }`;
 * - a section header `{ type: 'header' | 'section', label }`.
 * Anything else (missing label, a `javascript:` path, not an object) is dropped, never rendered.
 */

export type LinkKind = 'route' | 'anchor' | 'external';

export interface NavLink {
  kind: 'link';
  label: string;
  path: string;
  linkKind: LinkKind;
}

export interface NavDivider {
  kind: 'divider';
}

export interface NavHeader {
  kind: 'header';
  label: string;
}

/** A dropdown's entries are flat: a nested dropdown becomes a header followed by its entries. */
export type NavEntry = NavLink | NavDivider | NavHeader;

export interface NavDropdown {
  kind: 'dropdown';
  label: string;
  /** Present when the dropdown's label itself links somewhere. */
  path: string | null;
  linkKind: LinkKind | null;
  entries: NavEntry[];
}

export type NavNode = NavLink | NavDivider | NavHeader | NavDropdown;

const MAX_DEPTH = 3;

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

/** How a path is followed; null for anything that is not a route, anchor or http(s) URL. */
export function linkKindOf(path: string): LinkKind | null {
  if (path.startsWith('#')) return 'anchor';
  if (path.startsWith('/') && !path.startsWith('//')) return 'route';
  // not `https://weeklydiv.test@evil.example/`: a user name before the host disguises where it goes
  if (/^https?:\/\/[^/?#\\@]+(?:[/?#\\]|$)/i.test(path)) return 'external';
  return null;
}

function childList(item: Record<string, unknown>): unknown[] | null {
  if (Array.isArray(item.children)) return item.children;
  if (Array.isArray(item.items)) return item.items;
  return null;
}

function typeOf(item: Record<string, unknown>): string {
  if (typeof item.type === 'string' && item.type) return item.type;
  return childList(item) !== null ? 'dropdown' : 'link';
}

function parseLink(item: Record<string, unknown>): NavLink | null {
  const label = text(item.label);
  const path = text(item.path);
  if (!label || !path) return null;
  const linkKind = linkKindOf(path);
  return linkKind ? { kind: 'link', label, path, linkKind } : null;
}

function parseEntries(list: unknown[], depth: number): NavEntry[] {
  const out: NavEntry[] = [];
  for (const raw of list) {
    if (!raw || typeof raw !== 'object') continue;
    const item = raw as Record<string, unknown>;
    switch (typeOf(item)) {
      case 'divider':
        out.push({ kind: 'divider' });
        break;
      case 'header':
      case 'section': {
        const label = text(item.label);
        if (label) out.push({ kind: 'header', label });
        break;
      }
      case 'dropdown': {
        const label = text(item.label);
        const children = childList(item) ?? [];
        if (!label || depth >= MAX_DEPTH) break;
        const own = parseLink(item);
        out.push(own ?? { kind: 'header', label });
        out.push(...parseEntries(children, depth + 1));
        break;
      }
      case 'link': {
        const link = parseLink(item);
        if (link) out.push(link);
        break;
      }
      default:
        break;
    }
  }
  return out;
}

/** Parses the setting's answer (`{ items }`, or a bare list) into nav nodes. */
export function parseHeaderNav(value: unknown): NavNode[] {
  const list = Array.isArray(value)
    ? value
    : value && typeof value === 'object' && Array.isArray((value as { items?: unknown }).items)
      ? (value as { items: unknown[] }).items
      : [];
  const out: NavNode[] = [];
  for (const raw of list) {
    if (!raw || typeof raw !== 'object') continue;
    const item = raw as Record<string, unknown>;
    const type = typeOf(item);
    if (type === 'dropdown') {
      const label = text(item.label);
      if (!label) continue;
      const path = text(item.path);
      const linkKind = path ? linkKindOf(path) : null;
      out.push({ kind: 'dropdown', label, path: linkKind ? path : null, linkKind, entries: parseEntries(childList(item) ?? [], 2) });
    } else {
      const [entry] = parseEntries([item], 1);
      if (entry) out.push(entry);
    }
  }
  return out;
}
