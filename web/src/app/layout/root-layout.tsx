import { Suspense, lazy, useEffect } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router-dom';
import { styled } from 'styled-components';
import { Header } from './header.tsx';

// The footer (sanitised admin HTML, DOMPurify) is below the fold: its own chunk, loaded after paint.
const Footer = lazy(() => import('./footer.tsx'));

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
      <Suspense fallback={null}>
        <Footer />
      </Suspense>
      <ScrollRestoration />
    </Shell>
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
  min-height: calc(100vh - ${({ theme }) => theme.layout.headerHeight});
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
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.accent};
  color: ${({ theme }) => theme.colors.textInverse};
  &:focus { top: 8px; }
`;
