import { describe, expect, it } from 'vitest';
import { INSTANTS, failureLines, fakeTimeOffset, newYorkClock } from './test-clock.ts';

const at = (name: string) => INSTANTS.find((i) => i.name === name)!.at;

describe('test:clock', () => {
  it("faketime's offset: whole seconds from now to the instant, signed", () => {
    const now = Date.parse('2026-11-28T01:00:00Z');
    expect(fakeTimeOffset('2026-11-28T02:00:00Z', now)).toBe('+3600');
    expect(fakeTimeOffset('2026-11-28T00:58:30Z', now)).toBe('-90');
    expect(fakeTimeOffset('2026-11-28T01:00:00.400Z', now)).toBe('+0');
  });

  it('each instant is what it claims on New York’s clock', () => {
    expect(new Date(at('saturday-utc')).getUTCDay()).toBe(6);
    expect(newYorkClock(at('saturday-utc'))).toBe('Fri 2026-11-27 19:30 EST');
    expect(newYorkClock(at('thanksgiving'))).toBe('Thu 2026-11-26 12:00 EST'); // the fourth Thursday of November
    // the clocks skip 02:00–03:00: an hour earlier it is 01:30 EST, and the instant reads 03:30 EDT
    expect(newYorkClock(new Date(Date.parse(at('spring-forward')) - 3_600_000).toISOString())).toBe('Sun 2027-03-14 01:30 EST');
    expect(newYorkClock(at('spring-forward'))).toBe('Sun 2027-03-14 03:30 EDT');
    expect(newYorkClock(at('new-years-eve'))).toBe('Thu 2026-12-31 23:30 EST');
    expect(new Date(at('new-years-eve')).getUTCFullYear()).toBe(2027);
  });

  it("the summary's failure lines: one per failed test, a file that failed without a test, nothing for a pass", () => {
    const lines = failureLines(
      {
        testResults: [
          { name: '/repo/web/a.unit.spec.ts', status: 'passed', assertionResults: [{ fullName: 'a works', status: 'passed' }] },
          {
            name: '/repo/domain/b.unit.spec.ts',
            status: 'failed',
            assertionResults: [
              { fullName: 'b > counts', status: 'failed', failureMessages: ['\nAssertionError: expected 1 to be 2\n    at b.unit.spec.ts:3'] },
              { fullName: 'b > other', status: 'passed' },
            ],
          },
          { name: '/repo/c.unit.spec.ts', status: 'failed', message: 'Failed to load url ./missing.ts', assertionResults: [] },
        ],
      },
      '/repo',
    );
    expect(lines).toEqual(['domain/b.unit.spec.ts > b > counts: AssertionError: expected 1 to be 2', 'c.unit.spec.ts: Failed to load url ./missing.ts']);
  });
});
