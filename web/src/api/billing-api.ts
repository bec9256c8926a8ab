import type { BillingAvailability } from '../../../contracts/billing.ts';
import { baseApi } from './base-api.ts';

/**
 * Whether Premium can be bought on this server (Stripe configured): the pricing page and the account
 * screens read it. Shared, not a feature: both features need it.
 */
export const billingApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/subscription/availability → {premiumAvailable}. */
    getBillingAvailability: build.query<BillingAvailability, void>({
      query: () => '/subscription/availability',
    }),
  }),
});

export const { useGetBillingAvailabilityQuery } = billingApi;
