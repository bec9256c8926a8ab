import { z } from 'zod';

/**
 * The owner's auto-publish keywords (docs/news.md "Keyword auto-publish"): an ingested article whose
 * title or text contains one of them (case-insensitive, whole words) is published at once; the others
 * wait in review.
 */

/** Until the owner saves a list: words that mark news about weekly-distribution ETFs and their issuers. */
export const DEFAULT_NEWS_KEYWORDS: readonly string[] = [
  'weekly dividend',
  'weekly dividends',
  'weekly distribution',
  'weekly distributions',
  'weekly pay',
  'WeeklyPay',
  'weekly income',
  'Roundhill',
  'YieldMax',
  'GraniteShares',
  'YieldBOOST',
  'Defiance ETFs',
  'REX Shares',
];

export const KEYWORD_LIMITS = { count: 100, length: 60 } as const;

export const keywordMessages = {
  list: 'Keywords must be a list of text',
  item: 'Each keyword must be text',
  count: `At most ${KEYWORD_LIMITS.count} keywords`,
  length: `A keyword must be at most ${KEYWORD_LIMITS.length} characters`,
} as const;

/**
 * Trimmed (inner whitespace runs become one space), empty ones dropped, an entry holding commas split
 * (the editor's text is comma-separated), de-duplicated case-insensitively keeping the first spelling.
 */
export function normaliseKeywords(keywords: readonly string[]): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  for (const entry of keywords) {
    for (const part of entry.split(',')) {
      const keyword = part.trim().replace(/\s+/g, ' ');
      if (!keyword) continue;
      const key = keyword.toLowerCase();
      if (seen.has(key)) continue;
      seen.add(key);
      out.push(keyword);
    }
  }
  return out;
}

/** `PUT /api/admin/news-keywords`: `{keywords: [...]}`, normalised, then the limits checked. */
export const keywordsRequest = z
  .object({ keywords: z.array(z.string({ error: keywordMessages.item }), { error: keywordMessages.list }) })
  .transform((body, ctx) => {
    const keywords = normaliseKeywords(body.keywords);
    if (keywords.length > KEYWORD_LIMITS.count) ctx.addIssue({ code: 'custom', path: ['keywords'], message: keywordMessages.count });
    keywords.forEach((k, i) => {
      if (k.length > KEYWORD_LIMITS.length) ctx.addIssue({ code: 'custom', path: ['keywords', i], message: `${keywordMessages.length} ('${k.slice(0, 20)}…')` });
    });
    return { keywords };
  });
