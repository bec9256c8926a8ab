import type { DividendEvent } from '../../events/dividends.ts';
import type { RecordedEvent } from '../../events/envelope.ts';
import type { DistributionPoint } from '../../domain/market/etf-metrics.ts';

export interface KnownDistribution extends DistributionPoint {
  distributionId: string;
  status: 'declared' | 'estimated';
}

/** A fund's distributions by id after the given `dividends-<etfId>` events (withdrawn ones left out). */
export function foldDistributions(events: readonly RecordedEvent[]): Map<string, KnownDistribution> {
  const known = new Map<string, KnownDistribution>();
  for (const recorded of events) {
    const event = recorded as unknown as DividendEvent;
    switch (event.type) {
      case 'DistributionDeclared':
      case 'DistributionRevised': {
        const { distributionId, exDate, payDate, amount, status } = event.data;
        known.set(distributionId, { distributionId, exDate, payDate, amount, status });
        break;
      }
      case 'DistributionWithdrawn':
        known.delete(event.data.distributionId);
        break;
    }
  }
  return known;
}
