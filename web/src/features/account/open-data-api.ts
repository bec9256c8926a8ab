import type { AnswerOf, BodyIn } from '../../../../contracts/endpoint.ts';
import type { createApiToken, listApiTokens, revokeApiToken } from '../../../../contracts/tokens.ts';
import type { listWebhooks, registerWebhook, removeWebhook } from '../../../../contracts/webhooks.ts';
import { baseApi, call, LIST } from '../../api/base-api.ts';

/**
 * The account page's API tokens and webhooks (issue 31; docs/open-data.md): `/api/user/tokens` and
 * `/api/user/webhooks`. A creation's answer holds the secret, shown once by the card that asked.
 */
export const openDataApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listApiTokens: build.query<AnswerOf<typeof listApiTokens>, void>({
      query: () => call<typeof listApiTokens>('GET /api/user/tokens'),
      providesTags: [{ type: 'ApiToken', id: LIST }],
    }),
    createApiToken: build.mutation<AnswerOf<typeof createApiToken>, BodyIn<typeof createApiToken>>({
      query: (body) => call<typeof createApiToken>('POST /api/user/tokens', { body }),
      invalidatesTags: (result) => (result ? [{ type: 'ApiToken', id: LIST }] : []),
    }),
    revokeApiToken: build.mutation<AnswerOf<typeof revokeApiToken>, string>({
      query: (tokenId) => call<typeof revokeApiToken>('DELETE /api/user/tokens/:tokenId', { params: { tokenId } }),
      invalidatesTags: [{ type: 'ApiToken', id: LIST }],
    }),
    listWebhooks: build.query<AnswerOf<typeof listWebhooks>, void>({
      query: () => call<typeof listWebhooks>('GET /api/user/webhooks'),
      providesTags: [{ type: 'Webhook', id: LIST }],
    }),
    registerWebhook: build.mutation<AnswerOf<typeof registerWebhook>, BodyIn<typeof registerWebhook>>({
      query: (body) => call<typeof registerWebhook>('POST /api/user/webhooks', { body }),
      invalidatesTags: (result) => (result ? [{ type: 'Webhook', id: LIST }] : []),
    }),
    removeWebhook: build.mutation<AnswerOf<typeof removeWebhook>, string>({
      query: (webhookId) => call<typeof removeWebhook>('DELETE /api/user/webhooks/:webhookId', { params: { webhookId } }),
      invalidatesTags: [{ type: 'Webhook', id: LIST }],
    }),
  }),
});

export const {
  useListApiTokensQuery,
  useCreateApiTokenMutation,
  useRevokeApiTokenMutation,
  useListWebhooksQuery,
  useRegisterWebhookMutation,
  useRemoveWebhookMutation,
} = openDataApi;
