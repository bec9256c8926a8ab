import type { SettingEvent } from '../../events/settings.ts';

/**
 * A `settings-<key>` stream: the history of one site setting; the state is its current value.
 * Decisions (key rules, value shapes) are in business-logic.ts.
 */
export type SettingState = { set: false } | { set: true; key: string; value: unknown; changedAt: string };

export const initialSettingState = (): SettingState => ({ set: false });

export function evolveSetting(_state: SettingState, event: SettingEvent): SettingState {
  switch (event.type) {
    case 'SettingChanged':
      return { set: true, key: event.data.key, value: event.data.value, changedAt: event.data.changedAt };
    default: {
      const never: never = event.type;
      throw new Error(`unhandled event ${String(never)}`);
    }
  }
}
