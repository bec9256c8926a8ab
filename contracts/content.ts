import { z } from 'zod';

/**
 * What the owner's content APIs (admin spec §3 and §7) answer: news moderation and keywords, managed
 * pages, the image library and the key/value settings. Their requests (with the server's rules and
 * messages) and endpoint definitions are in contracts/news.ts, pages.ts, images.ts and settings.ts;
 * the client imports the types with `import type`.
 */

// ---------- News (owner) ----------

export const NewsStatusJson = z.enum(['draft', 'review', 'published', 'archived']);
export type NewsStatusJson = z.infer<typeof NewsStatusJson>;

/** `GET /api/admin/news`: every status, newest first. Tags comma-separated as in the spec's entity. */
export const AdminNewsArticle = z.object({
  id: z.string(),
  status: NewsStatusJson,
  source: z.string(),
  title: z.string(),
  link: z.string(),
  summary: z.string(),
  /** Comma-separated. */
  tags: z.string(),
  publishedAt: z.string().nullable(),
  ingestedAt: z.string(),
});
export type AdminNewsArticle = z.infer<typeof AdminNewsArticle>;

/** `GET/PUT /api/admin/news-keywords`: the answer (the request: contracts/news.ts `NewsKeywordsUpdate`). */
export const NewsKeywords = z.object({ keywords: z.array(z.string()) });
export type NewsKeywords = z.infer<typeof NewsKeywords>;

/** The three purges (`POST /api/admin/news/purge-{archived|review|published}`). */
export const PurgeResult = z.object({ deleted: z.number().int().nonnegative() });
export type PurgeResult = z.infer<typeof PurgeResult>;

// ---------- Managed pages ----------

/** A managed page as `GET /api/admin/pages` and `GET /api/pages/by-path` answer it (0/1 flags as in the spec). */
export const PageJson = z.object({
  id: z.string(),
  slug: z.string(),
  path: z.string(),
  title: z.string(),
  metaDescription: z.string().nullable(),
  canonicalUrl: z.string().nullable(),
  noIndex: z.union([z.literal(0), z.literal(1)]),
  htmlBody: z.string(),
  cssBody: z.string().nullable(),
  isPublished: z.union([z.literal(0), z.literal(1)]),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PageJson = z.infer<typeof PageJson>;

// ---------- Images ----------

/**
 * An image of the library (`GET /api/admin/images`, the upload's answer). The bytes are not in the
 * list: `url` (`/api/images/{id}`) serves them.
 */
export const ImageJson = z.object({
  id: z.string(),
  filename: z.string(),
  /** Decided by the bytes, not by the declared type. */
  mimeType: z.string(),
  size: z.number().int().nonnegative(),
  sha256: z.string(),
  url: z.string(),
  uploadedAt: z.string(),
});
export type ImageJson = z.infer<typeof ImageJson>;

// ---------- Settings (owner) ----------

/** `GET /api/admin/settings`: every saved setting (known keys included) with its value. */
export const AdminSetting = z.object({ key: z.string(), value: z.json(), updatedAt: z.string() });
export type AdminSetting = z.infer<typeof AdminSetting>;
