import {
  getBrokerageAccounts,
  getBrokerageStatus,
  getConnectionUrl,
  registerBrokerage,
  syncBrokerage,
  type BrokerageAccount,
  type BrokerageConnectionUrl,
  type BrokerageRegistration,
  type BrokerageStatus,
  type BrokerageSyncResult,
} from '../../contracts/brokerage.ts';
import { brokerageLinkOf } from '../../read-models/brokerage/queries.ts';
import { apiModule, handle } from '../http/endpoints.ts';
import * as commands from './commands.ts';

/**
 * Premium's read-only brokerage sync (definitions in contracts/brokerage.ts; docs/brokerage.md). Every
 * endpoint but the status is Premium only; 503 when SnapTrade's keys are not configured; 502 (nothing
 * changed) when SnapTrade fails or does not answer in time. Register answers 201, or 200 when registered
 * already (SnapTrade is not asked again); the connection link returns to APP_URL/account (409 before
 * registering); the accounts are [] before registering; a sync writes holdings with source `brokerage`
 * (409 before registering).
 */
export const brokerageApi = apiModule('brokerage', (deps) => {
  const { readModels } = deps;

  return [
    handle(getBrokerageStatus, async (_input, call) => {
      const link = await brokerageLinkOf(readModels, call.auth.user._id);
      const brokerages = [...new Set((link?.accounts ?? []).map((a) => a.brokerageName).filter((name) => name !== ''))].sort();
      const status: BrokerageStatus = { available: deps.brokerage !== undefined, registered: link !== null, lastSyncedAt: link?.lastSync?.at ?? null, brokerages };
      call.res.setHeader('Cache-Control', 'no-store');
      return status;
    }),

    handle(registerBrokerage, async (_input, call) => {
      const { registered, registeredAt, position } = await commands.registerBrokerageUser(deps, call.auth.user._id, call.context());
      await call.waitFor(position);
      const answer: BrokerageRegistration = { registered: true, registeredAt };
      return call.reply(registered ? 201 : 200, answer);
    }),

    handle(getConnectionUrl, async (_input, call) => {
      const answer: BrokerageConnectionUrl = { url: await commands.brokerageConnectionUrl(deps, call.auth.user._id) };
      call.res.setHeader('Cache-Control', 'no-store');
      return answer;
    }),

    handle(getBrokerageAccounts, async (_input, call) => {
      const id = call.auth.user._id;
      const accounts = await commands.brokerageAccounts(deps, id);
      const seen = new Map((await brokerageLinkOf(readModels, id))?.accounts.map((a) => [a.accountId, a.lastSyncedAt]) ?? []);
      const answer: BrokerageAccount[] = accounts.map((a) => ({ ...a, lastSyncedAt: seen.get(a.id) ?? null }));
      call.res.setHeader('Cache-Control', 'no-store');
      return answer;
    }),

    handle(syncBrokerage, async (_input, call) => {
      const { position, ...outcome } = await commands.syncBrokerage(deps, call.auth.user._id, 'user', call.context());
      await call.waitFor(position);
      const answer: BrokerageSyncResult = outcome;
      return answer;
    }),
  ];
});
