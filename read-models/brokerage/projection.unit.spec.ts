import { describe, expect, it } from 'vitest';
import type { AccountDeletedEvent } from '../../events/accounts.ts';
import type { BrokerageEvent } from '../../events/brokerage.ts';
import { project, recorded, sampleEvent, schemaCoverage, type CoverageCases, type GivenEvent } from '../runtime/projection-testing.ts';
import { BROKERAGE_LINKS, brokerageProjection } from './projection.ts';

const ann = '4f6c1d3e-8a2b-4c5d-9e0f-1a2b3c4d5e6f';
const at = (h: number) => `2026-01-23T${String(h).padStart(2, '0')}:00:00.000Z`;
const account = (id: string, positions: number, synced: number) => ({ accountId: id, brokerageName: 'Schwab', accountName: `Account ${id}`, positions, synced });

const history: GivenEvent[] = [
  { stream: `brokerage-${ann}`, type: 'BrokerageUserRegistered', data: { userId: ann, snaptradeUserId: 'wd-1', encryptedSecret: 'v1.aa.bb.cc', registeredAt: at(10) } },
  { stream: `brokerage-${ann}`, type: 'BrokerageSynced', data: { userId: ann, trigger: 'user', accounts: [account('a', 3, 1), account('b', 2, 2)], synced: 3, total: 5, syncedAt: at(11) } },
  { stream: `brokerage-${ann}`, type: 'BrokerageSynced', data: { userId: ann, trigger: 'schedule', accounts: [account('a', 4, 2)], synced: 2, total: 4, syncedAt: at(12) } },
];

const expected = [
  {
    _id: ann,
    registeredAt: at(10),
    lastSync: { at: at(12), synced: 2, total: 4, trigger: 'schedule' },
    accounts: [
      { ...account('a', 4, 2), lastSyncedAt: at(12) },
      { ...account('b', 2, 2), lastSyncedAt: at(11) },
    ],
    _position: 3,
  },
];

describe('brokerage projection', () => {
  it('keeps the registration and each account with the time a sync last read it, never the secret', async () => {
    const { all } = await project(brokerageProjection, recorded(history));
    const docs = await all(BROKERAGE_LINKS);
    expect(docs).toEqual(expected);
    expect(JSON.stringify(docs)).not.toContain('v1.aa.bb.cc');
  });

  it('gives the same documents when every batch is delivered twice', async () => {
    const twice = await project(brokerageProjection, recorded(history), { batchSize: 1, deliverTwice: true });
    expect(JSON.stringify(await twice.all(BROKERAGE_LINKS))).toBe(JSON.stringify(expected));
  });
});

describe('brokerage projection: schema coverage', () => {
  const cases: CoverageCases<BrokerageEvent | AccountDeletedEvent> = {
    // the user's documents are gone once the account is deleted (docs/accounts-and-security.md "Deleting an account")
    AccountDeleted: { given: (d) => [sampleEvent('BrokerageUserRegistered', { userId: d.userId })] },
    BrokerageUserRegistered: {},
    BrokerageSynced: { given: (d) => [sampleEvent('BrokerageUserRegistered', { userId: d.userId })] },
  };

  it('carries every field of the events it handles into its documents, but those listed with the reason', async () => {
    const { notReaching, documentFields } = await schemaCoverage(brokerageProjection, cases);
    // SnapTrade's user id and secret stay in the stream, where the server reads them: never in a read model
    expect(notReaching).toEqual({
      // when the account was deleted is the log's: the documents are gone
      AccountDeleted: ['deletedAt'], BrokerageUserRegistered: ['snaptradeUserId', 'encryptedSecret'], BrokerageSynced: [] });
    // The fields of the documents of this version: a change to them is a new version (docs/architecture.md, "Where things go").
    expect({ version: brokerageProjection.version, documentFields }).toEqual({
      version: 1,
      documentFields: {
        [BROKERAGE_LINKS]: [
          '_id', '_position', 'accounts', 'accounts[].accountId', 'accounts[].accountName', 'accounts[].brokerageName', 'accounts[].lastSyncedAt', 'accounts[].positions',
          'accounts[].synced', 'lastSync', 'lastSync.at', 'lastSync.synced', 'lastSync.total', 'lastSync.trigger', 'registeredAt',
        ],
      },
    });
  });
});
