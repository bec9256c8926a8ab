import { z } from 'zod';

/** `GET /api/user/calendar-feed` and `POST /api/user/calendar-feed/rotate`: the private feed's URL. */
export const CalendarFeedUrl = z.object({
  /** https URL of the feed (`APP_URL/api/calendar-feeds/<token>.ics`); calendar apps subscribe to it without a cookie. */
  url: z.string(),
  /** The same feed as a `webcal://` link, which calendar apps open as a subscription. */
  webcalUrl: z.string(),
});
export type CalendarFeedUrl = z.infer<typeof CalendarFeedUrl>;
