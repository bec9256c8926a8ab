import { describe, expect, it } from 'vitest';
import { registry } from './registry.ts';

const userId = '4f6c1d3e-8a2b-4c5d-9e0f-1a2b3c4d5e6f';
const meta = { actor: 'test', correlationId: 'c1' };
const envelope = { stream: `portfolio-${userId}`, revision: 0, position: 1, metadata: meta, recordedAt: '2026-01-01T00:00:00.000Z' };
const v1 = {
  userId,
  holdingId: '10000000-0000-4000-8000-000000000001',
  etfId: '00000000-0000-4000-8000-000000000001',
  shares: '100',
  purchasePrice: null,
  purchaseDate: null,
  isDrip: false,
  addedAt: '2026-01-01T00:00:00.000Z',
};

describe('HoldingAdded: the account (version 2)', () => {
  it('a stored version-1 holding reads unchanged: no account', () => {
    expect(registry.decode({ ...envelope, type: 'HoldingAdded.v1', data: v1 }).data).toEqual(v1);
    expect(registry.decode({ ...envelope, type: 'HoldingAdded.v1', data: { ...v1, source: 'brokerage' } }).data).toEqual({ ...v1, source: 'brokerage' });
  });
  it('new holdings are stored as version 2, with an account label of 1 to 40 characters when an import kept it apart', () => {
    const stored = registry.encode({ type: 'HoldingAdded', data: { ...v1, account: 'Roth IRA' } }, meta);
    expect(stored.type).toBe('HoldingAdded.v2');
    expect(registry.decode({ ...envelope, type: stored.type, data: stored.data }).data).toEqual({ ...v1, account: 'Roth IRA' });
    expect(registry.encode({ type: 'HoldingAdded', data: v1 }, meta).type).toBe('HoldingAdded.v2');
    expect(() => registry.encode({ type: 'HoldingAdded', data: { ...v1, account: '' } }, meta)).toThrow();
    expect(() => registry.encode({ type: 'HoldingAdded', data: { ...v1, account: 'x'.repeat(41) } }, meta)).toThrow();
  });
});
