/**
 * The owner's auto-publish keywords (docs/news.md "Keyword auto-publish"): an ingested article whose
 * title or text contains one of them (case-insensitive, whole words) is published at once; the others
 * wait in review. The owner's list, its rules and messages: contracts/news.ts (`NewsKeywordsUpdate`).
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
