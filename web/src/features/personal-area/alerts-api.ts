import type { getAlertSettings, saveAlertSettings } from '../../../../contracts/alerts.ts';
import type { AnswerOf, BodyIn } from '../../../../contracts/endpoint.ts';
import { baseApi, call } from '../../api/base-api.ts';

/**
 * Payout alerts by e-mail (docs/alerts.md): `GET /api/user/alerts` when the Alerts tab opens, and the
 * save, whose answer replaces the cached settings.
 */
export const alertsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getAlertSettings: build.query<AnswerOf<typeof getAlertSettings>, void>({
      query: () => call<typeof getAlertSettings>('GET /api/user/alerts'),
    }),
    saveAlertSettings: build.mutation<AnswerOf<typeof saveAlertSettings>, BodyIn<typeof saveAlertSettings>>({
      query: (body) => call<typeof saveAlertSettings>('PUT /api/user/alerts', { body }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(alertsApi.util.upsertQueryData('getAlertSettings', undefined, data));
        } catch {
          // a failed save changes nothing; the form shows the server's message
        }
      },
    }),
  }),
});

export const { useGetAlertSettingsQuery, useSaveAlertSettingsMutation } = alertsApi;
