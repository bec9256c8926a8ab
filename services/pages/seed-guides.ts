import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { PageFields } from '../../contracts/pages.ts';
import { streams } from '../../events/streams.ts';
import type { CommandContext } from '../core/decider.ts';
import { AppError } from '../core/errors.ts';
import type { EventLog } from '../core/event-log.ts';
import { pageDecider } from './business-logic.ts';
import { createPage } from './commands.ts';

/**
 * The educational guides (issue 29): the landing's "Educational Resources" leads to `/guides`, a
 * managed page whose section list (`GET /api/pages/children`) names the guides under it. They are
 * ordinary managed pages the owner edits, renames, unpublishes or deletes in the dashboard's Custom
 * Pages tab; the seed only creates what was never there (docs/pages.md "The guides").
 *
 * Idempotent without a marker of its own: each page has a fixed id (`guidePageId`), so the page's
 * stream says whether the seed ran. A page that exists (edited or not) or was deleted by the owner is
 * left alone; a path the owner already uses for a page of their own is left to that page (409). Two
 * processes starting at once: one creates, the other gets 409 and skips.
 */

export interface GuideSeed {
  /** Stable key: the page id is derived from it, so renaming the path in this file never seeds twice. */
  key: string;
  path: string;
  title: string;
  metaDescription: string;
  /** The HTML file beside this one, in `guides/`. */
  file: string;
}

/** In reading order: the seed creates them in this order, and the index lists them oldest first. */
export const GUIDE_SEEDS: readonly GuideSeed[] = [
  {
    key: 'guides-index',
    path: '/guides',
    title: 'Guides to weekly-distribution ETFs',
    metaDescription: 'Plain-language guides to weekly-paying ETFs: how distributions work, rate vs yield vs total return, return of capital, DRIP and announcements.',
    file: 'index.html',
  },
  {
    key: 'guide-weekly-distributions',
    path: '/guides/how-weekly-distributions-work',
    title: 'How weekly distributions work',
    metaDescription: 'Declaration, ex-date, record date and pay date under T+1 settlement, and the weekly calendars of Roundhill, YieldMax, GraniteShares, Defiance, REX and Nicholas.',
    file: 'weekly-distributions.html',
  },
  {
    key: 'guide-rate-yield-total-return',
    path: '/guides/distribution-rate-yield-total-return',
    title: 'Distribution rate vs yield vs total return',
    metaDescription: 'What the distribution rate, the 30-day SEC yield, the trailing 12-month yield and total return each measure, with a worked example in round numbers.',
    file: 'rate-yield-total-return.html',
  },
  {
    key: 'guide-return-of-capital',
    path: '/guides/return-of-capital-and-nav-erosion',
    title: 'Return of capital and NAV erosion',
    metaDescription: 'Return of capital in 19a-1 notices and Form 1099-DIV box 3, how it lowers your cost basis, and why a falling NAV can hide behind a high rate.',
    file: 'return-of-capital.html',
  },
  {
    key: 'guide-drip-house-money',
    path: '/guides/drip-and-the-house-money-date',
    title: 'DRIP and the house-money date',
    metaDescription: 'How reinvesting weekly distributions adds shares, and how WeeklyDiv computes the house-money percent and the date your payouts repay your cost.',
    file: 'drip-house-money.html',
  },
  {
    key: 'guide-reading-announcements',
    path: '/guides/reading-an-issuer-announcement',
    title: "Reading an issuer's distribution announcement",
    metaDescription: "The fields of a weekly distribution release (amount, rate, SEC yield, ROC estimate, dates) and how WeeklyDiv's declaration import reads them.",
    file: 'reading-announcements.html',
  },
];

/**
 * The guides' shared CSS, scoped to the page body (docs/pages.md "CSS"): lists and tables read well
 * and the sources stand apart; a table scrolls sideways inside its own box (focusable, named) on a
 * phone instead of widening the page. The owner may change it per page.
 */
export const GUIDE_CSS = `.managed-page ul, .managed-page ol { padding-left: 1.5rem; margin: 12px 0; }
.managed-page ul { list-style: disc; }
.managed-page ol { list-style: decimal; }
.managed-page li + li { margin-top: 6px; }
.managed-page .guide-table { overflow-x: auto; margin: 16px 0; }
.managed-page .guide-table:focus-visible { outline: 2px solid #2563eb; outline-offset: 2px; }
.managed-page table { border-collapse: collapse; width: 100%; font-size: 0.95rem; }
.managed-page th, .managed-page td { border: 1px solid #cbd5e1; padding: 6px 10px; text-align: left; vertical-align: top; }
.managed-page th { background: #f1f5f9; }
.managed-page .guide-note { padding: 10px 14px; border-left: 4px solid #2563eb; background: #eff6ff; margin: 16px 0; }
.managed-page .guide-sources { margin-top: 32px; padding-top: 12px; border-top: 1px solid #cbd5e1; font-size: 0.95rem; }
.managed-page .guide-sources a { overflow-wrap: anywhere; }`;

/**
 * A fixed page id per guide: an RFC 9562 version-5-style UUID of the key (SHA-1 of a namespace and the
 * key, version and variant bits set), so the same guide has the same stream on every install.
 */
export function guidePageId(key: string): string {
  const hash = createHash('sha1').update(`weeklydiv-guide:${key}`).digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

/** The HTML of a guide as written in `services/pages/guides/`. */
export function guideHtml(seed: GuideSeed): string {
  return readFileSync(new URL(`./guides/${seed.file}`, import.meta.url), 'utf8');
}

/** The form's fields for a guide: published, indexable, the shared CSS. */
export function guideFields(seed: GuideSeed): PageFields {
  return {
    path: seed.path,
    title: seed.title,
    htmlBody: guideHtml(seed),
    metaDescription: seed.metaDescription,
    canonicalUrl: null,
    cssBody: GUIDE_CSS,
    noIndex: false,
    isPublished: true,
  };
}

export interface SeedGuidesResult {
  created: string[];
  /** Already there (edited or not), deleted by the owner, or the path taken by another page. */
  skipped: string[];
  position: number;
}

/**
 * Creates the guides that were never created, in reading order, one millisecond apart (`ctx.now` plus
 * the guide's place), so "oldest first" is the reading order even when the clock does not move between
 * two appends. Never overwrites, never recreates a page the owner deleted.
 */
export async function seedGuides(log: EventLog, ctx: CommandContext, seeds: readonly GuideSeed[] = GUIDE_SEEDS): Promise<SeedGuidesResult> {
  const result: SeedGuidesResult = { created: [], skipped: [], position: 0 };
  const start = Date.parse(ctx.now);
  for (const [i, seed] of seeds.entries()) {
    const pageId = guidePageId(seed.key);
    const { state } = await log.aggregate(streams.page(pageId), pageDecider);
    if (state.status !== 'none') {
      result.skipped.push(seed.path);
      continue;
    }
    try {
      const written = await createPage(log, guideFields(seed), { ...ctx, now: new Date(start + i).toISOString() }, pageId);
      result.created.push(seed.path);
      result.position = Math.max(result.position, written.position);
    } catch (error) {
      // 409: the owner has a page of their own at this path, or another process seeded it a moment ago
      if (error instanceof AppError && error.status === 409) {
        result.skipped.push(seed.path);
        continue;
      }
      throw error;
    }
  }
  return result;
}
