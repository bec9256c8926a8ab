import { z } from 'zod';

/** A news item as the public API shows it, newest first; tags as one comma-separated string. */
export const NewsItem = z.object({
  id: z.string(),
  title: z.string(),
  link: z.string(),
  summary: z.string(),
  source: z.string(),
  /** Comma-separated. */
  tags: z.string(),
  publishedAt: z.string().nullable(),
});
export type NewsItem = z.infer<typeof NewsItem>;
