import { describe, expect, it } from 'vitest';
import type { PublicCalendarEntry } from '../../contracts/market.ts';
import type { UserCalendarEntry } from '../../contracts/portfolio.ts';
import { publicCalendarIcs, userCalendarIcs } from './ics.ts';

/** The titles of the events of an ICS document, unfolded. */
const summaries = (ics: string) => [...ics.replace(/\r\n[ \t]/g, '').matchAll(/^SUMMARY:(.*)$/gm)].map((m) => m[1]!.trim());

const options = { appUrl: 'https://weeklydiv.test', now: new Date('2026-11-23T12:00:00.000Z') };
const owner = { source: 'owner', issuer: null, sourceUrl: null, declaredAt: null, statedRate: null, secYield: null, rocEstimatePercent: null, character: null, characterFinal: false, rocBasis: 'not-published', rocPercent: null } as const;
const base = { etfId: 'e1', ticker: 'N3SQ', name: 'Special same day', payoutDate: '2026-11-27', estimated: false, exDate: '2026-11-25', isDemo: false, ...owner };

describe('ICS: a special says so (N1)', () => {
  it('in the public feed', () => {
    const entries: PublicCalendarEntry[] = [
      { ...base, amount: '0.2', kind: 'regular', distributionId: 'e1_2026-11-25' },
      { ...base, etfId: 'e2', amount: '1', kind: 'special', distributionId: 'e2_2026-11-25_special' },
      { ...base, etfId: 'e3', amount: '0.31', kind: 'capital-gain', distributionId: 'e3_2026-11-25_capital-gain' },
    ];
    expect(summaries(publicCalendarIcs(entries, options))).toEqual(['N3SQ pays $0.20/share', 'N3SQ pays $1.00/share (special)', 'N3SQ pays $0.31/share (capital gain)']);
  });
  it("in a user's feed", () => {
    const entry = (amount: string, estimatedPayout: string, kind: UserCalendarEntry['kind']): UserCalendarEntry => ({
      etfId: kind, ticker: 'N3SQ', payoutDate: '2026-11-27', amount, shares: '107.21', estimatedPayout, estimated: false, kind, paid: true, isDemo: false, distributionId: `${kind}_2026-11-25`, payoutStatus: 'paid', receivedAmount: null, ...owner,
    });
    expect(summaries(userCalendarIcs([entry('0.2', '21.44', 'regular'), entry('1', '107.21', 'special')], { ...options, userId: 'u1' }))).toEqual([
      'N3SQ payout $21.44',
      'N3SQ payout $107.21 (special)',
    ]);
  });
});
