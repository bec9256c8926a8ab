import type { getCalendarFeed, rotateCalendarFeed } from '../../../../contracts/calendar-feeds.ts';
import type { AnswerOf } from '../../../../contracts/endpoint.ts';
import { baseApi, call } from '../../api/base-api.ts';

/**
 * The user's private calendar feed (docs/calendar-feeds.md): `GET /api/user/calendar-feed` (issued on
 * the first read, so it runs only when the user opens the Subscribe dialog) and the rotation, whose
 * answer replaces the cached URL.
 */
export const calendarFeedApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getCalendarFeed: build.query<AnswerOf<typeof getCalendarFeed>, void>({
      query: () => call<typeof getCalendarFeed>('GET /api/user/calendar-feed'),
      // Dropped at sign-in and sign-out (lib/session): log out everywhere replaces the URL on the server.
      providesTags: [{ type: 'CalendarFeed', id: 'CURRENT' }],
    }),
    rotateCalendarFeed: build.mutation<AnswerOf<typeof rotateCalendarFeed>, void>({
      query: () => call<typeof rotateCalendarFeed>('POST /api/user/calendar-feed/rotate'),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled;
        dispatch(calendarFeedApi.util.upsertQueryData('getCalendarFeed', undefined, data));
      },
    }),
  }),
});

export const { useGetCalendarFeedQuery, useRotateCalendarFeedMutation } = calendarFeedApi;
