import { styled } from 'styled-components';
import { Card, Stat, StatHint, StatLabel, StatValue } from '../../../components/ui/card.tsx';
import { formatMoney, formatNumber, formatSignedMoney, formatSignedPercent } from '../../../lib/format.ts';
import type { PortfolioSummary } from '../portfolio-summary.ts';
import { theme } from '../../../styles/theme.ts';

/**
 * Total Value, Total Gain/Loss (the server's total return: green with a plus sign at zero or above,
 * red below; its price and distribution parts under it), Holdings first, then the income the
 * holdings paid (with the part DRIP reinvested, which the value already holds) and are projected to
 * pay (what the API adds: each holding's shares x the latest declared payout x payouts a year; a stale
 * fund projects nothing and is named). docs/client.md "Issue 10" says why five cards.
 */
const PROJECTED_INCOME_BASIS =
  'For each holding: the shares you hold now × the latest distribution the fund declared × its payouts a year (52 for a weekly fund). Not the average of recent payouts: after a cut that would overstate it.';

const ADJUSTED_GAIN_BASIS =
  'Current value − your adjusted cost (what you paid, less the capital the funds handed back), summed over the holdings with a purchase price. The rest of the total gain is the income you received.';

export function SummaryCards({ summary }: { summary: PortfolioSummary }) {
  const gainPositive = summary.totalGain >= 0;
  return (
    <Cards>
      <SummaryCard $wide>
        <Stat>
          <StatLabel>Total Value</StatLabel>
          <StatValue data-testid="total-value">{formatMoney(summary.totalValue)}</StatValue>
        </Stat>
      </SummaryCard>
      <SummaryCard>
        <Stat>
          <StatLabel>Total Gain/Loss</StatLabel>
          <StatValue data-testid="total-gain" data-tone={gainPositive ? 'positive' : 'negative'} $tone={gainPositive ? 'positive' : 'negative'}>
            {formatSignedMoney(summary.totalGain)}
          </StatValue>
          {summary.holdingsCount === 0 ? null : (
            <StatHint>
              {summary.totalGainPercent === null
                ? 'Add a purchase price to a holding to see it'
                : `${formatSignedPercent(summary.totalGainPercent)} on holdings with a purchase price`}
            </StatHint>
          )}
          {summary.holdingsWithCost === 0 ? null : (
            <StatHint data-testid="total-gain-parts">
              Price {formatSignedMoney(summary.priceChange)} · Distributions {formatSignedMoney(summary.distributionReturn)}
            </StatHint>
          )}
          {/* issue 27: once capital came back, the gain on both bases (docs/metrics.md "A holding") */}
          {summary.adjusted && summary.capitalReturned > 0 ? (
            <StatHint data-testid="total-gain-adjusted" title={ADJUSTED_GAIN_BASIS}>
              On your adjusted cost {formatSignedMoney(summary.adjusted.gain)}
              {summary.adjusted.percent === null ? '' : ` (${formatSignedPercent(summary.adjusted.percent)})`}
              {summary.adjusted.capitalGainFromRoc > 0 ? `, plus ${formatMoney(summary.adjusted.capitalGainFromRoc)} of capital returned beyond your cost` : ''}
            </StatHint>
          ) : null}
        </Stat>
      </SummaryCard>
      <SummaryCard>
        <Stat>
          <StatLabel>Holdings</StatLabel>
          <StatValue data-testid="holdings-count">{formatNumber(summary.holdingsCount, 0)}</StatValue>
        </Stat>
      </SummaryCard>
      <SummaryCard>
        <Stat>
          <StatLabel>Income Received</StatLabel>
          <StatValue data-testid="income-received">{formatMoney(summary.incomeReceived)}</StatValue>
          <StatHint>Dividends paid since you bought</StatHint>
          {summary.incomeReinvested > 0 ? (
            <StatHint data-testid="income-reinvested">{formatMoney(summary.incomeReinvested)} reinvested: in Total Value, not added again</StatHint>
          ) : null}
          {/* issue 27: income, and the holders' own capital handed back (docs/metrics.md "A holding") */}
          {summary.incomeReceived > 0 ? (
            <StatHint data-testid="income-split">
              Income {formatMoney(summary.incomeReceivedNet)} · Capital returned {formatMoney(summary.capitalReturned)}
            </StatHint>
          ) : null}
        </Stat>
      </SummaryCard>
      <SummaryCard>
        <Stat>
          <StatLabel>Projected Annual Income</StatLabel>
          <StatValue data-testid="projected-income">{formatMoney(summary.projectedAnnualIncome)}</StatValue>
          {/* what the server sums (docs/metrics.md "Holdings"); it said "At the recent weekly average" (audit N12) */}
          <StatHint data-testid="projected-income-basis" title={PROJECTED_INCOME_BASIS}>
            Latest declared payout × payouts a year × your shares
          </StatHint>
          {summary.staleTickers.length > 0 ? (
            <StatHint data-testid="projected-income-stale">Leaves out {summary.staleTickers.join(', ')} (stale data)</StatHint>
          ) : null}
        </Stat>
      </SummaryCard>
    </Cards>
  );
}

const Cards = styled.div`
  display: grid;
  gap: 12px;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  @media (min-width: ${theme.breakpoints.md}px) {
    grid-template-columns: repeat(3, minmax(0, 1fr));
  }
  @media (min-width: ${theme.breakpoints.lg}px) {
    grid-template-columns: repeat(5, minmax(0, 1fr));
  }
`;

/** `$wide`: spans the row on phones (five cards in two columns). */
const SummaryCard = styled(Card)<{ $wide?: boolean }>`
  @media (max-width: ${theme.breakpoints.md - 0.02}px) {
    grid-column: ${({ $wide }) => ($wide ? '1 / -1' : 'auto')};
    padding: 12px;
    & span:nth-child(2) {
      font-size: ${theme.fontSizes.xl};
    }
  }
`;
