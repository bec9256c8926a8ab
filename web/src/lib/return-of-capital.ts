import type { RocBasisCounts } from '../../../contracts/market.ts';

/**
 * How many payouts a return-of-capital figure rests on, in words (issue 27): "5 final, 1 estimated, 2 not
 * published (counted as income)", the parts that are not zero, in that order; "" without a payout. The
 * fund page, the holdings and the tax-year summary all say it the same way.
 */
export function rocBasisText(counts: RocBasisCounts): string {
  const parts: string[] = [];
  if (counts.final > 0) parts.push(`${counts.final} final`);
  if (counts.estimated > 0) parts.push(`${counts.estimated} estimated`);
  if (counts.notPublished > 0) parts.push(`${counts.notPublished} not published (counted as income)`);
  return parts.join(', ');
}

/** "1 payout" / "6 payouts". */
export function payoutsText(n: number, one = 'payout', many = 'payouts'): string {
  return `${n} ${n === 1 ? one : many}`;
}
