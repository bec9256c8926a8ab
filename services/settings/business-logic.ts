import { z } from 'zod';
import { settingKeySchema, type SettingEvent } from '../../events/settings.ts';
import type { Decider, CommandContext } from '../core/decider.ts';
import { badRequest } from '../core/errors.ts';
import { headerNavSchema } from './header-nav.ts';
import { evolveSetting, initialSettingState, type SettingState } from './settings.ts';

/**
 * Site settings (the owner's Site Settings tab): `footer_html` (HTML text), `header_nav`
 * (`{ items }`, see header-nav.ts) and other key/value pairs (text). Every change is one
 * `SettingChanged` with the whole new value on `settings-<key>`.
 */
export const SETTING_KEYS = { footerHtml: 'footer_html', headerNav: 'header_nav' } as const;

export const SETTING_LIMITS = { footerHtml: 100_000, text: 10_000 } as const;

export const settingMessages = {
  key: 'Setting key must be lowercase letters, digits and underscores',
  footerHtml: 'Footer HTML must be text',
  footerHtmlTooLong: `Footer HTML must be at most ${SETTING_LIMITS.footerHtml.toLocaleString('en-US')} characters`,
  text: 'Value must be text',
  textTooLong: `Value must be at most ${SETTING_LIMITS.text.toLocaleString('en-US')} characters`,
} as const;

const footerHtmlSchema = z.string({ error: settingMessages.footerHtml }).max(SETTING_LIMITS.footerHtml, settingMessages.footerHtmlTooLong);
const textSchema = z.string({ error: settingMessages.text }).max(SETTING_LIMITS.text, settingMessages.textTooLong);

/** The value schema of a key: the known keys have their own shapes, any other key holds text. */
export function settingValueSchema(key: string): z.ZodType {
  switch (key) {
    case SETTING_KEYS.headerNav:
      return headerNavSchema;
    case SETTING_KEYS.footerHtml:
      return footerHtmlSchema;
    default:
      return textSchema;
  }
}

export type SettingCommand = { type: 'ChangeSetting'; data: { key: string; value: unknown } };

export function decideSetting(command: SettingCommand, state: SettingState, ctx: CommandContext): SettingEvent[] {
  switch (command.type) {
    case 'ChangeSetting': {
      const { key } = command.data;
      if (!settingKeySchema.safeParse(key).success) throw badRequest(settingMessages.key, { key: settingMessages.key });
      const parsed = settingValueSchema(key).safeParse(command.data.value);
      if (!parsed.success) {
        const errors: Record<string, string> = {};
        for (const issue of parsed.error.issues) {
          const field = ['value', ...issue.path.map(String)].join('.');
          if (!(field in errors)) errors[field] = issue.message;
        }
        throw badRequest(Object.values(errors)[0] ?? 'Invalid value', errors);
      }
      const value = parsed.data as z.core.util.JSONType;
      // Saving the value it already has changes nothing.
      if (state.set && JSON.stringify(state.value) === JSON.stringify(value)) return [];
      return [{ type: 'SettingChanged', data: { key, value, changedAt: ctx.now } }];
    }
    default: {
      const never: never = command.type;
      throw new Error(`unhandled command ${String(never)}`);
    }
  }
}

export const settingDecider: Decider<SettingCommand, SettingState, SettingEvent> = {
  initialState: initialSettingState,
  evolve: evolveSetting,
  decide: decideSetting,
  folds: { SettingChanged: true },
};
