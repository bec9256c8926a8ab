import type { AnswerOf, BodyIn } from '../../../../contracts/endpoint.ts';
import type { deleteImage, getImages, uploadImage } from '../../../../contracts/images.ts';
import type { getJob, startIngestNews } from '../../../../contracts/jobs.ts';
import type { deleteNewsArticle, getAdminNews, getNewsKeywords, newsPurges, NewsPurge, saveNewsKeywords, updateNewsArticle } from '../../../../contracts/news.ts';
import type { createPage, deletePage, getAdminPages, previewOwnerHtml, updatePage } from '../../../../contracts/pages.ts';
import type { FooterHtmlAnswer, getAdminSettings, getSetting, HeaderNavAnswer, saveFooterHtml, saveHeaderNav, saveSetting } from '../../../../contracts/settings.ts';
import { baseApi, call, LIST } from '../../api/base-api.ts';

/** The three purges of the News Management tab (`POST /api/admin/news/purge-{kind}`). */
export type PurgeKind = keyof typeof newsPurges;

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
 * articles arrive later; the tab follows the job and invalidates both lists when it ends, `newsIngested`).
 */
const contentBase = baseApi.enhanceEndpoints({ addTagTypes: ['AdminNews', 'NewsKeywords', 'AdminPage', 'Image'] });

export const contentApi = contentBase.injectEndpoints({
  endpoints: (build) => ({
    // ---------- News ----------
    getAdminNews: build.query<AnswerOf<typeof getAdminNews>, void>({
      query: () => call<typeof getAdminNews>('GET /api/admin/news'),
      providesTags: (result) => [{ type: 'AdminNews', id: LIST }, ...(result ?? []).map((a) => ({ type: 'AdminNews' as const, id: a.id }))],
    }),
    /** PUT /api/admin/news/{id} {title, summary, tags, status}. `wasPublished`: the status before the edit (not sent). */
    updateNewsArticle: build.mutation<AnswerOf<typeof updateNewsArticle>, { id: string; update: BodyIn<typeof updateNewsArticle>; wasPublished: boolean }>({
      query: ({ id, update }) => call<typeof updateNewsArticle>('PUT /api/admin/news/:id', { params: { id }, body: update }),
      invalidatesTags: (_r, error, { id, update, wasPublished }) =>
        error ? [] : [{ type: 'AdminNews', id }, ...(wasPublished || update.status === 'published' ? [{ type: 'News' as const, id: LIST }] : [])],
    }),
    deleteNewsArticle: build.mutation<AnswerOf<typeof deleteNewsArticle>, { id: string; wasPublished: boolean }>({
      query: ({ id }) => call<typeof deleteNewsArticle>('DELETE /api/admin/news/:id', { params: { id } }),
      invalidatesTags: (_r, error, { id, wasPublished }) => (error ? [] : [{ type: 'AdminNews', id }, ...(wasPublished ? [{ type: 'News' as const, id: LIST }] : [])]),
    }),
    /** POST /api/admin/ingest-news → 202 {jobId, name, status, message}: queued, nothing changed yet. */
    ingestNews: build.mutation<AnswerOf<typeof startIngestNews>, void>({
      query: () => call<typeof startIngestNews>('POST /api/admin/ingest-news'),
    }),
    /** GET /api/admin/jobs/{id}: one run (the ingestion the owner started, followed until it ends). */
    getJob: build.query<AnswerOf<typeof getJob>, string>({
      query: (id) => call<typeof getJob>('GET /api/admin/jobs/:id', { params: { id } }),
      keepUnusedDataFor: 0,
    }),
    purgeNews: build.mutation<AnswerOf<NewsPurge>, PurgeKind>({
      query: (kind) => call<NewsPurge>(`POST /api/admin/news/purge-${kind}`),
      invalidatesTags: (_r, error, kind) => (error ? [] : [{ type: 'AdminNews', id: LIST }, ...(kind === 'published' ? [{ type: 'News' as const, id: LIST }] : [])]),
    }),
    getNewsKeywords: build.query<string[], void>({
      query: () => call<typeof getNewsKeywords>('GET /api/admin/news-keywords'),
      transformResponse: (answer: AnswerOf<typeof getNewsKeywords>) => answer.keywords,
      providesTags: ['NewsKeywords'],
    }),
    updateNewsKeywords: build.mutation<AnswerOf<typeof saveNewsKeywords>, string[]>({
      query: (keywords) => call<typeof saveNewsKeywords>('PUT /api/admin/news-keywords', { body: { keywords } }),
      invalidatesTags: (_r, error) => (error ? [] : ['NewsKeywords']),
    }),

    // ---------- Pages ----------
    /**
     * POST /api/admin/owner-html/preview {html} → the HTML as visitors would get it (the server's
     * sanitiser; nothing saved): the admin previews show it, so the browser never parses the owner's raw
     * event handlers (Chrome logs a CSP error for each, issue 29 W15). A query: the same HTML, the same answer.
     */
    previewOwnerHtml: build.query<string, string>({
      query: (html) => call<typeof previewOwnerHtml>('POST /api/admin/owner-html/preview', { body: { html } }),
      transformResponse: (answer: AnswerOf<typeof previewOwnerHtml>) => answer.html,
      keepUnusedDataFor: 30,
    }),
    getAdminPages: build.query<AnswerOf<typeof getAdminPages>, void>({
      query: () => call<typeof getAdminPages>('GET /api/admin/pages'),
      providesTags: (result) => [{ type: 'AdminPage', id: LIST }, ...(result ?? []).map((p) => ({ type: 'AdminPage' as const, id: p.id }))],
    }),
    createPage: build.mutation<AnswerOf<typeof createPage>, BodyIn<typeof createPage>>({
      query: (page) => call<typeof createPage>('POST /api/admin/pages', { body: page }),
      invalidatesTags: (_r, error, page) => (error ? [] : [{ type: 'AdminPage', id: LIST }, { type: 'Page', id: page.path }]),
    }),
    /** `previousPath`: the page's path before the edit (its public page changes too); not sent. */
    updatePage: build.mutation<AnswerOf<typeof updatePage>, { id: string; page: BodyIn<typeof updatePage>; previousPath: string }>({
      query: ({ id, page }) => call<typeof updatePage>('PUT /api/admin/pages/:id', { params: { id }, body: page }),
      invalidatesTags: (_r, error, { id, page, previousPath }) =>
        error ? [] : [{ type: 'AdminPage', id }, { type: 'Page', id: previousPath }, { type: 'Page', id: page.path }],
    }),
    deletePage: build.mutation<AnswerOf<typeof deletePage>, { id: string; path: string }>({
      query: ({ id }) => call<typeof deletePage>('DELETE /api/admin/pages/:id', { params: { id } }),
      invalidatesTags: (_r, error, { id, path }) => (error ? [] : [{ type: 'AdminPage', id }, { type: 'Page', id: path }]),
    }),

    // ---------- Images ----------
    getImages: build.query<AnswerOf<typeof getImages>, void>({
      query: () => call<typeof getImages>('GET /api/admin/images'),
      providesTags: (result) => [{ type: 'Image', id: LIST }, ...(result ?? []).map((i) => ({ type: 'Image' as const, id: i.id }))],
    }),
    /** POST /api/admin/upload-image → 201 with the new image, or 200 with the one that had these bytes already. */
    uploadImage: build.mutation<AnswerOf<typeof uploadImage>, BodyIn<typeof uploadImage>>({
      query: (image) => call<typeof uploadImage>('POST /api/admin/upload-image', { body: image }),
      invalidatesTags: (_r, error) => (error ? [] : [{ type: 'Image', id: LIST }]),
    }),
    deleteImage: build.mutation<AnswerOf<typeof deleteImage>, string>({
      query: (id) => call<typeof deleteImage>('DELETE /api/admin/images/:id', { params: { id } }),
      invalidatesTags: (_r, error, id) => (error ? [] : [{ type: 'Image', id }]),
    }),

    // ---------- Settings ----------
    getAdminSettings: build.query<AnswerOf<typeof getAdminSettings>, void>({
      query: () => call<typeof getAdminSettings>('GET /api/admin/settings'),
      providesTags: (result) => [{ type: 'Settings', id: LIST }, ...(result ?? []).map((s) => ({ type: 'Settings' as const, id: s.key }))],
    }),
    /** The footer's saved HTML as the public route answers it (the editor starts from it). */
    getFooterSetting: build.query<string, void>({
      query: () => call<typeof getSetting>('GET /api/settings/:key', { params: { key: 'footer_html' } }),
      transformResponse: (answer: FooterHtmlAnswer) => htmlOf(answer) ?? '',
      providesTags: [{ type: 'Settings', id: 'footer_html' }],
    }),
    /** The header navigation as the public route answers it (`{items}`), unparsed: the editor shows the JSON. */
    getHeaderNavSetting: build.query<HeaderNavAnswer, void>({
      query: () => call<typeof getSetting>('GET /api/settings/:key', { params: { key: 'header_nav' } }),
      providesTags: [{ type: 'Settings', id: 'header_nav' }],
    }),
    /** PUT /api/admin/settings/footer_html {html} → the stored (server-sanitised) value. */
    saveFooterHtml: build.mutation<string, string>({
      query: (html) => call<typeof saveFooterHtml>('PUT /api/admin/settings/footer_html', { body: { html } }),
      transformResponse: (answer: unknown, _meta, html) => htmlOf(answer) ?? html,
      invalidatesTags: (_r, error) => (error ? [] : [{ type: 'Settings', id: 'footer_html' }]),
    }),
    /** PUT /api/admin/settings/header_nav {nav}; a bad item → 400 {message}. */
    saveHeaderNav: build.mutation<AnswerOf<typeof saveHeaderNav>, BodyIn<typeof saveHeaderNav>['nav']>({
      query: (nav) => call<typeof saveHeaderNav>('PUT /api/admin/settings/header_nav', { body: { nav } }),
      invalidatesTags: (_r, error) => (error ? [] : [{ type: 'Settings', id: 'header_nav' }]),
    }),
    /** POST /api/admin/settings {key, value}: one call per setting. */
    saveSetting: build.mutation<AnswerOf<typeof saveSetting>, BodyIn<typeof saveSetting>>({
      query: (setting) => call<typeof saveSetting>('POST /api/admin/settings', { body: setting }),
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
  useGetJobQuery,
  usePurgeNewsMutation,
  useGetNewsKeywordsQuery,
  useUpdateNewsKeywordsMutation,
  useGetAdminPagesQuery,
  usePreviewOwnerHtmlQuery,
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

/** What an ended ingestion changed: the owner's list and the public feed read again (issue 29, W14). */
export const newsIngested = () => contentApi.util.invalidateTags([{ type: 'AdminNews', id: LIST }, { type: 'News', id: LIST }]);
