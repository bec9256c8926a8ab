import type { Collection, Doc } from '../../infra/document-store/port.ts';
import type { Projection } from './projection.ts';

export interface ProjectionStatus {
  name: string;
  version: number;
  position: number;
  head: number;
  lag: number;
  state: 'catching-up' | 'live' | 'stopped' | 'failed';
  error?: string;
}

/**
 * The read side as the gateway sees it. Implemented by the local runner (embedded default, worker)
 * and by a checkpoint-polling reader (stateless gateways on MongoDB).
 */
export interface ReadModels {
  /** A projection's logical collection (physical name carries the version). */
  collection<T extends Doc = Doc>(projection: Projection, name: string): Collection<T>;
  /**
   * Resolves once every registered projection has processed the log up to `position`
   * (or `only` these projections). Rejects after `timeoutMs` (default 5000).
   */
  waitFor(position: number, options?: { only?: readonly Projection[]; timeoutMs?: number }): Promise<void>;
  status(): Promise<ProjectionStatus[]>;
  /** Subscribe to "projection advanced" notifications (for caches of pre-serialised JSON). */
  onAdvance(listener: (projection: Projection, position: number) => void): () => void;
}
