import { z } from 'zod';
import { defineEvent, type EventsOf } from './define.ts';
import { isoInstant } from './catalog.ts';

/**
 * Managed pages (the owner's custom pages, shown by the public catch-all route). A page lives on
 * `page-<pageId>`; its path is held on `pagepath-<path>` (one stream per normalised path, like the
 * catalog's ticker reservations), so two pages can never share a path, also when two owners' tabs
 * save at once. Paths here are already normalised (contracts/page-path.ts).
 */
const pageId = z.uuid();
const pagePath = z.string().regex(/^\/[a-z0-9/-]*$/).max(250);

/** The whole content of a page, as created or as it is after an edit. */
const pageContent = {
  path: pagePath,
  slug: z.string().min(1).max(200),
  title: z.string().min(1),
  metaDescription: z.string().nullable(),
  canonicalUrl: z.string().nullable(),
  noIndex: z.boolean(),
  htmlBody: z.string().min(1),
  cssBody: z.string().nullable(),
  isPublished: z.boolean(),
};

export const pageCreated = defineEvent('PageCreated', z.object({ pageId, ...pageContent, createdAt: isoInstant }));

/** The owner saved the page's form: its whole new content. */
export const pageUpdated = defineEvent('PageUpdated', z.object({ pageId, ...pageContent, updatedAt: isoInstant }));

/** The stream stays (audit); the path is released on its own stream. */
export const pageDeleted = defineEvent('PageDeleted', z.object({ pageId, path: pagePath, deletedAt: isoInstant }));

/** Written on `pagepath-<path>`: the path now belongs to this page. */
export const pagePathReserved = defineEvent('PagePathReserved', z.object({ path: pagePath, pageId, reservedAt: isoInstant }));

/** Written on `pagepath-<path>`: the page left the path (moved or deleted); another page may take it. */
export const pagePathReleased = defineEvent('PagePathReleased', z.object({ path: pagePath, pageId, releasedAt: isoInstant }));

export const pageEvents = [pageCreated, pageUpdated, pageDeleted] as const;
export const pagePathEvents = [pagePathReserved, pagePathReleased] as const;

export type PageEvent = EventsOf<typeof pageEvents>;
export type PagePathEvent = EventsOf<typeof pagePathEvents>;
export type PageCreated = Extract<PageEvent, { type: 'PageCreated' }>;
export type PageUpdated = Extract<PageEvent, { type: 'PageUpdated' }>;
export type PageDeleted = Extract<PageEvent, { type: 'PageDeleted' }>;
