import type { RedirectUrl } from '../../../../contracts/billing.ts';
import { baseApi } from '../../api/base-api.ts';

/** POST /api/subscription/portal-session (empty body) → {url} of the Stripe billing portal. */
export const accountApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    createPortalSession: build.mutation<RedirectUrl, void>({
      query: () => ({ url: '/subscription/portal-session', method: 'POST', body: {} }),
    }),
  }),
});

export const { useCreatePortalSessionMutation } = accountApi;
