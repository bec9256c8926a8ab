import { describe, expect, it } from 'vitest';
import type { BrokerageEvent } from '../../events/brokerage.ts';
import type { PortfolioEvent } from '../../events/portfolio.ts';
import type { CommandContext } from '../core/decider.ts';
import { portfolioDecider, type BrokeragePosition } from '../portfolio/business-logic.ts';
import { deciderSpec } from '../testing/decider-spec.ts';
import { brokerageDecider, brokerageMessages } from './business-logic.ts';
import { createSecretBox } from './secret-box.ts';

const userId = '4f6c1d3e-8a2b-4c5d-9e0f-1a2b3c4d5e6f';
const ctx: CommandContext = { actor: `user:${userId}`, correlationId: 'c1', now: '2026-01-23T17:00:00.000Z' };
const etf = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;
const hid = (n: number) => `20000000-0000-4000-8000-00000000000${n}`;
const earlier = '2026-01-20T15:00:00.000Z';

const registered: BrokerageEvent = {
  type: 'BrokerageUserRegistered',
  data: { userId, snaptradeUserId: 'wd-7d1e0c4a-3b7e-4d3a-9a55-0d0b8f3a1c11', encryptedSecret: 'v1.aaaa.bbbb.cccc', registeredAt: earlier },
};

describe('brokerage-<userId>', () => {
  const given = deciderSpec(brokerageDecider, ctx);
  it('registers once: a second registration (a concurrent request) adds nothing', () => {
    given([]).when({ type: 'RegisterBrokerageUser', data: { userId, snaptradeUserId: 'wd-x', encryptedSecret: 'v1.a.b.c' } }).then([
      { type: 'BrokerageUserRegistered', data: { userId, snaptradeUserId: 'wd-x', encryptedSecret: 'v1.a.b.c', registeredAt: ctx.now } },
    ]);
    given([registered]).when({ type: 'RegisterBrokerageUser', data: { userId, snaptradeUserId: 'wd-y', encryptedSecret: 'v1.d.e.f' } }).then([]);
  });

  it('records a sync only after registering (409 otherwise)', () => {
    const sync = { type: 'RecordBrokerageSync' as const, data: { userId, trigger: 'user' as const, accounts: [], synced: 0, total: 0 } };
    given([]).when(sync).thenThrows({ status: 409, message: brokerageMessages.notRegistered });
    given([registered]).when(sync).then([{ type: 'BrokerageSynced', data: { ...sync.data, syncedAt: ctx.now } }]);
  });
});

describe('portfolio-<userId>: SyncBrokerageHoldings', () => {
  const given = deciderSpec(portfolioDecider, ctx);
  const added = (n: number, shares: string, source?: 'brokerage'): PortfolioEvent => ({
    type: 'HoldingAdded',
    data: { userId, holdingId: hid(n), etfId: etf(n), shares, purchasePrice: null, purchaseDate: null, isDrip: false, addedAt: earlier, ...(source ? { source } : {}) },
  });
  const position = (n: number, shares: string, purchasePrice: string | null = null): BrokeragePosition => ({ etfId: etf(n), shares, purchasePrice, newHoldingId: hid(n + 5) });
  const sync = (...positions: BrokeragePosition[]) => ({ type: 'SyncBrokerageHoldings' as const, data: { userId, positions } });

  it('creates a holding with source brokerage for a fund not held (no DRIP, no date: the brokerage count includes reinvested shares)', () => {
    given([]).when(sync(position(1, '12.5', '21.2'))).then([
      { type: 'HoldingAdded', data: { userId, holdingId: hid(6), etfId: etf(1), shares: '12.5', purchasePrice: '21.2', purchaseDate: null, isDrip: false, addedAt: ctx.now, source: 'brokerage' } },
    ]);
  });

  it('sets a synced holding to the brokerage count, and writes nothing when it already matches', () => {
    given([added(1, '10', 'brokerage')]).when(sync(position(1, '12'))).then([
      { type: 'HoldingSynced', data: { userId, holdingId: hid(1), etfId: etf(1), shares: '12', purchasePrice: null, source: 'brokerage', syncedAt: ctx.now } },
    ]);
    given([added(1, '10', 'brokerage')]).when(sync(position(1, '10'))).then([]);
  });

  it('leaves a holding added by hand exactly as it is, whatever the brokerage says', () => {
    given([added(1, '3')]).when(sync(position(1, '50', '9'))).then([]);
    // and never removes it either
    given([added(1, '3')]).when(sync()).then([]);
  });

  it('removes a synced holding the brokerage no longer reports (sold), and never duplicates a fund listed twice', () => {
    given([added(1, '10', 'brokerage'), added(2, '4', 'brokerage')]).when(sync(position(1, '10'), position(1, '99'))).then([
      { type: 'HoldingRemoved', data: { userId, holdingId: hid(2), etfId: etf(2), removedAt: ctx.now } },
    ]);
  });

  it('folds HoldingSynced: the next sync compares against the synced count', () => {
    const synced: PortfolioEvent = { type: 'HoldingSynced', data: { userId, holdingId: hid(1), etfId: etf(1), shares: '12', purchasePrice: null, source: 'brokerage', syncedAt: earlier } };
    given([added(1, '10', 'brokerage'), synced]).when(sync(position(1, '12'))).then([]);
  });
});

describe('the secret box (AES-256-GCM)', () => {
  const box = createSecretBox(Buffer.alloc(32, 7));
  it('opens what it sealed for the same user only, with a fresh IV each time', () => {
    const sealed = box.seal('the-user-secret', userId);
    expect(sealed).toMatch(/^v1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(sealed).not.toContain('the-user-secret');
    expect(box.open(sealed, userId)).toBe('the-user-secret');
    expect(box.seal('the-user-secret', userId)).not.toBe(sealed);
    expect(() => box.open(sealed, etf(1))).toThrow();
    expect(() => createSecretBox(Buffer.alloc(32, 8)).open(sealed, userId)).toThrow();
    const [v, iv, tag, body] = sealed.split('.');
    const tampered = `${v}.${iv}.${tag}.${body!.startsWith('A') ? 'B' : 'A'}${body!.slice(1)}`;
    expect(() => box.open(tampered, userId)).toThrow();
  });
});
