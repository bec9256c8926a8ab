import { styled } from 'styled-components';
import type { StaleData } from '../../../contracts/market.ts';
import { formatDate, formatShortDate } from '../lib/format.ts';
import { theme } from '../styles/theme.ts';
import { Badge } from './ui/badge.tsx';

/**
 * A fund whose data stopped (the API's `stale`, docs/metrics.md "Stale data"): its price is shown with
 * its date, the fund says so, and nothing is projected for it. The texts are ours (docs/client.md "Stale
 * data").
 */

/** What happened and what it means: the badge's title and the detail's note. */
export function staleDataText(stale: StaleData): string {
  const cause =
    stale.reason === 'no-recent-price'
      ? `no new price since ${formatDate(stale.since)}, so the figures use that price`
      : `no payout recorded since ${formatDate(stale.since)} (two expected payouts missed)`;
  return `Stale data: ${cause}. No payout is projected for this fund until data resumes.`;
}

/** "as of Sep 30": the date of a price. */
export function priceAsOfText(priceAsOf: string | null | undefined): string | null {
  return priceAsOf ? `as of ${formatShortDate(priceAsOf)}` : null;
}

/** "Stale data" pill with the explanation as its title (nothing for a current fund). */
export function StaleDataBadge({ stale }: { stale: StaleData | null | undefined }) {
  if (!stale) return null;
  const text = staleDataText(stale);
  return (
    <Badge $tone="warning" title={text} aria-label={text} data-testid="stale-data-badge">
      Stale data
    </Badge>
  );
}

/** The detail's note under the header: the badge's explanation in full. */
export function StaleDataNotice({ stale }: { stale: StaleData | null | undefined }) {
  if (!stale) return null;
  return (
    <Note role="note" data-testid="stale-data-notice">
      {staleDataText(stale)}
    </Note>
  );
}

const Note = styled.p`
  margin: 0 0 16px;
  padding: 8px 12px;
  border: 1px solid ${theme.colors.warningBorder};
  border-radius: ${theme.radii.md};
  background: ${theme.colors.warningSoft};
  color: ${theme.colors.warningText};
  font-size: ${theme.fontSizes.sm};
`;
