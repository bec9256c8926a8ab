import { describe, expect, it } from 'vitest';
import type { DividendEvent } from '../../events/dividends.ts';
import { fold, type CommandContext } from '../core/decider.ts';
import { AppError } from '../core/errors.ts';
import { deciderSpec } from '../testing/decider-spec.ts';
import { activeDistributions, distributionsDecider, type DividendCommand, type IncomingDistribution } from './business-logic.ts';

const etfId = '0b6f3a8e-3c1d-4f7a-9d2e-1a2b3c4d5e6f';
const ctx: CommandContext = { actor: 'job:sync-dividends', correlationId: 'c1', now: '2025-06-27T21:00:00.000Z' };

const given = deciderSpec(distributionsDecider, ctx);
const sync = (distributions: IncomingDistribution[], source: 'alpaca' | 'csv' | 'manual' | 'demo' | 'issuer' = 'alpaca'): DividendCommand => ({
  type: 'SyncDistributions',
  etfId,
  distributions,
  source,
});
const declared = (exDate: string, amount: string, payDate: string | null = null): DividendEvent => ({
  type: 'DistributionDeclared',
  data: { etfId, distributionId: `${etfId}_${exDate}`, exDate, recordDate: exDate, payDate, amount, status: 'declared', source: 'alpaca', kind: 'regular' },
});

describe('dividends-<etfId>: syncing distributions', () => {
  it('declares new distributions with a deterministic id', () => {
    given([]).when(sync([{ exDate: '2025-06-26', recordDate: '2025-06-26', payDate: '2025-06-27', amount: '0.2500' }])).then([
      declared('2025-06-26', '0.25', '2025-06-27'),
    ]);
  });
  it('appends nothing for the same content', () => {
    const history = [declared('2025-06-26', '0.25', '2025-06-27')];
    given(history).when(sync([{ exDate: '2025-06-26', recordDate: '2025-06-26', payDate: '2025-06-27', amount: 0.25 }])).then([]);
  });
  it('revises a corrected amount, carrying the previous amount', () => {
    const history = [declared('2025-06-26', '0.25', '2025-06-27')];
    given(history).when(sync([{ exDate: '2025-06-26', recordDate: '2025-06-26', payDate: '2025-06-27', amount: '0.2612' }], 'csv')).then([
      {
        type: 'DistributionRevised',
        data: { etfId, distributionId: `${etfId}_2025-06-26`, exDate: '2025-06-26', recordDate: '2025-06-26', payDate: '2025-06-27', amount: '0.2612', status: 'declared', source: 'csv', kind: 'regular', previousAmount: '0.25' },
      },
    ]);
  });
  it('a provider without the pay date does not erase a known one', () => {
    const history = [declared('2025-06-26', '0.25', '2025-06-27')];
    given(history).when(sync([{ exDate: '2025-06-26', recordDate: null, payDate: null, amount: '0.25' }])).then([]);
  });
  it('a newly known pay date is a revision', () => {
    const history = [declared('2025-06-26', '0.25')];
    const [event] = given(history).when(sync([{ exDate: '2025-06-26', recordDate: null, payDate: '2025-06-27', amount: '0.25' }])).events();
    expect(event).toMatchObject({ type: 'DistributionRevised', data: { payDate: '2025-06-27', recordDate: '2025-06-26', previousAmount: '0.25' } });
  });
  it('an estimate never replaces a declared distribution, but a declaration replaces an estimate', () => {
    given([declared('2025-06-26', '0.25')]).when(sync([{ exDate: '2025-06-26', recordDate: null, payDate: null, amount: '0.30', status: 'estimated' }])).then([]);
    const estimate: DividendEvent = { type: 'DistributionDeclared', data: { ...declared('2025-07-03', '0.30').data, status: 'estimated' } as never };
    expect(given([estimate]).when(sync([{ exDate: '2025-07-03', recordDate: null, payDate: null, amount: '0.30' }])).events()).toMatchObject([
      { type: 'DistributionRevised', data: { status: 'declared', amount: '0.3', previousAmount: '0.30' } },
    ]);
  });
  it('sums two records of one kind on the same ex-date (a provider splitting one payout)', () => {
    // 0.25 + 0.10 = 0.35
    expect(given([]).when(sync([
      { exDate: '2025-12-18', recordDate: null, payDate: '2025-12-19', amount: '0.25' },
      { exDate: '2025-12-18', recordDate: null, payDate: null, amount: '0.10' },
    ])).events()).toMatchObject([{ type: 'DistributionDeclared', data: { amount: '0.35', payDate: '2025-12-19', kind: 'regular' } }]);
  });
  it('accepts a $0.0000 declaration (the fund paid nothing that week)', () => {
    expect(given([]).when(sync([{ exDate: '2025-10-15', recordDate: null, payDate: null, amount: '0.0000' }])).events()).toMatchObject([{ data: { amount: '0' } }]);
  });
  it('refuses negative amounts and a pay date before the ex-date', () => {
    given([]).when(sync([{ exDate: '2025-06-26', recordDate: null, payDate: null, amount: '-0.1' }])).thenThrows(AppError);
    given([]).when(sync([{ exDate: '2025-06-26', recordDate: null, payDate: '2025-06-25', amount: '0.1' }])).thenThrows(/before the ex-date/);
  });
});

describe('dividends-<etfId>: kinds (N1: a special beside the regular payout)', () => {
  it('keeps a regular and a special on one ex-date as two distributions, the special under its own id', () => {
    const events = given([]).when(sync([
      { exDate: '2026-11-25', recordDate: null, payDate: '2026-11-27', amount: '0.20' },
      { exDate: '2026-11-25', recordDate: null, payDate: '2026-11-27', amount: '1.00', kind: 'special' },
    ])).events();
    expect(events).toMatchObject([
      { type: 'DistributionDeclared', data: { distributionId: `${etfId}_2026-11-25`, amount: '0.2', kind: 'regular' } },
      { type: 'DistributionDeclared', data: { distributionId: `${etfId}_2026-11-25_special`, amount: '1', kind: 'special' } },
    ]);
  });
  it('a provider that used to send the total revises the regular one and declares the special', () => {
    // before kinds, the sync recorded one distribution of 1.20
    const events = given([declared('2026-11-25', '1.20', '2026-11-27')]).when(sync([
      { exDate: '2026-11-25', recordDate: '2026-11-25', payDate: '2026-11-27', amount: '0.20' },
      { exDate: '2026-11-25', recordDate: '2026-11-25', payDate: '2026-11-27', amount: '1.00', kind: 'special' },
    ])).events();
    expect(events).toMatchObject([
      { type: 'DistributionRevised', data: { kind: 'regular', amount: '0.2', previousAmount: '1.20' } },
      { type: 'DistributionDeclared', data: { kind: 'special', amount: '1' } },
    ]);
  });
  it('withdraws the special of an ex-date without touching its regular payout', () => {
    const special: DividendEvent = { type: 'DistributionDeclared', data: { ...declared('2026-11-25', '1.00').data, distributionId: `${etfId}_2026-11-25_special`, kind: 'special' } as never };
    const history = [declared('2026-11-25', '0.20'), special];
    expect(given(history).when({ type: 'WithdrawDistribution', etfId, exDate: '2026-11-25', kind: 'special', reason: 'x' }).events()).toMatchObject([
      { type: 'DistributionWithdrawn', data: { distributionId: `${etfId}_2026-11-25_special` } },
    ]);
    const state = fold(distributionsDecider, [...history, { type: 'DistributionWithdrawn', data: { etfId, distributionId: `${etfId}_2026-11-25_special`, exDate: '2026-11-25', reason: 'x', withdrawnAt: ctx.now } }]);
    expect(activeDistributions(state).map((d) => [d.exDate, d.kind, d.amount])).toEqual([['2026-11-25', 'regular', '0.20']]);
    // without a kind the regular one
    expect(given(history).when({ type: 'WithdrawDistribution', etfId, exDate: '2026-11-25', reason: 'x' }).events()).toMatchObject([
      { type: 'DistributionWithdrawn', data: { distributionId: `${etfId}_2026-11-25` } },
    ]);
  });
});

describe('dividends-<etfId>: the owner\'s data wins over a provider\'s (docs/data-operations.md, "Precedence")', () => {
  const owned = (exDate: string, amount: string, source: 'csv' | 'manual' = 'csv'): DividendEvent => ({
    type: 'DistributionDeclared',
    data: { etfId, distributionId: `${etfId}_${exDate}`, exDate, recordDate: null, payDate: null, amount, status: 'declared', source, kind: 'regular' },
  });
  it.each(['demo', 'alpaca'] as const)('a %s sync never revises a distribution the owner imported or edited, and declares only ex-dates the owner did not load', (source) => {
    // (Wednesday 06-18: Thursday 06-19 was Juneteenth, no session)
    const history = [owned('2025-06-18', '0.10'), owned('2025-06-26', '0.10', 'manual')];
    const incoming = (exDate: string, amount: string) => ({ exDate, recordDate: exDate, payDate: null, amount });
    expect(given(history).when(sync([incoming('2025-06-18', '0.0441'), incoming('2025-06-26', '0.0501'), incoming('2025-07-03', '0.0431')], source)).events()).toMatchObject([
      { type: 'DistributionDeclared', data: { exDate: '2025-07-03', amount: '0.0431', source } },
    ]);
  });
  it('the owner\'s import still revises a provider\'s distribution and the owner\'s own', () => {
    const history = [declared('2025-06-18', '0.25'), owned('2025-06-26', '0.10')];
    expect(given(history).when(sync([
      { exDate: '2025-06-18', recordDate: null, payDate: null, amount: '0.26' },
      { exDate: '2025-06-26', recordDate: null, payDate: null, amount: '0.11' },
    ], 'csv')).events()).toMatchObject([
      { type: 'DistributionRevised', data: { exDate: '2025-06-18', amount: '0.26', previousAmount: '0.25', source: 'csv' } },
      { type: 'DistributionRevised', data: { exDate: '2025-06-26', amount: '0.11', previousAmount: '0.10', source: 'csv' } },
    ]);
  });
  it('an owner\'s import may mark a declared distribution estimated (the status column says so explicitly)', () => {
    expect(given([declared('2025-06-26', '0.25')]).when(sync([{ exDate: '2025-06-26', recordDate: null, payDate: null, amount: '0.25', status: 'estimated' }], 'csv')).events()).toMatchObject([
      { type: 'DistributionRevised', data: { status: 'estimated', source: 'csv' } },
    ]);
  });
});

describe("dividends-<etfId>: the issuer's declaration (docs/declarations.md; precedence owner > issuer > provider > demo)", () => {
  const RELEASE = 'https://www.globenewswire.com/news-release/2025/10/14/3166000/0/en/YieldMax-ETFs-Announces-Weekly-Distributions.html';
  const issuer = { url: RELEASE, declaredAt: '2025-10-14T13:05:00.000Z', statedRate: '87.10', secYield: '0.00' };
  // ULTY, Group 1 of Oct. 14, 2025: $0.0908, ex & record Wednesday 10-15, paid 10-16, ROC 100.00 %
  const row = (patch: Partial<IncomingDistribution> = {}): IncomingDistribution => ({
    exDate: '2025-10-15',
    recordDate: '2025-10-15',
    payDate: '2025-10-16',
    amount: '0.0908',
    issuer,
    rocEstimatePercent: '100.00',
    ...patch,
  });
  const fromIssuer = (patch: Partial<IncomingDistribution> = {}): DividendEvent => ({
    type: 'DistributionDeclared',
    data: { etfId, distributionId: `${etfId}_2025-10-15`, exDate: '2025-10-15', recordDate: '2025-10-15', payDate: '2025-10-16', amount: '0.0908', status: 'declared', kind: 'regular', source: 'issuer', issuer, rocEstimatePercent: '100.00', ...patch } as never,
  });
  const by = (source: 'alpaca' | 'demo' | 'csv', amount: string): DividendEvent => ({
    type: 'DistributionDeclared',
    data: { etfId, distributionId: `${etfId}_2025-10-15`, exDate: '2025-10-15', recordDate: null, payDate: null, amount, status: 'declared', source, kind: 'regular' },
  });

  it("declares a new distribution with the release and the issuer's figures", () => {
    given([]).when(sync([row()], 'issuer')).then([fromIssuer()]);
  });
  it('the same declaration read again changes nothing, from another address too (the release on a second wire)', () => {
    given([fromIssuer()]).when(sync([row()], 'issuer')).then([]);
    given([fromIssuer()]).when(sync([row({ issuer: { ...issuer, url: 'https://www.yieldmaxetfs.com/press/group-1', declaredAt: '2025-10-14T13:20:00.000Z' } })], 'issuer')).then([]);
    // 87.1 is 87.10
    given([fromIssuer()]).when(sync([row({ issuer: { ...issuer, statedRate: '87.1' }, rocEstimatePercent: '100' })], 'issuer')).then([]);
  });
  it('a corrected release revises it, with the new release and figures', () => {
    const corrected = { ...issuer, url: `${RELEASE}?correction=1`, declaredAt: '2025-10-14T15:30:00.000Z', statedRate: '88.40' };
    given([fromIssuer()]).when(sync([row({ amount: '0.0921', issuer: corrected })], 'issuer')).then([
      { type: 'DistributionRevised', data: { ...fromIssuer({ amount: '0.0921', issuer: corrected }).data, previousAmount: '0.0908' } as never },
    ]);
    // a restated figure alone (the ROC estimate) is a revision at the same amount
    expect(given([fromIssuer()]).when(sync([row({ rocEstimatePercent: '96.66' })], 'issuer')).events()).toMatchObject([
      { type: 'DistributionRevised', data: { amount: '0.0908', previousAmount: '0.0908', rocEstimatePercent: '96.66' } },
    ]);
  });
  it.each(['alpaca', 'demo'] as const)("takes over a %s entry of the same distribution, at the same amount too (the source and the issuer's figures are news)", (provider) => {
    expect(given([by(provider, '0.0908')]).when(sync([row()], 'issuer')).events()).toEqual([
      { type: 'DistributionRevised', data: { ...fromIssuer().data, previousAmount: '0.0908' } },
    ]);
  });
  it.each(['alpaca', 'demo'] as const)("a later %s record of the declared distribution changes nothing: no second entry, the issuer's figures kept", (provider) => {
    given([fromIssuer()]).when(sync([{ exDate: '2025-10-15', recordDate: '2025-10-15', payDate: '2025-10-16', amount: '0.09' }], provider)).then([]);
    given([fromIssuer()]).when(sync([{ exDate: '2025-10-15', recordDate: null, payDate: null, amount: '0.0908' }], provider)).then([]);
  });
  it("never revises the owner's data; the owner's import revises the issuer's declaration (drops the release, keeps the ROC estimate it does not restate)", () => {
    given([by('csv', '0.09')]).when(sync([row()], 'issuer')).then([]);
    expect(given([fromIssuer()]).when(sync([{ exDate: '2025-10-15', recordDate: null, payDate: null, amount: '0.0910' }], 'csv')).events()).toEqual([
      {
        type: 'DistributionRevised',
        data: {
          etfId,
          distributionId: `${etfId}_2025-10-15`,
          exDate: '2025-10-15',
          recordDate: '2025-10-15',
          payDate: '2025-10-16',
          amount: '0.091',
          status: 'declared',
          kind: 'regular',
          source: 'csv',
          // the estimate describes the payout, whoever corrected its amount (issue 27): kept until someone states another
          rocEstimatePercent: '100.00',
          previousAmount: '0.0908',
        },
      },
    ]);
  });
  it('a distribution the owner withdrew stays withdrawn', () => {
    const withdrawn: DividendEvent = { type: 'DistributionWithdrawn', data: { etfId, distributionId: `${etfId}_2025-10-15`, exDate: '2025-10-15', reason: 'wrong row', withdrawnAt: ctx.now } };
    given([by('alpaca', '0.09'), withdrawn]).when(sync([row()], 'issuer')).then([]);
  });
  it("refuses the issuer's figures from another source, and one release stating a distribution twice", () => {
    given([]).when(sync([row()], 'alpaca')).thenThrows({ status: 400, message: "distribution 2025-10-15: the issuer's figures come only with source issuer" });
    given([]).when(sync([row(), row({ amount: '0.1' })], 'issuer')).thenThrows({ status: 400, message: 'distribution 2025-10-15: the release states the regular distribution twice' });
  });
  it('a special in the release is its own distribution beside the regular one', () => {
    expect(given([fromIssuer()]).when(sync([row(), row({ kind: 'special', amount: '1.2500' })], 'issuer')).events()).toMatchObject([
      { type: 'DistributionDeclared', data: { distributionId: `${etfId}_2025-10-15_special`, kind: 'special', amount: '1.25', source: 'issuer', issuer } },
    ]);
  });
});

describe('dividends-<etfId>: ex-dates fall on trading days', () => {
  it('refuses an ex-date on a Saturday or a Sunday, naming the rule', () => {
    // 2025-06-28 is a Saturday, 2025-06-29 a Sunday
    given([]).when(sync([{ exDate: '2025-06-28', recordDate: null, payDate: null, amount: '0.1' }], 'csv')).thenThrows({
      status: 400,
      message: 'Ex-date 2025-06-28 is a Saturday: an ex-date must be a weekday (Monday to Friday)',
    });
    given([]).when(sync([{ exDate: '2025-06-29', recordDate: null, payDate: null, amount: '0.1' }])).thenThrows(/2025-06-29 is a Sunday/);
  });
  it('N13: refuses an ex-date on an NYSE holiday, naming the holiday', () => {
    given([]).when(sync([{ exDate: '2026-04-03', recordDate: null, payDate: null, amount: '0.15' }], 'csv')).thenThrows({
      status: 400,
      message: 'Ex-date 2026-04-03 is Good Friday: the market is closed',
    });
    // the day after Thanksgiving is a half day, a normal ex-date
    expect(given([]).when(sync([{ exDate: '2026-11-27', recordDate: null, payDate: null, amount: '0.15' }], 'csv')).events()).toHaveLength(1);
  });
});

describe('dividends-<etfId>: withdrawing a distribution', () => {
  const history = [declared('2025-06-26', '0.25')];
  const withdrawn: DividendEvent = {
    type: 'DistributionWithdrawn',
    data: { etfId, distributionId: `${etfId}_2025-06-26`, exDate: '2025-06-26', reason: 'wrong fund in import', withdrawnAt: ctx.now },
  };
  it('withdraws once; again is a no-op; unknown is 404', () => {
    given(history).when({ type: 'WithdrawDistribution', etfId, exDate: '2025-06-26', reason: 'wrong fund in import' }).then([withdrawn]);
    given([...history, withdrawn]).when({ type: 'WithdrawDistribution', etfId, exDate: '2025-06-26', reason: 'x' }).then([]);
    given(history).when({ type: 'WithdrawDistribution', etfId, exDate: '2025-06-19', reason: 'x' }).thenThrows({ status: 404 });
  });
  it('a provider sync does not bring it back; an owner import does', () => {
    given([...history, withdrawn]).when(sync([{ exDate: '2025-06-26', recordDate: null, payDate: null, amount: '0.25' }])).then([]);
    expect(given([...history, withdrawn]).when(sync([{ exDate: '2025-06-26', recordDate: null, payDate: null, amount: '0.25' }], 'csv')).events()).toMatchObject([{ type: 'DistributionDeclared' }]);
  });
  it('withdrawn distributions are left out of the active list', () => {
    const state = fold(distributionsDecider, [...history, declared('2025-07-03', '0.3'), withdrawn]);
    expect(activeDistributions(state).map((d) => d.exDate)).toEqual(['2025-07-03']);
  });
});

describe('dividends-<etfId>: return of capital (issue 27)', () => {
  const owned = (exDate: string, amount: string, roc?: string | null): DividendEvent => ({
    type: 'DistributionDeclared',
    data: { etfId, distributionId: `${etfId}_${exDate}`, exDate, recordDate: null, payDate: null, amount, status: 'declared', source: 'csv', kind: 'regular', ...(roc !== undefined ? { rocEstimatePercent: roc } : {}) },
  });
  const row = (patch: Partial<IncomingDistribution> = {}): IncomingDistribution => ({ exDate: '2025-06-26', recordDate: null, payDate: null, amount: '0.25', ...patch });
  const character = { ordinary: '0', qualified: '0', capitalGain: '0', returnOfCapital: '100' };
  const recordCharacters = (rows: { exDate: string; kind?: 'regular' | 'special'; character: typeof character }[]): DividendCommand => ({ type: 'RecordCharacters', etfId, characters: rows, source: 'csv' });
  const recorded = (exDate: string, c = character): DividendEvent => ({
    type: 'DistributionCharacterRecorded',
    data: { etfId, distributionId: `${etfId}_${exDate}`, exDate, kind: 'regular', character: c, source: 'csv', recordedAt: ctx.now },
  });

  it("the owner's estimate (CSV or edit) is kept on the declaration; a changed estimate alone is a revision", () => {
    given([]).when(sync([row({ rocEstimatePercent: '92' })], 'csv')).then([owned('2025-06-26', '0.25', '92')]);
    // "92 %" and 92 read as 92; the same estimate again writes nothing
    given([owned('2025-06-26', '0.25', '92')]).when(sync([row({ rocEstimatePercent: 92 })], 'manual')).then([]);
    expect(given([owned('2025-06-26', '0.25', '92')]).when(sync([row({ rocEstimatePercent: '92.5 %' })], 'manual')).events()).toMatchObject([
      { type: 'DistributionRevised', data: { amount: '0.25', previousAmount: '0.25', rocEstimatePercent: '92.5', source: 'manual' } },
    ]);
  });
  it('a record that states no estimate keeps the known one; null clears it (not published)', () => {
    expect(given([owned('2025-06-26', '0.25', '92')]).when(sync([row({ amount: '0.26' })], 'csv')).events()).toMatchObject([
      { type: 'DistributionRevised', data: { amount: '0.26', rocEstimatePercent: '92' } },
    ]);
    given([owned('2025-06-26', '0.25', '92')]).when(sync([row()], 'csv')).then([]);
    expect(given([owned('2025-06-26', '0.25', '92')]).when(sync([row({ rocEstimatePercent: null })], 'manual')).events()).toMatchObject([
      { type: 'DistributionRevised', data: { rocEstimatePercent: null } },
    ]);
  });
  it('refuses an estimate outside 0-100, and one from a provider', () => {
    given([]).when(sync([row({ rocEstimatePercent: '100.5' })], 'csv')).thenThrows({
      status: 400,
      message: 'distribution 2025-06-26: the ROC estimate must be a number from 0 to 100 (percent of the payout), got "100.5"',
    });
    given([]).when(sync([row({ rocEstimatePercent: 'lots' })], 'manual')).thenThrows(/the ROC estimate must be a number from 0 to 100 \(percent of the payout\), got "lots"/);
    given([]).when(sync([row({ rocEstimatePercent: '50' })], 'alpaca')).thenThrows({
      status: 400,
      message: 'distribution 2025-06-26: a return-of-capital estimate comes only from the issuer or the owner',
    });
  });

  it('records the final character of a known distribution; the same figures again record nothing, other figures replace them', () => {
    const history = [owned('2025-06-26', '0.25', '92')];
    given(history).when(recordCharacters([{ exDate: '2025-06-26', character }])).then([recorded('2025-06-26')]);
    // 100.00 is 100: re-importing the same file changes nothing
    given([...history, recorded('2025-06-26')]).when(recordCharacters([{ exDate: '2025-06-26', character: { ...character, returnOfCapital: '100.00' } }])).then([]);
    const corrected = { ordinary: '5', qualified: '2', capitalGain: '3', returnOfCapital: '90' };
    given([...history, recorded('2025-06-26')]).when(recordCharacters([{ exDate: '2025-06-26', character: corrected }])).then([recorded('2025-06-26', corrected)]);
  });
  it('leaves out an unknown, withdrawn or repeated distribution (the caller reports them), and refuses figures that do not add up', () => {
    const withdrawn: DividendEvent = { type: 'DistributionWithdrawn', data: { etfId, distributionId: `${etfId}_2025-06-26`, exDate: '2025-06-26', reason: 'x', withdrawnAt: ctx.now } };
    given([owned('2025-06-26', '0.25')]).when(recordCharacters([{ exDate: '2025-07-03', character }])).then([]);
    given([owned('2025-06-26', '0.25'), withdrawn]).when(recordCharacters([{ exDate: '2025-06-26', character }])).then([]);
    given([owned('2025-06-26', '0.25')]).when(recordCharacters([{ exDate: '2025-06-26', kind: 'special', character }])).then([]);
    given([owned('2025-06-26', '0.25')]).when(recordCharacters([{ exDate: '2025-06-26', character }, { exDate: '2025-06-26', character }])).then([recorded('2025-06-26')]);
    given([owned('2025-06-26', '0.25')]).when(recordCharacters([{ exDate: '2025-06-26', character: { ...character, returnOfCapital: '92' } }])).thenThrows({
      status: 400,
      message: 'distribution 2025-06-26: the four percentages add up to 92, not 100 (within 0.1)',
    });
    given([owned('2025-06-26', '0.25')]).when(recordCharacters([{ exDate: '2025-06-26', character: { ...character, ordinary: '101' } }])).thenThrows({
      status: 400,
      message: 'distribution 2025-06-26: ordinary must be a percentage from 0 to 100, got "101"',
    });
  });
  it('a revision of the amount keeps the final character; the estimate stays beside it', () => {
    const state = fold(distributionsDecider, [owned('2025-06-26', '0.25', '92'), recorded('2025-06-26'), { ...owned('2025-06-26', '0.26', '92'), type: 'DistributionRevised', data: { ...owned('2025-06-26', '0.26', '92').data, previousAmount: '0.25' } } as DividendEvent]);
    expect(activeDistributions(state)[0]).toMatchObject({ amount: '0.26', rocEstimatePercent: '92', character });
  });
});
