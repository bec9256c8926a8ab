import { useState, type ReactNode } from 'react';
import { styled } from 'styled-components';
import type { BrokerageAccount, BrokerageSyncResult } from '../../../contracts/brokerage.ts';
import { serverMessage } from '../api/base-api.ts';
import {
  useCreateConnectionUrlMutation,
  useGetBrokerageAccountsQuery,
  useGetBrokerageStatusQuery,
  useRegisterBrokerageMutation,
  useSyncBrokerageMutation,
} from '../api/brokerage-api.ts';
import { formatAsOf } from '../lib/format.ts';
import { theme } from '../styles/theme.ts';
import { Badge } from './ui/badge.tsx';
import { Button } from './ui/button.tsx';
import { CardText, CardTitle } from './ui/card.tsx';
import { useToast } from './ui/toast.tsx';

/**
 * Premium's brokerage sync (docs/brokerage.md), shared by the personal area's sync card and the
 * account page's brokerage panel: connect (register, then SnapTrade's read-only connection portal in
 * a new tab), the connected accounts with a count badge and when each was last synced, "Sync
 * Portfolio" and "Add Another Account". Without SnapTrade on the server it says sync is not
 * available yet. Mount it only for Premium with an active subscription.
 */
export function BrokerageSync({ title, headingLevel = 'h2', idPrefix }: { title: string; headingLevel?: 'h2' | 'h3'; idPrefix: string }) {
  const status = useGetBrokerageStatusQuery();
  const registered = status.data?.available === true && status.data.registered;
  const accounts = useGetBrokerageAccountsQuery(undefined, { skip: !registered });
  const actions = useBrokerageActions(status.data?.registered === true);
  const titleId = `${idPrefix}-title`;

  const Heading = (
    <CardTitle as={headingLevel} id={titleId}>
      {title}
    </CardTitle>
  );

  if (status.isLoading) return <LoadingSection heading={Heading} titleId={titleId} text="Loading brokerage sync…" />;
  if (status.isError || !status.data) {
    return (
      <LoadErrorSection heading={Heading} titleId={titleId} onRetry={() => void status.refetch()}>
        Could not load brokerage sync. {serverMessage(status.error)}
      </LoadErrorSection>
    );
  }
  if (!status.data.available) {
    return (
      <section aria-labelledby={titleId}>
        <TitleRow>
          {Heading}
          <Badge $tone="warning">Not available yet</Badge>
        </TitleRow>
        <CardText>Brokerage sync is not available yet: it has not been set up on this site. Your holdings are the ones you add yourself.</CardText>
      </section>
    );
  }

  const list = accounts.data ?? [];
  const portalNote = actions.portalOpened ? (
    <Note role="status">
      Finish connecting in the new tab, then come back here and refresh your accounts.{' '}
      <Button $variant="ghost" $size="sm" onClick={() => void accounts.refetch()} disabled={!registered || accounts.isFetching}>
        {accounts.isFetching ? 'Refreshing...' : 'Refresh Accounts'}
      </Button>
    </Note>
  ) : null;

  if (registered && accounts.isLoading) return <LoadingSection heading={Heading} titleId={titleId} text="Loading your brokerage accounts…" />;
  if (registered && accounts.isError) {
    return (
      <LoadErrorSection heading={Heading} titleId={titleId} onRetry={() => void accounts.refetch()}>
        Could not load your brokerage accounts. {serverMessage(accounts.error)}
      </LoadErrorSection>
    );
  }

  return <BrokerageAccounts heading={Heading} titleId={titleId} actions={actions} portalNote={portalNote} list={list} />;
}

type BrokerageActions = ReturnType<typeof useBrokerageActions>;

/**
 * No account yet: what sync does and "Connect Brokerage". Else the connected accounts with their count,
 * the last sync's summary, "Sync Portfolio" and "Add Another Account". One component for both, so that
 * connecting the first account updates the section in place (the focused button keeps its focus).
 */
function BrokerageAccounts({
  heading,
  titleId,
  actions,
  portalNote,
  list,
}: {
  heading: ReactNode;
  titleId: string;
  actions: BrokerageActions;
  portalNote: ReactNode;
  list: readonly BrokerageAccount[];
}) {
  if (list.length === 0) {
    return (
      <section aria-labelledby={titleId}>
        {heading}
        <CardText>Connect your accounts at 20+ brokerages and sync your weekly dividend ETFs into your portfolio, instead of typing every trade.</CardText>
        <ReadOnlyNote />
        <Actions>
          <Button onClick={() => void actions.connect()} disabled={actions.connecting}>
            {actions.connecting ? 'Connecting...' : 'Connect Brokerage'}
          </Button>
        </Actions>
        {portalNote}
      </section>
    );
  }
  return (
    <section aria-labelledby={titleId}>
      <TitleRow>
        {heading}
        <Badge $tone="accent" aria-label={`${list.length} connected ${list.length === 1 ? 'account' : 'accounts'}`}>
          {list.length}
        </Badge>
      </TitleRow>
      <Accounts aria-label="Connected brokerage accounts">
        {list.map((account) => (
          <AccountRow key={account.id} account={account} />
        ))}
      </Accounts>
      {actions.lastResult ? <SyncSummary result={actions.lastResult} /> : null}
      <Actions>
        <Button onClick={() => void actions.syncNow()} disabled={actions.syncing}>
          {actions.syncing ? 'Syncing...' : 'Sync Portfolio'}
        </Button>
        <Button $variant="outline" onClick={() => void actions.connect()} disabled={actions.connecting}>
          {actions.connecting ? 'Connecting...' : 'Add Another Account'}
        </Button>
      </Actions>
      {portalNote}
      <ReadOnlyNote />
    </section>
  );
}

/** Connect (register the first time, then the connection portal) and sync, with their toasts. */
function useBrokerageActions(registered: boolean) {
  const { toast } = useToast();
  const [register, registering] = useRegisterBrokerageMutation();
  const [createUrl, creatingUrl] = useCreateConnectionUrlMutation();
  const [sync, syncing] = useSyncBrokerageMutation();
  const [portalOpened, setPortalOpened] = useState(false);
  const [lastResult, setLastResult] = useState<BrokerageSyncResult | null>(null);

  /** Register (first time only), then open the connection portal in a new tab. */
  async function connect() {
    // The tab is opened in the click itself (a tab opened after an await is blocked as a pop-up),
    // cut off from this page, and sent to SnapTrade once the link is here.
    const tab = window.open('', '_blank');
    if (tab) tab.opener = null;
    if (!registered) {
      try {
        await register().unwrap();
        toast({ title: 'Registered with brokerage service' });
      } catch (error) {
        tab?.close();
        toast({ title: 'Failed to register', description: serverMessage(error), variant: 'destructive' });
        return;
      }
    }
    try {
      const { url } = await createUrl().unwrap();
      if (tab) tab.location.href = url;
      else window.open(url, '_blank', 'noopener,noreferrer');
      setPortalOpened(true);
    } catch (error) {
      tab?.close();
      toast({ title: 'Failed to get connection URL', description: serverMessage(error), variant: 'destructive' });
    }
  }

  async function syncNow() {
    try {
      const result = await sync().unwrap();
      setLastResult(result);
      setPortalOpened(false);
      toast({ title: 'Portfolio synced successfully', description: `Synced ${result.synced} weekly dividend ETFs from ${result.total} total holdings` });
    } catch (error) {
      toast({ title: 'Failed to sync portfolio', description: serverMessage(error), variant: 'destructive' });
    }
  }

  return { connect, connecting: registering.isLoading || creatingUrl.isLoading, syncNow, syncing: syncing.isLoading, portalOpened, lastResult };
}

function LoadingSection({ heading, titleId, text }: { heading: ReactNode; titleId: string; text: string }) {
  return (
    <section aria-labelledby={titleId} aria-busy="true">
      {heading}
      <CardText role="status">{text}</CardText>
    </section>
  );
}

function LoadErrorSection({ heading, titleId, onRetry, children }: { heading: ReactNode; titleId: string; onRetry: () => void; children: ReactNode }) {
  return (
    <section aria-labelledby={titleId}>
      {heading}
      <CardText role="alert">{children}</CardText>
      <Actions>
        <Button $variant="outline" onClick={onRetry}>
          Try Again
        </Button>
      </Actions>
    </section>
  );
}

function ReadOnlyNote() {
  return <Note>Read-only through SnapTrade: you sign in to your brokerage on SnapTrade's page, we never see or store your brokerage login, and nothing can be traded.</Note>;
}

function AccountRow({ account }: { account: BrokerageAccount }) {
  const synced = formatAsOf(account.lastSyncedAt);
  return (
    <li>
      <AccountName>
        {account.brokerageName}
        {account.accountName ? <span> · {account.accountName}</span> : null}
      </AccountName>
      <AccountMeta>{synced ? <>Last synced <time dateTime={account.lastSyncedAt ?? undefined}>{synced}</time></> : 'Not synced yet'}</AccountMeta>
    </li>
  );
}

function SyncSummary({ result }: { result: BrokerageSyncResult }) {
  return (
    <Note role="status" data-testid="brokerage-sync-result">
      Synced {result.synced} weekly dividend ETFs from {result.total} total holdings
      {result.keptManual.length > 0 ? `. Kept as you entered them: ${result.keptManual.join(', ')}` : ''}
      {result.notSynced.length > 0 ? `. Not synced: ${result.notSynced.map((n) => `${n.ticker} (${n.reason})`).join(', ')}` : ''}.
    </Note>
  );
}

const TitleRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px;
  margin-bottom: 4px;
  & h2,
  & h3 {
    margin-bottom: 0;
  }
`;

const Accounts = styled.ul`
  list-style: none;
  margin: ${theme.space.sm} 0 0;
  padding: 0;
  display: grid;
  gap: ${theme.space.xs};
  & > li {
    display: flex;
    flex-wrap: wrap;
    justify-content: space-between;
    gap: 2px 12px;
    padding: ${theme.space.sm} 0;
    border-bottom: 1px solid ${theme.colors.border};
  }
  & > li:last-child {
    border-bottom: 0;
  }
  @media (max-width: ${theme.breakpoints.sm - 0.02}px) {
    & > li {
      flex-direction: column;
    }
  }
`;

const AccountName = styled.span`
  font-weight: 600;
  color: ${theme.colors.textPrimary};
  & > span {
    font-weight: 400;
    color: ${theme.colors.textSecondary};
  }
`;

const AccountMeta = styled.span`
  font-size: ${theme.fontSizes.sm};
  color: ${theme.colors.textSecondary};
`;

const Note = styled.p`
  margin: ${theme.space.sm} 0 0;
  font-size: ${theme.fontSizes.sm};
  color: ${theme.colors.textSecondary};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  margin-top: ${theme.space.md};
  @media (max-width: ${theme.breakpoints.sm - 0.02}px) {
    & > button {
      width: 100%;
    }
  }
`;
