import { styled } from 'styled-components';
import type { EtfDetail } from '../../../../../contracts/market.ts';
import { formatDate } from '../../../lib/format.ts';
import { theme } from '../../../styles/theme.ts';

/**
 * The fund's splits under its dividend history ("1-for-10 reverse split on Nov 9, 2026"), and what they
 * mean for the figures: amounts, prices and metrics before a split are adjusted to today's shares
 * (docs/metrics.md, "Splits and reverse splits"; docs/client.md).
 */
export function SplitList({ etf }: { etf: Pick<EtfDetail, 'splits' | 'dividendHistory'> }) {
  if (etf.splits.length === 0) return null;
  const adjusted = etf.dividendHistory.some((d) => d.splitAdjusted);
  return (
    <Box aria-labelledby="splits-title">
      <Title id="splits-title">Splits</Title>
      <List>
        {etf.splits.map((s) => (
          <li key={s.exDate}>
            {capitalised(s.description)} on {formatDate(s.exDate)}
            {s.upcoming ? ' (upcoming)' : ''}
          </li>
        ))}
      </List>
      {adjusted ? (
        <Note>Amounts marked adj. are adjusted for the split to today&apos;s shares; prices, yields and returns are adjusted the same way.</Note>
      ) : null}
    </Box>
  );
}

/** "adj." after a split-adjusted amount, with the amount as declared in its title. */
export function AdjustedMark({ declaredAmount }: { declaredAmount: string }) {
  return (
    <Mark as="abbr" title={`Split-adjusted; declared $${declaredAmount} per share before the split`}>
      {' '}
      adj.
    </Mark>
  );
}

const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

const Box = styled.section`
  padding: ${theme.space.sm} ${theme.space.md} ${theme.space.md};
  @media (min-width: ${theme.breakpoints.md}px) {
    padding: ${theme.space.sm} ${theme.space.lg} ${theme.space.lg};
  }
`;

const Title = styled.h3`
  font-size: ${theme.fontSizes.sm};
  margin: 0 0 ${theme.space.xs};
`;

const List = styled.ul`
  margin: 0;
  padding-left: ${theme.space.md};
  font-size: ${theme.fontSizes.sm};
`;

const Note = styled.p`
  margin: ${theme.space.xs} 0 0;
  color: ${theme.colors.textSecondary};
  font-size: ${theme.fontSizes.xs};
`;

const Mark = styled.span`
  color: ${theme.colors.textMuted};
  font-size: ${theme.fontSizes.xs};
  text-decoration: none;
`;
