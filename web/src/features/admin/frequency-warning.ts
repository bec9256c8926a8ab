import type { EtfListItem } from '../../../../contracts/market.ts';

/**
 * The owner's warning when a fund's payouts contradict its catalog frequency and the figures use the
 * inferred one (the distribution import's answer says the same, domain/market/run-rate.ts): "Payouts
 * every 28 days; the catalog says weekly — figures use four-weekly". Null when they agree.
 */
export function frequencyWarning(etf: Pick<EtfListItem, 'frequency' | 'inferredFrequency'>): string | null {
  const inferred = etf.inferredFrequency;
  if (!inferred) return null;
  return `Payouts ${inferred.evenly ? 'every' : 'about every'} ${inferred.gapDays} days; the catalog says ${etf.frequency} — figures use ${inferred.frequency}`;
}
