import type { DripCalculatorRequest, DripCalculatorResult, YieldCalculatorRequest, YieldCalculatorResult } from '../../../../contracts/market.ts';
import { baseApi } from '../../api/base-api.ts';

/** The calculators: POST /api/calculate/yield and /api/calculate/drip. Nothing cached. */
export const calculatorsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    calculateYield: build.mutation<YieldCalculatorResult, YieldCalculatorRequest>({
      query: (body) => ({ url: '/calculate/yield', method: 'POST', body }),
    }),
    calculateDrip: build.mutation<DripCalculatorResult, DripCalculatorRequest>({
      query: (body) => ({ url: '/calculate/drip', method: 'POST', body }),
    }),
  }),
});

export const { useCalculateYieldMutation, useCalculateDripMutation } = calculatorsApi;
