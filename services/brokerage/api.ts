import { Router } from 'express';
import type { BrokerageAccount, BrokerageConnectionUrl, BrokerageRegistration, BrokerageStatus, BrokerageSyncResult } from '../../contracts/brokerage.ts';
import { brokerageLinkOf } from '../../read-models/brokerage/queries.ts';
import { requirePremium } from '../billing/premium.ts';
import type { AppDeps } from '../http/deps.ts';
import { actors, commandContext } from '../http/context.ts';
import { authOf, requireUser } from '../http/session.ts';
import { brokerageAccounts, brokerageConnectionUrl, registerBrokerageUser, syncBrokerage } from './commands.ts';

/**
 * Premium's read-only brokerage sync (mounted at /api; docs/brokerage.md). Every route but the status
 * is Premium only: 401 signed out, 403 naming Premium for everyone else; 503 when SnapTrade's keys
 * are not configured; 502 (nothing changed) when SnapTrade fails or does not answer in time.
 * - `GET /brokerage/status` (any signed-in user) -> {available, registered, lastSyncedAt};
 * - `POST /brokerage/register` -> 201 {registered, registeredAt}; 200 when registered already (SnapTrade is not asked again);
 * - `GET /brokerage/connection-url` -> {url}: SnapTrade's read-only connection portal, back to APP_URL/account; 409 before registering;
 * - `GET /brokerage/accounts` -> [{id, brokerageName, accountName, lastSyncedAt}] ([] before registering);
 * - `POST /brokerage/sync` -> {synced, total, ...}: holdings with source `brokerage`; 409 before registering.
 */
export function brokerageRouter(deps: AppDeps): Router {
  const router = Router();
  const { readModels } = deps;
  const userId = (res: Parameters<typeof authOf>[0]) => authOf(res).user._id;

  router.get('/brokerage/status', requireUser(deps), async (_req, res) => {
    const link = await brokerageLinkOf(readModels, userId(res));
    const status: BrokerageStatus = { available: deps.brokerage !== undefined, registered: link !== null, lastSyncedAt: link?.lastSync?.at ?? null };
    res.setHeader('Cache-Control', 'no-store');
    res.json(status);
  });

  router.post('/brokerage/register', requirePremium(deps), async (req, res) => {
    const id = userId(res);
    const { registered, registeredAt, position } = await registerBrokerageUser(deps, id, commandContext(req, deps, actors.user(id)));
    if (position > 0) await readModels.waitFor(position);
    const answer: BrokerageRegistration = { registered: true, registeredAt };
    res.status(registered ? 201 : 200).json(answer);
  });

  router.get('/brokerage/connection-url', requirePremium(deps), async (_req, res) => {
    const answer: BrokerageConnectionUrl = { url: await brokerageConnectionUrl(deps, userId(res)) };
    res.setHeader('Cache-Control', 'no-store');
    res.json(answer);
  });

  router.get('/brokerage/accounts', requirePremium(deps), async (_req, res) => {
    const id = userId(res);
    const accounts = await brokerageAccounts(deps, id);
    const seen = new Map((await brokerageLinkOf(readModels, id))?.accounts.map((a) => [a.accountId, a.lastSyncedAt]) ?? []);
    const answer: BrokerageAccount[] = accounts.map((a) => ({ ...a, lastSyncedAt: seen.get(a.id) ?? null }));
    res.setHeader('Cache-Control', 'no-store');
    res.json(answer);
  });

  router.post('/brokerage/sync', requirePremium(deps), async (req, res) => {
    const id = userId(res);
    const { position, ...outcome } = await syncBrokerage(deps, id, 'user', commandContext(req, deps, actors.user(id)));
    if (position > 0) await readModels.waitFor(position);
    const answer: BrokerageSyncResult = outcome;
    res.json(answer);
  });

  return router;
}
