import { useState, type MouseEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { styled } from 'styled-components';
import { serverMessage } from '../../../api/base-api.ts';
import { useGetBrokerageStatusQuery } from '../../../api/brokerage-api.ts';
import { useRemoveHoldingMutation } from '../../../api/holdings-api.ts';
import type { HoldingView } from '../../../../../contracts/portfolio.ts';
import { StaleDataBadge, priceAsOfText } from '../../../components/stale-data.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogActions } from '../../../components/ui/dialog.tsx';
import { Positive } from '../../../components/ui/layout.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { formatDate, formatShortDate, formatMoney, formatNumber, formatShares, formatSignedMoney, formatSignedPercent, formatPrice, toNumber } from '../../../lib/format.ts';
import { slugOf } from '../../../lib/brand.ts';
import { paths } from '../../../lib/paths.ts';
import { currentShares, holdingGain, holdingPrice, holdingValue, sharesBought } from '../portfolio-summary.ts';
import { HoldingReturnOfCapital, incomeSplitText } from './holding-return-of-capital.tsx';
import { RemoveButton } from './remove-button.tsx';
import { incomeConfirmationText, incomeConfirmationTexts, MarkReceivedButton, PayoutStatusBadge } from './payout-status.tsx';
import { theme } from '../../../styles/theme.ts';

/**
 * "My Holdings": ticker, brand badge, DRIP badge, name, shares (4 decimals; with DRIP the
 * shares bought and the shares now), current price, current value (the server's), gain/loss (the
 * server's total return, with its price and distribution parts) in dollars and percent only with a
 * purchase price, income received (with DRIP marked reinvested), and with a purchase price the house
 * money line (how much of the cost the distributions paid back, and the day they did or are projected to
 * pay all of it back: `HouseMoneyLine`). A click opens the fund's page; the remove button asks first,
 * then removes the holding. A holding a brokerage sync owns says "Synced from {brokerage}", and its
 * removal says a sync brings it back (issue 29, W11).
 */
export function HoldingsList({ holdings }: { holdings: readonly HoldingView[] }) {
  if (holdings.length === 0) return <Empty>No holdings yet. Add some from the Find ETFs tab!</Empty>;
  return (
    <List>
      {holdings.map((h) => (
        <HoldingItem key={h.id} holding={h} />
      ))}
    </List>
  );
}

/** "Robinhood", "Fidelity and Schwab", "A, B and C"; none known: "your brokerage". */
export function brokerageNames(names: readonly string[]): string {
  if (names.length === 0) return 'your brokerage';
  if (names.length === 1) return names[0]!;
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]!}`;
}

/** "your Robinhood account", "your Fidelity and Schwab accounts", "your brokerage account". */
function brokerageAccounts(names: readonly string[]): string {
  if (names.length === 0) return 'your brokerage account';
  return `your ${brokerageNames(names)} ${names.length === 1 ? 'account' : 'accounts'}`;
}

function HoldingItem({ holding: h }: { holding: HoldingView }) {
  const navigate = useNavigate();
  const { toast } = useToast();
  const [removeHolding, { isLoading: removing }] = useRemoveHoldingMutation();
  const [confirming, setConfirming] = useState(false);
  const synced = h.source === 'brokerage';
  // the brokerages' names come with the status (a read of our own read model), asked only for a synced holding
  const brokerages = useGetBrokerageStatusQuery(undefined, { skip: !synced }).data?.brokerages ?? [];
  const etf = h.etf;
  const ticker = etf?.ticker ?? 'Unknown ETF';
  const href = etf ? paths.etf(slugOf(etf), etf.ticker) : null;
  const gain = holdingGain(h);
  const drip = h.isDrip === 1;
  const incomeConfirmation = incomeConfirmationText(h);
  const reinvested = toNumber(h.sharesReinvested ?? null) ?? currentShares(h) - sharesBought(h);

  function open(event: MouseEvent) {
    // The row is a mouse shortcut; the ticker link and the remove button do their own thing.
    // A click in a dialog opened from the row (a portal) bubbles here through React: not the row's.
    if (!href || !event.currentTarget.contains(event.target as Node) || (event.target as HTMLElement).closest('a, button')) return;
    navigate(href);
  }

  async function remove() {
    try {
      await removeHolding({ holdingId: h.id }).unwrap();
      toast({ title: 'Removed from portfolio', description: `${ticker} was removed from your portfolio.` });
    } catch (error) {
      toast({ title: 'Failed to remove from portfolio', description: serverMessage(error), variant: 'destructive' });
    }
    setConfirming(false);
  }

  return (
    <>
      <Item onClick={open} $clickable={href !== null} data-testid="holding">
        <Top>
          <Names>
            <TitleLine>
              {href ? <TickerLink to={href}>{ticker}</TickerLink> : <Ticker>{ticker}</Ticker>}
              {etf?.brand ? <Badge $tone="neutral">{etf.brand}</Badge> : null}
              {drip ? (
                <Badge $tone="positive" title="Dividends are reinvested">
                  DRIP
                </Badge>
              ) : null}
              <StaleDataBadge stale={etf?.stale} />
              {h.account ? (
                <Badge $tone="accent" data-testid="holding-account" title={`The ${h.account} account's holding, kept apart by a CSV import`}>
                  {h.account}
                </Badge>
              ) : null}
            </TitleLine>
            {etf?.name ? <Name>{etf.name}</Name> : null}
            {synced ? (
              <SyncedFrom
                data-testid="holding-synced"
                title={`Your brokerage connection keeps this holding up to date: shares and average cost come from ${brokerageNames(brokerages)} at each sync.`}
              >
                Synced from {brokerageNames(brokerages)}
              </SyncedFrom>
            ) : null}
          </Names>
          <RemoveButton label={`Remove ${ticker}${h.account ? ` (${h.account})` : ''} from portfolio`} onClick={() => setConfirming(true)} disabled={removing} />
        </Top>
        <Figures>
          <Figure>
            <dt>Shares</dt>
            <dd>{formatShares(currentShares(h))}</dd>
            {drip ? (
              <Sub data-testid="drip-shares">
                {/* bought on today's share basis (after a split: x new/old), so bought + reinvested = shares */}
                {formatShares(currentShares(h) - Math.max(0, reinvested))} bought{reinvested > 0 ? ` + ${formatShares(reinvested)} reinvested` : ''}
              </Sub>
            ) : null}
          </Figure>
          <Figure>
            <dt>Current Price</dt>
            <dd>{formatPrice(holdingPrice(h))}</dd>
            {etf?.stale ? <Sub data-testid="holding-price-as-of">{priceAsOfText(etf.priceAsOf)}</Sub> : null}
          </Figure>
          <Figure>
            <dt>Current Value</dt>
            <dd>{formatMoney(holdingValue(h))}</dd>
          </Figure>
          {gain ? (
            <Figure>
              <dt>Gain/Loss</dt>
              <dd>
                <Positive $positive={gain.amount >= 0} data-testid="holding-gain">
                  {formatSignedMoney(gain.amount)}
                  {gain.percent === null ? '' : ` (${formatSignedPercent(gain.percent)})`}
                </Positive>
              </dd>
              <Sub data-testid="holding-gain-parts">
                Price {formatSignedMoney(toNumber(h.priceChange ?? null) ?? 0)} · Dist. {formatSignedMoney(toNumber(h.distributionReturn ?? null) ?? 0)}
              </Sub>
            </Figure>
          ) : null}
          <Figure>
            <dt>Income Received</dt>
            <dd>{formatMoney(h.incomeReceived ?? 0)}</dd>
            {drip && (toNumber(h.incomeReceived ?? null) ?? 0) > 0 ? (
              <Sub data-testid="holding-income-note" title="Paid as shares: counted in the value and the gain, not on top">
                Reinvested
              </Sub>
            ) : null}
            {/* what of it the brokerage or the user confirmed, and what is not counted (docs/metrics.md "Income received") */}
            {incomeConfirmation === null ? null : (
              <Sub data-testid="holding-income-confirmation" title={incomeConfirmationTexts.title}>
                {incomeConfirmation}
              </Sub>
            )}
            {/* issue 27: what the payments were, income or the holder's own capital handed back */}
            {h.paymentsReceived > 0 ? <Sub data-testid="holding-income-split">{incomeSplitText(h)}</Sub> : null}
          </Figure>
        </Figures>
        <HouseMoneyLine holding={h} />
        <LatestPayoutLine holding={h} ticker={ticker} />
        <HoldingReturnOfCapital holding={h} ticker={ticker} />
        {etf?.stale ? <StaleNote data-testid="holding-stale-note">No payouts, income or payback date projected until the fund’s data resumes.</StaleNote> : null}
      </Item>
      {/* outside the row: a click in the dialog (a portal) would bubble to the row's click through React */}
      <Dialog
        open={confirming}
        onClose={removing ? () => {} : () => setConfirming(false)}
        title={`Remove ${ticker} from your portfolio?`}
        description={
          synced
            ? `${ticker} is synced from ${brokerageNames(brokerages)}: removing it here lasts until the next sync, which adds it again while ${brokerageAccounts(brokerages)} holds it.`
            : 'Its purchase price, purchase date and DRIP reinvestments go with it; to get it back you would enter them again.'
        }
      >
        <DialogActions>
          <Button $variant="outline" onClick={() => setConfirming(false)} disabled={removing} data-autofocus>
            Cancel
          </Button>
          <Button $variant="destructive" onClick={() => void remove()} disabled={removing}>
            {removing ? 'Removing...' : 'Remove'}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

/**
 * "Latest payout Nov 24: Received $40.00" (issue 28): the holding's latest declared payout whose ex-date
 * has passed (the server's `latestPayout`, last five weeks), with "Mark received" when it is paid and the
 * holding is hand-entered (nothing else can confirm it). Nothing without one.
 */
export function LatestPayoutLine({ holding: h, ticker }: { holding: HoldingView; ticker: string }) {
  const p = h.latestPayout;
  if (!p) return null;
  return (
    <LatestPayout data-testid="latest-payout">
      <span>Latest payout {formatShortDate(p.payDate)}:</span>
      <PayoutStatusBadge status={p.status} received={p.received} expected={p.expected} />
      {p.status === 'paid' && h.source === 'manual' ? (
        <MarkReceivedButton payout={{ holdingId: h.id, exDate: p.exDate, payDate: p.payDate, ticker, expected: p.expected }} />
      ) : null}
    </LatestPayout>
  );
}

const LatestPayout = styled.p`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 6px;
  margin-top: 8px;
  color: ${theme.colors.textSecondary};
  font-size: ${theme.fontSizes.sm};
`;

/**
 * "House money: 42.45% · 100% by Mar 3, 2027 (projected)" / "House money: 106.25% · Paid back on Jun 27,
 * 2025": the server's percent as given (2 decimals, rounded once) and its date. Nothing without a purchase
 * price; the percent alone without an income rate to project from.
 */
export function HouseMoneyLine({ holding: h }: { holding: HoldingView }) {
  const percent = toNumber(h.houseMoneyPercent ?? null);
  if (percent === null) return null;
  const date = h.houseMoneyDate ?? null;
  return (
    <HouseMoney data-testid="house-money" title="Distributions received as a share of what you paid for the shares">
      <span>
        House money: <strong>{formatNumber(percent, 2)}%</strong>
      </span>
      {/* the space reads between the parts; as a flex container the line ignores it (column-gap spaces them) */}
      {date === null ? null : ' '}
      {date === null ? null : <span>· {h.houseMoneyReached ? `Paid back on ${formatDate(date)}` : `100% by ${formatDate(date)} (projected)`}</span>}
    </HouseMoney>
  );
}

const List = styled.ul`
  display: flex;
  flex-direction: column;
  gap: 10px;
  margin: 0;
  padding: 0;
  list-style: none;
`;

export const Empty = styled.p`
  padding: 32px 16px;
  text-align: center;
  color: ${theme.colors.textSecondary};
`;

const Item = styled.li<{ $clickable: boolean }>`
  padding: 14px 16px;
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.md};
  background: ${theme.colors.surface};
  cursor: ${({ $clickable }) => ($clickable ? 'pointer' : 'default')};
  transition: border-color 120ms ease, background-color 120ms ease;
  &:hover {
    border-color: ${theme.colors.borderStrong};
    background: ${theme.colors.background};
  }
`;

const Top = styled.div`
  display: flex;
  justify-content: space-between;
  align-items: flex-start;
  gap: 12px;
`;

const Names = styled.div`
  min-width: 0;
`;

const TitleLine = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px;
`;

const Ticker = styled.span`
  font-size: ${theme.fontSizes.lg};
  font-weight: 800;
`;

const TickerLink = styled(Link)`
  font-size: ${theme.fontSizes.lg};
  font-weight: 800;
  color: ${theme.colors.textPrimary};
  text-decoration: none;
  &:hover {
    color: ${theme.colors.accent};
    text-decoration: underline;
  }
`;

const SyncedFrom = styled.p`
  margin-top: 2px;
  color: ${theme.colors.textSecondary};
  font-size: ${theme.fontSizes.xs};
  font-weight: 600;
`;

const Name = styled.p`
  margin-top: 2px;
  color: ${theme.colors.textSecondary};
  font-size: ${theme.fontSizes.sm};
`;

const Figures = styled.dl`
  display: grid;
  gap: 10px 16px;
  margin: 12px 0 0;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  @media (min-width: ${theme.breakpoints.md}px) {
    grid-template-columns: repeat(5, minmax(0, 1fr));
  }
`;

const Figure = styled.div`
  min-width: 0;
  & dt {
    color: ${theme.colors.textSecondary};
    font-size: ${theme.fontSizes.xs};
    font-weight: 600;
    text-transform: uppercase;
    letter-spacing: 0.04em;
  }
  & dd {
    margin: 2px 0 0;
    font-weight: 700;
    font-variant-numeric: tabular-nums;
  }
`;

const HouseMoney = styled.p`
  margin: 10px 0 0;
  color: ${theme.colors.textSecondary};
  font-size: ${theme.fontSizes.sm};
  font-variant-numeric: tabular-nums;
  & strong {
    color: ${theme.colors.textPrimary};
  }
  /* two parts, each kept whole; on a narrow screen the date goes under the percent */
  display: flex;
  flex-wrap: wrap;
  column-gap: 0.35em;
  & span {
    white-space: nowrap;
  }
`;

const StaleNote = styled.p`
  margin: 6px 0 0;
  color: ${theme.colors.warningText};
  font-size: ${theme.fontSizes.sm};
`;

const Sub = styled.dd`
  && {
    margin-top: 2px;
    color: ${theme.colors.textSecondary};
    font-size: ${theme.fontSizes.xs};
    font-weight: 500;
  }
`;
