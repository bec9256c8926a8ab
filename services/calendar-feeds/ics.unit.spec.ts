import { describe, expect, it } from 'vitest';
import type { PublicCalendarEntry } from '../../contracts/market.ts';
import type { UserCalendarEntry } from '../../contracts/portfolio.ts';
import { publicCalendarIcs, userCalendarIcs } from './ics.ts';

/**
 * The iCalendar text as RFC 5545 §3.1 reads it: content lines, each ended by CRLF (the last one too),
 * folded lines joined back. Throws on a line not ended by CRLF, so a spec cannot pass on a file a strict
 * parser refuses.
 */
function contentLines(text: string): string[] {
  if (!text.endsWith('\r\n')) throw new Error(`the last line has no CRLF: ${JSON.stringify(text.slice(-20))}`);
  const raw = text.slice(0, -2).split('\r\n');
  for (const line of raw) if (line.includes('\n') || line.includes('\r')) throw new Error(`a bare LF or CR in ${JSON.stringify(line)}`);
  const lines: string[] = [];
  for (const line of raw) {
    if ((line.startsWith(' ') || line.startsWith('\t')) && lines.length > 0) lines[lines.length - 1] += line.slice(1);
    else lines.push(line);
  }
  return lines;
}

function uids(text: string): string[] {
  return contentLines(text)
    .filter((l) => l.startsWith('UID:'))
    .map((l) => l.slice('UID:'.length));
}

const ETF = '7a7a7a7a-0000-4000-8000-000000000001';
/** Loaded by the owner: no issuer's release behind these payouts. */
const owner = { source: 'owner', issuer: null, sourceUrl: null, declaredAt: null, statedRate: null, secYield: null, rocEstimatePercent: null, character: null, characterFinal: false, rocBasis: 'not-published', rocPercent: null } as const;
const now = new Date('2026-11-27T19:30:00.000Z');
const appUrl = 'https://weeklydiv.example';

// The metrics audit's N3S2 (N7): a special $0.50 ex 11-20 and the regular $0.20 ex 11-25, both paid Friday
// 11-27, 10 shares; then an estimate for the next week.
const publicEntries: PublicCalendarEntry[] = [
  { etfId: ETF, ticker: 'N3S2', name: 'Audit two on one day', payoutDate: '2026-11-27', amount: '0.5', estimated: false, exDate: '2026-11-20', kind: 'special', isDemo: false, distributionId: `${ETF}_2026-11-20_special`, ...owner },
  { etfId: ETF, ticker: 'N3S2', name: 'Audit two on one day', payoutDate: '2026-11-27', amount: '0.2', estimated: false, exDate: '2026-11-25', kind: 'regular', isDemo: false, distributionId: `${ETF}_2026-11-25`, ...owner },
  { etfId: ETF, ticker: 'N3S2', name: 'Audit two on one day', payoutDate: '2026-12-04', amount: '0.2', estimated: true, exDate: '2026-12-03', kind: 'regular', isDemo: false, distributionId: `${ETF}_2026-12-03`, ...owner },
];
const userEntries: UserCalendarEntry[] = publicEntries.map((e) => ({
  etfId: e.etfId,
  ticker: e.ticker,
  payoutDate: e.payoutDate,
  amount: e.amount,
  shares: '10',
  estimatedPayout: (10 * Number(e.amount)).toFixed(2),
  estimated: e.estimated,
  kind: e.kind,
  paid: !e.estimated,
  isDemo: false,
  distributionId: e.distributionId,
  payoutStatus: e.estimated ? 'projected' : 'paid',
  receivedAmount: null,
  ...owner,
}));

describe('iCalendar feeds (RFC 5545)', () => {
  it('end every content line with CRLF, the last one included (N14), in both feeds, with or without events', () => {
    for (const text of [
      publicCalendarIcs(publicEntries, { appUrl, now }),
      publicCalendarIcs([], { appUrl, now }),
      userCalendarIcs(userEntries, { appUrl, now, userId: 'u1' }),
      userCalendarIcs([], { appUrl, now, userId: 'u1' }),
    ]) {
      const lines = contentLines(text);
      expect(lines[0]).toBe('BEGIN:VCALENDAR');
      expect(lines.at(-1)).toBe('END:VCALENDAR');
    }
  });

  it('the private feed gives each payout its own UID, per distribution: two paid on one day stay two events (N7)', () => {
    const text = userCalendarIcs(userEntries, { appUrl, now, userId: 'u1' });
    const ids = uids(text);
    expect(ids).toEqual([`${ETF}_2026-11-20_special-u1@weeklydiv`, `${ETF}_2026-11-25-u1@weeklydiv`, `${ETF}_2026-12-03-u1@weeklydiv`]);
    expect(new Set(ids).size).toBe(ids.length);
    // the same on every fetch (another DTSTAMP changes nothing)
    expect(uids(userCalendarIcs(userEntries, { appUrl, now: new Date('2026-11-28T12:00:00.000Z'), userId: 'u1' }))).toEqual(ids);
  });

  it('an estimate that becomes declared keeps its UID in both feeds (same fund, same ex-date)', () => {
    const declared = { ...publicEntries[2]!, estimated: false };
    expect(uids(publicCalendarIcs([declared], { appUrl, now }))).toEqual(uids(publicCalendarIcs([publicEntries[2]!], { appUrl, now })));
    expect(uids(publicCalendarIcs([declared], { appUrl, now }))).toEqual([`${ETF}-2026-12-03@weeklydiv`]);
    const declaredForUser = { ...userEntries[2]!, estimated: false };
    expect(uids(userCalendarIcs([declaredForUser], { appUrl, now, userId: 'u1' }))).toEqual(uids(userCalendarIcs([userEntries[2]!], { appUrl, now, userId: 'u1' })));
  });

  it('the public feed keeps `<etfId>-<exDate>` for a regular payout and appends the kind for the others', () => {
    const ids = uids(publicCalendarIcs(publicEntries, { appUrl, now }));
    expect(ids).toEqual([`${ETF}-2026-11-20-special@weeklydiv`, `${ETF}-2026-11-25@weeklydiv`, `${ETF}-2026-12-03@weeklydiv`]);
  });

  it('a regular payout and a special on one ex-date are two events in both feeds (two public UIDs, two private UIDs)', () => {
    // The audit's N3SQ: the regular $0.20 and a special $1.00, both ex 11-25 and paid 11-27.
    const sameDay: PublicCalendarEntry[] = [
      { etfId: ETF, ticker: 'N3SQ', name: 'Special same day', payoutDate: '2026-11-27', amount: '0.2', estimated: false, exDate: '2026-11-25', kind: 'regular', isDemo: false, distributionId: `${ETF}_2026-11-25`, ...owner },
      { etfId: ETF, ticker: 'N3SQ', name: 'Special same day', payoutDate: '2026-11-27', amount: '1', estimated: false, exDate: '2026-11-25', kind: 'special', isDemo: false, distributionId: `${ETF}_2026-11-25_special`, ...owner },
    ];
    expect(uids(publicCalendarIcs(sameDay, { appUrl, now }))).toEqual([`${ETF}-2026-11-25@weeklydiv`, `${ETF}-2026-11-25-special@weeklydiv`]);
    const forUser: UserCalendarEntry[] = sameDay.map((e) => ({
      etfId: e.etfId, ticker: e.ticker, payoutDate: e.payoutDate, amount: e.amount, shares: '10', estimatedPayout: (10 * Number(e.amount)).toFixed(2),
      estimated: false, kind: e.kind, paid: true, isDemo: false, distributionId: e.distributionId, payoutStatus: 'paid', receivedAmount: null, ...owner,
    }));
    expect(uids(userCalendarIcs(forUser, { appUrl, now, userId: 'u1' }))).toEqual([`${ETF}_2026-11-25-u1@weeklydiv`, `${ETF}_2026-11-25_special-u1@weeklydiv`]);
  });

  it("a payout declared in the issuer's release names the release and the ROC estimate in both feeds; an estimate does not", () => {
    const RELEASE = 'https://www.globenewswire.com/news-release/2026/11/24/1/0/en/N3S2.html';
    const issuer = { source: 'issuer', issuer: 'yieldmax', sourceUrl: RELEASE, declaredAt: '2026-11-24T14:05:00.000Z', statedRate: '52.00', secYield: '0.00', rocEstimatePercent: '96.66' } as const;
    const declared = { ...publicEntries[1]!, ...issuer };
    const projected = { ...publicEntries[2]!, ...issuer, issuer: null, sourceUrl: null, declaredAt: null, statedRate: null, secYield: null, rocEstimatePercent: null };
    const descriptions = (text: string) => contentLines(text).filter((l) => l.startsWith('DESCRIPTION:'));
    const [declaredText, projectedText] = descriptions(publicCalendarIcs([declared, projected], { appUrl, now }));
    expect(declaredText).toContain(`Declared by YieldMax: ${RELEASE}\\nIssuer's return-of-capital estimate: 96.66%`);
    expect(projectedText).not.toContain('Declared by');
    const mine = { ...userEntries[1]!, ...issuer };
    expect(descriptions(userCalendarIcs([mine], { appUrl, now, userId: 'u1' }))[0]).toContain(`Declared by YieldMax: ${RELEASE}`);
  });
});
