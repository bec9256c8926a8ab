import type { createPortalSession } from '../../../../contracts/billing.ts';
import type { AnswerOf } from '../../../../contracts/endpoint.ts';
import { baseApi, call } from '../../api/base-api.ts';

/** POST /api/subscription/portal-session (no body) → {url} of the Stripe billing portal. */
export const accountApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    createPortalSession: build.mutation<AnswerOf<typeof createPortalSession>, void>({
      query: () => call<typeof createPortalSession>('POST /api/subscription/portal-session'),
    }),
  }),
});

export const { useCreatePortalSessionMutation } = accountApi;
