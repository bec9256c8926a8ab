import type { DistributionKind } from '../../../contracts/market.ts';
import { Badge } from './ui/badge.tsx';

/** The badge text of a distribution that is not a regular payout (docs/client.md, "Kinds of distribution"). */
export const KIND_LABELS: Readonly<Record<Exclude<DistributionKind, 'regular'>, string>> = {
  special: 'Special',
  'capital-gain': 'Capital gain',
};

/** A special or a capital gain: paid once, never the run rate (an unknown value counts as regular). */
export function isOneOff(kind: DistributionKind | undefined): kind is Exclude<DistributionKind, 'regular'> {
  return kind === 'special' || kind === 'capital-gain';
}

/**
 * "Special" or "Capital gain" beside a distribution that is not the fund's regular payout (the detail's
 * dividend history, both calendars, the owner's list); nothing for a regular one. A special is cash
 * paid once: no screen repeats it as a projection.
 */
export function KindBadge({ kind }: { kind: DistributionKind }) {
  if (!isOneOff(kind)) return null;
  return (
    <Badge $tone="warning" data-testid="kind-badge" title={kind === 'special' ? 'A special distribution: paid once, not part of the yield' : 'A capital-gain distribution: paid once, not part of the yield'}>
      {KIND_LABELS[kind]}
    </Badge>
  );
}

