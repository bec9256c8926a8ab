import type { createCheckoutSession } from '../../../../contracts/billing.ts';
import type { AnswerOf } from '../../../../contracts/endpoint.ts';
import { baseApi, call } from '../../api/base-api.ts';

/** POST /api/subscription/create-checkout-session (no body) → { url }. */
export const pricingApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    createCheckoutSession: build.mutation<AnswerOf<typeof createCheckoutSession>, void>({
      query: () => call<typeof createCheckoutSession>('POST /api/subscription/create-checkout-session'),
    }),
  }),
});

export const { useCreateCheckoutSessionMutation } = pricingApi;
