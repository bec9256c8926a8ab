import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '../../events/envelope.ts';
import { foldRecorded, type Decider } from './decider.ts';

type CounterEvent = { type: 'Added'; data: { by: number } } | { type: 'Reset'; data: Record<string, never> };

const counter: Decider<never, number, CounterEvent> = {
  initialState: () => 0,
  evolve: (n, e) => (e.type === 'Added' ? n + e.data.by : 0),
  decide: () => [],
  folds: { Added: true, Reset: true },
};

const at = (revision: number, type: string, data: unknown): RecordedEvent => ({
  stream: 'counter-1',
  revision,
  position: revision + 1,
  type,
  data,
  metadata: { actor: 'test', correlationId: 'c' },
  recordedAt: '2026-01-05T15:00:00.000Z',
});

describe('foldRecorded', () => {
  it('folds a stream read from the log and answers the revision it is at', () => {
    expect(foldRecorded(counter, 'counter-1', [at(0, 'Added', { by: 2 }), at(1, 'Added', { by: 3 })])).toEqual({ state: 5, revision: 1 });
    expect(foldRecorded(counter, 'counter-1', [at(0, 'Added', { by: 2 }), at(1, 'Reset', {})])).toEqual({ state: 0, revision: 1 });
  });

  it('answers the initial state at revision -1 for a stream that does not exist', () => {
    expect(foldRecorded(counter, 'counter-1', [])).toEqual({ state: 0, revision: -1 });
  });

  it('refuses an event type the decider does not fold', () => {
    expect(() => foldRecorded(counter, 'counter-1', [at(0, 'Added', { by: 2 }), at(1, 'Renamed', {})])).toThrow(
      'counter-1 holds Renamed at revision 1, which its decider does not fold',
    );
  });
});
