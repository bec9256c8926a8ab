/**
 * The page numbers shown by a pager: at most `size` (5), centred on the current page when possible,
 * always within 1..totalPages (the ETF database's pager, 20 rows a page).
 */
export function pageWindow(current: number, totalPages: number, size = 5): number[] {
  if (totalPages <= 0) return [];
  const count = Math.min(size, totalPages);
  const page = Math.min(Math.max(1, current), totalPages);
  let start = page - Math.floor(count / 2);
  start = Math.max(1, Math.min(start, totalPages - count + 1));
  return Array.from({ length: count }, (_, i) => start + i);
}

/** Number of pages for `total` items, `pageSize` per page (at least 1). */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
