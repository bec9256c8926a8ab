import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { lenientOptional } from './fields.ts';
import { MessageAnswer } from './errors.ts';

/** Defaults before a user's first save (docs/alerts.md). */
export const ALERT_DEFAULTS = { distributionChangeAlerts: true, distributionChangePercent: 10, exDateReminder: false } as const;

export const alertMessages = {
  percent: 'distributionChangePercent must be a whole number from 1 to 100',
  exDateReminder: 'exDateReminder must be true or false',
  distributionChangeAlerts: 'distributionChangeAlerts must be true or false',
} as const;

/** `GET /api/user/alerts`: the signed-in user's payout-alert settings. */
export const AlertSettings = z.object({
  /** Distribution-change alerts on (default) or off. */
  distributionChangeAlerts: z.boolean(),
  /** Mail when a declared payout differs from the fund's 3-week average by more than this many percent (1–100, default 10). */
  distributionChangePercent: z.number().int().min(1).max(100),
  /** Mail the business day before the ex-date of a held fund (default off: opt-in). */
  exDateReminder: z.boolean(),
});
export type AlertSettings = z.infer<typeof AlertSettings>;

/** `PUT /api/user/alerts`: the two settings of the issue; `distributionChangeAlerts` optional (absent: unchanged). */
export const AlertSettingsInput = z.object({
  distributionChangePercent: z.number({ error: alertMessages.percent }).int({ error: alertMessages.percent }).min(1, { error: alertMessages.percent }).max(100, { error: alertMessages.percent }),
  exDateReminder: z.boolean({ error: alertMessages.exDateReminder }),
  distributionChangeAlerts: z.boolean({ error: alertMessages.distributionChangeAlerts }).optional(),
});
export type AlertSettingsInput = z.infer<typeof AlertSettingsInput>;

// ---------------------------------------------------------------------------------------------------
// Endpoints (docs/alerts.md)

const tags = ['Portfolio'];

export const getAlertSettings = endpoint({
  method: 'get',
  path: '/api/user/alerts',
  access: 'user',
  summary: "The user's payout-alert settings (defaults before the first save: 10 %, distribution changes on, ex-date reminders off).",
  tags,
  responses: { 200: { description: 'The settings.', json: AlertSettings } },
  errors: [],
  reads: ['alerts'],
});

export const saveAlertSettings = endpoint({
  method: 'put',
  path: '/api/user/alerts',
  access: 'user',
  summary: 'Saves the payout-alert settings (an AlertSettingsChanged event on alerts-<userId>).',
  description: '`distributionChangePercent` 1–100 (whole), `exDateReminder`; `distributionChangeAlerts` optional (absent: unchanged).',
  tags,
  body: AlertSettingsInput,
  responses: { 200: { description: 'The saved settings.', json: AlertSettings } },
  errors: [400],
  reads: ['alerts'],
  waitsFor: 'all',
});

/** The query of the unsubscribe link (GET and POST: the link of the mail, as in its List-Unsubscribe header). */
const UnsubscribeQuery = z.object({
  // A link without a usable token is "not valid" like a wrong one (a page for a browser), not a field error.
  token: lenientOptional<string, string>(
    z
      .unknown()
      .optional()
      .transform((value) => (typeof value === 'string' ? value : '')),
    { description: 'The signed token of the link in the mail.', type: ['string'] },
  ),
});

/** The one-click body of RFC 8058 (what a mail provider posts, and the confirmation page's form). */
export const OneClickBody = z.object({ 'List-Unsubscribe': z.literal('One-Click') });

export const openUnsubscribeLink = endpoint({
  method: 'get',
  path: '/api/alerts/unsubscribe',
  access: 'public',
  summary: "An alert mail's unsubscribe link: a page with an Unsubscribe button (a form POST to the same address). Opening it changes nothing, so mail scanners that prefetch links unsubscribe nobody.",
  description: 'A link that is not valid answers 400: an HTML page for a browser, the error body when the client asks for JSON.',
  tags,
  query: UnsubscribeQuery,
  responses: {
    200: {
      description: 'A page asking to confirm, with the button (HTML for a browser; `{message}` when the client asks for JSON).',
      content: { 'text/html': z.string(), 'application/json': MessageAnswer },
    },
  },
  errors: [400],
  reads: ['users'],
});

export const confirmUnsubscribe = endpoint({
  method: 'post',
  path: '/api/alerts/unsubscribe',
  access: 'public',
  summary:
    "One-click unsubscribe (RFC 8058): turns the link's alert kind off, no sign-in (the signed token names the user and the kind). Posted by the mail provider's Unsubscribe button (List-Unsubscribe-Post) or by the link's page.",
  description:
    'The body is `List-Unsubscribe=One-Click`, form-encoded or multipart/form-data; no cookie or Origin is needed (providers post server to server). Using it again changes nothing more. A link that is not valid, or a body without `List-Unsubscribe=One-Click`, answers 400 (a page for a browser).',
  tags,
  query: UnsubscribeQuery,
  upload: {
    kind: 'raw',
    description: '`List-Unsubscribe=One-Click` (RFC 8058 §3.1).',
    content: { 'application/x-www-form-urlencoded': OneClickBody, 'multipart/form-data': OneClickBody },
  },
  responses: {
    200: {
      description: 'A page saying which alerts are off now (HTML for a browser; `{message}` when the client asks for JSON).',
      content: { 'text/html': z.string(), 'application/json': MessageAnswer },
    },
  },
  errors: [400, 413],
  reads: ['users'],
  waitsFor: 'all',
});
