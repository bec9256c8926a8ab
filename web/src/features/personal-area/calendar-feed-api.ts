import type { CalendarFeedUrl } from '../../../../contracts/calendar-feeds.ts';
import { baseApi } from '../../api/base-api.ts';

/**
 * The user's private calendar feed (docs/calendar-feeds.md): `GET /api/user/calendar-feed` (issued on
 * the first read, so it runs only when the user opens the Subscribe dialog) and the rotation, whose
 * answer replaces the cached URL.
 */
export const calendarFeedApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getCalendarFeed: build.query<CalendarFeedUrl, void>({
      query: () => '/user/calendar-feed',
    }),
    rotateCalendarFeed: build.mutation<CalendarFeedUrl, void>({
      query: () => ({ url: '/user/calendar-feed/rotate', method: 'POST' }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled;
        dispatch(calendarFeedApi.util.upsertQueryData('getCalendarFeed', undefined, data));
      },
    }),
  }),
});

export const { useGetCalendarFeedQuery, useRotateCalendarFeedMutation } = calendarFeedApi;
