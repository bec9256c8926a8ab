import { baseApi } from '../../api/base-api.ts';

export type YieldFrequency = 'weekly' | 'four-week' | 'monthly' | 'quarterly';

export interface YieldRequest {
  investment: number;
  yieldPercent: number;
  frequency: YieldFrequency;
}
export interface YieldResult {
  annual: string;
  monthly: string;
  weekly: string;
}

export interface DripRequest {
  initialInvestment: number;
  sharePrice: number;
  weeklyDividend: number;
  years: number;
}
export interface DripResult {
  finalValue: string;
  totalShares: string;
  growth: string;
}

/** The calculators: POST /api/calculate/yield and /api/calculate/drip. Nothing cached. */
export const calculatorsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    calculateYield: build.mutation<YieldResult, YieldRequest>({
      query: (body) => ({ url: '/calculate/yield', method: 'POST', body }),
    }),
    calculateDrip: build.mutation<DripResult, DripRequest>({
      query: (body) => ({ url: '/calculate/drip', method: 'POST', body }),
    }),
  }),
});

export const { useCalculateYieldMutation, useCalculateDripMutation } = calculatorsApi;
