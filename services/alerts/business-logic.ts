import { ALERT_DEFAULTS } from '../../contracts/alerts.ts';
import type { AlertEvent, AlertKind } from '../../events/alerts.ts';
import type { CommandContext, Decider } from '../core/decider.ts';
import { dec } from '../../domain/market/decimal.ts';

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
  /** By distribution id: what the distribution-change mails last told the user about it (for corrections). */
  told: Readonly<Record<string, ToldAbout>>;
}

/** What a user was last told about a distribution: the amount the mail named, when, and whether it said "withdrawn". */
export interface ToldAbout {
  amount: string;
  mailedAt: string;
  withdrawn: boolean;
}

/**
 * The keys of the alert mails about a distribution (AlertMailed `key`; one mail per kind and key). The
 * first mail is keyed by the distribution id; a correction by the distribution id and the revision, on
 * the fund's `dividends-<etfId>` stream, of the event it corrects for: at most one per revision, and the
 * same key when a replay or a second worker meets that event again. `#` appears in no distribution id.
 */
export const mailKeys = {
  first: (distributionId: string) => distributionId,
  corrected: (distributionId: string, revision: number) => `${distributionId}#corrected@${revision}`,
  withdrawn: (distributionId: string, revision: number) => `${distributionId}#withdrawn@${revision}`,
} as const;

/** The distribution a mail key is about, and which mail it is. */
export function parseMailKey(key: string): { distributionId: string; mail: 'first' | 'corrected' | 'withdrawn' } {
  const m = /^(.*)#(corrected|withdrawn)@\d+$/.exec(key);
  return m ? { distributionId: m[1]!, mail: m[2] as 'corrected' | 'withdrawn' } : { distributionId: key, mail: 'first' };
}

/**
 * The correction a user is owed (docs/alerts.md "Corrections"), from what they were last told and the
 * distribution now: `withdrawn` when it was withdrawn after a mail named it; `corrected` when its declared
 * amount is not the one last mailed (or it is declared again after a withdrawal we mailed); null when the
 * user was never told about it or was told exactly this.
 */
export function correctionOwed(told: ToldAbout | undefined, now: { withdrawn: true } | { withdrawn: false; amount: string }): 'corrected' | 'withdrawn' | null {
  if (told === undefined) return null;
  if (now.withdrawn) return told.withdrawn ? null : 'withdrawn';
  return told.withdrawn || !dec(told.amount).eq(dec(now.amount)) ? 'corrected' : null;
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

export const initialAlertsState = (): AlertsState => ({ ...ALERT_DEFAULTS, mailed: new Set(), told: {} });

export const mailKey = (kind: AlertKind, key: string) => `${kind}:${key}`;

export function evolveAlerts(state: AlertsState, event: AlertEvent): AlertsState {
  switch (event.type) {
    case 'AlertSettingsChanged': {
      const { distributionChangeAlerts, distributionChangePercent, exDateReminder } = event.data;
      return { ...state, distributionChangeAlerts, distributionChangePercent, exDateReminder };
    }
    case 'AlertMailed': {
      const { kind, key, amount, mailedAt } = event.data;
      const mailed = new Set([...state.mailed, mailKey(kind, key)]);
      if (kind !== 'distribution-change') return { ...state, mailed };
      const { distributionId, mail } = parseMailKey(key);
      return { ...state, mailed, told: { ...state.told, [distributionId]: { amount, mailedAt, withdrawn: mail === 'withdrawn' } } };
    }
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
