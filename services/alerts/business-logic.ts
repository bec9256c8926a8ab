import { ALERT_DEFAULTS } from '../../contracts/alerts.ts';
import type { AlertEvent, AlertKind } from '../../events/alerts.ts';
import type { CommandContext, Decider } from '../core/decider.ts';

/**
 * A user's payout alerts (`alerts-<userId>`, docs/alerts.md): the settings, and the keys of every alert
 * mail already recorded. `RecordMail` appends `AlertMailed` only when no mail of that kind and key was
 * recorded: the append (with the stream's expected revision) is the idempotency check, so two
 * processes, a restart or a replay can never record, and so never send, the same alert twice.
 */
export interface AlertsState {
  distributionChangeAlerts: boolean;
  distributionChangePercent: number;
  exDateReminder: boolean;
  /** `<kind>:<key>` of every recorded mail. */
  mailed: ReadonlySet<string>;
}

export interface AlertMail {
  kind: AlertKind;
  key: string;
  etfId: string;
  exDate: string;
  amount: string;
}

export type AlertsCommand =
  | { type: 'ChangeSettings'; data: { userId: string; distributionChangePercent: number; exDateReminder: boolean; distributionChangeAlerts?: boolean } }
  | { type: 'Unsubscribe'; data: { userId: string; kind: AlertKind } }
  | { type: 'RecordMail'; data: { userId: string; mail: AlertMail } };

export const initialAlertsState = (): AlertsState => ({ ...ALERT_DEFAULTS, mailed: new Set() });

export const mailKey = (kind: AlertKind, key: string) => `${kind}:${key}`;

export function evolveAlerts(state: AlertsState, event: AlertEvent): AlertsState {
  switch (event.type) {
    case 'AlertSettingsChanged': {
      const { distributionChangeAlerts, distributionChangePercent, exDateReminder } = event.data;
      return { ...state, distributionChangeAlerts, distributionChangePercent, exDateReminder };
    }
    case 'AlertMailed':
      return { ...state, mailed: new Set([...state.mailed, mailKey(event.data.kind, event.data.key)]) };
    case 'AlertReactorAdvanced':
      return state; // lives on the reactor's own stream, never on a user's
    default: {
      const never: never = event;
      throw new Error(`unhandled event ${JSON.stringify(never)}`);
    }
  }
}

export function decideAlerts(command: AlertsCommand, state: AlertsState, ctx: CommandContext): AlertEvent[] {
  switch (command.type) {
    case 'ChangeSettings': {
      const { userId, distributionChangePercent, exDateReminder } = command.data;
      const distributionChangeAlerts = command.data.distributionChangeAlerts ?? state.distributionChangeAlerts;
      if (
        distributionChangeAlerts === state.distributionChangeAlerts &&
        distributionChangePercent === state.distributionChangePercent &&
        exDateReminder === state.exDateReminder
      ) {
        return [];
      }
      return [{ type: 'AlertSettingsChanged', data: { userId, distributionChangeAlerts, distributionChangePercent, exDateReminder, via: 'settings', changedAt: ctx.now } }];
    }
    case 'Unsubscribe': {
      const { userId, kind } = command.data;
      const next = {
        distributionChangeAlerts: kind === 'distribution-change' ? false : state.distributionChangeAlerts,
        exDateReminder: kind === 'ex-date-reminder' ? false : state.exDateReminder,
      };
      if (next.distributionChangeAlerts === state.distributionChangeAlerts && next.exDateReminder === state.exDateReminder) return [];
      return [
        { type: 'AlertSettingsChanged', data: { userId, ...next, distributionChangePercent: state.distributionChangePercent, via: 'unsubscribe', changedAt: ctx.now } },
      ];
    }
    case 'RecordMail': {
      const { userId, mail } = command.data;
      if (state.mailed.has(mailKey(mail.kind, mail.key))) return [];
      return [{ type: 'AlertMailed', data: { userId, ...mail, mailedAt: ctx.now } }];
    }
    default: {
      const never: never = command;
      throw new Error(`unhandled command ${String((never as { type: string }).type)}`);
    }
  }
}

export const alertsDecider: Decider<AlertsCommand, AlertsState, AlertEvent> = {
  initialState: initialAlertsState,
  evolve: evolveAlerts,
  decide: decideAlerts,
  folds: { AlertSettingsChanged: true, AlertMailed: true, AlertReactorAdvanced: true },
};
