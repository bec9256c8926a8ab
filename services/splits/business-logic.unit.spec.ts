import { describe, it } from 'vitest';
import type { DataSource } from '../../events/catalog.ts';
import type { SplitEvent } from '../../events/splits.ts';
import type { CommandContext } from '../core/decider.ts';
import { deciderSpec } from '../testing/decider-spec.ts';
import { splitsDecider, type IncomingSplit, type SplitCommand } from './business-logic.ts';

const etfId = '0b6f3a8e-3c1d-4f7a-9d2e-1a2b3c4d5e6f';
const ctx: CommandContext = { actor: 'job:sync-dividends', correlationId: 'c1', now: '2026-11-23T21:00:00.000Z' };
const given = deciderSpec(splitsDecider, ctx);

const record = (splits: IncomingSplit[], source: DataSource = 'alpaca'): SplitCommand => ({ type: 'RecordSplits', etfId, splits, source });
const recorded = (exDate: string, oldRate: string, newRate: string, source: DataSource = 'alpaca'): SplitEvent => ({
  type: 'SplitRecorded',
  data: { etfId, splitId: `${etfId}_${exDate}`, exDate, oldRate, newRate, source },
});

describe('splits-<etfId>: one split per fund and ex-date', () => {
  it('records a new split with canonical rates and a deterministic id', () => {
    given([]).when(record([{ exDate: '2026-11-09', oldRate: '10.0', newRate: 1 }])).then([recorded('2026-11-09', '10', '1')]);
  });

  it('records nothing for the same split again, also written as another equal ratio (20:2 = 10:1)', () => {
    given([recorded('2026-11-09', '10', '1')]).when(record([{ exDate: '2026-11-09', oldRate: 20, newRate: 2 }])).then([]);
  });

  it('a different ratio for the same ex-date is a revision with the previous rates', () => {
    given([recorded('2026-11-09', '10', '1', 'manual')])
      .when(record([{ exDate: '2026-11-09', oldRate: 5, newRate: 1 }], 'manual'))
      .then([
        {
          type: 'SplitRevised',
          data: { etfId, splitId: `${etfId}_2026-11-09`, exDate: '2026-11-09', oldRate: '5', newRate: '1', source: 'manual', previousOldRate: '10', previousNewRate: '1' },
        },
      ]);
  });

  it('a provider never revises a split the owner recorded; the owner may revise the provider', () => {
    given([recorded('2026-11-09', '10', '1', 'manual')]).when(record([{ exDate: '2026-11-09', oldRate: 5, newRate: 1 }], 'alpaca')).then([]);
    given([recorded('2026-11-09', '5', '1', 'alpaca')])
      .when(record([{ exDate: '2026-11-09', oldRate: 10, newRate: 1 }], 'manual'))
      .then((events) => {
        if (events.length !== 1 || events[0]!.type !== 'SplitRevised') throw new Error(`expected one SplitRevised, got ${JSON.stringify(events)}`);
      });
  });

  it('refuses rates that are not positive and equal rates', () => {
    given([]).when(record([{ exDate: '2026-11-09', oldRate: 0, newRate: 1 }])).thenThrows({ status: 400, message: 'split 2026-11-09: old rate must be a positive number, got 0' });
    given([]).when(record([{ exDate: '2026-11-09', oldRate: '3', newRate: '3.0' }])).thenThrows({
      status: 400,
      message: 'split 2026-11-09: old and new rate are equal (3), which changes nothing',
    });
    given([]).when(record([{ exDate: '09/11/2026', oldRate: 10, newRate: 1 }])).thenThrows({ status: 400, message: 'split ex-date must be YYYY-MM-DD, got "09/11/2026"' });
  });
});
