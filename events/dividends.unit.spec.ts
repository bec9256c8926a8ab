import { describe, expect, it } from 'vitest';
import { distributionIdOf } from './dividends.ts';
import { registry } from './registry.ts';

const etfId = '6f1c1a52-1b1e-4c55-9a43-1f0d7a6f2c11';
const meta = { actor: 'test', correlationId: 'c1' };
const envelope = { stream: `dividends-${etfId}`, revision: 0, position: 1, metadata: meta, recordedAt: '2026-01-01T00:00:00.000Z' };
const v1 = { etfId, distributionId: `${etfId}_2026-11-25`, exDate: '2026-11-25', recordDate: null, payDate: '2026-11-27', amount: '0.2', status: 'declared', source: 'csv' };

describe('distribution events: kinds (version 2)', () => {
  it('a stored version-1 declaration or revision reads as a regular distribution', () => {
    expect(registry.decode({ ...envelope, type: 'DistributionDeclared.v1', data: v1 }).data).toEqual({ ...v1, kind: 'regular' });
    const revised = registry.decode({ ...envelope, type: 'DistributionRevised.v1', data: { ...v1, previousAmount: '0.1' } });
    expect(revised.data).toEqual({ ...v1, previousAmount: '0.1', kind: 'regular' });
  });
  it('new events are stored as version 3 with their kind', () => {
    const stored = registry.encode({ type: 'DistributionDeclared', data: { ...v1, distributionId: distributionIdOf(etfId, '2026-11-25', 'special'), kind: 'special' } }, meta);
    expect(stored.type).toBe('DistributionDeclared.v3');
    expect(stored.data).toMatchObject({ kind: 'special', distributionId: `${etfId}_2026-11-25_special` });
    expect(() => registry.encode({ type: 'DistributionDeclared', data: v1 }, meta)).toThrow(/kind/);
  });
  it("a regular distribution keeps version 1's id; the other kinds add theirs", () => {
    expect(distributionIdOf(etfId, '2026-11-25')).toBe(`${etfId}_2026-11-25`);
    expect(distributionIdOf(etfId, '2026-11-25', 'regular')).toBe(`${etfId}_2026-11-25`);
    expect(distributionIdOf(etfId, '2026-11-25', 'capital-gain')).toBe(`${etfId}_2026-11-25_capital-gain`);
  });
});

describe("distribution events: the issuer's declaration (version 3)", () => {
  const v2 = { ...v1, kind: 'regular' };
  const issuer = { url: 'https://www.globenewswire.com/news-release/2025/10/14/1/0/en/YieldMax.html', declaredAt: '2025-10-14T13:05:00.000Z', statedRate: '87.10', secYield: '-0.52' };

  it('a stored version-2 declaration or revision reads unchanged: no issuer figures', () => {
    expect(registry.decode({ ...envelope, type: 'DistributionDeclared.v2', data: v2 }).data).toEqual(v2);
    expect(registry.decode({ ...envelope, type: 'DistributionRevised.v2', data: { ...v2, previousAmount: '0.1' } }).data).toEqual({ ...v2, previousAmount: '0.1' });
  });

  it("carries the release, the issuer's stated rate and SEC yield (signed) and the ROC estimate; they read back as written", () => {
    const data = { ...v2, source: 'issuer', issuer, rocEstimatePercent: '100.00' };
    const stored = registry.encode({ type: 'DistributionDeclared', data }, meta);
    expect(stored).toMatchObject({ type: 'DistributionDeclared.v3', data });
    expect(registry.decode({ ...envelope, type: stored.type, data: stored.data }).data).toEqual(data);
    // "--" in a release is null, not a number
    const none = { ...data, issuer: { ...issuer, statedRate: null, secYield: null }, rocEstimatePercent: null };
    expect(registry.encode({ type: 'DistributionDeclared', data: none }, meta).data).toEqual(none);
  });

  it('refuses a release address that is not a URL, or a percentage that is not a decimal', () => {
    const bad = (patch: object) => () => registry.encode({ type: 'DistributionDeclared', data: { ...v2, source: 'issuer', issuer: { ...issuer, ...patch } } }, meta);
    expect(bad({ url: 'not a url' })).toThrow(/url/i);
    expect(bad({ statedRate: '87.10%' })).toThrow(/decimal/);
    expect(() => registry.encode({ type: 'DistributionDeclared', data: { ...v2, rocEstimatePercent: '-3' } }, meta)).toThrow(/decimal/);
  });
});

describe('distribution events: return of capital (issue 27)', () => {
  const character = { ordinary: '5', qualified: '2', capitalGain: '3', returnOfCapital: '90' };
  const data = { etfId, distributionId: `${etfId}_2026-11-25`, exDate: '2026-11-25', kind: 'regular', character, source: 'csv', recordedAt: '2027-02-10T15:00:00.000Z' };

  it('the final character is its own event, read back as written', () => {
    const stored = registry.encode({ type: 'DistributionCharacterRecorded', data }, meta);
    expect(stored.type).toBe('DistributionCharacterRecorded.v1');
    expect(registry.decode({ ...envelope, type: stored.type, data: stored.data }).data).toEqual(data);
  });
  it('refuses a percentage that is not a non-negative decimal, or a missing part', () => {
    expect(() => registry.encode({ type: 'DistributionCharacterRecorded', data: { ...data, character: { ...character, ordinary: '-5' } } }, meta)).toThrow(/decimal/);
    const { qualified: _q, ...three } = character;
    expect(() => registry.encode({ type: 'DistributionCharacterRecorded', data: { ...data, character: three } }, meta)).toThrow(/qualified/);
  });
  it("the owner's declaration carries an estimate as version 3 does the issuer's", () => {
    const owned = { ...v1, kind: 'regular', rocEstimatePercent: '92' };
    expect(registry.encode({ type: 'DistributionDeclared', data: owned }, meta)).toMatchObject({ type: 'DistributionDeclared.v3', data: owned });
  });
});
