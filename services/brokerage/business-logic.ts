import type { BrokerageAccountSynced, BrokerageEvent } from '../../events/brokerage.ts';
import type { Decider, CommandContext } from '../core/decider.ts';
import { AppError, conflict } from '../core/errors.ts';

/**
 * The `brokerage-<userId>` stream: the user's SnapTrade registration (opaque id, encrypted secret) and
 * the syncs that completed. Commands arrive with everything SnapTrade answered already; the decider
 * only records facts (a sync that failed writes nothing).
 */
export interface BrokerageState {
  registration: { snaptradeUserId: string; encryptedSecret: string; registeredAt: string } | null;
  lastSyncedAt: string | null;
}

export const initialBrokerageState = (): BrokerageState => ({ registration: null, lastSyncedAt: null });

export function evolveBrokerage(state: BrokerageState, event: BrokerageEvent): BrokerageState {
  switch (event.type) {
    case 'BrokerageUserRegistered': {
      if (state.registration) return state;
      const { snaptradeUserId, encryptedSecret, registeredAt } = event.data;
      return { ...state, registration: { snaptradeUserId, encryptedSecret, registeredAt } };
    }
    case 'BrokerageSynced':
      return { ...state, lastSyncedAt: event.data.syncedAt };
    default: {
      const never: never = event;
      throw new Error(`unhandled event ${JSON.stringify(never)}`);
    }
  }
}

export const brokerageMessages = {
  unavailable: 'Brokerage sync is not available yet',
  notRegistered: 'Register with the brokerage service first',
  timeout: 'The brokerage service (SnapTrade) did not answer in time. Nothing was changed; please try again.',
  failed: 'The brokerage service (SnapTrade) could not complete the request. Nothing was changed; please try again later.',
} as const;

/** 503: SnapTrade's keys are not configured on this server. */
export const brokerageUnavailable = () => new AppError(503, brokerageMessages.unavailable);
/** 409: a call that needs the SnapTrade registration before it. */
export const notRegistered = () => conflict(brokerageMessages.notRegistered);

export type BrokerageCommand =
  | { type: 'RegisterBrokerageUser'; data: { userId: string; snaptradeUserId: string; encryptedSecret: string } }
  | {
      type: 'RecordBrokerageSync';
      data: { userId: string; trigger: 'user' | 'schedule'; accounts: BrokerageAccountSynced[]; synced: number; total: number };
    };

export function decideBrokerage(command: BrokerageCommand, state: BrokerageState, ctx: CommandContext): BrokerageEvent[] {
  switch (command.type) {
    case 'RegisterBrokerageUser':
      // Registered already (a concurrent request won): nothing new; the first registration stays.
      if (state.registration) return [];
      return [{ type: 'BrokerageUserRegistered', data: { ...command.data, registeredAt: ctx.now } }];
    case 'RecordBrokerageSync':
      if (!state.registration) throw notRegistered();
      return [{ type: 'BrokerageSynced', data: { ...command.data, syncedAt: ctx.now } }];
    default: {
      const never: never = command;
      throw new Error(`unhandled command ${JSON.stringify(never)}`);
    }
  }
}

export const brokerageDecider: Decider<BrokerageCommand, BrokerageState, BrokerageEvent> = {
  initialState: initialBrokerageState,
  evolve: evolveBrokerage,
  decide: decideBrokerage,
  folds: { BrokerageUserRegistered: true, BrokerageSynced: true },
};
