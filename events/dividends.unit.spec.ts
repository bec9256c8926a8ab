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
  it('new events are stored as version 2 with their kind', () => {
    const stored = registry.encode({ type: 'DistributionDeclared', data: { ...v1, distributionId: distributionIdOf(etfId, '2026-11-25', 'special'), kind: 'special' } }, meta);
    expect(stored.type).toBe('DistributionDeclared.v2');
    expect(stored.data).toMatchObject({ kind: 'special', distributionId: `${etfId}_2026-11-25_special` });
    expect(() => registry.encode({ type: 'DistributionDeclared', data: v1 }, meta)).toThrow(/kind/);
  });
  it("a regular distribution keeps version 1's id; the other kinds add theirs", () => {
    expect(distributionIdOf(etfId, '2026-11-25')).toBe(`${etfId}_2026-11-25`);
    expect(distributionIdOf(etfId, '2026-11-25', 'regular')).toBe(`${etfId}_2026-11-25`);
    expect(distributionIdOf(etfId, '2026-11-25', 'capital-gain')).toBe(`${etfId}_2026-11-25_capital-gain`);
  });
});
