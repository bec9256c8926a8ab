import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { PageFields } from '../../contracts/pages.ts';
import { streams } from '../../events/streams.ts';
import { handleCommand } from '../core/command-handler.ts';
import type { CommandContext } from '../core/decider.ts';
import { notFound } from '../core/errors.ts';
import type { EventLog } from '../core/event-log.ts';
import { allowedPagePath, pageDecider, pageMessages, pagePathDecider, type LivePage, type PageState } from './business-logic.ts';

/**
 * Page commands: every write of managed pages (the owner's routes call these). A path is reserved on
 * `pagepath-<path>` before the page takes it and released after it left it, so a failure in between
 * never lets two pages share a path; a reservation whose page is gone (a crash between the two
 * appends, or a page deleted before its release was written) is taken over.
 */

export interface PageWrite {
  page: LivePage;
  /** Global position of the last append (0 when nothing changed). */
  position: number;
}

async function readPage(log: EventLog, pageId: string): Promise<PageState> {
  return (await log.aggregate(streams.page(pageId), pageDecider)).state;
}

/** The page as its stream has it (never behind the read model); 404 unless it exists and is not deleted. */
export async function requirePage(log: EventLog, pageId: string): Promise<LivePage> {
  if (!z.uuid().safeParse(pageId).success) throw notFound(pageMessages.notFound);
  const state = await readPage(log, pageId);
  if (state.status !== 'live') throw notFound(pageMessages.notFound);
  return state;
}

/** A reservation whose page was never created is given up after this long. */
const STALE_RESERVATION_MS = 60_000;

async function reservePath(log: EventLog, path: string, pageId: string, ctx: CommandContext): Promise<{ appended: boolean; position: number }> {
  const { holder, reservedAt } = (await log.aggregate(streams.pagePath(path), pagePathDecider)).state;
  let staleHolder: string | undefined;
  if (holder !== null && holder !== pageId) {
    const held = await readPage(log, holder);
    // Stale: the holder was deleted or moved elsewhere, or was never created (a crash between the
    // two appends; given a minute, so a creation still in flight in another request keeps its path).
    // Otherwise the holder's page uses this path: a duplicate (the decider answers 409).
    const neverCreated = held.status === 'none' && reservedAt !== null && Date.parse(ctx.now) - Date.parse(reservedAt) > STALE_RESERVATION_MS;
    if (held.status === 'deleted' || (held.status === 'live' && held.path !== path) || neverCreated) staleHolder = holder;
  }
  const r = await handleCommand(log, streams.pagePath(path), pagePathDecider, { type: 'ReservePagePath', path, pageId, ...(staleHolder ? { staleHolder } : {}) }, ctx);
  return { appended: r.events.length > 0, position: r.position };
}

async function releasePath(log: EventLog, path: string, pageId: string, ctx: CommandContext): Promise<number> {
  return (await handleCommand(log, streams.pagePath(path), pagePathDecider, { type: 'ReleasePagePath', path, pageId }, ctx)).position;
}

/** Creates a page (201 in the API): reserves its path, then writes `PageCreated`; a failure gives the path back. */
export async function createPage(log: EventLog, fields: PageFields, ctx: CommandContext, pageId: string = randomUUID()): Promise<PageWrite> {
  const path = allowedPagePath(fields.path);
  const reserved = await reservePath(log, path, pageId, ctx);
  let position = reserved.position;
  try {
    position = Math.max(position, (await handleCommand(log, streams.page(pageId), pageDecider, { type: 'CreatePage', pageId, fields }, ctx)).position);
  } catch (error) {
    if (reserved.appended) await releasePath(log, path, pageId, ctx);
    throw error;
  }
  return { page: await requirePage(log, pageId), position };
}

/** Saves the form over a page: a new path is reserved first (409 when taken) and the old one released after. */
export async function updatePage(log: EventLog, pageId: string, fields: PageFields, ctx: CommandContext): Promise<PageWrite> {
  const before = await requirePage(log, pageId);
  const path = allowedPagePath(fields.path);
  const moved = path !== before.path;
  const reserved = moved ? await reservePath(log, path, pageId, ctx) : { appended: false, position: 0 };
  let position = reserved.position;
  try {
    position = Math.max(position, (await handleCommand(log, streams.page(pageId), pageDecider, { type: 'UpdatePage', pageId, fields }, ctx)).position);
  } catch (error) {
    if (reserved.appended) await releasePath(log, path, pageId, ctx);
    throw error;
  }
  if (moved) position = Math.max(position, await releasePath(log, before.path, pageId, ctx));
  return { page: await requirePage(log, pageId), position };
}

/** Deletes a page and frees its path. */
export async function deletePage(log: EventLog, pageId: string, ctx: CommandContext): Promise<{ position: number }> {
  const page = await requirePage(log, pageId);
  const deleted = await handleCommand(log, streams.page(pageId), pageDecider, { type: 'DeletePage', pageId }, ctx);
  const released = await releasePath(log, page.path, pageId, ctx);
  return { position: Math.max(deleted.position, released) };
}
