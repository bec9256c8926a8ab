import { describe, expect, it } from 'vitest';
import type { StaleData } from '../../../contracts/market.ts';
import { staleDataText } from './stale-data.tsx';

// The metrics audit's N3CL (N5): the last close Wednesday 2026-09-30, the market date 2026-11-27.
const stale: StaleData = { since: '2026-09-30', reason: 'no-recent-price' };
const NOTE = 'Stale data: no new price since Sep 30, 2026, so the figures use that price. No payout is projected for this fund until data resumes.';

describe('stale data (audit N5): the texts', () => {
  it('says what stopped and what it means', () => {
    expect(staleDataText(stale)).toBe(NOTE);
    expect(staleDataText({ since: '2026-09-24', reason: 'missed-payouts' })).toBe(
      'Stale data: no payout recorded since Sep 24, 2026 (two expected payouts missed). No payout is projected for this fund until data resumes.',
    );
  });
});
