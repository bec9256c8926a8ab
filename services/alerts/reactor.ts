import { handledPosition } from '../core/handled-position.ts';
import type { Logger } from 'pino';
import { parseStoredTypeName } from '../../events/define.ts';
import type { DistributionDeclared, DistributionRevised, DistributionWithdrawn } from '../../events/dividends.ts';
import type { RecordedEvent } from '../../events/envelope.ts';
import { streams } from '../../events/streams.ts';
import type { EventStore, Subscription } from '../../infra/event-store/port.ts';
import type { Mailer } from '../../infra/mail/port.ts';
import { canonical } from '../../domain/market/decimal.ts';
import { adjustPrice, type SplitPoint } from '../../domain/market/splits.ts';
import { addDays, newYorkDate, type IsoDate } from '../../domain/market/trading-days.ts';
import { catalogEntry } from '../../read-models/catalog/catalog-index.ts';
import type { ReadModels } from '../../read-models/runtime/read-models.ts';
import { foldRecorded, type CommandContext } from '../core/decider.ts';
import type { EventLog } from '../core/event-log.ts';
import { activeDistributions, distributionsDecider } from '../dividends/business-logic.ts';
import { splitsDecider } from '../splits/business-logic.ts';
import { alertsDecider, correctionOwed, mailKeys, type ToldAbout } from './business-logic.ts';
import { sendAlertOnce } from './commands.ts';
import { distributionChange, exceedsThreshold, isRegular } from './distribution-change.ts';
import { correctionMail, distributionChangeMail, specialDeclaredMail, type FundNames } from './mails.ts';
import { holdersAndFollowers, type Recipient } from './recipients.ts';
import { UnsubscribeTokens } from './unsubscribe-token.ts';

/**
 * The distribution-change alert reactor (docs/alerts.md): a subscription to the event log that mails
 * holders and followers of a fund when a declared payout differs from the fund's 3-week average by
 * more than their threshold.
 *
 * - Checkpoint: `AlertReactorAdvanced {position}` on `alertsreactor-distribution-change`, in the EVENT
 *   store (the embedded document store lives in memory and starts empty at every start; the log does
 *   not). Written after each batch that held a distribution event. The first start begins at the head
 *   of the log (the history a new install imports is never mailed).
 * - Idempotency: one `AlertMailed` per (user, kind, distribution) on `alerts-<userId>`, recorded
 *   before the mail is sent (services/alerts/commands.ts): a restart after a crash before the
 *   checkpoint, a replay from 0 or a second worker finds the record and sends nothing.
 * - What counts: a `DistributionDeclared` with status `declared`, and a `DistributionRevised` that
 *   makes an estimate declared or changes a declared amount, of a regular distribution (`isRegular`).
 *   Estimates never; payouts whose ex-date is more than 7 days ago never (a late backfill is history,
 *   not news). Amounts are compared across the fund's splits (distribution-change.ts).
 * - Corrections: who was mailed about a distribution gets one short correction when a later event
 *   changes its amount or withdraws it (docs/alerts.md "Corrections"), keyed by that event's revision.
 */
export interface AlertReactorDeps {
  log: EventLog;
  eventStore: Pick<EventStore, 'headPosition' | 'subscribe'>;
  readModels: ReadModels;
  mailer: Mailer;
  logger: Logger;
  now: () => Date;
  appUrl: string;
  sessionSecret: string;
}

export interface AlertReactor {
  /** Resolves once every event up to `position` is handled (tests, like a read model's waitFor). */
  waitFor(position: number, timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

const HANDLED = new Set(['DistributionDeclared', 'DistributionRevised', 'DistributionWithdrawn']);
/** Payouts with an ex-date further back than this are not news. */
export const STALE_AFTER_DAYS = 7;

export async function startAlertReactor(deps: AlertReactorDeps): Promise<AlertReactor> {
  const { log, logger } = deps;
  const tokens = new UnsubscribeTokens(deps.sessionSecret);
  const checkpointStream = streams.alertsReactor();
  const ctxAt = (correlationId: string): CommandContext => ({ actor: 'reactor:alerts', correlationId, now: deps.now().toISOString() });

  const checkpoints = await log.readStream(checkpointStream);
  let position: number;
  if (checkpoints.length === 0) {
    position = await deps.eventStore.headPosition();
    await log.append(checkpointStream, [{ type: 'AlertReactorAdvanced', data: { position, advancedAt: deps.now().toISOString() } }], 'no_stream', ctxAt('first-start'));
  } else {
    position = (checkpoints.at(-1)!.data as { position: number }).position;
  }
  logger.info({ from: position }, 'distribution-change alerts following the log');

  const handled = handledPosition('alert reactor', position);

  /** The fund's splits as recorded (revisions applied): the factors the market read side applies too. */
  async function splitsOf(etfId: string): Promise<SplitPoint[]> {
    const { state } = await log.aggregate(streams.splits(etfId), splitsDecider);
    return Object.values(state.byExDate).map(({ exDate, oldRate, newRate }) => ({ exDate, oldRate, newRate }));
  }

  /** What the user was last told about the distribution by a distribution-change mail (undefined: nothing). */
  async function toldAbout(userId: string, distributionId: string): Promise<ToldAbout | undefined> {
    return (await log.aggregate(streams.alerts(userId), alertsDecider)).state.told[distributionId];
  }

  /**
   * A correction to one recipient (docs/alerts.md "Corrections"): whatever their threshold, once per
   * dividends event (the key names its revision), recorded before it is sent like every alert mail.
   */
  async function sendCorrection(
    user: Recipient['user'],
    told: ToldAbout,
    facts: { etfId: string; distributionId: string; exDate: IsoDate; payDate: IsoDate | null; amount: string | null; revision: number },
    fund: FundNames,
    splits: readonly SplitPoint[],
    correlationId: string,
  ): Promise<void> {
    const today = newYorkDate(deps.now().getTime());
    const since = splits.filter((s) => facts.exDate < s.exDate && s.exDate <= today);
    const message = correctionMail(
      user.email,
      user.firstName,
      {
        fund,
        exDate: facts.exDate,
        payDate: facts.payDate,
        amount: facts.amount,
        told: { amount: told.amount, on: newYorkDate(told.mailedAt), withdrawn: told.withdrawn },
        todayBasis: facts.amount === null || since.length === 0 ? null : { amount: canonical(adjustPrice(facts.amount, facts.exDate, since, today)), splits: since },
      },
      { appUrl: deps.appUrl, unsubscribeToken: tokens.token(user._id, 'distribution-change') },
    );
    const key = facts.amount === null ? mailKeys.withdrawn(facts.distributionId, facts.revision) : mailKeys.corrected(facts.distributionId, facts.revision);
    await sendAlertOnce(deps, user._id, { kind: 'distribution-change', key, etfId: facts.etfId, exDate: facts.exDate, amount: facts.amount ?? told.amount }, message, ctxAt(correlationId));
  }

  /**
   * The fund's dividends stream before `recorded` (the state "as of" just before this event), and whether
   * a later event changed the same distribution again. Only the latest event of a distribution may send a
   * correction: a replay, or a reactor behind the log, meets older events whose amount is no longer the
   * distribution's, and must not "correct" the user back to them (the latest event corrects, once).
   */
  async function historyAround(etfId: string, distributionId: string, recorded: RecordedEvent): Promise<{ history: RecordedEvent[]; superseded: boolean }> {
    const all = await log.readStream(streams.dividends(etfId));
    return {
      history: all.filter((e) => e.revision < recorded.revision),
      superseded: all.some((e) => e.revision > recorded.revision && (e.data as { distributionId?: string }).distributionId === distributionId),
    };
  }

  async function onDistribution(event: DistributionDeclared | DistributionRevised, recorded: RecordedEvent): Promise<void> {
    const d = event.data;
    if (d.status !== 'declared') return;
    const today = newYorkDate(deps.now().getTime());
    // the fund's distributions as they were just before this event (the stream may have moved on since)
    const stream = streams.dividends(d.etfId);
    const { history, superseded } = await historyAround(d.etfId, d.distributionId, recorded);
    const before = activeDistributions(foldRecorded(distributionsDecider, stream, history).state);
    const prior = before.find((x) => x.distributionId === d.distributionId);
    // a revision counts when it declares an estimate or changes a declared amount; an event a later one
    // superseded (a replay, a batch with two revisions) is no longer the distribution's amount: never mailed
    const sameDeclared = prior?.status === 'declared' && prior.amount === d.amount;
    const recent = !superseded && d.exDate >= addDays(today, -STALE_AFTER_DAYS);
    // a special (or capital gain) newly declared is news of its own: one mail saying what it is, never a change
    const special = !isRegular(d) && recent && prior?.status !== 'declared';
    const counts = isRegular(d) && recent && !(event.type === 'DistributionRevised' && sameDeclared);
    // a mail may have named this distribution before (at another amount, or withdrawn since): a correction may be owed
    const mayCorrect = !sameDeclared && !superseded && history.some((e) => (e.data as { distributionId?: string }).distributionId === d.distributionId);
    if (!counts && !mayCorrect && !special) return;
    const revisedFrom = event.type === 'DistributionRevised' && prior?.status === 'declared' ? prior.amount : null;
    await deps.readModels.waitFor(recorded.position, { timeoutMs: 60_000 });
    const fund = await catalogEntry(deps.readModels, d.etfId);
    if (!fund) return;
    const splits = await splitsOf(d.etfId);
    const declared = before.filter((x) => x.status === 'declared' && x.distributionId !== d.distributionId);
    const change = counts ? distributionChange(declared, fund.frequency, d.exDate, d.amount, { splits, today }) : null;
    if (!change && !mayCorrect && !special) return;
    const latestRegular = special ? (declared.filter((x) => isRegular(x) && x.exDate <= d.exDate).sort((a, b) => a.exDate.localeCompare(b.exDate)).at(-1) ?? null) : null;
    const names = { ticker: fund.ticker, name: fund.name };
    for (const { user, settings } of await holdersAndFollowers(deps.readModels, d.etfId, { favorites: true })) {
      if (!settings.distributionChangeAlerts) continue;
      const told = mayCorrect ? await toldAbout(user._id, d.distributionId) : undefined;
      if (told !== undefined) {
        // told before: a correction when the amount is not what we wrote, whatever the threshold; never a second alert
        if (correctionOwed(told, { withdrawn: false, amount: d.amount }) !== null) {
          const facts = { etfId: d.etfId, distributionId: d.distributionId, exDate: d.exDate, payDate: d.payDate, amount: d.amount, revision: recorded.revision };
          await sendCorrection(user, told, facts, names, splits, d.distributionId);
        }
        continue;
      }
      if (special) {
        const message = specialDeclaredMail(
          user.email,
          user.firstName,
          {
            fund: names,
            kind: d.kind === 'capital-gain' ? 'capital-gain' : 'special',
            exDate: d.exDate,
            payDate: d.payDate,
            amount: d.amount,
            regular: latestRegular === null ? null : { exDate: latestRegular.exDate, amount: latestRegular.amount },
          },
          { appUrl: deps.appUrl, unsubscribeToken: tokens.token(user._id, 'distribution-change') },
        );
        await sendAlertOnce(deps, user._id, { kind: 'distribution-change', key: mailKeys.first(d.distributionId), etfId: d.etfId, exDate: d.exDate, amount: d.amount }, message, ctxAt(d.distributionId));
        continue;
      }
      if (!change || !exceedsThreshold(change, settings.distributionChangePercent)) continue;
      const onBasis = (amount: string) => canonical(adjustPrice(amount, d.exDate, change.splits, change.basis));
      const message = distributionChangeMail(
        user.email,
        user.firstName,
        {
          fund: names,
          exDate: d.exDate,
          payDate: d.payDate,
          amount: change.payout.amount,
          declared: d.amount,
          revisedFrom: revisedFrom === null ? null : onBasis(revisedFrom),
          previous: change.previous,
          baseline: change.baseline,
          changePercent: change.changePercent,
          thresholdPercent: settings.distributionChangePercent,
          splits: change.splits,
        },
        { appUrl: deps.appUrl, unsubscribeToken: tokens.token(user._id, 'distribution-change') },
      );
      await sendAlertOnce(
        deps,
        user._id,
        { kind: 'distribution-change', key: mailKeys.first(d.distributionId), etfId: d.etfId, exDate: d.exDate, amount: d.amount },
        message,
        ctxAt(d.distributionId),
      );
    }
  }

  /** A withdrawn distribution: who was mailed about it is told it was withdrawn (once). */
  async function onWithdrawn(event: DistributionWithdrawn, recorded: RecordedEvent): Promise<void> {
    const d = event.data;
    const { history, superseded } = await historyAround(d.etfId, d.distributionId, recorded);
    const prior = activeDistributions(foldRecorded(distributionsDecider, streams.dividends(d.etfId), history).state).find((x) => x.distributionId === d.distributionId);
    // only a declared distribution can have been mailed about (estimates never are); declared again since: that event tells
    if (prior?.status !== 'declared' || superseded) return;
    await deps.readModels.waitFor(recorded.position, { timeoutMs: 60_000 });
    const fund = await catalogEntry(deps.readModels, d.etfId);
    if (!fund) return;
    const names = { ticker: fund.ticker, name: fund.name };
    for (const { user, settings } of await holdersAndFollowers(deps.readModels, d.etfId, { favorites: true })) {
      if (!settings.distributionChangeAlerts) continue;
      const told = await toldAbout(user._id, d.distributionId);
      if (correctionOwed(told, { withdrawn: true }) === null) continue;
      const facts = { etfId: d.etfId, distributionId: d.distributionId, exDate: d.exDate, payDate: prior.payDate, amount: null, revision: recorded.revision };
      await sendCorrection(user, told!, facts, names, [], d.distributionId);
    }
  }

  const subscription: Subscription = deps.eventStore.subscribe({
    after: position,
    batchSize: 500,
    onEvents: async (batch) => {
      let relevant = false;
      for (const raw of batch) {
        if (!HANDLED.has(parseStoredTypeName(raw.type).type)) continue;
        relevant = true;
        const event = log.registry.decode(raw) as unknown as DistributionDeclared | DistributionRevised | DistributionWithdrawn;
        try {
          if (event.type === 'DistributionWithdrawn') await onWithdrawn(event, raw);
          else await onDistribution(event, raw);
        } catch (error) {
          // One event's failure (a read model that did not catch up, the store) must not stop every later alert.
          logger.error({ err: error, distributionId: event.data.distributionId, position: raw.position }, 'distribution-change alert skipped');
        }
      }
      const last = batch.at(-1)?.position ?? handled.current();
      if (relevant) {
        await log.append(checkpointStream, [{ type: 'AlertReactorAdvanced', data: { position: last, advancedAt: deps.now().toISOString() } }], 'any', ctxAt('checkpoint'));
      }
      handled.advance(last);
    },
    onError: (error) => logger.error({ err: error }, 'distribution-change alerts stopped: the log subscription failed'),
  });

  return {
    waitFor: handled.waitFor,
    stop: () => subscription.stop(),
  };
}
