import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { styled, css } from 'styled-components';
import { useGetDividendCalendarQuery } from '../../../api/market-api.ts';
import type { PublicCalendarEntry } from '../../../api/types.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Page, PageSubtitle, PageTitle } from '../../../components/ui/layout.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { calendarWeeks, groupByDate, weekdayOf } from '../../../lib/calendar-weeks.ts';
import { formatDividend, formatShortDate, isoDate } from '../../../lib/format.ts';
import { paths } from '../../../lib/paths.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';

export const CALENDAR_SKELETONS = 20;

/** `/dividend-calendar`: 4 weeks from this Monday, Monday to Sunday (spec §2 "Dividend Calendar"). */
export default function DividendCalendarRoute() {
  useDocumentTitle('Dividend Calendar');
  const { data, isLoading, isError } = useGetDividendCalendarQuery();
  const today = isoDate(new Date());
  const weeks = useMemo(() => calendarWeeks(new Date()), []);
  const byDate = useMemo(() => groupByDate(data ?? [], (e) => e.payoutDate), [data]);

  return (
    <Page>
      <PageTitle>Dividend Calendar</PageTitle>
      <PageSubtitle>Upcoming weekly dividend payouts for the next 4 weeks.</PageSubtitle>
      <Body>
        {isLoading ? (
          <Days aria-busy="true" aria-label="Loading dividend calendar">
            {Array.from({ length: CALENDAR_SKELETONS }, (_, i) => (
              <Skeleton key={i} $height="120px" $radius="12px" data-testid="calendar-skeleton" />
            ))}
          </Days>
        ) : isError ? (
          <ErrorBox role="alert">
            <strong>Failed to load dividend calendar</strong>
            <span>Please try again later</span>
          </ErrorBox>
        ) : (
          weeks.map((week) => (
            <Week key={week.number} aria-labelledby={`week-${week.number}`}>
              <WeekTitle id={`week-${week.number}`}>
                Week {week.number} ({formatShortDate(week.days[0])} - {formatShortDate(week.days[week.days.length - 1])})
              </WeekTitle>
              <Days>
                {week.days.map((day) => (
                  <DayCard key={day} day={day} today={today} payouts={byDate.get(day) ?? []} />
                ))}
              </Days>
            </Week>
          ))
        )}
      </Body>
      <Notes aria-labelledby="calendar-notes">
        <NotesTitle id="calendar-notes">About this calendar</NotesTitle>
        <ul>
          <li>Payout dates are the next business day after the ex-dividend date unless the issuer declared another pay date.</li>
          <li>Each full week is shown, Monday to Sunday; dates already past are dimmed.</li>
          <li>Tickers are clickable: open one to see its details and dividend history.</li>
          <li>The current week and the next 3 weeks are shown.</li>
        </ul>
      </Notes>
    </Page>
  );
}

function DayCard({ day, today, payouts }: { day: string; today: string; payouts: PublicCalendarEntry[] }) {
  const isToday = day === today;
  const past = day < today;
  return (
    <Day $today={isToday} $past={past} aria-current={isToday ? 'date' : undefined} data-testid="calendar-day" data-date={day}>
      <DayHead>
        <div>
          <Weekday>{weekdayOf(day)}</Weekday>
          <DateText>{formatShortDate(day)}</DateText>
        </div>
        {isToday ? <Badge $tone="accent">Today</Badge> : null}
      </DayHead>
      <Count>{payouts.length === 0 ? 'No payouts' : `${payouts.length} ${payouts.length === 1 ? 'payout' : 'payouts'}`}</Count>
      {payouts.length > 0 ? (
        <Payouts>
          {payouts.map((p) => (
            <li key={`${p.etfId}-${p.payoutDate}`}>
              <PayoutLink to={paths.etfByTicker(p.ticker)} title={p.name}>
                <PayoutTop>
                  <strong>{p.ticker}</strong>
                  <Amount>{formatDividend(p.amount)}</Amount>
                </PayoutTop>
                <PayoutName>{p.name}</PayoutName>
                {p.estimated ? <Est>Estimated</Est> : null}
              </PayoutLink>
            </li>
          ))}
        </Payouts>
      ) : null}
    </Day>
  );
}

const Body = styled.div`
  margin-top: 24px;
`;

const Week = styled.section`
  margin-bottom: 28px;
`;

const WeekTitle = styled.h2`
  margin-bottom: 12px;
  font-size: ${({ theme }) => theme.fontSizes.lg};
  font-weight: 700;
`;

const Days = styled.div`
  display: grid;
  gap: 10px;
  grid-template-columns: 1fr;
  @media (min-width: ${({ theme }) => theme.breakpoints.sm}px) {
    grid-template-columns: repeat(2, 1fr);
  }
  @media (min-width: ${({ theme }) => theme.breakpoints.md}px) {
    grid-template-columns: repeat(4, 1fr);
  }
  @media (min-width: ${({ theme }) => theme.breakpoints.lg}px) {
    grid-template-columns: repeat(7, 1fr);
  }
`;

const Day = styled.article<{ $today: boolean; $past: boolean }>`
  display: flex;
  flex-direction: column;
  gap: 6px;
  min-width: 0;
  min-height: 120px;
  padding: 12px;
  border-radius: ${({ theme }) => theme.radii.lg};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  ${({ $today, theme }) =>
    $today &&
    css`
      border: 2px solid ${theme.colors.todayBorder};
      box-shadow: 0 0 0 3px ${theme.colors.accentSoft};
    `}
  ${({ $past, theme }) =>
    $past &&
    css`
      /* Dimmed without opacity, so the text keeps its contrast. */
      background: ${theme.colors.surfacePast};
      border-style: dashed;
      box-shadow: none;
      color: ${theme.colors.textSecondary};
      & p:first-child { color: ${theme.colors.textSecondary}; }
      & a { background: ${theme.colors.surface}; }
    `}
`;

const DayHead = styled.div`
  display: flex;
  justify-content: space-between;
  align-items: flex-start;
  gap: 4px;
`;

const Weekday = styled.p`
  font-weight: 700;
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const DateText = styled.p`
  color: ${({ theme }) => theme.colors.textSecondary};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const Count = styled.p`
  color: ${({ theme }) => theme.colors.textSecondary};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: 600;
`;

const Payouts = styled.ul`
  display: flex;
  flex-direction: column;
  gap: 4px;
  margin: 0;
  padding: 0;
  list-style: none;
`;

const PayoutLink = styled(Link)`
  display: flex;
  flex-direction: column;
  gap: 1px;
  min-width: 0;
  padding: 6px 8px;
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme }) => theme.colors.surfaceAccent};
  color: ${({ theme }) => theme.colors.textPrimary};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  text-decoration: none;
  &:hover { background: ${({ theme }) => theme.colors.accentSoft}; }
`;

const PayoutName = styled.span`
  color: ${({ theme }) => theme.colors.textSecondary};
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
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

const Est = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  font-weight: 500;
`;

const ErrorBox = styled.div`
  display: flex;
  flex-direction: column;
  gap: 4px;
  padding: 24px;
  border-radius: ${({ theme }) => theme.radii.lg};
  border: 1px solid ${({ theme }) => theme.colors.negative};
  background: ${({ theme }) => theme.colors.negativeSoft};
  color: ${({ theme }) => theme.colors.negative};
  text-align: center;
`;

const Notes = styled.section`
  margin-top: 16px;
  padding: 16px 20px;
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surfaceAccent};
  border: 1px solid ${({ theme }) => theme.colors.accentSoft};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textSecondary};
  & ul { margin: 8px 0 0; padding-left: 20px; }
  & li + li { margin-top: 4px; }
`;

const NotesTitle = styled.h2`
  font-size: ${({ theme }) => theme.fontSizes.md};
  font-weight: 700;
  color: ${({ theme }) => theme.colors.textPrimary};
`;
