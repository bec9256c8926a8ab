import { styled } from 'styled-components';
import type { EtfDetail } from '../../../../../contracts/market.ts';
import { DeclaredBy } from '../../../components/distribution-source.tsx';
import { Stat, StatHint, StatLabel } from '../../../components/ui/card.tsx';
import { ISSUER_NAMES, issuerFiguresOf, issuerOfFund } from '../../../lib/distribution-source.ts';
import { formatDate, formatDividend } from '../../../lib/format.ts';
import { theme } from '../../../styles/theme.ts';

/**
 * The issuer's stated distribution rate and 30-day SEC yield beside our Distribution Rate (issue 26),
 * from its latest release that states them, with the release and why the figures differ from ours
 * (docs/declarations.md "On screen"). Nothing when no release we read gave either.
 */
export function IssuerFigures({ etf, payouts }: { etf: EtfDetail; payouts: number }) {
  const figures = issuerFiguresOf(etf.dividendHistory, etf.exact.distributionRate);
  if (!figures) return null;
  const issuer = figures.declaration.issuer ?? issuerOfFund(etf);
  const who = issuer ? ISSUER_NAMES[issuer] : 'The issuer';
  return (
    <Block aria-labelledby="issuer-figures-title" data-testid="issuer-figures">
      <StatLabel id="issuer-figures-title">The Issuer's Figures</StatLabel>
      <Figures>
        {figures.statedRate !== null ? (
          <div>
            <dt>Stated distribution rate</dt>
            <dd data-testid="issuer-stated-rate">{figures.statedRate}</dd>
          </div>
        ) : null}
        {figures.secYield !== null ? (
          <div>
            <dt>30-day SEC yield</dt>
            <dd data-testid="issuer-sec-yield">{figures.secYield}</dd>
          </div>
        ) : null}
      </Figures>
      <StatHint>
        With the {formatDividend(figures.item.declaredAmount)} distribution going ex on {formatDate(figures.item.exDividendDate)}:{' '}
        <DeclaredBy declaration={figures.declaration} issuer={issuer} />
      </StatHint>
      {figures.rateDiffers ? (
        <StatHint data-testid="issuer-rate-explained">
          {who} annualises its payout its own way (× 52 for a weekly one, × 12 for a monthly one) over the fund's net asset value (NAV) when
          it declares it. Our Distribution Rate is the latest declared regular payout × {payouts} payouts a year ÷ today's market price, so the
          two part as the price moves away from that NAV.
        </StatHint>
      ) : null}
      {figures.secYield !== null ? (
        <StatHint>
          The 30-day SEC yield is the fund's net investment income of the last 30 days (dividends and interest after expenses, without option
          income), annualised: a standard measure, not what the fund pays out.
        </StatHint>
      ) : null}
    </Block>
  );
}

const Block = styled(Stat).attrs({ as: 'section' })`
  margin-top: 12px;
  padding-top: 12px;
  border-top: 1px solid ${theme.colors.border};
`;

const Figures = styled.dl`
  display: flex;
  flex-wrap: wrap;
  gap: 4px 24px;
  margin: 2px 0 4px;
  & > div {
    display: flex;
    align-items: baseline;
    gap: 8px;
  }
  & dt {
    color: ${theme.colors.textSecondary};
    font-size: ${theme.fontSizes.sm};
  }
  & dd {
    margin: 0;
    font-size: ${theme.fontSizes.xl};
    font-weight: 700;
  }
`;
