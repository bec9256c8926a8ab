import type { Logger } from 'pino';
import { streams } from '../../events/streams.ts';
import type { Brokerage } from '../../infra/brokerage/port.ts';
import { BrokerageError } from '../../infra/brokerage/port.ts';
import { AppError } from '../core/errors.ts';
import type { EventLog } from '../core/event-log.ts';
import { brokerageDecider } from './business-logic.ts';

export const SNAPTRADE_REMOVAL_FAILED = 'We could not remove your brokerage connection at SnapTrade, so your account was not deleted. Try again in a few minutes.';

/**
 * Account deletion (docs/accounts-and-security.md "Deleting an account"): removes the user's
 * registration at SnapTrade (`deleteSnapTradeUser`: the user and every brokerage connection), when
 * there is one. A failure is a 502 before anything was deleted. Without SnapTrade configured (the
 * keys were removed since the user connected), nothing can be asked: the deletion goes on and the
 * error log names the SnapTrade id to remove by hand. Answers whether a registration was removed.
 */
export async function removeBrokerageUserForDeletion(deps: { log: EventLog; logger: Logger; brokerage: Brokerage | undefined }, userId: string): Promise<boolean> {
  const { state } = await deps.log.aggregate(streams.brokerage(userId), brokerageDecider);
  if (!state.registration) return false;
  const { snaptradeUserId } = state.registration;
  if (!deps.brokerage) {
    deps.logger.error({ userId, snaptradeUserId }, 'account deletion: SnapTrade is not configured; remove this SnapTrade user by hand');
    return false;
  }
  try {
    await deps.brokerage.deleteUser(snaptradeUserId);
    return true;
  } catch (error) {
    if (!(error instanceof BrokerageError)) throw error;
    deps.logger.warn({ userId, reason: error.reason, status: error.status, err: { message: error.message } }, 'brokerage call failed');
    throw new AppError(502, SNAPTRADE_REMOVAL_FAILED);
  }
}
