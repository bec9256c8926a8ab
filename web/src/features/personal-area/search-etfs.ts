import type { EtfListItem } from '../../../../contracts/market.ts';

export const SEARCH_LIMIT = 10;

/**
 * Find ETFs: a case-insensitive substring match on ticker or name, at most 10 results;
 * an empty (or blank) query finds nothing. Ticker matches come first (exact, then starting with the
 * text, then containing it), then name matches; otherwise the list's own order is kept.
 */
export function searchEtfs(etfs: readonly EtfListItem[], query: string, limit = SEARCH_LIMIT): EtfListItem[] {
  const q = query.trim().toLowerCase();
  if (!q) return [];
  const rank = (e: EtfListItem): number => {
    const ticker = e.ticker.toLowerCase();
    if (ticker === q) return 0;
    if (ticker.startsWith(q)) return 1;
    if (ticker.includes(q)) return 2;
    return (e.name ?? '').toLowerCase().includes(q) ? 3 : -1;
  };
  return etfs
    .map((etf, index) => ({ etf, index, rank: rank(etf) }))
    .filter((r) => r.rank >= 0)
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .slice(0, limit)
    .map((r) => r.etf);
}
