import type { CatalogEvent, DataSource, PayoutFrequency } from '../../events/catalog.ts';
import type { Recorded } from '../../events/define.ts';
import type { RecordedEvent } from '../../events/envelope.ts';
import type { Doc } from '../../infra/document-store/port.ts';
import type { Projection, ProjectionContext } from '../runtime/projection.ts';
import type { ReadModels } from '../runtime/read-models.ts';

/**
 * The `catalog-index` read model: the listed funds as the data jobs and the owner's CSV export need
 * them (which tickers to sync, from which inception, the four exported columns). Deliberately small
 * and separate from the public market views, whose shape serves the site, not the jobs.
 */
export interface CatalogIndexDoc extends Doc {
  _id: string;
  ticker: string;
  name: string;
  brand: string;
  description: string;
  frequency: PayoutFrequency;
  underlying: string | null;
  inceptionDate: string | null;
  dataSource: DataSource;
}

export const CATALOG_INDEX = 'catalog_index';

type Handled = Extract<CatalogEvent, { type: 'EtfListed' | 'EtfDetailsChanged' }>;
const handled: readonly Handled['type'][] = ['EtfListed', 'EtfDetailsChanged'];

export const catalogIndexProjection: Projection = {
  name: 'catalog-index',
  version: 1,
  handles: handled,
  collections: { [CATALOG_INDEX]: [{ key: { ticker: 1 }, name: 'ticker' }] },
  async apply(recorded: RecordedEvent, ctx: ProjectionContext) {
    const event = recorded as Recorded<Handled>;
    switch (event.type) {
      case 'EtfListed': {
        const { etfId, listedAt: _at, ...d } = event.data;
        await ctx.update<CatalogIndexDoc>(CATALOG_INDEX, etfId, (doc) => doc ?? { _id: etfId, ...d });
        return;
      }
      case 'EtfDetailsChanged': {
        const { etfId, changedAt: _at, ...changes } = event.data;
        await ctx.update<CatalogIndexDoc>(CATALOG_INDEX, etfId, (doc) => {
          if (!doc) return null;
          const next = { ...doc };
          for (const [key, value] of Object.entries(changes)) if (value !== undefined) Object.assign(next, { [key]: value });
          return next;
        });
        return;
      }
      default: {
        const unexpected: never = event;
        throw new Error(`catalog-index projection cannot apply ${JSON.stringify(unexpected)}`);
      }
    }
  },
};

function catalogIndex(readModels: ReadModels) {
  return readModels.collection<CatalogIndexDoc>(catalogIndexProjection, CATALOG_INDEX);
}

/** One listed fund by id; null when unknown. */
export async function catalogEntry(readModels: ReadModels, etfId: string): Promise<CatalogIndexDoc | null> {
  return catalogIndex(readModels).findOne({ _id: etfId });
}

/** Every listed fund, by ticker. */
export async function listCatalog(readModels: ReadModels): Promise<CatalogIndexDoc[]> {
  return catalogIndex(readModels).find({}, { sort: { ticker: 1 } });
}

export async function catalogSize(readModels: ReadModels): Promise<number> {
  return catalogIndex(readModels).countDocuments({});
}
