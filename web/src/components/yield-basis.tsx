import { styled } from 'styled-components';
import type { EtfListItem } from '../../../contracts/market.ts';
import { theme } from '../styles/theme.ts';

/** Below this many payouts the yield says on how many it rests (docs/metrics.md, "Yield basis", N15). */
const FULL_BASIS = 3;

/** "based on 1 payout", "based on 2 payouts"; null for a yield on three payouts (or none). */
export function yieldBasisText(basis: EtfListItem['yieldBasis']): string | null {
  if (basis === null || basis.payouts >= FULL_BASIS) return null;
  return `based on ${basis.payouts} ${basis.payouts === 1 ? 'payout' : 'payouts'}`;
}

/**
 * The hint beside a yield annualised from fewer than three payouts (a new fund, or a fund whose cadence
 * just changed): the figure stays as the spec defines it, the hint says how little it rests on.
 */
export function YieldBasisNote({ basis, block = false }: { basis: EtfListItem['yieldBasis']; block?: boolean }) {
  const text = yieldBasisText(basis);
  if (text === null) return null;
  return (
    <Note $block={block} data-testid="yield-basis" title="Annualised from fewer than three regular payouts">
      {text}
    </Note>
  );
}

/**
 * A block note (under the figure) wraps, in balanced lines ("based on" / "2 payouts"), when its column
 * is narrow: in the top performers beside a stale fund's badge and price date, "based on 2 payouts" on
 * one line made the table scroll sideways on a phone. An inline note stays whole beside its figure.
 */
const Note = styled.small<{ $block: boolean }>`
  display: ${({ $block }) => ($block ? 'block' : 'inline')};
  color: ${theme.colors.textMuted};
  font-size: ${theme.fontSizes.xs};
  font-weight: 500;
  white-space: ${({ $block }) => ($block ? 'normal' : 'nowrap')};
  text-wrap: balance;
`;
