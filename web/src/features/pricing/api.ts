import { baseApi } from '../../api/base-api.ts';

/** POST /api/subscription/create-checkout-session (empty body) → { url }. */
export const pricingApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    createCheckoutSession: build.mutation<{ url?: string | null }, void>({
      query: () => ({ url: '/subscription/create-checkout-session', method: 'POST', body: {} }),
    }),
  }),
});

export const { useCreateCheckoutSessionMutation } = pricingApi;
