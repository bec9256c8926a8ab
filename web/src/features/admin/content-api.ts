import type { JobQueued } from '../../../../contracts/jobs.ts';
import type {
  AdminNewsArticle,
  AdminSetting,
  ImageJson,
  ImageUpload,
  NewsArticleUpdate,
  NewsKeywords,
  PageInput,
  PageJson,
  PurgeResult,
  SettingWrite,
} from '../../../../contracts/content.ts';
import type { FooterHtmlAnswer, HeaderNavAnswer } from '../../../../contracts/settings.ts';
import { baseApi, LIST } from '../../api/base-api.ts';

/** The three purges of the News Management tab (`POST /api/admin/news/purge-{kind}`). */
export type PurgeKind = 'archived' | 'review' | 'published';

/**
 * The owner's content endpoints (admin spec §7): news moderation and keywords, managed pages, the
 * image library and the settings. Tags (added here with `enhanceEndpoints`, so the shared
 * `base-api.ts` keeps its list):
 * - `AdminNews` LIST + article id (the moderation list); `News` LIST is the public feed;
 * - `NewsKeywords`;
 * - `AdminPage` LIST + page id (the owner's list); `Page` + path is the public page of a path;
 * - `Image` LIST + image id;
 * - `Settings` LIST (the owner's list) + key (`footer_html`, `header_nav`: the header and footer read those).
 *
 * Each mutation invalidates exactly what it changes: an article edit refetches the moderation list
 * and, when the article is or was published, the public feed; a purge of published articles the
 * public feed too; a page write the owner's list and the public page of its old and new path; a
 * setting write the owner's list and that key; news ingestion nothing (it only queues a job: the
 * articles arrive later).
 */
const contentBase = baseApi.enhanceEndpoints({ addTagTypes: ['AdminNews', 'NewsKeywords', 'AdminPage', 'Image'] });

export const contentApi = contentBase.injectEndpoints({
  endpoints: (build) => ({
    // ---------- News ----------
    getAdminNews: build.query<AdminNewsArticle[], void>({
      query: () => '/admin/news',
      providesTags: (result) => [{ type: 'AdminNews', id: LIST }, ...(result ?? []).map((a) => ({ type: 'AdminNews' as const, id: a.id }))],
    }),
    /** PUT /api/admin/news/{id} {title, summary, tags, status}. `wasPublished`: the status before the edit (not sent). */
    updateNewsArticle: build.mutation<unknown, { id: string; update: NewsArticleUpdate; wasPublished: boolean }>({
      query: ({ id, update }) => ({ url: `/admin/news/${encodeURIComponent(id)}`, method: 'PUT', body: update }),
      invalidatesTags: (_r, error, { id, update, wasPublished }) =>
        error ? [] : [{ type: 'AdminNews', id }, ...(wasPublished || update.status === 'published' ? [{ type: 'News' as const, id: LIST }] : [])],
    }),
    deleteNewsArticle: build.mutation<unknown, { id: string; wasPublished: boolean }>({
      query: ({ id }) => ({ url: `/admin/news/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: (_r, error, { id, wasPublished }) => (error ? [] : [{ type: 'AdminNews', id }, ...(wasPublished ? [{ type: 'News' as const, id: LIST }] : [])]),
    }),
    /** POST /api/admin/ingest-news → 202 {jobId, name, status, message}: queued, nothing changed yet. */
    ingestNews: build.mutation<JobQueued, void>({
      query: () => ({ url: '/admin/ingest-news', method: 'POST' }),
    }),
    purgeNews: build.mutation<PurgeResult, PurgeKind>({
      query: (kind) => ({ url: `/admin/news/purge-${kind}`, method: 'POST' }),
      invalidatesTags: (_r, error, kind) => (error ? [] : [{ type: 'AdminNews', id: LIST }, ...(kind === 'published' ? [{ type: 'News' as const, id: LIST }] : [])]),
    }),
    getNewsKeywords: build.query<string[], void>({
      query: () => '/admin/news-keywords',
      transformResponse: (answer: NewsKeywords) => answer.keywords,
      providesTags: ['NewsKeywords'],
    }),
    updateNewsKeywords: build.mutation<unknown, string[]>({
      query: (keywords) => ({ url: '/admin/news-keywords', method: 'PUT', body: { keywords } satisfies NewsKeywords }),
      invalidatesTags: (_r, error) => (error ? [] : ['NewsKeywords']),
    }),

    // ---------- Pages ----------
    getAdminPages: build.query<PageJson[], void>({
      query: () => '/admin/pages',
      providesTags: (result) => [{ type: 'AdminPage', id: LIST }, ...(result ?? []).map((p) => ({ type: 'AdminPage' as const, id: p.id }))],
    }),
    createPage: build.mutation<PageJson, PageInput>({
      query: (page) => ({ url: '/admin/pages', method: 'POST', body: page }),
      invalidatesTags: (_r, error, page) => (error ? [] : [{ type: 'AdminPage', id: LIST }, { type: 'Page', id: page.path }]),
    }),
    /** `previousPath`: the page's path before the edit (its public page changes too); not sent. */
    updatePage: build.mutation<PageJson, { id: string; page: PageInput; previousPath: string }>({
      query: ({ id, page }) => ({ url: `/admin/pages/${encodeURIComponent(id)}`, method: 'PUT', body: page }),
      invalidatesTags: (_r, error, { id, page, previousPath }) =>
        error ? [] : [{ type: 'AdminPage', id }, { type: 'Page', id: previousPath }, { type: 'Page', id: page.path }],
    }),
    deletePage: build.mutation<unknown, { id: string; path: string }>({
      query: ({ id }) => ({ url: `/admin/pages/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: (_r, error, { id, path }) => (error ? [] : [{ type: 'AdminPage', id }, { type: 'Page', id: path }]),
    }),

    // ---------- Images ----------
    getImages: build.query<ImageJson[], void>({
      query: () => '/admin/images',
      providesTags: (result) => [{ type: 'Image', id: LIST }, ...(result ?? []).map((i) => ({ type: 'Image' as const, id: i.id }))],
    }),
    uploadImage: build.mutation<ImageJson, ImageUpload>({
      query: (image) => ({ url: '/admin/upload-image', method: 'POST', body: image }),
      invalidatesTags: (_r, error) => (error ? [] : [{ type: 'Image', id: LIST }]),
    }),
    deleteImage: build.mutation<unknown, string>({
      query: (id) => ({ url: `/admin/images/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: (_r, error, id) => (error ? [] : [{ type: 'Image', id }]),
    }),

    // ---------- Settings ----------
    getAdminSettings: build.query<AdminSetting[], void>({
      query: () => '/admin/settings',
      providesTags: (result) => [{ type: 'Settings', id: LIST }, ...(result ?? []).map((s) => ({ type: 'Settings' as const, id: s.key }))],
    }),
    /** The footer's saved HTML as the public route answers it (the editor starts from it). */
    getFooterSetting: build.query<string, void>({
      query: () => '/settings/footer_html',
      transformResponse: (answer: FooterHtmlAnswer) => htmlOf(answer) ?? '',
      providesTags: [{ type: 'Settings', id: 'footer_html' }],
    }),
    /** The header navigation as the public route answers it (`{items}`), unparsed: the editor shows the JSON. */
    getHeaderNavSetting: build.query<HeaderNavAnswer, void>({
      query: () => '/settings/header_nav',
      providesTags: [{ type: 'Settings', id: 'header_nav' }],
    }),
    /** PUT /api/admin/settings/footer_html {html} → the stored (server-sanitised) value. */
    saveFooterHtml: build.mutation<string, string>({
      query: (html) => ({ url: '/admin/settings/footer_html', method: 'PUT', body: { html } }),
      transformResponse: (answer: unknown, _meta, html) => htmlOf(answer) ?? html,
      invalidatesTags: (_r, error) => (error ? [] : [{ type: 'Settings', id: 'footer_html' }]),
    }),
    /** PUT /api/admin/settings/header_nav {nav}; a bad item → 400 {message}. */
    saveHeaderNav: build.mutation<unknown, unknown>({
      query: (nav) => ({ url: '/admin/settings/header_nav', method: 'PUT', body: { nav } }),
      invalidatesTags: (_r, error) => (error ? [] : [{ type: 'Settings', id: 'header_nav' }]),
    }),
    /** POST /api/admin/settings {key, value}: one call per setting. */
    saveSetting: build.mutation<unknown, SettingWrite>({
      query: (setting) => ({ url: '/admin/settings', method: 'POST', body: setting }),
      invalidatesTags: (_r, error, { key }) => (error ? [] : [{ type: 'Settings', id: LIST }, { type: 'Settings', id: key }]),
    }),
  }),
});

/** The HTML of a footer answer (`{html}`, `{value}` or a bare string); undefined when there is none. */
function htmlOf(answer: unknown): string | undefined {
  if (typeof answer === 'string') return answer;
  if (answer && typeof answer === 'object') {
    const a = answer as { html?: unknown; value?: unknown };
    if (typeof a.html === 'string') return a.html;
    if (typeof a.value === 'string') return a.value;
  }
  return undefined;
}

export const {
  useGetAdminNewsQuery,
  useUpdateNewsArticleMutation,
  useDeleteNewsArticleMutation,
  useIngestNewsMutation,
  usePurgeNewsMutation,
  useGetNewsKeywordsQuery,
  useUpdateNewsKeywordsMutation,
  useGetAdminPagesQuery,
  useCreatePageMutation,
  useUpdatePageMutation,
  useDeletePageMutation,
  useGetImagesQuery,
  useUploadImageMutation,
  useDeleteImageMutation,
  useGetAdminSettingsQuery,
  useGetFooterSettingQuery,
  useGetHeaderNavSettingQuery,
  useSaveFooterHtmlMutation,
  useSaveHeaderNavMutation,
  useSaveSettingMutation,
} = contentApi;
