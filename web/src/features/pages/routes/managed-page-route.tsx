import { useEffect } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { styled } from 'styled-components';
import { ManagedPageBody } from '../../../components/managed-page-body.tsx';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { Page } from '../../../components/ui/layout.tsx';
import { PRODUCT_NAME, paths } from '../../../lib/paths.ts';
import { isPublished, useGetPageByPathQuery, useGetPageChildrenQuery, type ManagedPage } from '../api.ts';
import { applyPageHead } from '../head-tags.ts';
import { theme } from '../../../styles/theme.ts';

/**
 * Any other path: the owner's page for this path (GET /api/pages/by-path). Nothing shows while it
 * loads; not found (any failure) or unpublished → "Page Not Found".
 */
export default function ManagedPageRoute() {
  const { pathname } = useLocation();
  const { data, isLoading, isFetching, isError } = useGetPageByPathQuery(pathname);
  if (isLoading || (isFetching && !data)) return null;
  if (isError || !data || !isPublished(data)) return <NotFound />;
  return <ManagedPageView page={data} />;
}

function ManagedPageView({ page }: { page: ManagedPage }) {
  useEffect(
    () =>
      applyPageHead({
        title: page.title,
        description: page.metaDescription?.trim() ? page.metaDescription : null,
        // as the server's HTML has it (services/gateway/client.ts): the page's canonical URL, else its own address
        canonical: page.canonicalUrl?.trim() ? page.canonicalUrl : `${window.location.origin}${page.path}`,
        noIndex: page.noIndex === 1,
      }),
    [page],
  );
  return (
    <Page as="article" className="managed-page" data-testid="managed-page">
      <ManagedPageBody htmlBody={page.htmlBody} cssBody={page.cssBody} />
      <SectionList path={page.path} />
    </Page>
  );
}

export const SECTION_LIST_TITLE = 'In this section';

/**
 * The published pages under this one (`/guides` lists `/guides/...`), with the titles and descriptions
 * the owner has now: the guides index keeps working when a guide is renamed, added or unpublished.
 * Nothing shows while it loads, when it fails or when there are none (a page without children).
 */
function SectionList({ path }: { path: string }) {
  const { data } = useGetPageChildrenQuery(path);
  if (!data || data.length === 0) return null;
  return (
    <Section aria-labelledby="section-list-title" data-testid="section-list">
      <h2 id="section-list-title">{SECTION_LIST_TITLE}</h2>
      <ul>
        {data.map((child) => (
          <li key={child.path}>
            <Link to={child.path}>{child.title}</Link>
            {child.metaDescription ? <p>{child.metaDescription}</p> : null}
          </li>
        ))}
      </ul>
    </Section>
  );
}

function NotFound() {
  useEffect(() => {
    const previous = document.title;
    document.title = `Page Not Found | ${PRODUCT_NAME}`;
    return () => {
      document.title = previous;
    };
  }, []);
  return (
    <Page>
      <Box>
        <Code aria-hidden="true">404</Code>
        <h1>Page Not Found</h1>
        <p>The page you are looking for does not exist or has moved.</p>
        <ButtonLink to={paths.home}>Go to the home page</ButtonLink>
      </Box>
    </Page>
  );
}

const Box = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 12px;
  padding: 64px 0;
  text-align: center;
  & h1 { font-size: 2rem; font-weight: 800; }
  & p { color: ${theme.colors.textSecondary}; }
`;

const Code = styled.p`
  font-size: 4rem;
  font-weight: 800;
  color: ${theme.colors.accent};
  line-height: 1;
`;

const Section = styled.nav`
  margin-top: 32px;
  & h2 { font-size: 1.25rem; font-weight: 700; margin-bottom: 12px; }
  /* doubled: a page's own CSS (the guides' \`.managed-page ul\`) must not put bullets or indents on this list */
  && ul { display: grid; gap: 12px; list-style: none; padding: 0; margin: 0; }
  && li { margin: 0; }
  & li { padding: 14px 16px; border: 1px solid ${theme.colors.border}; border-radius: ${theme.radii.md}; background: ${theme.colors.surface}; }
  & a { font-weight: 700; font-size: 1.05rem; }
  & p { margin-top: 4px; color: ${theme.colors.textSecondary}; font-size: ${theme.fontSizes.sm}; }
`;
