import { useMemo } from 'react';
import { styled } from 'styled-components';
import { sanitizeHtml } from '../lib/sanitize.ts';

interface ManagedPageBodyProps {
  htmlBody: string | null | undefined;
  cssBody: string | null | undefined;
}

/**
 * The body of an owner-defined page, drawn the one way the public catch-all page and the admin
 * preview share: the custom CSS as the text of a `<style>` element, the HTML sanitised (DOMPurify:
 * no scripts, event handlers, `javascript:` URLs, forms, iframes or `<style>` inside the HTML).
 */
export function ManagedPageBody({ htmlBody, cssBody }: ManagedPageBodyProps) {
  const html = useMemo(() => sanitizeHtml(htmlBody ?? ''), [htmlBody]);
  return (
    <>
      {cssBody ? <style>{cssBody}</style> : null}
      <Body dangerouslySetInnerHTML={{ __html: html }} />
    </>
  );
}

const Body = styled.div`
  line-height: 1.7;
  & h1 { font-size: 2rem; margin-bottom: 16px; }
  & h2 { margin: 24px 0 12px; }
  & p + p { margin-top: 12px; }
  & img { height: auto; }
`;
