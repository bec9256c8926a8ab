import { useMemo, useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router-dom';
import { styled } from 'styled-components';
import { useGetFavoritesQuery, useGetPortfolioQuery } from '../../../api/holdings-api.ts';
import type { EtfListItem } from '../../../../../contracts/market.ts';
import { Page, PageSubtitle, PageTitle } from '../../../components/ui/layout.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { Tabs } from '../../../components/ui/tabs.tsx';
import { PRODUCT_NAME, paths } from '../../../lib/paths.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useCurrentUser } from '../../../lib/session/use-current-user.ts';
import { useLiveUpdates } from '../../../lib/live-updates.ts';
import { useOfflineStatus } from '../../../lib/offline/offline-status.ts';
import { useReconnectRefresh } from '../../../lib/offline/use-reconnect-refresh.ts';
import { AddHoldingDialog } from '../components/add-holding-dialog.tsx';
import { FavoritesTab } from '../components/favorites-tab.tsx';
import { FindEtfsTab } from '../components/find-etfs-tab.tsx';
import { PortfolioTab } from '../components/portfolio-tab.tsx';
import { VerifyEmailNotice } from '../components/verify-email-notice.tsx';
import { AlertsTab } from '../components/alerts-tab.tsx';
import { OfflineNotice, WritesOff } from '../components/offline-notice.tsx';
import { theme } from '../../../styles/theme.ts';

type TabKey = 'portfolio' | 'favorites' | 'find' | 'alerts';
const TAB_KEYS: readonly TabKey[] = ['portfolio', 'favorites', 'find', 'alerts'];

export const PERSONAL_AREA_TITLE = `My ${PRODUCT_NAME}`;

/**
 * `/my-weeklydiv`: signed out → /login; a loading state while the user
 * loads; tabs My Portfolio (count), Favorites (count), Find ETFs, Alerts (docs/alerts.md), the portfolio first. The open tab
 * is kept in `?tab=` so Back from a fund's page returns to it. Holdings and favorites are asked for
 * only when signed in. Offline (docs/offline.md): "Offline — as of {time}" above the tabs, and every
 * control inside them disabled until the network is back.
 */
export default function PersonalAreaRoute() {
  useDocumentTitle(PERSONAL_AREA_TITLE);
  const { user, isLoading: userLoading, hasActivePremium } = useCurrentUser();
  useLiveUpdates();
  const offline = useOfflineStatus();
  useReconnectRefresh();
  const portfolio = useGetPortfolioQuery(undefined, { skip: !user });
  const favorites = useGetFavoritesQuery(undefined, { skip: !user });
  const [params, setParams] = useSearchParams();
  const [adding, setAdding] = useState<EtfListItem | null>(null);

  const requested = params.get('tab');
  const tab: TabKey = TAB_KEYS.includes(requested as TabKey) ? (requested as TabKey) : 'portfolio';
  const heldEtfIds = useMemo(() => new Set((portfolio.data ?? []).map((h) => h.etfId)), [portfolio.data]);
  const favoriteEtfIds = useMemo(() => new Set((favorites.data ?? []).map((f) => f.etfId)), [favorites.data]);

  if (userLoading) {
    return (
      <Page aria-busy="true">
        <LoadingText role="status">Loading your portfolio...</LoadingText>
        <Skeleton $height="40px" $width="280px" />
        <Gap />
        <Skeleton $height="48px" />
        <Gap />
        <Skeleton $height="200px" />
      </Page>
    );
  }
  if (!user) return <Navigate to={paths.login} replace />;

  // A count only once it is known: no "(0)" that jumps to the real number when the list arrives.
  const count = (list: readonly unknown[] | undefined) => (list ? ` (${list.length})` : '');
  const tabs = [
    { key: 'portfolio', label: `My Portfolio${count(portfolio.data)}` },
    { key: 'favorites', label: `Favorites${count(favorites.data)}` },
    { key: 'find', label: 'Find ETFs' },
    { key: 'alerts', label: 'Alerts' },
  ] as const;

  function selectTab(key: TabKey) {
    setParams(key === 'portfolio' ? {} : { tab: key }, { replace: true });
  }

  return (
    <Page>
      <Header>
        <PageTitle>{PERSONAL_AREA_TITLE}</PageTitle>
        <PageSubtitle>Track your weekly dividend ETF portfolio, your favorites and the payouts coming your way.</PageSubtitle>
        <AccountLink to={paths.account}>Account and subscription</AccountLink>
      </Header>
      <OfflineNotice status={offline} fallbackAsOf={portfolio.fulfilledTimeStamp} />
      {user.emailVerified ? null : (
        <WritesOff offline={offline.offline}>
          <VerifyEmailNotice email={user.email} />
        </WritesOff>
      )}
      <TabsFit>
        <Tabs tabs={tabs} value={tab} onChange={selectTab} label="Personal area">
          <WritesOff offline={offline.offline}>
            {tab === 'portfolio' ? (
              <PortfolioTab userId={user.id} hasActivePremium={hasActivePremium} holdings={portfolio.data} isLoading={portfolio.isLoading} isError={portfolio.isError} />
            ) : tab === 'favorites' ? (
              <FavoritesTab favorites={favorites.data} isLoading={favorites.isLoading} isError={favorites.isError} heldEtfIds={heldEtfIds} onAdd={setAdding} />
            ) : tab === 'find' ? (
              <FindEtfsTab favoriteEtfIds={favoriteEtfIds} heldEtfIds={heldEtfIds} onAdd={setAdding} />
            ) : (
              <AlertsTab emailVerified={user.emailVerified} />
            )}
          </WritesOff>
        </Tabs>
      </TabsFit>
      {/* a dialog open when the network goes closes: its Add button is outside the disabled tabs */}
      <AddHoldingDialog etf={offline.offline ? null : adding} onClose={() => setAdding(null)} />
    </Page>
  );
}

const Header = styled.div`
  margin-bottom: ${theme.space.lg};
`;

const AccountLink = styled(Link)`
  display: inline-block;
  margin-top: 8px;
  color: ${theme.colors.accent};
  font-weight: 600;
  text-decoration: underline;
  text-underline-offset: 2px;
`;

/**
 * The four tab labels stay in sight on a phone: tighter padding and type below the sm breakpoint, and
 * two rows of two (four labels do not fit 390 px in one row; a scrolled-away Alerts tab would hide).
 */
const TabsFit = styled.div`
  @media (max-width: ${theme.breakpoints.sm - 0.02}px) {
    & [role='tablist'] {
      flex-wrap: wrap;
    }
    & [role='tab'] {
      flex: 1 0 45%;
      padding: 8px 6px;
      font-size: ${theme.fontSizes.sm};
    }
  }
`;

const LoadingText = styled.p`
  margin-bottom: 16px;
  color: ${theme.colors.textSecondary};
`;

const Gap = styled.div`
  height: 16px;
`;
