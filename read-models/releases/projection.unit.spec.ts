import { describe, expect, it } from 'vitest';
import type { ReleaseEvent } from '../../events/releases.ts';
import { MemoryDocumentStore } from '../../infra/document-store/memory-document-store.ts';
import { project, recorded, sampleEvent, schemaCoverage, type CoverageCases, type GivenEvent } from '../runtime/projection-testing.ts';
import type { DocumentStore } from '../../infra/document-store/port.ts';
import type { Projection } from '../runtime/projection.ts';
import { physicalName } from '../runtime/projection.ts';
import type { ReadModels } from '../runtime/read-models.ts';
import { RELEASES, releasesProjection, type ReleaseDoc } from './projection.ts';
import { listReleases, possibleNewFunds, releaseStatuses, toReleaseJson } from './queries.ts';

const a = 'a'.repeat(32);
const b = 'b'.repeat(32);
const c = 'c'.repeat(32);
const t = (h: number) => `2025-10-14T${String(h).padStart(2, '0')}:05:00.000Z`;
const row = (ticker: string, amount: string, name: string | null = null) => ({
  ticker, name, frequency: 'weekly', amount, kind: 'regular', statedRate: '87.10', secYield: '0.00', rocEstimatePercent: '100.00',
  exDate: '2025-10-15', recordDate: '2025-10-15', payDate: '2025-10-16',
});
const read = (releaseId: string, hour: number, patch: Record<string, unknown> = {}): GivenEvent => ({
  stream: `releases-${releaseId}`,
  type: 'ReleaseRead',
  data: {
    releaseId,
    url: `https://www.globenewswire.com/news-release/2025/10/14/${releaseId.slice(0, 4)}/0/en/release.html`,
    feedUrl: 'https://www.globenewswire.com/RssFeed/keyword/YieldMax',
    title: `Release ${releaseId.slice(0, 1)}`,
    publishedAt: t(hour),
    issuer: 'yieldmax',
    rows: [row('ULTY', '0.0908')],
    problems: [],
    complete: true,
    notADeclaration: false,
    unknownTickers: [],
    readAt: t(hour),
    ...patch,
  },
});
const applied = (releaseId: string, hour: number, automatically: boolean): GivenEvent => ({
  stream: `releases-${releaseId}`,
  type: 'ReleaseApplied',
  data: { releaseId, automatically, appliedBy: automatically ? 'job:ingest-declarations' : 'user:o1', outcome: { declared: 1, revised: 0, unchanged: 0, skipped: 0 }, appliedAt: t(hour) },
});
const dismissed = (releaseId: string, hour: number): GivenEvent => ({ stream: `releases-${releaseId}`, type: 'ReleaseDismissed', data: { releaseId, dismissedBy: 'user:o1', dismissedAt: t(hour) } });

const history: GivenEvent[] = [
  // a: complete, published by the job; b: in review (one row unread), names a fund not listed, then applied by the owner;
  // c: in review, then dismissed
  read(a, 9),
  applied(a, 9, true),
  read(b, 10, {
    rows: [row('ULTY', '0.0910'), row('CHPY', '0.4066', 'YieldMax Semiconductor Portfolio Option Income ETF')],
    problems: [{ message: 'row 4 (SDTY): no distribution per share', ticker: 'SDTY' }],
    complete: false,
    unknownTickers: ['CHPY'],
  }),
  read(c, 11, { rows: [], problems: [{ message: 'No table' }], complete: false }),
  applied(b, 12, false),
  dismissed(c, 13),
];

/** The queries over the projected documents (the runtime's collection naming, nothing else). */
function readModelsOver(docs: DocumentStore): ReadModels {
  return { collection: (p: Projection, name: string) => docs.collection(physicalName(p, name)) } as unknown as ReadModels;
}

async function documents(events: GivenEvent[], options: { batchSize?: number; deliverTwice?: boolean } = {}) {
  const docs = new MemoryDocumentStore();
  const result = await project(releasesProjection, recorded(events), { docs, ...options });
  return { docs, all: () => result.all<ReleaseDoc>(RELEASES) };
}

describe('releases projection', () => {
  it("follows each release: read, then published by the job, applied by the owner or dismissed", async () => {
    const { all } = await documents(history);
    const byId = new Map((await all()).map((d) => [d._id, d]));
    expect(byId.get(a)).toMatchObject({ status: 'published', automatically: true, appliedBy: 'job:ingest-declarations', appliedAt: t(9), outcome: { declared: 1 } });
    expect(byId.get(b)).toMatchObject({ status: 'applied', automatically: false, appliedBy: 'user:o1', complete: false, unknownTickers: ['CHPY'], problems: [{ ticker: 'SDTY' }] });
    expect(byId.get(c)).toMatchObject({ status: 'dismissed', dismissedAt: t(13) });
  });

  it('shows a release waiting for the owner as review, a complete one being published as publishing, a notice as not-a-declaration', async () => {
    const { all } = await documents([read(a, 9), read(b, 10, { complete: false, problems: [{ message: 'x' }] }), read(c, 11, { rows: [], complete: false, notADeclaration: true })]);
    expect((await all()).map((d) => [d._id, d.status])).toEqual([
      [a, 'publishing'],
      [b, 'review'],
      [c, 'not-a-declaration'],
    ]);
  });

  it('changes nothing when every event is delivered twice, and gives the same documents whatever the batch size', async () => {
    const once = await documents(history);
    const twice = await documents(history, { batchSize: 1, deliverTwice: true });
    expect(JSON.stringify(await twice.all())).toBe(JSON.stringify(await once.all()));
    const other = await documents(history, { batchSize: 4 });
    expect(JSON.stringify(await other.all())).toBe(JSON.stringify(await once.all()));
  });

  it('answers the review queue oldest first, every release newest first, the statuses the job skips by, and the possible new funds', async () => {
    const { docs } = await documents([...history.slice(0, 4), read('d'.repeat(32), 14, { complete: false, problems: [{ message: 'x' }], rows: [row('CHPY', '0.41')], unknownTickers: ['CHPY'] })]);
    const readModels = readModelsOver(docs);
    expect((await listReleases(readModels, 'review', 10)).map((d) => d._id)).toEqual([b, c, 'd'.repeat(32)]);
    expect((await listReleases(readModels, 'all', 2)).map((d) => d._id)).toEqual(['d'.repeat(32), c]);
    expect(await releaseStatuses(readModels, [a, b, 'e'.repeat(32)])).toEqual(new Map([[a, 'published'], [b, 'review']]));
    const funds = await possibleNewFunds(readModels, new Set(['ULTY']));
    expect(funds).toEqual([
      {
        ticker: 'CHPY',
        // the latest release's row, and the name the release that gave one wrote
        name: null,
        issuer: 'yieldmax',
        frequency: 'weekly',
        latest: { amount: '0.41', exDate: '2025-10-15', payDate: '2025-10-16', kind: 'regular' },
        firstSeenAt: t(10),
        lastSeenAt: t(14),
        releases: [
          { id: 'd'.repeat(32), url: expect.stringContaining('/dddd/'), title: 'Release d', publishedAt: t(14) },
          { id: b, url: expect.stringContaining('/bbbb/'), title: 'Release b', publishedAt: t(10) },
        ],
      },
    ]);
    // listed since: no longer a possible new fund, and its rows say so
    expect(await possibleNewFunds(readModels, new Set(['ULTY', 'CHPY']))).toEqual([]);
    const doc = (await listReleases(readModels, 'review', 1))[0]!;
    expect(toReleaseJson(doc, new Set(['ULTY'])).rows.map((r) => [r.ticker, r.listed])).toEqual([
      ['ULTY', true],
      ['CHPY', false],
    ]);
  });
});

describe('releases projection: schema coverage', () => {
  const readFirst = (d: { releaseId: string }) => [{ ...sampleEvent('ReleaseRead', { releaseId: d.releaseId, complete: false }), stream: `releases-${d.releaseId}` }];
  const cases: CoverageCases<ReleaseEvent> = {
    ReleaseRead: {},
    ReleaseApplied: { given: readFirst },
    ReleaseDismissed: { given: readFirst },
  };

  it('carries every field of the events it handles into its documents, but those listed with the reason', async () => {
    const { notReaching, documentFields } = await schemaCoverage(releasesProjection, cases);
    expect(notReaching).toEqual({
      ReleaseRead: [],
      ReleaseApplied: [],
      // only the owner dismisses (the event keeps who, for the audit)
      ReleaseDismissed: ['dismissedBy'],
    });
    // The fields of the documents of this version: a change to them is a new version (docs/architecture.md, "Where things go").
    expect({ version: releasesProjection.version, documentFields }).toEqual({
      version: 1,
      documentFields: {
        [RELEASES]: [
          '_id', '_position', 'appliedAt', 'appliedBy', 'automatically', 'complete', 'dismissedAt', 'feedUrl', 'issuer', 'outcome', 'outcome.declared', 'outcome.revised',
          'outcome.skipped', 'outcome.unchanged', 'problems', 'problems[].message', 'problems[].ticker', 'publishedAt', 'readAt', 'rows', 'rows[].amount', 'rows[].exDate',
          'rows[].frequency', 'rows[].kind', 'rows[].name', 'rows[].payDate', 'rows[].recordDate', 'rows[].rocEstimatePercent', 'rows[].secYield', 'rows[].statedRate',
          'rows[].ticker', 'status', 'title', 'unknownTickers', 'url',
        ],
      },
    });
  });
});
