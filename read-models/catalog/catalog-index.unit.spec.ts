import { describe, expect, it } from 'vitest';
import type { EtfDetailsChanged, EtfListed } from '../../events/catalog.ts';
import { project, recorded, sampleEvent, schemaCoverage, type CoverageCases, type GivenEvent } from '../runtime/projection-testing.ts';
import { CATALOG_INDEX, catalogIndexProjection, type CatalogIndexDoc } from './catalog-index.ts';

const a = '0b6f3a8e-3c1d-4f7a-9d2e-1a2b3c4d5e6f';
const b = '1b6f3a8e-3c1d-4f7a-9d2e-1a2b3c4d5e6f';
const at = '2026-01-05T15:00:00.000Z';
const listing = (etfId: string, ticker: string) => ({
  etfId,
  ticker,
  name: `${ticker} ETF`,
  brand: 'Roundhill',
  description: '',
  frequency: 'weekly',
  underlying: null,
  inceptionDate: '2025-01-02',
  dataSource: 'manual',
  listedAt: at,
});

const history: GivenEvent[] = [
  { stream: `etf-${a}`, type: 'EtfListed', data: listing(a, 'NVDW') },
  { stream: `catalog-NVDW`, type: 'TickerReserved', data: { ticker: 'NVDW', etfId: a, reservedAt: at } },
  { stream: `etf-${b}`, type: 'EtfListed', data: listing(b, 'AMDW') },
  { stream: `etf-${a}`, type: 'EtfDetailsChanged', data: { etfId: a, ticker: 'NVDY', underlying: 'NVDA', changedAt: at } },
];

describe('catalog-index projection', () => {
  it('keeps the listed funds with their current details', async () => {
    const { all } = await project(catalogIndexProjection, recorded(history));
    const doc = (etfId: string, ticker: string, underlying: string | null, position: number) => ({
      _id: etfId,
      ticker,
      name: ticker === 'NVDY' ? 'NVDW ETF' : `${ticker} ETF`,
      brand: 'Roundhill',
      description: '',
      frequency: 'weekly',
      underlying,
      inceptionDate: '2025-01-02',
      dataSource: 'manual',
      _position: position,
    });
    expect(await all<CatalogIndexDoc>(CATALOG_INDEX)).toEqual([doc(a, 'NVDY', 'NVDA', 4), doc(b, 'AMDW', null, 3)]);
  });

  it('gives the same documents when every event is delivered twice, and on a rebuild', async () => {
    const once = await project(catalogIndexProjection, recorded(history), { batchSize: 2 });
    const twice = await project(catalogIndexProjection, recorded(history), { batchSize: 1, deliverTwice: true });
    expect(JSON.stringify(await twice.all(CATALOG_INDEX))).toBe(JSON.stringify(await once.all(CATALOG_INDEX)));
  });

  it('ignores changes of a fund it does not know', async () => {
    const { all } = await project(catalogIndexProjection, recorded(history.slice(3)));
    expect(await all(CATALOG_INDEX)).toEqual([]);
  });
});

describe('catalog-index projection: schema coverage', () => {
  const cases: CoverageCases<EtfListed | EtfDetailsChanged> = {
    EtfListed: {},
    EtfDetailsChanged: { given: (d) => [sampleEvent('EtfListed', { etfId: d.etfId })] },
  };

  it('carries every field of the events it handles into its documents, but those listed with the reason', async () => {
    const { notReaching, documentFields } = await schemaCoverage(catalogIndexProjection, cases);
    // the jobs and the export need the fund as it is, not when it was listed or last edited
    expect(notReaching).toEqual({ EtfListed: ['listedAt'], EtfDetailsChanged: ['changedAt'] });
    // The fields of the documents of this version: a change to them is a new version (docs/architecture.md, "Where things go").
    expect({ version: catalogIndexProjection.version, documentFields }).toEqual({
      version: 1,
      documentFields: { [CATALOG_INDEX]: ['_id', '_position', 'brand', 'dataSource', 'description', 'frequency', 'inceptionDate', 'name', 'ticker', 'underlying'] },
    });
  });
});
