import { describe, it } from 'vitest';
import { deciderSpec } from '../testing/decider-spec.ts';
import { payoutsDecider } from './business-logic.ts';

const userId = '4f6c1d3e-8a2b-4c5d-9e0f-1a2b3c4d5e6f';
const holdingId = '10000000-0000-4000-8000-000000000001';
const etfId = '00000000-0000-4000-8000-000000000001';
const now = '2026-01-14T15:00:00.000Z';
const given = deciderSpec(payoutsDecider, { actor: userId, correlationId: 'c1', now });

const mark = (amount: string) => ({ type: 'MarkPayoutReceived' as const, data: { userId, holdingId, etfId, exDate: '2026-01-13', amount } });
const marked = (amount: string) => ({ type: 'PayoutMarkedReceived' as const, data: { userId, holdingId, etfId, exDate: '2026-01-13', amount, markedAt: now } });
const record = (id: string, amount: string) => ({ id, accountId: 'acc-1', type: 'DIVIDEND' as const, symbol: 'RCVW', amount, units: null, price: null, date: '2026-01-14' });

describe('payouts decider', () => {
  it('a mark is an event; the same amount again is nothing; another amount revises', () => {
    given().when(mark('40')).then([marked('40')]);
    given([marked('40')]).when(mark('40')).then([]);
    given([marked('40')]).when(mark('39.5')).then([marked('39.5')]);
  });

  it('broker records: only those new or changed are recorded', () => {
    const recorded = { type: 'BrokerPayoutsRecorded' as const, data: { userId, records: [record('a', '40')], recordedAt: now } };
    given().when({ type: 'RecordBrokerPayouts', data: { userId, records: [record('a', '40')] } }).then([recorded]);
    given([recorded]).when({ type: 'RecordBrokerPayouts', data: { userId, records: [record('a', '40')] } }).then([]);
    given([recorded])
      .when({ type: 'RecordBrokerPayouts', data: { userId, records: [record('a', '40'), record('b', '3'), ] } })
      .then([{ type: 'BrokerPayoutsRecorded', data: { userId, records: [record('b', '3')], recordedAt: now } }]);
    given([recorded])
      .when({ type: 'RecordBrokerPayouts', data: { userId, records: [record('a', '41')] } })
      .then([{ type: 'BrokerPayoutsRecorded', data: { userId, records: [record('a', '41')], recordedAt: now } }]);
  });

  it('the goal: set, the same again nothing, changed again an event', () => {
    const set = { type: 'IncomeGoalSet' as const, data: { userId, period: 'week' as const, amount: '100', setAt: now } };
    given().when({ type: 'SetIncomeGoal', data: { userId, period: 'week', amount: '100' } }).then([set]);
    given([set]).when({ type: 'SetIncomeGoal', data: { userId, period: 'week', amount: '100' } }).then([]);
    given([set]).when({ type: 'SetIncomeGoal', data: { userId, period: 'month', amount: '100' } }).then([{ ...set, data: { ...set.data, period: 'month' } }]);
  });
});
