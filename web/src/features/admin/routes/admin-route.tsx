import { Navigate, useSearchParams } from 'react-router-dom';
import { styled } from 'styled-components';
import { Page, PageSubtitle, PageTitle } from '../../../components/ui/layout.tsx';
import { Tabs } from '../../../components/ui/tabs.tsx';
import { paths } from '../../../lib/paths.ts';
import { useCurrentUser } from '../../../lib/session/use-current-user.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { theme } from '../../../styles/theme.ts';
import { DataSyncTab } from '../components/data-sync-tab.tsx';
import { EtfTab } from '../components/etf-tab.tsx';
import { NewsTab } from '../components/news-tab.tsx';
import { PagesTab } from '../components/pages-tab.tsx';
import { SettingsTab } from '../components/settings-tab.tsx';

export const ADMIN_TITLE = 'Admin Dashboard';
export const ADMIN_SUBTITLE = 'Manage ETFs, blogs, and site settings';

/** The five tabs in the spec's order; the key is the `?tab=` value (ETF Management has none). */
export const ADMIN_TABS = [
  { key: 'etfs', label: 'ETF Management' },
  { key: 'news', label: 'News Management' },
  { key: 'pages', label: 'Custom Pages' },
  { key: 'sync', label: 'Data Sync' },
  { key: 'settings', label: 'Site Settings' },
] as const;
export type AdminTabKey = (typeof ADMIN_TABS)[number]['key'];
const DEFAULT_TAB: AdminTabKey = 'etfs';

function isTabKey(value: string | null): value is AdminTabKey {
  return ADMIN_TABS.some((t) => t.key === value);
}

/**
 * `/admin`, the owner's dashboard (admin spec §2). Nothing while the signed-in user loads; anyone but
 * the owner (`isOwner` of GET /api/user; the server guards every /api/admin call again) is sent to `/`
 * (replace). The open tab is `?tab=news|pages|sync|settings` (none for ETF Management), replaced
 * rather than pushed, so a reload keeps the tab and Back leaves the dashboard.
 */
export default function AdminRoute() {
  useDocumentTitle(ADMIN_TITLE);
  const { user, isLoading } = useCurrentUser();
  const [params, setParams] = useSearchParams();

  if (isLoading) return null;
  if (!user?.isOwner) return <Navigate to={paths.home} replace />;

  const requested = params.get('tab');
  const tab: AdminTabKey = isTabKey(requested) ? requested : DEFAULT_TAB;
  function selectTab(key: AdminTabKey) {
    setParams(key === DEFAULT_TAB ? {} : { tab: key }, { replace: true });
  }

  return (
    <Page>
      <Header>
        <PageTitle>{ADMIN_TITLE}</PageTitle>
        <PageSubtitle>{ADMIN_SUBTITLE}</PageSubtitle>
      </Header>
      <WrappingTabs>
        <Tabs tabs={ADMIN_TABS} value={tab} onChange={selectTab} label="Admin sections">
          {tab === 'etfs' ? <EtfTab /> : tab === 'news' ? <NewsTab /> : tab === 'pages' ? <PagesTab /> : tab === 'sync' ? <DataSyncTab /> : <SettingsTab />}
        </Tabs>
      </WrappingTabs>
    </Page>
  );
}

const Header = styled.div`
  margin-bottom: ${theme.space.lg};
`;

/** On narrow screens the five tabs wrap onto more lines (every tab stays in sight; the page never scrolls sideways). */
const WrappingTabs = styled.div`
  min-width: 0;
  & [role='tablist'] {
    flex-wrap: wrap;
  }
  & [role='tabpanel']:focus-visible {
    outline: 2px solid ${theme.colors.inputBorderFocused};
    outline-offset: 4px;
  }
`;
