import type { AlertSettings, AlertSettingsInput } from '../../../../contracts/alerts.ts';
import { baseApi } from '../../api/base-api.ts';

/**
 * Payout alerts by e-mail (docs/alerts.md): `GET /api/user/alerts` when the Alerts tab opens, and the
 * save, whose answer replaces the cached settings.
 */
export const alertsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getAlertSettings: build.query<AlertSettings, void>({
      query: () => '/user/alerts',
    }),
    saveAlertSettings: build.mutation<AlertSettings, AlertSettingsInput>({
      query: (body) => ({ url: '/user/alerts', method: 'PUT', body }),
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
