import type { AdminNewsArticle } from '../../../../contracts/content.ts';
import type { BadgeTone } from '../../components/ui/badge.tsx';
import type { PurgeKind } from './content-api.ts';

/** The statuses the article edit form offers (archived exists but is not offered: admin spec §4). */
export const EDITABLE_STATUSES = ['draft', 'review', 'published'] as const;
export type EditableStatus = (typeof EDITABLE_STATUSES)[number];

/** The badge colour of an article status: green published, yellow review, grey otherwise. */
export function statusTone(status: AdminNewsArticle['status']): BadgeTone {
  if (status === 'published') return 'positive';
  if (status === 'review') return 'warning';
  return 'neutral';
}

/** The status the edit form starts with: the article's own, or review (the spec's default) for archived. */
export function editableStatus(status: AdminNewsArticle['status']): EditableStatus {
  return (EDITABLE_STATUSES as readonly string[]).includes(status) ? (status as EditableStatus) : 'review';
}

/** Comma-separated keywords or tags: each trimmed, empty entries dropped. */
export function splitCommaList(text: string): string[] {
  return text
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
}

/** "Deleted N archived articles" (one article: "Deleted 1 archived article"). */
export function purgeMessage(kind: PurgeKind, deleted: number): string {
  return `Deleted ${deleted} ${kind} ${deleted === 1 ? 'article' : 'articles'}`;
}

/**
 * The description of an "Error" toast: the server's message (`{message}` of its JSON error body)
 * when it sent one, else the fallback (no answer, an empty, HTML or text body).
 */
export function failureMessage(error: unknown, fallback: string): string {
  if (error && typeof error === 'object' && 'data' in error) {
    const data = (error as { data: unknown }).data;
    if (data && typeof data === 'object' && 'message' in data) {
      const message = (data as { message: unknown }).message;
      if (typeof message === 'string' && message.trim() !== '') return message;
    }
  }
  return fallback;
}

/** The host name of an article link for display, or null when it is not an http(s) URL (then no link is drawn). */
export function linkHost(link: string): string | null {
  try {
    const url = new URL(link);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return url.hostname.replace(/^www\./, '');
  } catch {
    return null;
  }
}
