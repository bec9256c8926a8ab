import type { Recorded } from '../../events/define.ts';
import type { RecordedEvent } from '../../events/envelope.ts';
import type { SettingEvent } from '../../events/settings.ts';
import type { Doc } from '../../infra/document-store/port.ts';
import type { Projection, ProjectionContext } from '../runtime/projection.ts';

/** The `settings` read model: one document per key (fed by `settings-<key>`) with its current value. */
export interface SettingDoc extends Doc {
  _id: string;
  value: unknown;
  changedAt: string;
}

export const SETTINGS = 'settings';

export const settingsProjection: Projection = {
  name: 'settings',
  version: 1,
  handles: ['SettingChanged'] satisfies SettingEvent['type'][],
  collections: { [SETTINGS]: [] },
  async apply(recorded: RecordedEvent, ctx: ProjectionContext) {
    const event = recorded as Recorded<SettingEvent>;
    switch (event.type) {
      case 'SettingChanged': {
        const { key, value, changedAt } = event.data;
        await ctx.update<SettingDoc>(SETTINGS, key, () => ({ _id: key, value, changedAt }));
        return;
      }
      default: {
        const never: never = event.type;
        throw new Error(`settings projection cannot apply ${String(never)}`);
      }
    }
  },
};
