import { z } from 'zod';
import { defineEvent, type EventsOf } from './define.ts';
import { isoInstant } from './catalog.ts';

/** Setting keys: lowercase letters, digits and underscores (`header_nav`, `footer_html`); no dash (stream id). */
export const settingKeySchema = z.string().regex(/^[a-z][a-z0-9_]{0,63}$/, 'Setting key must be lowercase letters, digits and underscores');

/**
 * Written on `settings-<key>`: the whole new value of one site setting (any JSON; each known key's
 * shape is checked by the settings decider before the event is written).
 */
export const settingChanged = defineEvent(
  'SettingChanged',
  z.object({ key: settingKeySchema, value: z.json(), changedAt: isoInstant }),
);

export const settingEvents = [settingChanged] as const;

export type SettingEvent = EventsOf<typeof settingEvents>;
export type SettingChanged = Extract<SettingEvent, { type: 'SettingChanged' }>;
