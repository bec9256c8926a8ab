import { describe, expect, it } from 'vitest';
import type { AccountDeletedEvent } from '../../events/accounts.ts';
import type { PayoutEvent } from '../../events/payouts.ts';
import { project, recorded, sampleEvent, schemaCoverage, type CoverageCases, type GivenEvent } from '../runtime/projection-testing.ts';
import { PAYOUTS, payoutsProjection } from './projection.ts';

const ann = '4f6c1d3e-8a2b-4c5d-9e0f-1a2b3c4d5e6f';
const holding = '10000000-0000-4000-8000-000000000001';
const etf = '00000000-0000-4000-8000-000000000001';
const at = (d: number) => `2026-01-0${d}T15:00:00.000Z`;
const record = (id: string, amount: string) => ({ id, accountId: 'acc-1', type: 'DIVIDEND' as const, symbol: 'PAYW', amount, units: null, price: null, date: '2026-01-07' });

const history: GivenEvent[] = [
  { stream: `payouts-${ann}`, type: 'PayoutMarkedReceived', data: { userId: ann, holdingId: holding, etfId: etf, exDate: '2026-01-06', amount: '50', markedAt: at(7) } },
  { stream: `payouts-${ann}`, type: 'BrokerPayoutsRecorded', data: { userId: ann, records: [record('a1', '12.5'), record('a2', '3')], recordedAt: at(7) } },
  { stream: `payouts-${ann}`, type: 'PayoutMarkedReceived', data: { userId: ann, holdingId: holding, etfId: etf, exDate: '2026-01-06', amount: '49.5', markedAt: at(8) } },
  { stream: `payouts-${ann}`, type: 'BrokerPayoutsRecorded', data: { userId: ann, records: [record('a1', '12.75')], recordedAt: at(8) } },
  { stream: `payouts-${ann}`, type: 'IncomeGoalSet', data: { userId: ann, period: 'week', amount: '100', setAt: at(9) } },
];

const expected = [
  {
    _id: ann,
    marks: [{ holdingId: holding, etfId: etf, exDate: '2026-01-06', amount: '49.5', markedAt: at(8) }],
    records: [record('a2', '3'), record('a1', '12.75')],
    goal: { period: 'week', amount: '100', setAt: at(9) },
    _position: 5,
  },
];

describe('payouts projection', () => {
  it('keeps the last mark of a payout, the last report of a record, and the goal', async () => {
    const { all } = await project(payoutsProjection, recorded(history));
    expect(await all(PAYOUTS)).toEqual(expected);
  });

  it('gives the same documents when every batch is delivered twice', async () => {
    const twice = await project(payoutsProjection, recorded(history), { batchSize: 1, deliverTwice: true });
    expect(await twice.all(PAYOUTS)).toEqual(expected);
  });
});

describe('payouts projection: schema coverage', () => {
  const cases: CoverageCases<PayoutEvent | AccountDeletedEvent> = {
    // the user's documents are gone once the account is deleted (docs/accounts-and-security.md "Deleting an account")
    AccountDeleted: { given: (d) => [sampleEvent('IncomeGoalSet', { userId: d.userId })] }, PayoutMarkedReceived: {}, BrokerPayoutsRecorded: {}, IncomeGoalSet: {} };

  it('carries every field of the events it handles into its documents, but those listed with the reason', async () => {
    const { notReaching, documentFields } = await schemaCoverage(payoutsProjection, cases);
    // the time of a sync is the record's business, not the ledger's (each record carries its own date)
    expect(notReaching).toEqual({
      // when the account was deleted is the log's: the documents are gone
      AccountDeleted: ['deletedAt'], PayoutMarkedReceived: [], BrokerPayoutsRecorded: ['recordedAt'], IncomeGoalSet: [] });
    // The fields of the documents of this version: a change to them is a new version (docs/architecture.md, "Where things go").
    expect({ version: payoutsProjection.version, documentFields }).toEqual({
      version: 2,
      documentFields: {
        [PAYOUTS]: [
          '_id',
          '_position',
          'goal',
          'goal.amount',
          'goal.period',
          'goal.setAt',
          'marks',
          'marks[].amount',
          'marks[].etfId',
          'marks[].exDate',
          'marks[].holdingId',
          'marks[].markedAt',
          'records',
          'records[].accountId',
          'records[].amount',
          'records[].date',
          'records[].id',
          'records[].price',
          'records[].source',
          'records[].symbol',
          'records[].type',
          'records[].units',
        ],
      },
    });
  });
});
