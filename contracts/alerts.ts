import { z } from 'zod';

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
