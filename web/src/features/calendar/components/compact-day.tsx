import { Link } from 'react-router-dom';
import { styled } from 'styled-components';
import { KindBadge } from '../../../components/kind-badge.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { weekdayOf } from '../../../lib/calendar-weeks.ts';
import { formatDividend, formatShortDate } from '../../../lib/format.ts';
import { paths } from '../../../lib/paths.ts';
import { IssuerLine, type DayProps } from './day-card.tsx';
import { Closed, Count, DateText, Weekday, closedText, dayFrame, payoutCountText } from './day-parts.ts';
import { theme } from '../../../styles/theme.ts';
import { stackList } from '../../../components/ui/mixins.ts';

export interface CompactDayProps extends DayProps {
  open: boolean;
  onToggle: (day: string) => void;
}

/**
 * A day of the phone calendar: one line (weekday, date, "N payouts" or "No payouts", Today) that
 * opens to the day's payouts, one line each (ticker, name, amount; each links to /etf/{ticker}).
 * A day without payouts is that one line and nothing to open.
 */
export function CompactDay({ day, today, payouts, holiday, open, onToggle }: CompactDayProps) {
  const isToday = day === today;
  const past = day < today;
  const listId = `payouts-${day}`;
  const closedInline = holiday !== undefined && payouts.length === 0;
  const summary = (
    <>
      <When>
        <Weekday $past={past}>{weekdayOf(day)}</Weekday>
        <DateText>{formatShortDate(day)}</DateText>
      </When>
      {isToday ? <Badge $tone="accent">Today</Badge> : null}
      {/* a market holiday has no payouts (pay dates are business days): the line says why, still one line */}
      {/* with today's badge on a holiday the words may not fit a phone's line: they end in "…" (title: all of it) */}
      <LineCount title={closedInline ? closedText(holiday) : undefined}>{closedInline ? closedText(holiday) : payoutCountText(payouts.length)}</LineCount>
    </>
  );
  return (
    <Day $today={isToday} $past={past} aria-current={isToday ? 'date' : undefined} data-testid="calendar-day" data-date={day}>
      {payouts.length === 0 ? (
        <Line>{summary}</Line>
      ) : (
        <Toggle type="button" aria-expanded={open} aria-controls={open ? listId : undefined} onClick={() => onToggle(day)}>
          {summary}
          <Chevron aria-hidden="true" $open={open} />
        </Toggle>
      )}
      {holiday && !closedInline ? <ClosedLine>{closedText(holiday)}</ClosedLine> : null}
      {open && payouts.length > 0 ? (
        <Payouts id={listId}>
          {payouts.map((p) => (
            <li key={`${p.etfId}-${p.exDate}-${p.kind}`}>
              <PayoutLink to={paths.etfByTicker(p.ticker)} title={p.name}>
                <Ticker>{p.ticker}</Ticker>
                <Name>{p.name}</Name>
                <KindBadge kind={p.kind} />
                {p.estimated ? <Est title="Estimated">Est.</Est> : null}
                <Amount>{formatDividend(p.amount)}</Amount>
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
  ${dayFrame}
`;

const lineStyle = `
  display: flex;
  align-items: center;
  gap: 8px;
  width: 100%;
  min-height: 48px;
  padding: 6px 12px;
`;

const Line = styled.div`
  ${lineStyle}
`;

const Toggle = styled.button`
  ${lineStyle}
  border: 0;
  background: transparent;
  color: inherit;
  font: inherit;
  text-align: left;
  cursor: pointer;
  border-radius: ${theme.radii.lg};
  /* the ring inside the card's border */
  &:focus-visible { outline-offset: -3px; }
`;

/** Weekday and date on one line, never squeezed (the count gives way). */
const When = styled.span`
  display: flex;
  flex: none;
  align-items: baseline;
  gap: 6px;
  white-space: nowrap;
`;

const LineCount = styled(Count)`
  flex: 0 1 auto;
  min-width: 0;
  margin-left: auto;
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
`;

const Chevron = styled.span<{ $open: boolean }>`
  flex: none;
  width: 8px;
  height: 8px;
  margin: 0 2px 0 4px;
  border-right: 2px solid currentColor;
  border-bottom: 2px solid currentColor;
  color: ${theme.colors.textSecondary};
  transform: ${({ $open }) => ($open ? 'translateY(2px) rotate(-135deg)' : 'translateY(-2px) rotate(45deg)')};
`;

const Payouts = styled.ul`
  ${stackList('2px')}
  padding: 0 8px 8px;
`;

const PayoutLink = styled(Link)`
  display: flex;
  align-items: baseline;
  gap: 8px;
  min-height: 36px;
  padding: 8px;
  border-radius: ${theme.radii.sm};
  background: ${theme.colors.surfaceAccent};
  color: ${theme.colors.textPrimary};
  font-size: ${theme.fontSizes.sm};
  line-height: 20px;
  text-decoration: none;
  &:hover { background: ${theme.colors.accentSoft}; }
`;

const Ticker = styled.strong`
  flex: none;
  min-width: 4em;
`;

const Name = styled.span`
  flex: 1;
  min-width: 0;
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
  color: ${theme.colors.textSecondary};
  font-size: ${theme.fontSizes.xs};
`;

const Est = styled.span`
  flex: none;
  color: ${theme.colors.textMuted};
  font-size: ${theme.fontSizes.xs};
`;

const Amount = styled.span`
  flex: none;
  font-weight: 700;
  white-space: nowrap;
`;

const ClosedLine = styled(Closed)`
  padding: 0 12px 8px;
`;
