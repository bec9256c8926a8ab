import { z } from 'zod';
import { PageJson } from './content.ts';
import { endpoint } from './endpoint.ts';
import { lenient } from './fields.ts';

/**
 * Managed pages (admin spec §3-§5): the owner's form and list (`/api/admin/pages`) and the public read
 * of a published page by its path (`/api/pages/by-path`). The answer, PageJson, is in
 * contracts/content.ts; the path rule (normalisation, reserved paths) in contracts/page-path.ts, which
 * the server applies itself.
 */

export const PAGE_LIMITS = { path: 200, title: 200, metaDescription: 500, canonicalUrl: 2_000, htmlBody: 500_000, cssBody: 100_000 } as const;

const n = (x: number) => x.toLocaleString('en-US');

/** The messages of the form's fields and of the public read's `path`, word for word. */
export const pageInputMessages = {
  pathRequired: 'Path is required',
  pathTooLong: `Path must be at most ${n(PAGE_LIMITS.path)} characters`,
  titleRequired: 'Title is required',
  titleTooLong: `Title must be at most ${n(PAGE_LIMITS.title)} characters`,
  htmlBodyRequired: 'HTML body is required',
  htmlBodyTooLong: `HTML body must be at most ${n(PAGE_LIMITS.htmlBody)} characters`,
  metaDescriptionTooLong: `Meta description must be at most ${n(PAGE_LIMITS.metaDescription)} characters (150-160 is best)`,
  canonicalUrl: 'Canonical URL must be an absolute http(s) URL, like https://weeklydiv.com/about',
  canonicalUrlTooLong: `Canonical URL must be at most ${n(PAGE_LIMITS.canonicalUrl)} characters`,
  cssBodyTooLong: `CSS must be at most ${n(PAGE_LIMITS.cssBody)} characters`,
  flag: (field: string) => `${field} must be 0 or 1`,
  text: (field: string) => `${field} must be text`,
  queryPathRequired: 'Query parameter path is required',
  queryPathOnce: 'Query parameter path must be given once',
  queryPathTooLong: 'Query parameter path must be at most 2,000 characters',
} as const;

/** Text that may be left empty: '' (or only spaces) and null both mean "none". */
const optionalText = (field: string, max: number, tooLong: string) =>
  z
    .string({ error: pageInputMessages.text(field) })
    .nullable()
    .optional()
    .transform((v) => (v === undefined ? undefined : v === null || v.trim() === '' ? null : v.trim()))
    .refine((v) => v === undefined || v === null || v.length <= max, tooLong);

const flag = (field: string) =>
  z
    .union([z.literal(0), z.literal(1), z.boolean()], { error: pageInputMessages.flag(field) })
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 1 || v === true));

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** The form's fields, one rule each. */
const PageFormFields = z
  .object({
    path: z
      .string({ error: pageInputMessages.text('Path') })
      .refine((v) => v.trim() !== '', pageInputMessages.pathRequired)
      .refine((v) => v.trim().length <= PAGE_LIMITS.path, pageInputMessages.pathTooLong),
    title: z
      .string({ error: pageInputMessages.text('Title') })
      .trim()
      .min(1, pageInputMessages.titleRequired)
      .max(PAGE_LIMITS.title, pageInputMessages.titleTooLong),
    htmlBody: z
      .string({ error: pageInputMessages.text('HTML body') })
      .refine((v) => v.trim() !== '', pageInputMessages.htmlBodyRequired)
      .refine((v) => v.length <= PAGE_LIMITS.htmlBody, pageInputMessages.htmlBodyTooLong),
    metaDescription: optionalText('Meta description', PAGE_LIMITS.metaDescription, pageInputMessages.metaDescriptionTooLong),
    canonicalUrl: optionalText('Canonical URL', PAGE_LIMITS.canonicalUrl, pageInputMessages.canonicalUrlTooLong).refine(
      (v) => v === undefined || v === null || v.length > PAGE_LIMITS.canonicalUrl || isHttpUrl(v),
      pageInputMessages.canonicalUrl,
    ),
    cssBody: z
      .string({ error: pageInputMessages.text('CSS') })
      .nullable()
      .optional()
      .transform((v) => (v === undefined ? undefined : v === null || v.trim() === '' ? null : v))
      .refine((v) => v === undefined || v === null || v.length <= PAGE_LIMITS.cssBody, pageInputMessages.cssBodyTooLong),
    noIndex: flag('noIndex'),
    isPublished: flag('isPublished'),
  })
  .strict();

/**
 * A missing or null path/title/htmlBody reads as empty, so the owner sees "Title is required", not
 * "Required". Typed as the form a client sends; at run time it gets any JSON.
 */
function withRequiredText(body: z.input<typeof PageFormFields>): unknown {
  const raw: unknown = body;
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return raw;
  const b = raw as Record<string, unknown>;
  return { ...b, path: b['path'] ?? '', title: b['title'] ?? '', htmlBody: b['htmlBody'] ?? '' };
}

/**
 * The form's fields (`POST /api/admin/pages`, `PUT /api/admin/pages/{id}`). Optional fields left out
 * are `undefined`: a new page gets the defaults (none, noIndex 0, isPublished 0), an edited page keeps
 * what it had; null or '' clears them. The server normalises the path (contracts/page-path.ts).
 */
export const PageInput = z.preprocess(withRequiredText, PageFormFields);
/** What the client sends. */
export type PageInput = z.input<typeof PageInput>;
/** What the server reads from it. */
export type PageFields = z.output<typeof PageInput>;

/** `?path=` (one, non-empty); a missing one reads as empty so the message names it. */
export const PageByPathQuery = z.object({
  path: lenient<string, string>(
    z.preprocess(
      (p) => p ?? '',
      z
        .string({ error: pageInputMessages.queryPathOnce })
        .refine((p) => p.trim() !== '', pageInputMessages.queryPathRequired)
        .refine((p) => p.length <= 2_000, pageInputMessages.queryPathTooLong),
    ),
    { description: 'The page path, e.g. /about (URL-encoded).', type: ['string'] },
  ),
});

// ---------------------------------------------------------------------------------------------------
// Endpoints

const pageId = z.object({ id: z.string().describe('The page id (uuid).') });

export const getPageByPath = endpoint({
  method: 'get',
  path: '/api/pages/by-path',
  access: 'public',
  summary: "A published managed page by its path (normalised as the owner's form does); drafts and unknown paths are 404.",
  tags: ['Pages'],
  query: PageByPathQuery,
  responses: { 200: { description: 'The page.', json: PageJson } },
  errors: [400, 404],
  reads: ['pages'],
});

/**
 * A published page under another one, as an index lists it (`GET /api/pages/children`): its path, its
 * current title and meta description, so an index never repeats a title the owner has since changed.
 */
export const PageSummary = z.object({ path: z.string(), title: z.string(), metaDescription: z.string().nullable() });
export type PageSummary = z.infer<typeof PageSummary>;

export const getPageChildren = endpoint({
  method: 'get',
  path: '/api/pages/children',
  access: 'public',
  summary:
    'The published managed pages directly or deeper under a path (`/guides` lists `/guides/...`), oldest first (then by path): the section list a managed page shows below its body. An empty list when there are none.',
  tags: ['Pages'],
  query: PageByPathQuery,
  responses: { 200: { description: 'The pages under the path.', json: z.array(PageSummary) } },
  errors: [400],
  reads: ['pages'],
});

export const getAdminPages = endpoint({
  method: 'get',
  path: '/api/admin/pages',
  access: 'owner',
  summary: 'Every managed page, drafts too, by path.',
  tags: ['Admin'],
  responses: { 200: { description: 'The pages.', json: z.array(PageJson) } },
  errors: [],
  reads: ['pages'],
});

export const createPage = endpoint({
  method: 'post',
  path: '/api/admin/pages',
  access: 'owner',
  summary: 'Create a managed page (a draft unless isPublished is 1; noIndex 0 by default).',
  description:
    'The path is normalised on the server (contracts/page-path.ts) and the slug derived from it. 409 when another page has the path or the site itself uses it (`/etfs/...`, `/login`, …).',
  tags: ['Admin'],
  body: PageInput,
  responses: { 201: { description: 'The page.', json: PageJson } },
  errors: [400, 409],
  waitsFor: 'all',
});

export const updatePage = endpoint({
  method: 'put',
  path: '/api/admin/pages/:id',
  access: 'owner',
  summary: "Save a page's form (optional fields left out keep their value; null or empty clears them).",
  tags: ['Admin'],
  params: pageId,
  body: PageInput,
  responses: { 200: { description: 'The page.', json: PageJson } },
  errors: [400, 404, 409],
  waitsFor: 'all',
});

export const deletePage = endpoint({
  method: 'delete',
  path: '/api/admin/pages/:id',
  access: 'owner',
  summary: 'Delete a page; its path is free again.',
  tags: ['Admin'],
  params: pageId,
  responses: { 204: { description: 'Done; no body.' } },
  errors: [404],
  waitsFor: 'all',
});

/** `POST /api/admin/owner-html/preview`: HTML the owner is writing (a page's body, the footer). */
export const OwnerHtmlPreviewInput = z.object({
  html: z
    .string({ error: pageInputMessages.text('HTML') })
    .refine((v) => v.length <= PAGE_LIMITS.htmlBody, `HTML must be at most ${n(PAGE_LIMITS.htmlBody)} characters`),
});
export const OwnerHtmlPreview = z.object({ html: z.string() });

export const previewOwnerHtml = endpoint({
  method: 'post',
  path: '/api/admin/owner-html/preview',
  access: 'owner',
  summary: "The owner's HTML as visitors would get it: cleaned by the server's sanitiser (services/core/owner-html.ts), nothing saved.",
  description:
    "For the admin previews of a page's body and of the footer (issue 29, W15): the browser then never parses the raw HTML, whose event handlers made Chrome log CSP errors.",
  tags: ['Admin'],
  body: OwnerHtmlPreviewInput,
  responses: { 200: { description: 'The cleaned HTML.', json: OwnerHtmlPreview } },
  errors: [400],
});
