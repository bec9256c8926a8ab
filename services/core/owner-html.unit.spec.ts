import { describe, expect, it } from 'vitest';
import { sanitizeOwnerHtml } from './owner-html.ts';

describe('owner HTML sanitiser (the footer, managed pages)', () => {
  it('keeps the formatting, links, images and inline styles of an ordinary footer', () => {
    const html =
      '<div class="footer" style="color: #666; text-align: center"><p>© 2026 <strong>WeeklyDiv</strong>. <a href="/about">About</a> · <a href="https://x.com/weeklydiv" title="X">X</a> · <a href="mailto:hi@weeklydiv.com">Mail</a></p><img src="/api/images/abc" alt="logo" width="40"><ul><li><em>Not</em> advice</li></ul></div>';
    expect(sanitizeOwnerHtml(html)).toBe(html);
  });

  it('removes <script> elements and keeps the text around them', () => {
    expect(sanitizeOwnerHtml('<p>a<script>alert(1)</script>b</p><script src="/x.js"></script>')).toBe('<p>ab</p>');
  });

  it('removes every event handler attribute (onerror, onclick, onmouseover)', () => {
    expect(sanitizeOwnerHtml('<img src="x" onerror="alert(1)"><p onclick="alert(2)" onmouseover="alert(3)">t</p>')).toBe('<img src="x"><p>t</p>');
  });

  it('removes javascript:, vbscript: and data:text/html URLs from links, keeping the link text', () => {
    expect(sanitizeOwnerHtml('<a href="javascript:alert(1)">a</a><a href=" JaVaScRiPt:alert(1)">b</a><a href="vbscript:msgbox(1)">c</a><a href="data:text/html,<script>alert(1)</script>">d</a>')).toBe(
      '<a>a</a><a>b</a><a>c</a><a>d</a>',
    );
  });

  it('removes svg onload and scripts inside inline SVG, and keeps the drawing', () => {
    expect(sanitizeOwnerHtml('<svg onload="alert(1)" viewBox="0 0 2 2"><script>alert(2)</script><circle r="1"></circle></svg>')).toBe('<svg viewBox="0 0 2 2"><circle r="1"></circle></svg>');
  });

  it('drops a style attribute with expression(), url(), @import or -moz-binding, keeps safe styles', () => {
    expect(sanitizeOwnerHtml('<p style="width: expression(alert(1))">a</p><p style="background:url(javascript:alert(1))">b</p><p style="-moz-binding:url(x)">c</p><p style="color:red">d</p>')).toBe(
      '<p>a</p><p>b</p><p>c</p><p style="color:red">d</p>',
    );
  });

  it('removes iframe, object, embed, form controls, style, link, meta and base', () => {
    const html =
      '<iframe src="https://evil.example"></iframe><object data="x.swf"></object><embed src="x.swf"><form action="https://evil.example"><input name="p"><button>Go</button></form><style>body{display:none}</style><link rel="stylesheet" href="x.css"><meta http-equiv="refresh" content="0;url=https://evil.example"><base href="https://evil.example/"><p>kept</p>';
    expect(sanitizeOwnerHtml(html)).toBe('Go<p>kept</p>');
  });

  it('lets a link open in a new tab only with rel="noopener noreferrer"; other targets are dropped', () => {
    expect(sanitizeOwnerHtml('<a href="https://a.example" target="_blank">a</a><a href="/b" target="_top">b</a>')).toBe(
      '<a href="https://a.example" target="_blank" rel="noopener noreferrer">a</a><a href="/b">b</a>',
    );
  });

  it('neutralises mutation-XSS tricks (noscript/title/comment breakouts)', () => {
    for (const html of ['<noscript><p title="</noscript><img src=x onerror=alert(1)>">', '<title><img src=x onerror=alert(1)></title>', '<!--<img src="--><img src=x onerror=alert(1)//">']) {
      const out = sanitizeOwnerHtml(html);
      expect(out).not.toMatch(/onerror|<script|javascript:/i);
    }
  });
});
