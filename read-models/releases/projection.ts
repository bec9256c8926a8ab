import type { ReleaseJson } from '../../contracts/declarations.ts';
import type { Recorded } from '../../events/define.ts';
import type { RecordedEvent } from '../../events/envelope.ts';
import type { DeclaredRowData, ReleaseEvent } from '../../events/releases.ts';
import type { Doc } from '../../infra/document-store/port.ts';
import type { Projection, ProjectionContext } from '../runtime/projection.ts';

/**
 * The `releases` read model: one document per issuer release read by `ingest-declarations` (its
 * `releases-<releaseId>` stream), what the owner's review queue and the possible new funds show, and
 * what the job asks to skip a release it already read (docs/declarations.md). Times come from the events.
 */
export interface ReleaseDoc extends Doc, Omit<ReleaseJson, 'id' | 'rows'> {
  _id: string;
  /** The rows as read (whether a ticker is listed is the catalog's answer at the time of a read: queries.ts). */
  rows: DeclaredRowData[];
  /** Whether the job published it by itself (status `published`) or the owner applied it (`applied`). */
  automatically: boolean | null;
}

export const RELEASES = 'releases';

const handled: readonly ReleaseEvent['type'][] = ['ReleaseRead', 'ReleaseApplied', 'ReleaseDismissed'];

export const releasesProjection: Projection = {
  name: 'releases',
  version: 1,
  handles: handled,
  collections: {
    [RELEASES]: [
      { key: { status: 1, readAt: -1 }, name: 'status_readAt' },
      { key: { readAt: -1 }, name: 'readAt' },
      // multikey: the possible new funds are the releases naming a ticker the catalog does not list
      { key: { unknownTickers: 1 }, name: 'unknownTickers' },
    ],
  },
  immutableDocuments: true,
  async apply(recorded: RecordedEvent, ctx: ProjectionContext) {
    const event = recorded as Recorded<ReleaseEvent>;
    const id = event.data.releaseId;
    switch (event.type) {
      case 'ReleaseRead': {
        const { releaseId: _id, notADeclaration, ...read } = event.data;
        await ctx.update<ReleaseDoc>(RELEASES, id, (doc) =>
          doc ?? {
            _id: id,
            ...read,
            status: notADeclaration ? 'not-a-declaration' : read.complete ? 'publishing' : 'review',
            appliedAt: null,
            appliedBy: null,
            automatically: null,
            outcome: null,
            dismissedAt: null,
          },
        );
        return;
      }
      case 'ReleaseApplied': {
        const { automatically, appliedBy, outcome, appliedAt } = event.data;
        await ctx.update<ReleaseDoc>(RELEASES, id, (doc) =>
          doc ? { ...doc, status: automatically ? 'published' : 'applied', automatically, appliedBy, outcome, appliedAt } : null,
        );
        return;
      }
      case 'ReleaseDismissed': {
        const { dismissedAt, dismissedBy: _by } = event.data;
        await ctx.update<ReleaseDoc>(RELEASES, id, (doc) => (doc ? { ...doc, status: 'dismissed', dismissedAt } : null));
        return;
      }
      default: {
        const never: never = event;
        throw new Error(`releases projection cannot apply ${JSON.stringify(never)}`);
      }
    }
  },
};
