import type { PageFields } from '../../contracts/pages.ts';
import { normalisePagePath, pageSlug, reservedPagePath } from '../../contracts/page-path.ts';
import type { PageEvent, PagePathEvent } from '../../events/pages.ts';
import type { CommandContext, Decider } from '../core/decider.ts';
import { conflict, notFound } from '../core/errors.ts';

/**
 * Managed pages (admin spec §3-§5): `page-<id>` holds a page's content, `pagepath-<path>` which page
 * holds a path. The server applies the spec's path normalisation and slug rule itself
 * (contracts/page-path.ts), and refuses a path the site's own routes use or another page holds (409).
 */

/** The decider's messages (the form's: contracts/pages.ts `pageInputMessages`). */
export const pageMessages = {
  reserved: (path: string, entry: string) =>
    `The path ${path} is used by the site itself (${entry}); choose another path`,
  duplicate: (path: string) => `A page with the path ${path} already exists`,
  notFound: 'Page not found',
} as const;

// ---------------------------------------------------------------------------------------------------
// page-<id>

export interface PageContent {
  path: string;
  slug: string;
  title: string;
  metaDescription: string | null;
  canonicalUrl: string | null;
  noIndex: boolean;
  htmlBody: string;
  cssBody: string | null;
  isPublished: boolean;
}

interface StoredPage extends PageContent {
  pageId: string;
  createdAt: string;
  updatedAt: string;
}

export type LivePage = StoredPage & { status: 'live' };
export type PageState = { status: 'none' } | LivePage | (StoredPage & { status: 'deleted' });

export type PageCommand =
  | { type: 'CreatePage'; pageId: string; fields: PageFields }
  | { type: 'UpdatePage'; pageId: string; fields: PageFields }
  | { type: 'DeletePage'; pageId: string };

/** The normalised path of the form's path, or 409 naming the site's route it would shadow. */
export function allowedPagePath(raw: string): string {
  const path = normalisePagePath(raw);
  const entry = reservedPagePath(path);
  if (entry !== null) throw conflict(pageMessages.reserved(path, entry));
  return path;
}

function contentOf(fields: PageFields, before: PageContent | null): PageContent {
  const path = allowedPagePath(fields.path);
  return {
    path,
    slug: pageSlug(path),
    title: fields.title,
    metaDescription: fields.metaDescription !== undefined ? fields.metaDescription : (before?.metaDescription ?? null),
    canonicalUrl: fields.canonicalUrl !== undefined ? fields.canonicalUrl : (before?.canonicalUrl ?? null),
    noIndex: fields.noIndex ?? before?.noIndex ?? false,
    htmlBody: fields.htmlBody,
    cssBody: fields.cssBody !== undefined ? fields.cssBody : (before?.cssBody ?? null),
    isPublished: fields.isPublished ?? before?.isPublished ?? false,
  };
}

const CONTENT_KEYS = ['path', 'slug', 'title', 'metaDescription', 'canonicalUrl', 'noIndex', 'htmlBody', 'cssBody', 'isPublished'] as const;

export function decidePage(command: PageCommand, state: PageState, ctx: CommandContext): PageEvent[] {
  switch (command.type) {
    case 'CreatePage': {
      if (state.status !== 'none') throw conflict(`Page ${command.pageId} already exists`);
      return [{ type: 'PageCreated', data: { pageId: command.pageId, ...contentOf(command.fields, null), createdAt: ctx.now } }];
    }
    case 'UpdatePage': {
      if (state.status !== 'live') throw notFound(pageMessages.notFound);
      const content = contentOf(command.fields, state);
      if (CONTENT_KEYS.every((k) => content[k] === state[k])) return [];
      return [{ type: 'PageUpdated', data: { pageId: state.pageId, ...content, updatedAt: ctx.now } }];
    }
    case 'DeletePage': {
      if (state.status !== 'live') throw notFound(pageMessages.notFound);
      return [{ type: 'PageDeleted', data: { pageId: state.pageId, path: state.path, deletedAt: ctx.now } }];
    }
    default: {
      const never: never = command;
      throw new Error(`unhandled command ${JSON.stringify(never)}`);
    }
  }
}

export function evolvePage(state: PageState, event: PageEvent): PageState {
  switch (event.type) {
    case 'PageCreated': {
      const { pageId, createdAt, ...content } = event.data;
      return { status: 'live', pageId, createdAt, updatedAt: createdAt, ...content };
    }
    case 'PageUpdated': {
      if (state.status === 'none') return state;
      const { pageId: _id, updatedAt, ...content } = event.data;
      return { ...state, ...content, updatedAt };
    }
    case 'PageDeleted':
      return state.status === 'none' ? state : { ...state, status: 'deleted', updatedAt: event.data.deletedAt };
    default: {
      const never: never = event;
      throw new Error(`unhandled event ${JSON.stringify(never)}`);
    }
  }
}

export const pageDecider: Decider<PageCommand, PageState, PageEvent> = {
  initialState: () => ({ status: 'none' }),
  evolve: evolvePage,
  decide: decidePage,
  folds: { PageCreated: true, PageUpdated: true, PageDeleted: true },
};

// ---------------------------------------------------------------------------------------------------
// pagepath-<path>

export interface PagePathState {
  /** The page holding the path, or null. */
  holder: string | null;
  /** When the holder reserved it. */
  reservedAt: string | null;
}

export type PagePathCommand =
  /** `staleHolder`: the caller checked that this holder's page is gone (a crash between the two appends) and takes the path over. */
  | { type: 'ReservePagePath'; path: string; pageId: string; staleHolder?: string }
  | { type: 'ReleasePagePath'; path: string; pageId: string };

export function decidePagePath(command: PagePathCommand, state: PagePathState, ctx: CommandContext): PagePathEvent[] {
  switch (command.type) {
    case 'ReservePagePath': {
      if (state.holder === command.pageId) return [];
      if (state.holder !== null && state.holder !== command.staleHolder) throw conflict(pageMessages.duplicate(command.path));
      const reserved: PagePathEvent = { type: 'PagePathReserved', data: { path: command.path, pageId: command.pageId, reservedAt: ctx.now } };
      if (state.holder === null) return [reserved];
      return [{ type: 'PagePathReleased', data: { path: command.path, pageId: state.holder, releasedAt: ctx.now } }, reserved];
    }
    case 'ReleasePagePath':
      // only the holder gives a path back; anything else is a no-op (a retry, or a path another page took over)
      if (state.holder !== command.pageId) return [];
      return [{ type: 'PagePathReleased', data: { path: command.path, pageId: command.pageId, releasedAt: ctx.now } }];
    default: {
      const never: never = command;
      throw new Error(`unhandled command ${JSON.stringify(never)}`);
    }
  }
}

export function evolvePagePath(state: PagePathState, event: PagePathEvent): PagePathState {
  switch (event.type) {
    case 'PagePathReserved':
      return { holder: event.data.pageId, reservedAt: event.data.reservedAt };
    case 'PagePathReleased':
      return state.holder === event.data.pageId ? { holder: null, reservedAt: null } : state;
    default: {
      const never: never = event;
      throw new Error(`unhandled event ${JSON.stringify(never)}`);
    }
  }
}

export const pagePathDecider: Decider<PagePathCommand, PagePathState, PagePathEvent> = {
  initialState: () => ({ holder: null, reservedAt: null }),
  evolve: evolvePagePath,
  decide: decidePagePath,
  folds: { PagePathReserved: true, PagePathReleased: true },
};
