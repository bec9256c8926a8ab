import { useMemo, useState } from 'react';
import { styled } from 'styled-components';
import { useGetDividendCalendarQuery, useGetMarketHolidaysQuery } from '../../../api/market-api.ts';
import { DemoDataNotice, anyDemo } from '../../../components/demo-data-notice.tsx';
import { AnchorButton } from '../../../components/ui/button.tsx';
import { Page, PageSubtitle, PageTitle } from '../../../components/ui/layout.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { calendarWeeks, groupByDate } from '../../../lib/calendar-weeks.ts';
import { formatShortDate } from '../../../lib/format.ts';
import { useMarketToday } from '../../../lib/render-clock.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { layoutOnly, useLayoutQuery } from '../../../lib/use-media-query.ts';
import { theme } from '../../../styles/theme.ts';
import { CompactDay } from '../components/compact-day.tsx';
import { DayCard } from '../components/day-card.tsx';
import { firstOpenDay } from '../first-open-day.ts';

export const CALENDAR_SKELETONS = 20;
/** Below the md breakpoint (phones, small tablets): the compact list instead of the week grid. */
export const COMPACT_QUERY = `(max-width: ${theme.breakpoints.md - 0.02}px)`;
const NO_PAYOUTS: never[] = [];

/**
 * `/dividend-calendar`: 4 weeks from this Monday, Monday to Sunday, past days dimmed.
 * Wide screens: a week is a grid of 7 day cards listing every payout. Phones: a week is a list of days,
 * one line each ("N payouts" or "No payouts"); a day with payouts opens to one line per payout. Today
 * (or the next day with payouts) is open; the others open on a tap. Every payout listed at once made
 * the page ~21,000 px tall on a 390 px phone.
 */
export default function DividendCalendarRoute() {
  useDocumentTitle('Dividend Calendar');
  const { data, isLoading, isError } = useGetDividendCalendarQuery();
  // Market holidays are shown on their day ("Market closed: Thanksgiving Day"); without them the calendar still works.
  const { data: holidays } = useGetMarketHolidaysQuery();
  const holidayOf = useMemo(() => new Map((holidays ?? []).map((h) => [h.date, h.name])), [holidays]);
  // undefined in the server's render: both layouts, CSS shows the viewport's (lib/use-media-query.ts)
  const compact = useLayoutQuery(COMPACT_QUERY);
  // New York's date, as the server's calendar and the personal area's payouts (the rendered page's, while it hydrates)
  const today = useMarketToday();
  const weeks = useMemo(() => calendarWeeks(today), [today]);
  const byDate = useMemo(() => groupByDate(data ?? [], (e) => e.payoutDate), [data]);
  const firstOpen = useMemo(
    () => firstOpenDay(weeks.flatMap((w) => w.days), today, (day) => byDate.get(day)?.length ?? 0),
    [weeks, today, byDate],
  );
  // null until the person opens or closes a day: then only today / the next payout day is open
  const [toggled, setToggled] = useState<ReadonlySet<string> | null>(null);
  const openDays = toggled ?? new Set(firstOpen ? [firstOpen] : []);
  const toggle = (day: string) => {
    const next = new Set(openDays);
    if (next.has(day)) next.delete(day);
    else next.add(day);
    setToggled(next);
  };

  return (
    <Page>
      <PageTitle>Dividend Calendar</PageTitle>
      <PageSubtitle>Upcoming weekly dividend payouts for the next 4 weeks.</PageSubtitle>
      <CalendarActions>
        <AnchorButton href="/api/dividends/calendar.ics" download="weeklydiv-dividend-calendar.ics" $variant="outline" $size="sm">
          Add to calendar
        </AnchorButton>
      </CalendarActions>
      <DemoDataNotice show={anyDemo(data)} />
      <Body>
        {isLoading ? (
          <Days aria-busy="true" aria-label="Loading dividend calendar">
            {Array.from({ length: CALENDAR_SKELETONS }, (_, i) => (
              <DaySkeleton key={i} data-testid="calendar-skeleton" />
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
              {compact !== false ? (
                <CompactDays {...layoutOnly(COMPACT_QUERY, true, compact)}>
                  {week.days.map((day) => (
                    <CompactDay key={day} day={day} today={today} payouts={byDate.get(day) ?? NO_PAYOUTS} holiday={holidayOf.get(day)} open={openDays.has(day)} onToggle={toggle} />
                  ))}
                </CompactDays>
              ) : null}
              {compact !== true ? (
                <WideDays {...layoutOnly(COMPACT_QUERY, false, compact)}>
                  {week.days.map((day) => (
                    <DayCard key={day} day={day} today={today} payouts={byDate.get(day) ?? NO_PAYOUTS} holiday={holidayOf.get(day)} />
                  ))}
                </WideDays>
              ) : null}
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
          <li>Market holidays are marked on their day. An estimated ex-date that falls on one moves to the trading day before it, as issuers do.</li>
          <li>The current week and the next 3 weeks are shown.</li>
        </ul>
      </Notes>
    </Page>
  );
}

const CalendarActions = styled.div`
  display: flex;
  justify-content: flex-end;
  margin: ${theme.space.sm} 0 ${theme.space.md};
`;

const Body = styled.div`
  margin-top: 24px;
`;

const Week = styled.section`
  margin-bottom: 28px;
`;

const WeekTitle = styled.h2`
  margin-bottom: 12px;
  font-size: ${theme.fontSizes.lg};
  font-weight: 700;
`;

/** Days keep their own height (align-items: start, D27: empty days were stretched to the busiest). */
const Days = styled.div`
  display: grid;
  align-items: start;
  gap: 6px;
  grid-template-columns: minmax(0, 1fr);
  @media (min-width: ${theme.breakpoints.md}px) {
    gap: 10px;
    grid-template-columns: repeat(4, minmax(0, 1fr));
  }
  @media (min-width: ${theme.breakpoints.lg}px) {
    grid-template-columns: repeat(7, minmax(0, 1fr));
  }
`;

/**
 * The two layouts, each hidden by CSS where it does not belong: the server renders both (it has no
 * viewport), the browser one.
 */
const CompactDays = styled(Days)`
  @media (min-width: ${theme.breakpoints.md}px) {
    display: none;
  }
`;

const WideDays = styled(Days)`
  @media ${COMPACT_QUERY} {
    display: none;
  }
`;

const DaySkeleton = styled(Skeleton)`
  height: 48px;
  border-radius: 12px;
  @media (min-width: ${theme.breakpoints.md}px) {
    height: 120px;
  }
`;

const ErrorBox = styled.div`
  display: flex;
  flex-direction: column;
  gap: 4px;
  padding: 24px;
  border-radius: ${theme.radii.lg};
  border: 1px solid ${theme.colors.negative};
  background: ${theme.colors.negativeSoft};
  color: ${theme.colors.negative};
  text-align: center;
`;

const Notes = styled.section`
  margin-top: 16px;
  padding: 16px 20px;
  border-radius: ${theme.radii.lg};
  background: ${theme.colors.surfaceAccent};
  border: 1px solid ${theme.colors.accentSoft};
  font-size: ${theme.fontSizes.sm};
  color: ${theme.colors.textSecondary};
  & ul { margin: 8px 0 0; padding-left: 20px; }
  & li + li { margin-top: 4px; }
`;

const NotesTitle = styled.h2`
  font-size: ${theme.fontSizes.md};
  font-weight: 700;
  color: ${theme.colors.textPrimary};
`;
