import { z } from 'zod';
import { AdminSetting } from './content.ts';
import { endpoint } from './endpoint.ts';
import { lenient } from './fields.ts';

/**
 * The site settings (docs/site-settings.md): the public ones every page reads
 * (`GET /api/settings/header_nav`, `GET /api/settings/footer_html`) and the owner's writes.
 */

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

// ---------------------------------------------------------------------------------------------------
// The owner's writes (their answer, AdminSetting, is in contracts/content.ts)

/** The messages of the writes' own fields (a value's rules and messages are the decider's: services/settings). */
export const settingWriteMessages = {
  html: 'html must be text',
  nav: 'nav must be an object with items',
  keyText: 'key must be text',
  keyRequired: 'key is required',
} as const;

/** A field that must be present (not null); its shape is the decider's to check. */
const present = (check?: (value: unknown) => boolean, message = '') =>
  z.unknown().superRefine((value, ctx) => {
    if (value === undefined || value === null) ctx.addIssue({ code: 'custom', message: 'Required' });
    else if (check && !check(value)) ctx.addIssue({ code: 'custom', message });
  });

/** A setting's value is any JSON (zod's recursive `z.json()` has no OpenAPI rendering of its own). */
const anyJson = ['string', 'number', 'boolean', 'object', 'array', 'null'];

/** `PUT /api/admin/settings/footer_html`. */
export const FooterHtmlWrite = z.object({ html: z.string({ error: settingWriteMessages.html }) });

/** `PUT /api/admin/settings/header_nav`: `{items}`, or the items list itself. */
export const HeaderNavWrite = z.object({
  nav: lenient<unknown, HeaderNavAnswer | NavItem[]>(present((v) => typeof v === 'object', settingWriteMessages.nav), {
    description: '`{items}` (HeaderNavAnswer), or the items list itself.',
    type: ['object', 'array'],
  }),
});

/** `POST /api/admin/settings`: any key; footer_html and header_nav go through their own rules. */
export const SettingWrite = z.object({
  key: z.string({ error: settingWriteMessages.keyText }).trim().min(1, settingWriteMessages.keyRequired),
  value: lenient<unknown, AdminSetting['value']>(present(), {
    description: 'Any JSON: text for most keys, `{items}` for header_nav, HTML text for footer_html.',
    type: anyJson,
  }),
});
/** What the client sends. */
export type SettingWrite = z.input<typeof SettingWrite>;

// ---------------------------------------------------------------------------------------------------
// Endpoints

const tags = ['Settings'];

export const getSetting = endpoint({
  method: 'get',
  path: '/api/settings/:key',
  access: 'public',
  summary: 'A public site setting: `header_nav` → `{items}`, `footer_html` → `{html}`.',
  tags,
  params: z.object({ key: z.string().describe('`header_nav` or `footer_html` (other keys are not public: 404).') }),
  responses: { 200: { description: 'The setting.', json: z.union([HeaderNavAnswer, FooterHtmlAnswer]) } },
  errors: [404],
  reads: ['settings'],
});

export const getAdminSettings = endpoint({
  method: 'get',
  path: '/api/admin/settings',
  access: 'owner',
  summary: 'Every saved setting, by key (docs/site-settings.md).',
  tags,
  responses: { 200: { description: 'The settings.', json: z.array(AdminSetting) } },
  errors: [],
  reads: ['settings'],
});

export const saveSetting = endpoint({
  method: 'post',
  path: '/api/admin/settings',
  access: 'owner',
  summary: 'Save one setting: `footer_html` is sanitised, `header_nav` validated, any other key holds text (at most 10,000 characters).',
  tags,
  body: SettingWrite,
  responses: { 200: { description: 'The setting as stored.', json: AdminSetting } },
  errors: [400, 413],
  reads: ['settings'],
  waitsFor: 'all',
});

export const saveFooterHtml = endpoint({
  method: 'put',
  path: '/api/admin/settings/footer_html',
  access: 'owner',
  summary: "Save the footer's HTML, sanitised on the server (no script, event handler, javascript: URL, iframe, object, embed or form).",
  tags,
  body: FooterHtmlWrite,
  responses: { 200: { description: 'The setting as stored: the HTML every visitor gets.', json: AdminSetting } },
  errors: [400, 413],
  reads: ['settings'],
  waitsFor: 'all',
});

export const saveHeaderNav = endpoint({
  method: 'put',
  path: '/api/admin/settings/header_nav',
  access: 'owner',
  summary: 'Save the header navigation: links, dropdowns (children or legacy items), dividers, section headers; paths are /site paths, #anchors, http(s):// or mailto:.',
  tags,
  body: HeaderNavWrite,
  responses: { 200: { description: 'The setting as stored.', json: AdminSetting } },
  errors: [400, 413],
  reads: ['settings'],
  waitsFor: 'all',
});
