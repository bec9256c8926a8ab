import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { registerCache } from '../../domain/caches/registry.ts';
import { streams } from '../../events/streams.ts';
import { BrokerageError, type Brokerage, type BrokerageAccount, type BrokeragePositionReport, type BrokerageUser } from '../../infra/brokerage/port.ts';
import { listCatalog } from '../../read-models/catalog/catalog-index.ts';
import type { ReadModels } from '../../read-models/runtime/read-models.ts';
import { handleCommand } from '../core/command-handler.ts';
import { WRITE_RETRIES, type CommandContext } from '../core/decider.ts';
import { AppError } from '../core/errors.ts';
import type { EventLog } from '../core/event-log.ts';
import type { Config } from '../http/config.ts';
import { syncBrokerageHoldings } from '../portfolio/commands.ts';
import { recordBrokerPayouts } from '../payouts/commands.ts';
import { dividendRecordsOf } from './activities.ts';
import { addDays, newYorkDate } from '../../domain/market/trading-days.ts';
import { brokerageDecider, brokerageMessages, brokerageUnavailable, notRegistered, type BrokerageState } from './business-logic.ts';
import { fundsOfPositions } from './positions.ts';
import { createSecretBox, type SecretBox } from './secret-box.ts';

/**
 * The brokerage commands (writes to `brokerage-<userId>` and, for a sync, `portfolio-<userId>`), for
 * the router and the daily job. SnapTrade is always asked first; nothing is written unless every
 * answer arrived (a failure or a timeout is a 502 that changed nothing).
 */
export interface BrokerageCommandDeps {
  config: Config;
  log: EventLog;
  readModels: ReadModels;
  logger: Logger;
  brokerage: Brokerage | undefined;
}

interface Ready {
  brokerage: Brokerage;
  secrets: SecretBox;
}

function ready(deps: BrokerageCommandDeps): Ready {
  if (!deps.brokerage || !deps.config.snaptrade) throw brokerageUnavailable();
  // A box only checks the key's length and closes over it: made per call, nothing worth keeping.
  return { brokerage: deps.brokerage, secrets: createSecretBox(deps.config.snaptrade.secretKey) };
}

/** Calls SnapTrade; a failure becomes a 502 with a message for people (logged without secrets). */
async function ask<T>(deps: BrokerageCommandDeps, userId: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (!(error instanceof BrokerageError)) throw error;
    deps.logger.warn({ userId, reason: error.reason, status: error.status, err: { message: error.message } }, 'brokerage call failed');
    throw new AppError(502, error.reason === 'timeout' ? brokerageMessages.timeout : brokerageMessages.failed);
  }
}

async function loadState(log: EventLog, userId: string): Promise<BrokerageState> {
  return (await log.aggregate(streams.brokerage(userId), brokerageDecider)).state;
}

function credentialsOf(state: BrokerageState, secrets: SecretBox, userId: string): BrokerageUser {
  if (!state.registration) throw notRegistered();
  return { brokerageUserId: state.registration.snaptradeUserId, userSecret: secrets.open(state.registration.encryptedSecret, userId) };
}

/** One registration at a time per user in this process, so a double click asks SnapTrade once. */
const registering = new Map<string, Promise<{ registered: boolean; registeredAt: string; position: number }>>();
registerCache({
  name: 'brokerage-registrations',
  owner: 'services/brokerage/commands.ts',
  key: 'user id: the SnapTrade registration running for that user',
  bound: 'the registrations running',
  eviction: 'when the registration settles',
  coherence: 'holds no data: a second request waits for the first instead of asking SnapTrade again',
  clearable: false,
  reason: 'it holds running calls, not data; dropping one would let a double click register the user with SnapTrade twice',
  size: () => registering.size,
});

/**
 * Registers the user with SnapTrade under a new opaque id (`wd-<uuid>`, never the e-mail) and records
 * the encrypted secret. Harmless when repeated: registered already, SnapTrade is not asked again.
 */
export async function registerBrokerageUser(
  deps: BrokerageCommandDeps,
  userId: string,
  ctx: CommandContext,
): Promise<{ registered: boolean; registeredAt: string; position: number }> {
  const { brokerage, secrets } = ready(deps);
  const running = registering.get(userId);
  if (running) return { ...(await running), registered: false };
  const work = (async () => {
    const before = await loadState(deps.log, userId);
    if (before.registration) return { registered: false, registeredAt: before.registration.registeredAt, position: 0 };
    const snaptradeUserId = `wd-${randomUUID()}`;
    const { userSecret } = await ask(deps, userId, () => brokerage.registerUser(snaptradeUserId));
    const encryptedSecret = secrets.seal(userSecret, userId);
    const stream = streams.brokerage(userId);
    const result = await handleCommand(deps.log, stream, brokerageDecider, { type: 'RegisterBrokerageUser', data: { userId, snaptradeUserId, encryptedSecret } }, ctx, WRITE_RETRIES);
    const after = await loadState(deps.log, userId);
    return { registered: result.events.length > 0, registeredAt: after.registration!.registeredAt, position: result.position };
  })();
  registering.set(userId, work);
  try {
    return await work;
  } finally {
    registering.delete(userId);
  }
}

/** A read-only connection portal link for the user, sending them back to our account page. */
export async function brokerageConnectionUrl(deps: BrokerageCommandDeps, userId: string): Promise<string> {
  const { brokerage, secrets } = ready(deps);
  const user = credentialsOf(await loadState(deps.log, userId), secrets, userId);
  return ask(deps, userId, () => brokerage.connectionUrl(user, `${deps.config.appUrl}/account`));
}

/** The user's accounts at SnapTrade ([] before they registered). */
export async function brokerageAccounts(deps: BrokerageCommandDeps, userId: string): Promise<BrokerageAccount[]> {
  const { brokerage, secrets } = ready(deps);
  const state = await loadState(deps.log, userId);
  if (!state.registration) return [];
  const user = credentialsOf(state, secrets, userId);
  return ask(deps, userId, () => brokerage.listAccounts(user));
}

/** How far back a sync reads the accounts' dividend activities (days). */
const ACTIVITY_DAYS = 400;

export interface SyncOutcome {
  /** Weekly-dividend ETFs of our catalog found at the brokerage (one per fund, however many accounts). */
  synced: number;
  /** Every position seen, in every account. */
  total: number;
  created: number;
  updated: number;
  removed: number;
  /** Tickers found at the brokerage that the user holds by hand: left as they are. */
  keptManual: string[];
  /** Funds whose position is outside the limits of a holding (security audit S3): nothing changed for them. */
  notSynced: { ticker: string; reason: string }[];
  /** Dividend and reinvestment records new or changed since the last sync (docs/payouts.md). */
  payoutRecords: number;
  syncedAt: string;
  /** The position to wait on (0: nothing written). */
  position: number;
}

/**
 * Reads every account's positions, then brings the portfolio in line: a fund of our catalog becomes a
 * holding with source `brokerage` (created, or set to the brokerage's share count and average cost),
 * never a second one; holdings the user added by hand stay as they are; a synced holding the
 * brokerage no longer reports is removed. One fund in several accounts: the shares are added up and
 * the average cost is weighted by shares (positions.ts). A fund whose position is outside the limits of a
 * holding entered by hand changes nothing and is reported in `notSynced`. Records the sync
 * (`BrokerageSynced`) with each account.
 */
export async function syncBrokerage(deps: BrokerageCommandDeps, userId: string, trigger: 'user' | 'schedule', ctx: CommandContext): Promise<SyncOutcome> {
  const { brokerage, secrets } = ready(deps);
  const user = credentialsOf(await loadState(deps.log, userId), secrets, userId);
  // Read everything first: a failure anywhere leaves the portfolio and the sync record untouched.
  const accounts = await ask(deps, userId, () => brokerage.listAccounts(user));
  const reports: { account: BrokerageAccount; positions: BrokeragePositionReport[] }[] = [];
  for (const account of accounts) reports.push({ account, positions: await ask(deps, userId, () => brokerage.listPositions(user, account.id)) });
  // the accounts' dividends and reinvestments of the last ACTIVITY_DAYS (the payout ledger, docs/payouts.md)
  const since = addDays(newYorkDate(ctx.now), -ACTIVITY_DAYS);
  const dividends = [];
  for (const account of accounts) dividends.push(...dividendRecordsOf(account.id, await ask(deps, userId, () => brokerage.listDividendActivities(user, account.id, since))));

  const catalog = new Map((await listCatalog(deps.readModels)).map((f) => [f.ticker.toUpperCase(), f]));
  const { funds: held, accounts: perAccount, total } = fundsOfPositions(reports, catalog);
  const positions = held.map(({ etfId, shares, purchasePrice }) => ({ etfId, shares, purchasePrice }));
  const portfolio = await syncBrokerageHoldings(deps, userId, positions, ctx);
  const payouts = await recordBrokerPayouts(deps, userId, dividends, ctx);
  const synced = held.length - portfolio.notSynced.length;
  const recorded = await handleCommand(
    deps.log,
    streams.brokerage(userId),
    brokerageDecider,
    { type: 'RecordBrokerageSync', data: { userId, trigger, accounts: perAccount, synced, total } },
    ctx,
    WRITE_RETRIES,
  );
  const tickerOf = new Map(held.map((f) => [f.etfId, f.ticker]));
  return {
    synced,
    total,
    created: portfolio.created,
    updated: portfolio.updated,
    removed: portfolio.removed,
    keptManual: portfolio.keptManual.map((id) => tickerOf.get(id) ?? id),
    notSynced: portfolio.notSynced.map(({ etfId, reason }) => ({ ticker: tickerOf.get(etfId) ?? etfId, reason })),
    payoutRecords: payouts.recorded,
    syncedAt: ctx.now,
    position: Math.max(portfolio.position, recorded.position, payouts.position),
  };
}
