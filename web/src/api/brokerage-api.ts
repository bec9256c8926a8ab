import type { BrokerageAccount, BrokerageConnectionUrl, BrokerageRegistration, BrokerageStatus, BrokerageSyncResult } from '../../../contracts/brokerage.ts';
import { baseApi, LIST } from './base-api.ts';

/**
 * Premium's read-only brokerage sync (`/api/brokerage/...`), shared by the personal area's sync card
 * and the account page's brokerage panel.
 *
 * Tags: `Brokerage` STATUS (available / registered / last sync) and ACCOUNTS. A sync changes the
 * holdings, so it also invalidates `Holding` and `UserCalendar` (the server answered after its read
 * models took the sync in). The connection link is a mutation (one-time link, never cached), though
 * it is a GET.
 */
export const brokerageApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getBrokerageStatus: build.query<BrokerageStatus, void>({
      query: () => '/brokerage/status',
      providesTags: [{ type: 'Brokerage', id: 'STATUS' }],
    }),
    /** Run only for Premium once the status says available and registered (no retry, as every read). */
    getBrokerageAccounts: build.query<BrokerageAccount[], void>({
      query: () => '/brokerage/accounts',
      providesTags: [{ type: 'Brokerage', id: 'ACCOUNTS' }],
    }),
    registerBrokerage: build.mutation<BrokerageRegistration, void>({
      query: () => ({ url: '/brokerage/register', method: 'POST' }),
      invalidatesTags: (result) => (result ? [{ type: 'Brokerage', id: 'STATUS' }] : []),
    }),
    createConnectionUrl: build.mutation<BrokerageConnectionUrl, void>({
      query: () => ({ url: '/brokerage/connection-url', method: 'GET' }),
    }),
    syncBrokerage: build.mutation<BrokerageSyncResult, void>({
      query: () => ({ url: '/brokerage/sync', method: 'POST' }),
      invalidatesTags: (result) =>
        result
          ? [
              { type: 'Brokerage', id: 'STATUS' },
              { type: 'Brokerage', id: 'ACCOUNTS' },
              { type: 'Holding', id: LIST },
              { type: 'UserCalendar', id: LIST },
            ]
          : [],
    }),
  }),
});

export const { useGetBrokerageStatusQuery, useGetBrokerageAccountsQuery, useRegisterBrokerageMutation, useCreateConnectionUrlMutation, useSyncBrokerageMutation } = brokerageApi;
