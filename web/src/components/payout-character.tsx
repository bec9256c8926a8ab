import { styled } from 'styled-components';
import type { DividendHistoryItem } from '../../../contracts/market.ts';
import { formatStatedPercent } from '../lib/format.ts';
import { theme } from '../styles/theme.ts';

/**
 * A payout's return of capital in words (issue 27), in the fund page's dividend history and the tax-year
 * summary: what part of each payout gives the investor's own money back. The final figure once the
 * fund's year-end character is recorded, with the estimate kept beside it ("estimated 92.0%, final
 * 100.0%"); the estimate alone before ("est. 92.0%", the issuer's from its release or the site owner's);
 * "not published" where no figure exists: the payout then counts as income in every figure, and the cell
 * and the note under the table say so.
 */
type RocItem = Pick<DividendHistoryItem, 'rocEstimatePercent' | 'characterFinal' | 'rocPercent'>;

export const ROC_NOT_PUBLISHED_TITLE = 'No figure published: the payout counts as income';
export const ROC_ESTIMATE_TITLE = "The estimate published with the payout (the issuer's, or the site owner's)";

export function RocHeader() {
  return <abbr title="Return of capital: the part of a payout that gives back the investor's own money">ROC</abbr>;
}

export function RocCell({ item }: { item: RocItem }) {
  const estimate = formatStatedPercent(item.rocEstimatePercent);
  const final = item.characterFinal ? formatStatedPercent(item.rocPercent) : null;
  if (final !== null) {
    return (
      <span data-testid="roc-final">
        {/* two parts, each kept whole: a narrow column puts the final figure under the estimate */}
        {estimate !== null ? (
          <>
            <Part>estimated {estimate},</Part>{' '}
          </>
        ) : null}
        <Part>
          <strong>final {final}</strong>
        </Part>
      </span>
    );
  }
  if (estimate === null) {
    return (
      <Missing as="abbr" title={ROC_NOT_PUBLISHED_TITLE} data-testid="roc-not-published">
        not published
      </Missing>
    );
  }
  return (
    <Part data-testid="roc-estimate">
      <Est as="abbr" title={ROC_ESTIMATE_TITLE}>
        est.
      </Est>{' '}
      {estimate}
    </Part>
  );
}

/** Phones: "ROC est. 92.0%", "ROC estimated 92.0%, final 100.0%", "ROC not published" on the payout's detail line. */
export function RocNote({ item }: { item: RocItem }) {
  return (
    <span>
      ROC <RocCell item={item} />
    </span>
  );
}

/** Under the history: what the column's words mean, and that a payout without a figure counts as income. */
export function RocLegend() {
  return (
    <Legend data-testid="roc-legend">
      ROC: return of capital, the part of a payout that gives back the investor's own money. Final: the fund's year-end figures; est.: the
      estimate published with the payout; not published: no figure yet, so the payout counts as income.
    </Legend>
  );
}

const Part = styled.span`
  white-space: nowrap;
`;

const Est = styled.span`
  color: ${theme.colors.textMuted};
  font-size: ${theme.fontSizes.xs};
  text-decoration: none;
`;

const Missing = styled.span`
  color: ${theme.colors.textSecondary};
  white-space: nowrap;
`;

const Legend = styled.p`
  margin: 0;
  padding: ${theme.space.sm} ${theme.space.md} ${theme.space.md};
  color: ${theme.colors.textSecondary};
  font-size: ${theme.fontSizes.xs};
  @media (min-width: ${theme.breakpoints.md}px) {
    padding: ${theme.space.sm} ${theme.space.lg} ${theme.space.md};
  }
`;
