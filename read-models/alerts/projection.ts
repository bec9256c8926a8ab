import type { AccountDeletedEvent } from '../../events/accounts.ts';
import type { AlertEvent } from '../../events/alerts.ts';
import type { Recorded } from '../../events/define.ts';
import type { RecordedEvent } from '../../events/envelope.ts';
import type { Doc } from '../../infra/document-store/port.ts';
import type { Projection, ProjectionContext } from '../runtime/projection.ts';

/** The `alerts` read model: one document per user who saved alert settings (others have the defaults). */
export interface AlertSettingsDoc extends Doc {
  /** The user id. */
  _id: string;
  distributionChangeAlerts: boolean;
  distributionChangePercent: number;
  exDateReminder: boolean;
  changedAt: string;
}

export const ALERT_SETTINGS = 'alert_settings';

type Handled = Extract<AlertEvent, { type: 'AlertSettingsChanged' }>;

export const alertsProjection: Projection = {
  name: 'alerts',
  version: 1,
  handles: ['AlertSettingsChanged', 'AccountDeleted'] satisfies (Handled | AccountDeletedEvent)['type'][],
  collections: { [ALERT_SETTINGS]: [] },
  async apply(recorded: RecordedEvent, ctx: ProjectionContext) {
    const event = recorded as Recorded<Handled | AccountDeletedEvent>;
    switch (event.type) {
      case 'AlertSettingsChanged': {
        const { userId, distributionChangeAlerts, distributionChangePercent, exDateReminder, changedAt } = event.data;
        await ctx.update<AlertSettingsDoc>(ALERT_SETTINGS, userId, () => ({ _id: userId, distributionChangeAlerts, distributionChangePercent, exDateReminder, changedAt }));
        return;
      }
      case 'AccountDeleted':
        // the account was deleted: its documents go (docs/accounts-and-security.md "Deleting an account")
        await ctx.update<AlertSettingsDoc>(ALERT_SETTINGS, event.data.userId, () => null);
        return;
      default: {
        const never: never = event;
        throw new Error(`alerts projection cannot apply ${JSON.stringify(never)}`);
      }
    }
  },
};
