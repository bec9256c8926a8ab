import type { getBillingAvailability } from '../../../contracts/billing.ts';
import type { AnswerOf } from '../../../contracts/endpoint.ts';
import { baseApi, call } from './base-api.ts';

/**
 * Whether Premium can be bought on this server (Stripe configured): the pricing page and the account
 * screens read it. Shared, not a feature: both features need it.
 */
export const billingApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/subscription/availability → {premiumAvailable}. */
    getBillingAvailability: build.query<AnswerOf<typeof getBillingAvailability>, void>({
      query: () => call<typeof getBillingAvailability>('GET /api/subscription/availability'),
    }),
  }),
});

export const { useGetBillingAvailabilityQuery } = billingApi;
