import { styled } from 'styled-components';
import type { DividendHistoryItem } from '../../../../../contracts/market.ts';
import { VisuallyHidden } from '../../../components/ui/layout.tsx';
import { formatStatedPercent } from '../../../lib/format.ts';
import { theme } from '../../../styles/theme.ts';

/**
 * The dividend history's return-of-capital column: what part of each payout gives the investor's own
 * money back. Today the issuer's estimate when it declared the payout ("est. 92.0%", from its release),
 * "—" where none was published. One cell per payout, so the final character of a payout (the year-end
 * figures, when they come) goes here beside or instead of the estimate.
 */
export function RocHeader() {
  return <abbr title="Return of capital: the part of a payout that gives back the investor's own money">ROC</abbr>;
}

export function RocCell({ item }: { item: Pick<DividendHistoryItem, 'rocEstimatePercent'> }) {
  const estimate = formatStatedPercent(item.rocEstimatePercent);
  if (estimate === null)
    return (
      <Missing>
        <span aria-hidden="true">—</span>
        <VisuallyHidden>Not published</VisuallyHidden>
      </Missing>
    );
  return (
    <span data-testid="roc-estimate">
      <Est as="abbr" title="The issuer's estimate when it declared the payout">
        est.
      </Est>{' '}
      {estimate}
    </span>
  );
}

/** Phones: "ROC est. 92.0%" on the payout's detail line; nothing where no estimate was published. */
export function RocNote({ item }: { item: Pick<DividendHistoryItem, 'rocEstimatePercent'> }) {
  if (formatStatedPercent(item.rocEstimatePercent) === null) return null;
  return (
    <span>
      ROC <RocCell item={item} />
    </span>
  );
}

const Est = styled.span`
  color: ${theme.colors.textMuted};
  font-size: ${theme.fontSizes.xs};
  text-decoration: none;
`;

const Missing = styled.span`
  color: ${theme.colors.textSecondary};
`;
