import type { getBrokerageAccounts, getBrokerageStatus, getConnectionUrl, registerBrokerage, syncBrokerage } from '../../../contracts/brokerage.ts';
import type { AnswerOf } from '../../../contracts/endpoint.ts';
import { baseApi, call, LIST } from './base-api.ts';

/**
 * Premium's read-only brokerage sync (`/api/brokerage/...`), shared by the personal area's sync card
 * and the account page's brokerage panel.
 *
 * Tags: `Brokerage` STATUS (available / registered / last sync) and ACCOUNTS. A sync changes the
 * holdings and records the broker's dividends, so it also invalidates `Holding`, `UserCalendar` and
 * `Payout` (the server answered after its read models took the sync in). The connection link is a mutation (one-time link, never cached), though
 * it is a GET.
 */
export const brokerageApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getBrokerageStatus: build.query<AnswerOf<typeof getBrokerageStatus>, void>({
      query: () => call<typeof getBrokerageStatus>('GET /api/brokerage/status'),
      providesTags: [{ type: 'Brokerage', id: 'STATUS' }],
    }),
    /** Run only for Premium once the status says available and registered (no retry, as every read). */
    getBrokerageAccounts: build.query<AnswerOf<typeof getBrokerageAccounts>, void>({
      query: () => call<typeof getBrokerageAccounts>('GET /api/brokerage/accounts'),
      providesTags: [{ type: 'Brokerage', id: 'ACCOUNTS' }],
    }),
    registerBrokerage: build.mutation<AnswerOf<typeof registerBrokerage>, void>({
      query: () => call<typeof registerBrokerage>('POST /api/brokerage/register'),
      invalidatesTags: (result) => (result ? [{ type: 'Brokerage', id: 'STATUS' }] : []),
    }),
    createConnectionUrl: build.mutation<AnswerOf<typeof getConnectionUrl>, void>({
      query: () => call<typeof getConnectionUrl>('GET /api/brokerage/connection-url'),
    }),
    syncBrokerage: build.mutation<AnswerOf<typeof syncBrokerage>, void>({
      query: () => call<typeof syncBrokerage>('POST /api/brokerage/sync'),
      invalidatesTags: (result) =>
        result
          ? [
              { type: 'Brokerage', id: 'STATUS' },
              { type: 'Brokerage', id: 'ACCOUNTS' },
              { type: 'Holding', id: LIST },
              { type: 'UserCalendar', id: LIST },
              // its broker records confirm payouts (docs/payouts.md): the ledger, income and goal
              'Payout',
            ]
          : [],
    }),
  }),
});

export const { useGetBrokerageStatusQuery, useGetBrokerageAccountsQuery, useRegisterBrokerageMutation, useCreateConnectionUrlMutation, useSyncBrokerageMutation } = brokerageApi;
