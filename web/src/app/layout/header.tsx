import { useId, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { styled } from 'styled-components';
import { serverMessage } from '../../api/base-api.ts';
import { Button, ButtonLink } from '../../components/ui/button.tsx';
import { Container } from '../../components/ui/layout.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import { Logo } from '../../components/logo.tsx';
import { useGetHeaderNavQuery } from '../../features/navigation/api.ts';
import { DesktopNav } from '../../features/navigation/components/desktop-nav.tsx';
import { MobileNav } from '../../features/navigation/components/mobile-nav.tsx';
import { useCurrentUser } from '../../lib/session/use-current-user.ts';
import { useLogOut } from '../../lib/session/use-log-out.ts';
import { PRODUCT_NAME, paths } from '../../lib/paths.ts';
import { theme } from '../../styles/theme.ts';

/**
 * The site header: logo home, the owner's navigation and Pricing,
 * then the account actions. Signed out: "Log In", "Sign Up for Free". Signed in: the personal area,
 * "Admin" (owner only), "Log Out". Phones get a collapsible menu.
 */
export function Header() {
  const { data: nodes = [] } = useGetHeaderNavQuery();
  const menuId = useId();
  const location = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  // Close the phone menu whenever the route changes: adjusted while rendering (React's pattern for
  // state that follows a value), not in an effect that would paint the open menu on the new page first.
  const [menuPath, setMenuPath] = useState(location.pathname);
  if (menuPath !== location.pathname) {
    setMenuPath(location.pathname);
    setMenuOpen(false);
  }

  return (
    <Bar>
      <Inner>
        <LogoLink to={paths.home} aria-label={`${PRODUCT_NAME} home`}>
          <Logo />
        </LogoLink>
        <DesktopOnly as="nav" aria-label="Main">
          <DesktopNav nodes={nodes} />
        </DesktopOnly>
        <DesktopActions>
          <AccountActions layout="row" />
        </DesktopActions>
        <MenuButton
          type="button"
          aria-expanded={menuOpen}
          aria-controls={menuId}
          aria-label={menuOpen ? 'Close menu' : 'Open menu'}
          onClick={() => setMenuOpen((o) => !o)}
        >
          <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true">
            {menuOpen ? (
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            ) : (
              <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            )}
          </svg>
        </MenuButton>
      </Inner>
      {menuOpen ? (
        <MobileOnly>
          <MobileNav id={menuId} nodes={nodes} onNavigate={() => setMenuOpen(false)} actions={<AccountActions layout="column" onNavigate={() => setMenuOpen(false)} />} />
        </MobileOnly>
      ) : null}
    </Bar>
  );
}

function AccountActions({ layout, onNavigate }: { layout: 'row' | 'column'; onNavigate?: () => void }) {
  const { user, isLoading } = useCurrentUser();
  const { logOut, isLoading: loggingOut } = useLogOut();
  const { toast } = useToast();
  const block = layout === 'column';

  if (isLoading) return <Placeholder aria-hidden="true" />;

  if (!user) {
    return (
      <>
        <ButtonLink to={paths.login} $variant="ghost" $size="sm" $block={block} onClick={onNavigate}>
          Log In
        </ButtonLink>
        <ButtonLink to={paths.signup} $variant="primary" $size="sm" $block={block} onClick={onNavigate}>
          Sign Up for Free
        </ButtonLink>
      </>
    );
  }

  // Logging out ends on the landing page, signed out (see useLogOut for the order of things).
  async function onLogout() {
    try {
      await logOut();
      onNavigate?.();
    } catch (error) {
      toast({ title: 'Logout failed', description: serverMessage(error), variant: 'destructive' });
    }
  }

  return (
    <>
      <ButtonLink to={paths.personalArea} $variant="ghost" $size="sm" $block={block} onClick={onNavigate}>
        My {PRODUCT_NAME}
      </ButtonLink>
      {user.isOwner ? (
        <ButtonLink to={paths.admin} $variant="ghost" $size="sm" $block={block} onClick={onNavigate}>
          Admin
        </ButtonLink>
      ) : null}
      <Button $variant="outline" $size="sm" $block={block} onClick={onLogout} disabled={loggingOut}>
        Log Out
      </Button>
    </>
  );
}

const BREAK = 'lg' as const;

const Bar = styled.header`
  position: sticky;
  top: 0;
  z-index: ${theme.zIndices.header};
  background: ${theme.colors.surface};
  border-bottom: 1px solid ${theme.colors.border};
`;

const Inner = styled(Container)`
  display: flex;
  align-items: center;
  gap: 16px;
  height: ${theme.layout.headerHeight};
`;

const LogoLink = styled(Link)`
  display: inline-flex;
  align-items: center;
  flex: none;
  color: ${theme.colors.textPrimary};
  text-decoration: none;
`;

const DesktopOnly = styled.div`
  display: none;
  flex: 1;
  @media (min-width: ${theme.breakpoints[BREAK]}px) {
    display: block;
  }
`;

const DesktopActions = styled.div`
  display: none;
  align-items: center;
  gap: 8px;
  margin-left: auto;
  @media (min-width: ${theme.breakpoints[BREAK]}px) {
    display: flex;
  }
`;

const MobileOnly = styled.div`
  @media (min-width: ${theme.breakpoints[BREAK]}px) {
    display: none;
  }
`;

const MenuButton = styled.button`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 44px;
  height: 44px;
  margin-left: auto;
  border: 0;
  border-radius: ${theme.radii.md};
  background: transparent;
  color: ${theme.colors.textPrimary};
  cursor: pointer;
  &:hover { background: ${theme.colors.surfaceMuted}; }
  @media (min-width: ${theme.breakpoints[BREAK]}px) {
    display: none;
  }
`;

const Placeholder = styled.span`
  display: inline-block;
  width: 200px;
  height: 32px;
`;
