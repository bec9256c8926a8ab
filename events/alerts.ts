import { z } from 'zod';
import { defineEvent, type EventsOf } from './define.ts';
import { isoDate, isoInstant } from './catalog.ts';

/**
 * Payout alerts by e-mail (docs/alerts.md). A user's alert settings and the record of every alert
 * mail live on `alerts-<userId>`; the distribution-change reactor's checkpoint lives on
 * `alertsreactor-distribution-change`. No event holds a link or a token.
 */

export const alertKindSchema = z.enum(['distribution-change', 'ex-date-reminder']);
export type AlertKind = z.infer<typeof alertKindSchema>;

/** The whole new settings (defaults before the first event: docs/alerts.md). */
export const alertSettingsChanged = defineEvent(
  'AlertSettingsChanged',
  z.object({
    userId: z.uuid(),
    /** Distribution-change alerts on or off (an unsubscribe link turns them off). */
    distributionChangeAlerts: z.boolean(),
    /** Mail when a declared payout differs from the 3-week average by more than this many percent. */
    distributionChangePercent: z.number().int().min(1).max(100),
    exDateReminder: z.boolean(),
    /** `settings`: the personal area; `unsubscribe`: a mail's unsubscribe link. */
    via: z.enum(['settings', 'unsubscribe']),
    changedAt: isoInstant,
  }),
);

/**
 * An alert mail, recorded BEFORE it is handed to the mail server (at most once: docs/alerts.md).
 * `key` identifies what it is about: the distribution id for a distribution change or an ex-date
 * reminder, `<distributionId>#corrected@<revision>` / `#withdrawn@<revision>` for a correction
 * (services/alerts/business-logic.ts `mailKeys`). One mail per (user, kind, key): the stream's decider
 * refuses a second.
 */
export const alertMailed = defineEvent(
  'AlertMailed',
  z.object({
    userId: z.uuid(),
    kind: alertKindSchema,
    key: z.string().min(1),
    etfId: z.uuid(),
    exDate: isoDate,
    /** The payout the mail names (per share, as declared). */
    amount: z.string(),
    mailedAt: isoInstant,
  }),
);

/** The distribution-change reactor has handled every event up to `position` (its persisted checkpoint). */
export const alertReactorAdvanced = defineEvent(
  'AlertReactorAdvanced',
  z.object({ position: z.number().int().nonnegative(), advancedAt: isoInstant }),
);

export const alertEvents = [alertSettingsChanged, alertMailed, alertReactorAdvanced] as const;

export type AlertEvent = EventsOf<typeof alertEvents>;
export type AlertSettingsChanged = Extract<AlertEvent, { type: 'AlertSettingsChanged' }>;
export type AlertMailed = Extract<AlertEvent, { type: 'AlertMailed' }>;
export type AlertReactorAdvanced = Extract<AlertEvent, { type: 'AlertReactorAdvanced' }>;
