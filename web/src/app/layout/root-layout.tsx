import { Suspense, lazy, useEffect } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router-dom';
import { styled } from 'styled-components';
import { useNearViewport } from '../../lib/use-near-viewport.ts';
import { Header } from './header.tsx';
import { UpdatePrompt } from './update-prompt.tsx';
import { theme } from '../../styles/theme.ts';

// The footer's content (the owner's HTML, sanitised with DOMPurify) is its own chunk, fetched and
// rendered only when the footer comes near the viewport: below the first screen it costs nothing.
const FooterContent = lazy(() => import('./footer.tsx'));

/** Header, the current screen, footer. */
export function RootLayout() {
  const location = useLocation();
  // An in-page anchor in the URL (`/#calculators`) scrolls to its section once the screen rendered.
  useEffect(() => {
    if (!location.hash) return;
    const id = decodeURIComponent(location.hash.slice(1));
    const timer = setTimeout(() => document.getElementById(id)?.scrollIntoView(), 50);
    return () => clearTimeout(timer);
  }, [location.pathname, location.hash]);

  return (
    <Shell>
      <SkipLink href="#main">Skip to content</SkipLink>
      <Header />
      <Main id="main" tabIndex={-1}>
        <Suspense fallback={<RouteFallback aria-busy="true" />}>
          <Outlet />
        </Suspense>
      </Main>
      <Footer />
      <UpdatePrompt />
      <ScrollRestoration />
    </Shell>
  );
}

function Footer() {
  // In view, not merely near: while a screen is loading the footer sits at the bottom edge.
  const [ref, near] = useNearViewport<HTMLElement>('0px');
  return (
    <FooterBox ref={ref}>
      {near ? (
        <Suspense fallback={null}>
          <FooterContent />
        </Suspense>
      ) : null}
    </FooterBox>
  );
}

const Shell = styled.div`
  display: flex;
  flex-direction: column;
  min-height: 100vh;
`;

const Main = styled.main`
  flex: 1 0 auto;
  /* The footer always starts below the first screen: content arriving later never moves it in view (CLS). */
  min-height: calc(100vh - ${theme.layout.headerHeight});
  &:focus { outline: none; }
`;

const RouteFallback = styled.div`
  min-height: 60vh;
`;

const SkipLink = styled.a`
  position: absolute;
  left: 8px;
  top: -48px;
  z-index: 100;
  padding: 8px 12px;
  border-radius: ${theme.radii.md};
  background: ${theme.colors.accent};
  color: ${theme.colors.textInverse};
  &:focus { top: 8px; }
`;

const FooterBox = styled.footer`
  flex: none;
  padding: ${theme.space.xl} 0;
  background: ${theme.colors.footerBackground};
  color: ${theme.colors.footerText};
  font-size: ${theme.fontSizes.sm};
  min-height: 120px;
`;
