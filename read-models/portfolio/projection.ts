import type { AccountDeletedEvent } from '../../events/accounts.ts';
import type { Recorded } from '../../events/define.ts';
import type { RecordedEvent } from '../../events/envelope.ts';
import { withEntered, type HoldingEntered, type PortfolioEvent } from '../../events/portfolio.ts';
import type { Doc } from '../../infra/document-store/port.ts';
import type { Projection, ProjectionContext } from '../runtime/projection.ts';

/**
 * The `portfolios` read model: one document per user with the holdings as entered (fed by that user's
 * `portfolio-<userId>` stream only, so `_position` makes redelivery harmless). What a holding is worth
 * and earned (DRIP growth, income, returns) depends on market data and is derived at read time from
 * this document and the market read side (views.ts), cached per (document position, market position).
 */
export interface HoldingEntry extends HoldingEntered {
  id: string;
  etfId: string;
  addedAt: string;
  /** `brokerage` when a brokerage sync created it (absent: added by hand). */
  source?: 'brokerage';
  /** The account label an import kept it apart under (HoldingAdded v2; absent: none). */
  account?: string;
}

export interface PortfolioDoc extends Doc {
  _id: string;
  holdings: HoldingEntry[];
}

export const PORTFOLIOS = 'portfolios';

export const portfolioProjection: Projection = {
  name: 'portfolio',
  // 2: a holding's account label (HoldingAdded v2, issue 28)
  version: 2,
  handles: ['HoldingAdded', 'HoldingRemoved', 'HoldingSynced', 'HoldingUpdated', 'AccountDeleted'] satisfies (PortfolioEvent | AccountDeletedEvent)['type'][],
  // multikey: holdersOf (the alerts' recipients of a fund)
  collections: { [PORTFOLIOS]: [{ key: { 'holdings.etfId': 1 }, name: 'holdings_etfId' }] },
  // written on every holding write: documents read and written without copies
  immutableDocuments: true,
  async apply(recorded: RecordedEvent, ctx: ProjectionContext) {
    const event = recorded as Recorded<PortfolioEvent | AccountDeletedEvent>;
    switch (event.type) {
      case 'HoldingAdded': {
        // Everything the event carries but the stream's user, under the entry's names (no field list: a
        // field added to the event reaches the document; projection.unit.spec.ts checks every one does).
        const { userId, holdingId, source, ...carried } = event.data;
        const entry: HoldingEntry = { id: holdingId, ...carried, ...(source === 'brokerage' ? { source } : {}) };
        await ctx.update<PortfolioDoc>(PORTFOLIOS, userId, (doc) => {
          const holdings = doc?.holdings ?? [];
          if (holdings.some((h) => h.id === holdingId)) return doc;
          return { _id: userId, holdings: [...holdings, entry] };
        });
        return;
      }
      case 'HoldingSynced': {
        const { userId, holdingId, shares, purchasePrice } = event.data;
        await ctx.update<PortfolioDoc>(PORTFOLIOS, userId, (doc) =>
          doc ? { ...doc, holdings: doc.holdings.map((h) => (h.id === holdingId ? { ...h, shares, purchasePrice } : h)) } : null,
        );
        return;
      }
      case 'HoldingUpdated': {
        // The whole entered entry; the fund, the id and addedAt stay.
        const { userId, holdingId } = event.data;
        await ctx.update<PortfolioDoc>(PORTFOLIOS, userId, (doc) =>
          doc ? { ...doc, holdings: doc.holdings.map((h) => (h.id === holdingId ? withEntered(h, event.data) : h)) } : null,
        );
        return;
      }
      case 'HoldingRemoved': {
        const { userId, holdingId } = event.data;
        await ctx.update<PortfolioDoc>(PORTFOLIOS, userId, (doc) => (doc ? { ...doc, holdings: doc.holdings.filter((h) => h.id !== holdingId) } : null));
        return;
      }
      case 'AccountDeleted':
        // the account was deleted: its documents go (docs/accounts-and-security.md "Deleting an account")
        await ctx.update<PortfolioDoc>(PORTFOLIOS, event.data.userId, () => null);
        return;
      default: {
        const never: never = event;
        throw new Error(`portfolio projection cannot apply ${JSON.stringify(never)}`);
      }
    }
  },
};
