import type { AnswerOf, BodyIn } from '../../../../contracts/endpoint.ts';
import type { calculateDrip, calculateYield } from '../../../../contracts/market.ts';
import { baseApi, call } from '../../api/base-api.ts';

/** The calculators: POST /api/calculate/yield and /api/calculate/drip. Nothing cached. */
export const calculatorsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    calculateYield: build.mutation<AnswerOf<typeof calculateYield>, BodyIn<typeof calculateYield>>({
      query: (body) => call<typeof calculateYield>('POST /api/calculate/yield', { body }),
    }),
    calculateDrip: build.mutation<AnswerOf<typeof calculateDrip>, BodyIn<typeof calculateDrip>>({
      query: (body) => call<typeof calculateDrip>('POST /api/calculate/drip', { body }),
    }),
  }),
});

export const { useCalculateYieldMutation, useCalculateDripMutation } = calculatorsApi;
