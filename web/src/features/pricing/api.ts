import type { createCheckoutSession } from '../../../../contracts/billing.ts';
import type { AnswerOf } from '../../../../contracts/endpoint.ts';
import { baseApi, call } from '../../api/base-api.ts';

/**
 * POST /api/subscription/create-checkout-session (no body) → { url }: a new Stripe Checkout, or the one
 * still open. 409 when there is nothing to pay (Premium already, or a payment being confirmed): the
 * user is read again, so the page shows Premium as soon as it is on.
 */
export const pricingApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    createCheckoutSession: build.mutation<AnswerOf<typeof createCheckoutSession>, void>({
      query: () => call<typeof createCheckoutSession>('POST /api/subscription/create-checkout-session'),
      invalidatesTags: (_result, error) => (error && 'status' in error && error.status === 409 ? [{ type: 'User', id: 'CURRENT' }] : []),
    }),
  }),
});

export const { useCreateCheckoutSessionMutation } = pricingApi;
