import { useMemo } from 'react';
import { styled, css } from 'styled-components';
import type { Issuer } from '../../../../../contracts/declarations.ts';
import type { HoldingView } from '../../../../../contracts/portfolio.ts';
import { useGetUserDividendCalendarQuery } from '../../../api/holdings-api.ts';
import { useGetPayoutsQuery } from '../../../api/payouts-api.ts';
import { DeclaredBy } from '../../../components/distribution-source.tsx';
import { KindBadge } from '../../../components/kind-badge.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { DemoDataNotice, anyDemo } from '../../../components/demo-data-notice.tsx';
import { Card, CardTitle } from '../../../components/ui/card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { weekdayOf } from '../../../lib/calendar-weeks.ts';
import { issuerDeclarationOf, issuerOfFund } from '../../../lib/distribution-source.ts';
import { formatDividend, formatMoney, formatShares, formatShortDate, marketToday } from '../../../lib/format.ts';
import { payoutWeeks, type PayoutDay } from '../payout-weeks.ts';
import { theme } from '../../../styles/theme.ts';
import { stackList, todayRing } from '../../../components/ui/mixins.ts';
import { SubscribeFeed } from './subscribe-feed.tsx';
import { MarkReceivedButton, PayoutStatusBadge, type MarkablePayout } from './payout-status.tsx';

/**
 * "Upcoming Dividend Payouts": shown only when the user holds something, so the calendar
 * query runs only then. Four weeks from this week's Monday (New York), weekdays, weeks without
 * payouts left out; per day the count, the day's total and each payout (ticker, estimated payout,
 * shares × amount per share). Payouts the issuer has not declared yet are marked as estimates;
 * payouts already paid this week (the server's `paid`) are dimmed and marked "Paid". A payout the
 * issuer declared in a release we read links to it ("Declared by YieldMax, …"; the issuer from the
 * holding's fund). Each payout shows its state in the user's ledger (issue 28: Declared, Entitled,
 * Paid, Received $…, Short $… of $…, Missing; a projection keeps its "Est." badge), and a paid payout of
 * a hand-entered holding has "Mark received" (its holding and ex-date from the ledger, read only then).
 */
export function UpcomingPayouts({ now = new Date(), holdings = [] }: { now?: Date; holdings?: readonly HoldingView[] }) {
  const { data, isLoading, isError } = useGetUserDividendCalendarQuery();
  const today = marketToday(now);
  const weeks = useMemo(() => payoutWeeks(data ?? [], today), [data, today]);
  const issuers = useMemo(() => new Map(holdings.map((h) => [h.etfId, h.etf ? issuerOfFund(h.etf) : null])), [holdings]);
  // the calendar's entries carry no holding id or ex-date: the ledger has them, asked only when a hand-entered holding's payout is paid
  const manual = useMemo(() => new Set(holdings.filter((h) => h.source === 'manual').map((h) => h.etfId)), [holdings]);
  const markable = (data ?? []).some((e) => e.payoutStatus === 'paid' && manual.has(e.etfId));
  const ledger = useGetPayoutsQuery(undefined, { skip: !markable }).data;
  const marks = useMemo(() => {
    const out = new Map<string, MarkablePayout>();
    for (const p of ledger?.payouts ?? [])
      if (p.status === 'paid' && !p.brokerageSynced) out.set(`${p.etfId}|${p.payDate}`, { holdingId: p.holdingId, exDate: p.exDate, payDate: p.payDate, ticker: p.ticker, expected: p.expected });
    return out;
  }, [ledger]);

  return (
    <Card aria-labelledby="upcoming-payouts-title">
      <TitleRow>
        <CardTitle as="h2" id="upcoming-payouts-title">
          Upcoming Dividend Payouts
        </CardTitle>
        <SubscribeFeed />
      </TitleRow>
      <DemoDataNotice show={anyDemo(data)} />
      {isLoading ? (
        <Loading aria-busy="true">
          <Skeleton $height="96px" />
          <Skeleton $height="96px" />
        </Loading>
      ) : isError ? (
        <ErrorText role="alert">Failed to load dividend calendar. Please try again later.</ErrorText>
      ) : weeks.length === 0 ? (
        <Muted>No upcoming dividend payouts in the next 4 weeks</Muted>
      ) : (
        weeks.map((week) => {
          const first = week.days[0]!.date;
          const last = week.days[week.days.length - 1]!.date;
          return (
            <Week key={week.number} aria-labelledby={`payout-week-${week.number}`} data-testid="payout-week">
              <WeekHead>
                <WeekTitle id={`payout-week-${week.number}`}>
                  Week {week.number} ({formatShortDate(first)} - {formatShortDate(last)})
                </WeekTitle>
                <WeekTotal>
                  {week.count} {week.count === 1 ? 'payout' : 'payouts'} · {formatMoney(week.total)}
                </WeekTotal>
              </WeekHead>
              <Days>
                {week.days.map((day) => (
                  <Day key={day.date} day={day} isToday={day.date === today} issuers={issuers} marks={marks} />
                ))}
              </Days>
            </Week>
          );
        })
      )}
      {weeks.some((w) => w.days.some((d) => d.payouts.some((p) => p.estimated))) ? (
        <Note>
          <Badge $tone="warning">Est.</Badge> Estimated: not declared by the issuer yet; the date and amount follow the fund's recent payouts.
        </Note>
      ) : null}
    </Card>
  );
}

function Day({ day, isToday, issuers, marks }: { day: PayoutDay; isToday: boolean; issuers: ReadonlyMap<string, Issuer | null>; marks: ReadonlyMap<string, MarkablePayout> }) {
  const count = day.payouts.length;
  return (
    <DayBox $today={isToday} $empty={count === 0} aria-current={isToday ? 'date' : undefined} data-testid="payout-day" data-date={day.date}>
      <DayHead>
        <div>
          <Weekday>{weekdayOf(day.date)}</Weekday>
          <DateText>{formatShortDate(day.date)}</DateText>
        </div>
        {isToday ? <Badge $tone="accent">Today</Badge> : null}
      </DayHead>
      {count === 0 ? (
        <Dash aria-label="No payouts">—</Dash>
      ) : (
        <>
          <DaySummary>
            <span data-testid="day-count">
              {count} {count === 1 ? 'payout' : 'payouts'}
            </span>
            <strong data-testid="day-total">{formatMoney(day.total)}</strong>
          </DaySummary>
          <Payouts>
            {day.payouts.map((p, i) => (
              <PayoutItem
                key={`${p.etfId}-${p.payoutDate}-${p.kind}-${i}`}
                data-testid="payout"
                data-paid={p.paid ? 'true' : 'false'}
                $paid={p.paid}
                aria-label={p.paid ? `${p.ticker} ${formatMoney(p.estimatedPayout)}, paid` : undefined}
              >
                <PayoutTop>
                  <strong>{p.ticker}</strong>
                  <KindBadge kind={p.kind} />
                  {p.payoutStatus === 'projected' && p.estimated ? null : (
                    <PayoutStatusBadge status={p.payoutStatus} received={p.receivedAmount} expected={p.estimatedPayout} />
                  )}
                  {p.estimated ? (
                    <Badge $tone="warning" title="Estimated: not declared yet">
                      Est.
                    </Badge>
                  ) : null}
                  <Amount>{formatMoney(p.estimatedPayout)}</Amount>
                </PayoutTop>
                <Calc>
                  {formatShares(p.shares)} × {formatDividend(p.amount)}
                </Calc>
                <IssuerLine entry={p} issuer={issuers.get(p.etfId) ?? null} />
                {p.payoutStatus === 'paid' && marks.has(`${p.etfId}|${p.payoutDate}`) ? (
                  <MarkRow>
                    <MarkReceivedButton payout={marks.get(`${p.etfId}|${p.payoutDate}`)!} />
                  </MarkRow>
                ) : null}
              </PayoutItem>
            ))}
          </Payouts>
        </>
      )}
    </DayBox>
  );
}

function IssuerLine({ entry, issuer }: { entry: PayoutDay['payouts'][number]; issuer: Issuer | null }) {
  const declaration = issuerDeclarationOf(entry);
  if (!declaration) return null;
  return (
    <Declared>
      <DeclaredBy declaration={declaration} issuer={issuer} about={entry.ticker} />
    </Declared>
  );
}

const MarkRow = styled.div`
  margin-top: 4px;
`;

const Declared = styled.p`
  margin-top: 2px;
  line-height: 1.3;
`;

/** A paid payout is dimmed by colour, not opacity, so its text keeps a 4.5:1 contrast. */
const PayoutItem = styled.li<{ $paid: boolean }>`
  ${({ $paid }) =>
    $paid &&
    css`
      color: ${theme.colors.textSecondary};
      & strong {
        font-weight: 600;
      }
    `}
`;

const Loading = styled.div`
  display: grid;
  gap: 10px;
`;

const Muted = styled.p`
  padding: 16px 0 4px;
  color: ${theme.colors.textSecondary};
`;

const ErrorText = styled.p`
  padding: 12px 14px;
  border-radius: ${theme.radii.md};
  background: ${theme.colors.negativeSoft};
  color: ${theme.colors.negative};
  font-weight: 500;
`;

const Week = styled.section`
  margin-top: ${theme.space.md};
`;

const WeekHead = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  align-items: baseline;
  gap: 4px 12px;
  margin-bottom: 8px;
`;

const WeekTitle = styled.h3`
  font-size: ${theme.fontSizes.md};
  font-weight: 700;
`;

const WeekTotal = styled.p`
  color: ${theme.colors.textSecondary};
  font-size: ${theme.fontSizes.sm};
`;

/** Days keep their own height (an empty day is not stretched to the busiest one, D27). */
const Days = styled.div`
  display: grid;
  align-items: start;
  gap: 8px;
  grid-template-columns: 1fr;
  @media (min-width: ${theme.breakpoints.md}px) {
    grid-template-columns: repeat(5, minmax(0, 1fr));
  }
`;

const DayBox = styled.div<{ $today: boolean; $empty: boolean }>`
  display: flex;
  flex-direction: column;
  gap: 6px;
  min-width: 0;
  padding: 10px;
  border-radius: ${theme.radii.md};
  border: 1px solid ${theme.colors.border};
  background: ${theme.colors.surface};
  ${({ $today }) => $today && todayRing}
  @media (max-width: ${theme.breakpoints.md - 0.02}px) {
    ${({ $empty }) =>
      $empty &&
      css`
        flex-direction: row;
        align-items: center;
        justify-content: space-between;
        padding: 6px 10px;
      `}
  }
`;

const DayHead = styled.div`
  display: flex;
  justify-content: space-between;
  align-items: flex-start;
  gap: 4px;
  /* Phones: "Monday Nov 16" on one line. */
  @media (max-width: ${theme.breakpoints.md - 0.02}px) {
    align-items: center;
    & > div {
      display: flex;
      align-items: baseline;
      gap: 6px;
    }
  }
`;

const Weekday = styled.p`
  font-weight: 700;
  font-size: ${theme.fontSizes.sm};
`;

const DateText = styled.p`
  color: ${theme.colors.textSecondary};
  font-size: ${theme.fontSizes.xs};
`;

const Dash = styled.p`
  color: ${theme.colors.textSecondary};
  font-weight: 600;
`;

const DaySummary = styled.p`
  display: flex;
  justify-content: space-between;
  gap: 6px;
  color: ${theme.colors.textSecondary};
  font-size: ${theme.fontSizes.xs};
  font-weight: 600;
  & strong {
    color: ${theme.colors.positive};
    font-size: ${theme.fontSizes.sm};
  }
`;

const Payouts = styled.ul`
  ${stackList('4px')}
  & li {
    padding: 6px 8px;
    border-radius: ${theme.radii.sm};
    background: ${theme.colors.surfaceAccent};
    font-size: ${theme.fontSizes.xs};
  }
`;

const PayoutTop = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 4px 6px;
`;

const Amount = styled.span`
  margin-left: auto;
  font-weight: 700;
  white-space: nowrap;
`;

const Calc = styled.p`
  color: ${theme.colors.textSecondary};
  font-variant-numeric: tabular-nums;
`;

const Note = styled.p`
  display: flex;
  align-items: center;
  gap: 8px;
  margin-top: ${theme.space.md};
  color: ${theme.colors.textSecondary};
  font-size: ${theme.fontSizes.xs};
`;

const TitleRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${theme.space.sm};
`;
