import type { FooterHtmlAnswer, getSetting, HeaderNavAnswer } from '../../../../contracts/settings.ts';
import { baseApi, call } from '../../api/base-api.ts';
import { parseHeaderNav, type NavNode } from './nav-model.ts';

/** Site settings the header and footer read (public, no sign-in). */
export const navigationApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/settings/header_nav → `{ items }`, parsed into nav nodes. */
    getHeaderNav: build.query<NavNode[], void>({
      query: () => call<typeof getSetting>('GET /api/settings/:key', { params: { key: 'header_nav' } }),
      // parsed defensively: an owner-edited setting may hold items the client cannot show
      transformResponse: (value: HeaderNavAnswer) => parseHeaderNav(value),
      providesTags: [{ type: 'Settings', id: 'header_nav' }],
    }),
    /** GET /api/settings/footer_html → `{ html }`; cached for the whole visit. */
    getFooterHtml: build.query<string, void>({
      query: () => call<typeof getSetting>('GET /api/settings/:key', { params: { key: 'footer_html' } }),
      transformResponse: (value: FooterHtmlAnswer) => footerHtmlOf(value),
      keepUnusedDataFor: Number.POSITIVE_INFINITY,
      providesTags: [{ type: 'Settings', id: 'footer_html' }],
    }),
  }),
});

/** The HTML of the footer setting's answer (`{ html }`, `{ value }` or a bare string). */
export function footerHtmlOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object') {
    const v = value as { html?: unknown; value?: unknown };
    if (typeof v.html === 'string') return v.html;
    if (typeof v.value === 'string') return v.value;
  }
  return '';
}

export const { useGetHeaderNavQuery, useGetFooterHtmlQuery } = navigationApi;
