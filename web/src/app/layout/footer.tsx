import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { styled } from 'styled-components';
import { Container } from '../../components/ui/layout.tsx';
import { useGetFooterHtmlQuery } from '../../features/navigation/api.ts';
import { marketToday } from '../../lib/format.ts';
import { paths } from '../../lib/paths.ts';
import { sanitizeHtml } from '../../lib/sanitize.ts';
import { theme } from '../../styles/theme.ts';

/** Shown while the setting is empty (the server normally answers its own default); the year is New York's, as every "today". */
function defaultFooterHtml(year: number): string {
  return `<p>© ${year} WeeklyDiv. All rights reserved.</p><p>The information on this site is for educational and informational purposes only and is not financial advice. Investing involves risk, including the loss of principal. Past performance does not guarantee future results.</p>`;
}

/** The footer's content: the owner's HTML (`footer_html`), sanitised so it cannot run scripts. */
export default function FooterContent() {
  const { data, isLoading } = useGetFooterHtmlQuery();
  const html = useMemo(() => {
    if (isLoading) return '';
    return sanitizeHtml(data && data.trim() ? data : defaultFooterHtml(Number(marketToday().slice(0, 4))));
  }, [data, isLoading]);
  return (
    <Container>
      <FooterHtml data-testid="footer-html" dangerouslySetInnerHTML={{ __html: html }} />
      {/* Always there, whatever the owner's HTML says (issue 29). */}
      <FooterLinks aria-label="Help">
        <Link to={paths.support}>Support</Link>
      </FooterLinks>
    </Container>
  );
}

const FooterLinks = styled.nav`
  margin-top: 8px;
  & a {
    color: ${theme.colors.footerLink};
  }
`;

const FooterHtml = styled.div`
  & p + p { margin-top: 8px; }
  & a { color: ${theme.colors.footerLink}; }
  & h1, & h2, & h3, & h4 { color: ${theme.colors.footerLink}; margin-bottom: 8px; }
  & ul { padding-left: 20px; }
`;
