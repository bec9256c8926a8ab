import type { RecordedEvent } from '../../events/envelope.ts';
import type { Doc, Filter, FindOptions, IndexSpec } from '../../infra/document-store/port.ts';

/**
 * The write side of a projection during one batch. Documents are cached for the batch and flushed
 * together with the checkpoint.
 */
export interface ProjectionContext {
  /**
   * Changes one document. The updater gets the current document (or null) and returns the new one,
   * or null to delete it. Idempotent by construction: if the document already reflects this event
   * (its `_position` >= the event's position), the updater is not called. The runtime stamps
   * `_position` on every document it writes.
   */
  update<T extends Doc>(collection: string, id: string, updater: (doc: T | null) => T | null): Promise<void>;
  /** Reads one document as this batch sees it (pending changes included). */
  get<T extends Doc>(collection: string, id: string): Promise<T | null>;
  /** Queries flushed documents plus this batch's pending changes. */
  find<T extends Doc>(collection: string, filter?: Filter, options?: FindOptions): Promise<T[]>;
  /** The event being applied. */
  readonly event: RecordedEvent;
}

export interface Projection {
  /** Stable name; physical collections are `<collection>_v<version>`. */
  readonly name: string;
  /** Bump when `apply` changes: the new version is rebuilt from position 0 beside the old one. */
  readonly version: number;
  /** Domain event types (not stored names) this projection reads. */
  readonly handles: readonly string[];
  /** Logical collection names this projection owns, with their indexes. */
  readonly collections: Readonly<Record<string, readonly IndexSpec[]>>;
  /** Pure and deterministic: no clock, no randomness. */
  apply(event: RecordedEvent, ctx: ProjectionContext): Promise<void> | void;
  /**
   * Optional: the updaters never change the documents they are given (they build new ones) and put
   * nothing in them that anything else may change. The batch then reads documents without a copy
   * (frozen: a change throws) and gives the ones it writes to the store without a copy
   * (document-store/port.ts `readOnly`, `owned`): for projections written on every user write.
   */
  readonly immutableDocuments?: boolean;
  /**
   * Optional: runs once after each batch with the ids touched per collection (e.g. to recompute a
   * pre-serialised aggregate). Must also be deterministic.
   */
  afterBatch?(ctx: Omit<ProjectionContext, 'event'>, touched: ReadonlyMap<string, ReadonlySet<string>>): Promise<void> | void;
}

export function physicalName(projection: Pick<Projection, 'version'>, collection: string): string {
  return `${collection}_v${projection.version}`;
}
