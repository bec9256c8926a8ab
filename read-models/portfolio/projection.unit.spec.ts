import { describe, expect, it } from 'vitest';
import type { AccountDeletedEvent } from '../../events/accounts.ts';
import type { PortfolioEvent } from '../../events/portfolio.ts';
import { project, recorded, sampleEvent, schemaCoverage, type CoverageCases, type GivenEvent } from '../runtime/projection-testing.ts';
import { PORTFOLIOS, portfolioProjection } from './projection.ts';

const ann = '4f6c1d3e-8a2b-4c5d-9e0f-1a2b3c4d5e6f';
const bob = '0b1c2d3e-4f50-4617-8829-3a4b5c6d7e8f';
const etf = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;
const hid = (n: number) => `20000000-0000-4000-8000-00000000000${n}`;
const at = (d: number) => `2026-01-0${d}T15:00:00.000Z`;

const added = (user: string, n: number, e: number, over: Record<string, unknown> = {}): GivenEvent => ({
  stream: `portfolio-${user}`,
  type: 'HoldingAdded',
  data: { userId: user, holdingId: hid(n), etfId: etf(e), shares: '100', purchasePrice: '50.25', purchaseDate: '2026-01-02', isDrip: true, addedAt: at(5), ...over },
});

const history: GivenEvent[] = [
  added(ann, 1, 1),
  added(bob, 2, 1, { shares: '3.5', purchasePrice: null, purchaseDate: null, isDrip: false }),
  added(ann, 3, 2, { shares: '10', isDrip: false, addedAt: at(6) }),
  { stream: `portfolio-${ann}`, type: 'HoldingRemoved', data: { userId: ann, holdingId: hid(1), etfId: etf(1), removedAt: at(7) } },
  added(ann, 4, 1, { shares: '200', addedAt: at(8) }),
];

const expected = [
  { _id: bob, holdings: [{ id: hid(2), etfId: etf(1), shares: '3.5', purchasePrice: null, purchaseDate: null, isDrip: false, addedAt: at(5) }], _position: 2 },
  {
    _id: ann,
    holdings: [
      { id: hid(3), etfId: etf(2), shares: '10', purchasePrice: '50.25', purchaseDate: '2026-01-02', isDrip: false, addedAt: at(6) },
      { id: hid(4), etfId: etf(1), shares: '200', purchasePrice: '50.25', purchaseDate: '2026-01-02', isDrip: true, addedAt: at(8) },
    ],
    _position: 5,
  },
];

describe('portfolio projection', () => {
  it('keeps one document per user with the holdings as entered, in the order added', async () => {
    const { all } = await project(portfolioProjection, recorded(history));
    expect(await all(PORTFOLIOS)).toEqual(expected);
  });

  it('gives the same documents when every batch is delivered twice, and byte-identical ones on a rebuild', async () => {
    const twice = await project(portfolioProjection, recorded(history), { batchSize: 1, deliverTwice: true });
    expect(await twice.all(PORTFOLIOS)).toEqual(expected);
    const rebuilt = await project(portfolioProjection, recorded(history), { batchSize: 3 });
    expect(JSON.stringify(await rebuilt.all(PORTFOLIOS))).toBe(JSON.stringify(await twice.all(PORTFOLIOS)));
  });

  it('keeps a brokerage-synced holding marked as such and follows HoldingSynced (delivered twice too)', async () => {
    const synced: GivenEvent[] = [
      added(ann, 5, 3, { shares: '12.5', purchasePrice: '21.2', purchaseDate: null, isDrip: false, source: 'brokerage' }),
      { stream: `portfolio-${ann}`, type: 'HoldingSynced', data: { userId: ann, holdingId: hid(5), etfId: etf(3), shares: '15', purchasePrice: null, source: 'brokerage', syncedAt: at(9) } },
    ];
    const want = [{ _id: ann, holdings: [{ id: hid(5), etfId: etf(3), shares: '15', purchasePrice: null, purchaseDate: null, isDrip: false, addedAt: at(5), source: 'brokerage' }], _position: 2 }];
    expect(await (await project(portfolioProjection, recorded(synced))).all(PORTFOLIOS)).toEqual(want);
    const twice = await project(portfolioProjection, recorded(synced), { batchSize: 1, deliverTwice: true });
    expect(JSON.stringify(await twice.all(PORTFOLIOS))).toBe(JSON.stringify(want));
  });

  it('keeps the account an import kept a holding apart under: two holdings of one fund, one per account (delivered twice too)', async () => {
    const accounts: GivenEvent[] = [added(ann, 8, 3, { account: 'Roth IRA' }), added(ann, 9, 3, { shares: '3', account: 'Individual' })];
    const want = [
      {
        _id: ann,
        holdings: [
          { id: hid(8), etfId: etf(3), shares: '100', purchasePrice: '50.25', purchaseDate: '2026-01-02', isDrip: true, addedAt: at(5), account: 'Roth IRA' },
          { id: hid(9), etfId: etf(3), shares: '3', purchasePrice: '50.25', purchaseDate: '2026-01-02', isDrip: true, addedAt: at(5), account: 'Individual' },
        ],
        _position: 2,
      },
    ];
    const twice = await project(portfolioProjection, recorded(accounts), { batchSize: 1, deliverTwice: true });
    expect(await twice.all(PORTFOLIOS)).toEqual(want);
  });

  it('follows HoldingUpdated: the whole entered entry is replaced, the id, fund and addedAt stay (delivered twice too)', async () => {
    const edited: GivenEvent[] = [
      added(ann, 6, 4),
      added(ann, 7, 5, { shares: '1' }),
      {
        stream: `portfolio-${ann}`,
        type: 'HoldingUpdated',
        data: { userId: ann, holdingId: hid(6), etfId: etf(4), shares: '42.5', purchasePrice: null, purchaseDate: '2026-01-03', isDrip: false, updatedAt: at(9) },
      },
    ];
    const want = [
      {
        _id: ann,
        holdings: [
          { id: hid(6), etfId: etf(4), shares: '42.5', purchasePrice: null, purchaseDate: '2026-01-03', isDrip: false, addedAt: at(5) },
          { id: hid(7), etfId: etf(5), shares: '1', purchasePrice: '50.25', purchaseDate: '2026-01-02', isDrip: true, addedAt: at(5) },
        ],
        _position: 3,
      },
    ];
    expect(await (await project(portfolioProjection, recorded(edited))).all(PORTFOLIOS)).toEqual(want);
    const twice = await project(portfolioProjection, recorded(edited), { batchSize: 1, deliverTwice: true });
    expect(JSON.stringify(await twice.all(PORTFOLIOS))).toBe(JSON.stringify(want));
  });
});

describe('portfolio projection: schema coverage', () => {
  const given = (d: { userId: string; holdingId: string }) => [sampleEvent('HoldingAdded', { userId: d.userId, holdingId: d.holdingId })];
  const cases: CoverageCases<PortfolioEvent | AccountDeletedEvent> = {
    // the user's documents are gone once the account is deleted (docs/accounts-and-security.md "Deleting an account")
    AccountDeleted: { given: (d) => [sampleEvent('HoldingAdded', { userId: d.userId })] },
    HoldingAdded: { data: { source: 'brokerage', account: 'Roth IRA' } },
    HoldingSynced: { given },
    HoldingUpdated: { given },
    HoldingRemoved: { given },
  };

  it('carries every field of the events it handles into its documents, but those listed with the reason', async () => {
    const { notReaching, documentFields } = await schemaCoverage(portfolioProjection, cases);
    expect(notReaching).toEqual({
      // when the account was deleted is the log's: the documents are gone
      AccountDeleted: ['deletedAt'],
      HoldingAdded: [],
      // the fund of a holding never changes: the entry keeps HoldingAdded's; a sync keeps no time
      HoldingSynced: ['etfId', 'syncedAt'],
      // the same fund; the entry keeps the time it was added, not of its last edit
      HoldingUpdated: ['etfId', 'updatedAt'],
      // the entry is gone: nothing of the removal is kept
      HoldingRemoved: ['etfId', 'removedAt'],
    });
    // The fields of the documents of this version: a change to them is a new version (docs/architecture.md, "Where things go").
    expect({ version: portfolioProjection.version, documentFields }).toEqual({
      version: 2,
      documentFields: {
        [PORTFOLIOS]: [
          '_id', '_position', 'holdings', 'holdings[].account', 'holdings[].addedAt', 'holdings[].etfId', 'holdings[].id', 'holdings[].isDrip', 'holdings[].purchaseDate', 'holdings[].purchasePrice',
          'holdings[].shares', 'holdings[].source',
        ],
      },
    });
  });
});
