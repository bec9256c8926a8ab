import { styled } from 'styled-components';
import type { EtfDetail } from '../../../../../contracts/market.ts';
import { MetricExplain } from '../../../components/metric-explain.tsx';
import { Card, CardTitle, Stat, StatHint, StatLabel, StatValue } from '../../../components/ui/card.tsx';
import { NA, formatDate, formatDividend, formatNumber, formatPercent, formatStatedPercent, toNumber } from '../../../lib/format.ts';
import { payoutsText, rocBasisText } from '../../../lib/return-of-capital.ts';
import { theme } from '../../../styles/theme.ts';

/**
 * A fund's return of capital (issue 27, docs/metrics.md "Return of capital and true income"): the share
 * of the last twelve months' payouts, by amount, that gave the investors' own money back, and the "true
 * income rate" (the distribution rate times the income share), each with its trace. A 0 is a figure here
 * ("0.0%": a fund whose payouts were all income, or all capital), not a missing one.
 */
export function RocFigures({ etf }: { etf: EtfDetail }) {
  const share = toNumber(etf.exact.rocShareTtm);
  const basis = etf.rocShareTtmBasis;
  const since = etf.returnOfCapitalTtm?.since ?? null;
  const rate = formatPercent(etf.exact.distributionRate);
  return (
    <Card aria-labelledby="roc-figures-title" data-testid="roc-figures">
      <CardTitle as="h2" id="roc-figures-title">
        Return of Capital and True Income
      </CardTitle>
      <Pair>
        <Stat>
          <StatLabel>ROC Share, Last 12 Months</StatLabel>
          <StatValue data-testid="roc-share-ttm">{formatStatedPercent(etf.exact.rocShareTtm) ?? NA}</StatValue>
          <StatHint data-testid="roc-share-hint">
            {share === null || basis === null
              ? 'No payout in the last 12 months.'
              : `Of what the fund paid${since ? ` since ${formatDate(since)}` : ''}, by amount: the part that gave back investors' own money. ${payoutsText(basis.payouts)}: ${rocBasisText(basis)}.`}
          </StatHint>
          <MetricExplain label="ROC Share, Last 12 Months" explanation={etf.explain.rocShareTtm} />
        </Stat>
        <Stat>
          <StatLabel>True Income Rate</StatLabel>
          <StatValue data-testid="true-income-rate">{formatStatedPercent(etf.exact.trueIncomeRate) ?? NA}</StatValue>
          <StatHint data-testid="true-income-hint">
            {etf.exact.trueIncomeRate === null
              ? 'No distribution rate to start from.'
              : share === null
                ? `Distribution Rate ${rate}: no payout in the last 12 months to take a return of capital from, so all of it counts as income.`
                : `Distribution Rate ${rate} × the income share ${formatNumber(100 - share, 1)}% (100% − the ROC share): the part of the rate that is income, not your own money back.`}
          </StatHint>
          <MetricExplain label="True Income Rate" explanation={etf.explain.trueIncomeRate} />
        </Stat>
      </Pair>
    </Card>
  );
}

/**
 * Beside NAV erosion: how much of what the fund paid a share in the last twelve months was capital
 * returned, and how much income (`returnOfCapitalTtm`). Nothing without a payout in the twelve months.
 */
export function CapitalReturned({ roc }: { roc: NonNullable<EtfDetail['returnOfCapitalTtm']> }) {
  const share = formatStatedPercent(roc.exact.rocShareTtm);
  const basis = rocBasisText(roc);
  return (
    <Block data-testid="capital-returned-ttm">
      <Label>Capital Returned, Last 12 Months</Label>
      <Value>
        {formatDividend(roc.capitalReturnedPerShare)} of {formatDividend(roc.paidPerShare)} a share
      </Value>
      <StatHint>
        {`Of what the fund paid a share since ${formatDate(roc.since)}, ${formatDividend(roc.capitalReturnedPerShare)}${share ? ` (${share})` : ''} gave back ` +
          `investors' own money and ${formatDividend(roc.incomePerShare)} was income. ${payoutsText(roc.payouts)}${basis ? `: ${basis}` : ''}. ` +
          'Capital handed back is money already invested, not a return on it.'}
      </StatHint>
    </Block>
  );
}

const Pair = styled.div`
  display: grid;
  gap: ${theme.space.md};
  grid-template-columns: minmax(0, 1fr);
  @media (min-width: ${theme.breakpoints.sm}px) {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
`;

const Block = styled.div`
  display: flex;
  flex-direction: column;
  gap: 4px;
  margin-top: ${theme.space.md};
  padding-top: ${theme.space.md};
  border-top: 1px solid ${theme.colors.border};
`;

const Label = styled.span`
  font-size: ${theme.fontSizes.sm};
  color: ${theme.colors.textSecondary};
`;

const Value = styled.span`
  font-size: ${theme.fontSizes.xl};
  font-weight: 700;
`;
