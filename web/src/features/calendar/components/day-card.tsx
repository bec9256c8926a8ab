import { Link } from 'react-router-dom';
import { styled } from 'styled-components';
import type { PublicCalendarEntry } from '../../../../../contracts/market.ts';
import { DeclaredBy } from '../../../components/distribution-source.tsx';
import { KindBadge, isOneOff } from '../../../components/kind-badge.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { weekdayOf } from '../../../lib/calendar-weeks.ts';
import { issuerDeclarationOf, issuerOfFund } from '../../../lib/distribution-source.ts';
import { formatDividend, formatShortDate } from '../../../lib/format.ts';
import { paths } from '../../../lib/paths.ts';
import { Closed, Count, DateText, Weekday, closedText, dayFrame, payoutCountText } from './day-parts.ts';
import { theme } from '../../../styles/theme.ts';
import { stackList } from '../../../components/ui/mixins.ts';

export interface DayProps {
  day: string;
  today: string;
  payouts: PublicCalendarEntry[];
  /** The market holiday's name when the NYSE is closed that day. */
  holiday?: string | undefined;
}

/** A day of the wide calendar (a column of the week's grid): every payout as a small card. */
export function DayCard({ day, today, payouts, holiday }: DayProps) {
  const isToday = day === today;
  const past = day < today;
  return (
    <Day $today={isToday} $past={past} aria-current={isToday ? 'date' : undefined} data-testid="calendar-day" data-date={day}>
      <DayHead>
        <div>
          <Weekday $past={past}>{weekdayOf(day)}</Weekday>
          <DateText>{formatShortDate(day)}</DateText>
        </div>
        {isToday ? <Badge $tone="accent">Today</Badge> : null}
      </DayHead>
      <Count>{payoutCountText(payouts.length)}</Count>
      {holiday ? <Closed>{closedText(holiday)}</Closed> : null}
      {payouts.length > 0 ? (
        <Payouts>
          {payouts.map((p) => (
            <li key={`${p.etfId}-${p.exDate}-${p.kind}`}>
              <PayoutLink to={paths.etfByTicker(p.ticker)} title={p.name}>
                <PayoutTop>
                  <strong>{p.ticker}</strong>
                  <Amount>{formatDividend(p.amount)}</Amount>
                </PayoutTop>
                <PayoutName>{p.name}</PayoutName>
                {isOneOff(p.kind) ? (
                  <KindLine>
                    <KindBadge kind={p.kind} />
                  </KindLine>
                ) : null}
                {p.estimated ? <Est>Estimated</Est> : null}
              </PayoutLink>
              <IssuerLine entry={p} />
            </li>
          ))}
        </Payouts>
      ) : null}
    </Day>
  );
}

const Day = styled.article<{ $today: boolean; $past: boolean }>`
  display: flex;
  flex-direction: column;
  gap: 6px;
  min-height: 120px;
  padding: 12px;
  ${dayFrame}
`;

const DayHead = styled.div`
  display: flex;
  justify-content: space-between;
  align-items: flex-start;
  gap: 4px;
`;

const Payouts = styled.ul`
  ${stackList('4px')}
`;

const PayoutLink = styled(Link)`
  display: flex;
  flex-direction: column;
  gap: 1px;
  min-width: 0;
  padding: 6px 8px;
  border-radius: ${theme.radii.sm};
  background: ${theme.colors.surfaceAccent};
  color: ${theme.colors.textPrimary};
  font-size: ${theme.fontSizes.xs};
  text-decoration: none;
  &:hover { background: ${theme.colors.accentSoft}; }
`;

/** Up to two lines of the name (D27: one line cut it at ~12 characters); the link's title has it all. */
const PayoutName = styled.span`
  display: -webkit-box;
  -webkit-box-orient: vertical;
  -webkit-line-clamp: 2;
  color: ${theme.colors.textSecondary};
  overflow: hidden;
  white-space: normal;
  overflow-wrap: anywhere;
`;

const PayoutTop = styled.span`
  display: flex;
  justify-content: space-between;
  align-items: baseline;
  gap: 4px;
`;

const Amount = styled.span`
  font-weight: 700;
  white-space: nowrap;
`;

/** The badge keeps its own width in the card's column. */
const KindLine = styled.span`
  align-self: flex-start;
`;

const Est = styled.span`
  color: ${theme.colors.textMuted};
  font-weight: 500;
`;

/**
 * Under a payout the issuer declared in a release we read: "Declared by YieldMax, Oct 14, 2025, 9:05 AM ET",
 * a link to the release (beside the payout's own link, never inside it). Both layouts use it.
 */
export function IssuerLine({ entry }: { entry: PublicCalendarEntry }) {
  const declaration = issuerDeclarationOf(entry);
  if (!declaration) return null;
  return (
    <Declared>
      <DeclaredBy declaration={declaration} issuer={issuerOfFund({ name: entry.name })} about={entry.ticker} />
    </Declared>
  );
}

const Declared = styled.p`
  padding: 2px 8px 0;
  line-height: 1.3;
`;
