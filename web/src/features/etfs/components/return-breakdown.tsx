import { styled } from 'styled-components';
import type { EtfDetail } from '../../../../../contracts/market.ts';
import { Card, CardTitle, StatHint } from '../../../components/ui/card.tsx';
import { formatDate, formatSignedPercent, toNumber } from '../../../lib/format.ts';
import { theme } from '../../../styles/theme.ts';
import { CapitalReturned } from './return-of-capital.tsx';

/** Where a value sits on a bar spanning [min, max], in percent of its width. */
function position(value: number, min: number, max: number): number {
  return max === min ? 0 : ((value - min) / (max - min)) * 100;
}

/**
 * The one-year return split into what the price did and what the distributions paid (they add up to
 * the total), as a stacked bar from zero, NAV erosion since inception beside it, and how much of the last
 * twelve months' payouts was capital returned (issue 27).
 */
export function ReturnBreakdown({ etf, period }: { etf: EtfDetail; period: string }) {
  const split = etf.returnBreakdown;
  const erosion = etf.navErosion;
  const roc = etf.returnOfCapitalTtm;
  if (!split && !erosion && !roc) return null;
  return (
    <Card aria-labelledby="return-breakdown-title" data-testid="return-breakdown">
      <CardTitle as="h2" id="return-breakdown-title">
        Where the Return Comes From
      </CardTitle>
      {split ? <SplitBar split={split} total={toNumber(etf.exact.oneYearReturn) ?? 0} period={period} /> : null}
      {erosion ? (
        <Erosion data-testid="nav-erosion">
          <ErosionLabel>NAV Erosion Since Inception</ErosionLabel>
          <ErosionValue $negative={Number(erosion.exact) < 0}>{formatSignedPercent(Number(erosion.exact), 2)}</ErosionValue>
          <StatHint>
            Price change from the first close ({formatDate(erosion.since)}, ${erosion.startPrice}) to ${erosion.currentPrice}, split-adjusted, without
            distributions. High-income funds often pay out more than they earn, and the price erodes.
          </StatHint>
        </Erosion>
      ) : null}
      {roc ? <CapitalReturned roc={roc} /> : null}
    </Card>
  );
}

function SplitBar({ split, total, period }: { split: NonNullable<EtfDetail['returnBreakdown']>; total: number; period: string }) {
  const price = Number(split.exact.priceReturn);
  const distributions = Number(split.exact.distributionReturn);
  const end = price + distributions;
  const min = Math.min(0, price, end);
  const max = Math.max(0, price, end);
  const zero = position(0, min, max);
  const priceAt = position(price, min, max);
  const endAt = position(end, min, max);
  // Parts of opposite signs go back over each other (a price fall, then distributions from its end
  // toward zero): one above the other, so neither hides the other. Same signs stack end to end.
  const crossing = price !== 0 && distributions !== 0 && price < 0 !== distributions < 0;
  const lane = (part: 0 | 1): Lane => (crossing ? (part === 0 ? 'top' : 'bottom') : 'full');
  const label = `1-year total return ${formatSignedPercent(total, 2)}: price ${formatSignedPercent(Number(split.priceReturn), 2)}, distributions ${formatSignedPercent(Number(split.distributionReturn), 2)}`;
  return (
    <>
      <Bar role="img" aria-label={label}>
        <Segment data-part="price" data-lane={lane(0)} $lane={lane(0)} $tone={price < 0 ? 'negative' : 'price'} style={{ left: `${Math.min(zero, priceAt)}%`, width: `${Math.abs(priceAt - zero)}%` }} />
        <Segment data-part="distributions" data-lane={lane(1)} $lane={lane(1)} $tone="distributions" style={{ left: `${Math.min(priceAt, endAt)}%`, width: `${Math.abs(endAt - priceAt)}%` }} />
        <Zero style={{ left: `${zero}%` }} />
      </Bar>
      <Legend>
        <li>
          <Swatch $tone={price < 0 ? 'negative' : 'price'} /> Price {formatSignedPercent(Number(split.priceReturn), 2)}
        </li>
        <li>
          <Swatch $tone="distributions" /> Distributions {formatSignedPercent(Number(split.distributionReturn), 2)}
        </li>
        <li>
          <strong>Total {formatSignedPercent(Number(split.priceReturn) + Number(split.distributionReturn), 2)}</strong> ({period})
        </li>
      </Legend>
    </>
  );
}

type Tone = 'price' | 'negative' | 'distributions';
const toneColor = (t: Tone) => (t === 'negative' ? theme.colors.negative : t === 'distributions' ? theme.colors.positive : theme.colors.accent);

const Bar = styled.div`
  position: relative;
  height: 20px;
  margin: ${theme.space.md} 0 ${theme.space.sm};
  border-radius: ${theme.radii.sm};
  background: ${theme.colors.surfaceMuted};
  overflow: hidden;
`;

type Lane = 'full' | 'top' | 'bottom';

const Segment = styled.span<{ $tone: Tone; $lane: Lane }>`
  position: absolute;
  top: ${(p) => (p.$lane === 'bottom' ? '50%' : '0')};
  bottom: ${(p) => (p.$lane === 'top' ? '50%' : '0')};
  background: ${(p) => toneColor(p.$tone)};
`;

const Zero = styled.span`
  position: absolute;
  top: -2px;
  bottom: -2px;
  width: 2px;
  margin-left: -1px;
  background: ${theme.colors.textPrimary};
`;

const Legend = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space.sm} ${theme.space.md};
  font-size: ${theme.fontSizes.sm};
  color: ${theme.colors.textSecondary};
  li {
    display: inline-flex;
    align-items: center;
    gap: 6px;
  }
  strong {
    color: ${theme.colors.textPrimary};
  }
`;

const Swatch = styled.span<{ $tone: Tone }>`
  width: 12px;
  height: 12px;
  border-radius: 3px;
  background: ${(p) => toneColor(p.$tone)};
`;

const Erosion = styled.div`
  display: flex;
  flex-direction: column;
  gap: 4px;
  margin-top: ${theme.space.md};
  padding-top: ${theme.space.md};
  border-top: 1px solid ${theme.colors.border};
`;

const ErosionLabel = styled.span`
  font-size: ${theme.fontSizes.sm};
  color: ${theme.colors.textSecondary};
`;

const ErosionValue = styled.span<{ $negative: boolean }>`
  font-size: ${theme.fontSizes.xl};
  font-weight: 700;
  color: ${(p) => (p.$negative ? theme.colors.negative : theme.colors.positive)};
`;
