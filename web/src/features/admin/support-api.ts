import type { AnswerOf } from '../../../../contracts/endpoint.ts';
import type { getSupportRequests, markSupportAnswered } from '../../../../contracts/support.ts';
import { baseApi, call, LIST } from '../../api/base-api.ts';

/** The owner's support inbox (Site Settings tab): `GET /api/admin/support`, `POST /api/admin/support/:id/answered`. */
export const supportInboxApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getSupportRequests: build.query<AnswerOf<typeof getSupportRequests>, void>({
      query: () => call<typeof getSupportRequests>('GET /api/admin/support'),
      providesTags: [{ type: 'SupportRequest', id: LIST }],
    }),
    markSupportAnswered: build.mutation<AnswerOf<typeof markSupportAnswered>, string>({
      query: (id) => call<typeof markSupportAnswered>('POST /api/admin/support/:id/answered', { params: { id } }),
      invalidatesTags: [{ type: 'SupportRequest', id: LIST }],
    }),
  }),
});

export const { useGetSupportRequestsQuery, useMarkSupportAnsweredMutation } = supportInboxApi;
