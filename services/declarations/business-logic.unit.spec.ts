import { describe, expect, it } from 'vitest';
import type { ReleaseEvent, ReleaseRead } from '../../events/releases.ts';
import type { CommandContext } from '../core/decider.ts';
import { deciderSpec } from '../testing/decider-spec.ts';
import { checkRelease, cleanText, releaseDateOf, releaseDecider, releaseIdOf, releaseMessages, releaseStatusOf } from './business-logic.ts';
import type { DeclaredRow, ParsedRelease } from './release.ts';

const ctx: CommandContext = { actor: 'job:ingest-declarations', correlationId: 'run-1', now: '2025-10-14T13:10:00.000Z' };
const owner: CommandContext = { actor: 'user:owner-1', correlationId: 'req-1', now: '2025-10-14T15:00:00.000Z' };
const given = deciderSpec(releaseDecider, ctx);

// YieldMax Group 1 of Oct. 14, 2025 (GlobeNewswire): ex & record Wednesday 10-15, paid Thursday 10-16.
const ulty: DeclaredRow = {
  ticker: 'ULTY',
  name: 'YieldMax® Ultra Option Income Strategy ETF',
  frequency: 'weekly',
  amount: '0.0908',
  kind: 'regular',
  statedRate: '87.10',
  secYield: '0.00',
  rocEstimatePercent: '100.00',
  exDate: '2025-10-15',
  recordDate: '2025-10-15',
  payDate: '2025-10-16',
};
const ymax: DeclaredRow = { ...ulty, ticker: 'YMAX', name: 'YieldMax® Universe Fund of Option Income ETFs', amount: '0.1743', statedRate: '71.49', secYield: '82.78', rocEstimatePercent: '60.55' };
const parsed = (patch: Partial<ParsedRelease> = {}): ParsedRelease => ({ issuer: 'yieldmax', complete: true, rows: [ulty, ymax], problems: [], notADeclaration: false, ...patch });
const context = { listedTickers: new Set(['ULTY', 'YMAX']), releaseDate: '2025-10-14' };

describe('checking what the parser read, before anything may be published', () => {
  it('keeps a complete release as read: every row, no problem', () => {
    expect(checkRelease(parsed(), context)).toEqual({ issuer: 'yieldmax', rows: [ulty, ymax], problems: [], complete: true, notADeclaration: false, unknownTickers: [] });
  });

  it('sets apart the tickers the catalog does not list (possible new funds): they stay among the rows read, the release stays complete', () => {
    const chpy = { ...ulty, ticker: 'CHPY', name: 'YieldMax® Semiconductor Portfolio Option Income ETF', amount: '0.4066' };
    expect(checkRelease(parsed({ rows: [chpy, ulty] }), context)).toMatchObject({ rows: [chpy, ulty], unknownTickers: ['CHPY'], complete: true });
  });

  it("moves a row that breaks a rule to the problems: the release is then not complete (whatever the parser said)", () => {
    const rules: [Partial<DeclaredRow>, string][] = [
      [{ exDate: '2025-10-18' }, 'ULTY: Ex-date 2025-10-18 is a Saturday: an ex-date must be a weekday (Monday to Friday)'],
      [{ exDate: '2025-11-27', payDate: '2025-11-28' }, 'ULTY: Ex-date 2025-11-27 is Thanksgiving Day: the market is closed'],
      [{ payDate: '2025-10-14' }, 'ULTY: pay date 2025-10-14 is before the ex-date 2025-10-15'],
      [{ amount: '908' }, 'ULTY: a distribution of $908 per share is not plausible'],
      [{ rocEstimatePercent: '140.00' }, 'ULTY: a return-of-capital estimate of 140.00% is more than 100%'],
      // a table of an older release quoted in this one
      [{ exDate: '2023-10-18', recordDate: '2023-10-19', payDate: '2023-10-25' }, "ULTY: ex-date 2023-10-18 is more than 45 days before the release's date 2025-10-14"],
      // a year typed wrong
      [{ exDate: '2026-12-16', recordDate: '2026-12-16', payDate: '2026-12-17' }, "ULTY: ex-date 2026-12-16 is more than 400 days after the release's date 2025-10-14"],
    ];
    for (const [patch, message] of rules) {
      const checked = checkRelease(parsed({ rows: [{ ...ulty, ...patch }, ymax] }), context);
      expect(checked, message).toMatchObject({ rows: [ymax], problems: [{ message, ticker: 'ULTY' }], complete: false });
    }
    // what the events could not hold is never passed on either: a dollar sign, a glued footnote, a date not a date
    expect(checkRelease(parsed({ rows: [{ ...ulty, amount: '$0.0908' }] }), context).problems[0]!.message).toMatch(/^ULTY: amount "\$0\.0908" is not readable/);
    expect(checkRelease(parsed({ rows: [{ ...ulty, ticker: 'SDTY*' }] }), context).problems[0]!.message).toMatch(/^SDTY\*: ticker "SDTY\*" is not readable/);
    expect(checkRelease(parsed({ rows: [{ ...ulty, exDate: '10/15/25' }] }), context).problems[0]!.message).toMatch(/^ULTY: exDate "10\/15\/25" is not readable/);
  });

  it('keeps one of a row stated twice alike; two different rows for one distribution are neither published', () => {
    expect(checkRelease(parsed({ rows: [ulty, ymax, { ...ulty }] }), context)).toMatchObject({ rows: [ulty, ymax], complete: true });
    expect(checkRelease(parsed({ rows: [ulty, ymax, { ...ulty, amount: '0.0981' }] }), context)).toMatchObject({
      rows: [ymax],
      problems: [{ message: 'ULTY: the regular distribution ex 2025-10-15 is stated 2 times with different figures', ticker: 'ULTY' }],
      complete: false,
    });
  });

  it("keeps the parser's problems, and a table too long to be one is refused whole (a hostile page)", () => {
    const withProblem = checkRelease(parsed({ complete: false, rows: [ymax], problems: [{ message: 'row 4 (SDTY): no distribution per share', ticker: 'SDTY' }] }), context);
    expect(withProblem).toMatchObject({ rows: [ymax], problems: [{ message: 'row 4 (SDTY): no distribution per share', ticker: 'SDTY' }], complete: false });
    const huge = checkRelease(parsed({ rows: Array.from({ length: 5000 }, (_, i) => ({ ...ulty, ticker: `T${i}` })) }), context);
    expect(huge).toMatchObject({ rows: [], problems: [{ message: "The release's tables have 5000 rows; at most 200 are read: none was kept" }], complete: false, unknownTickers: [] });
  });

  it('keeps at most 50 problems, the last saying how many more', () => {
    const bad = Array.from({ length: 80 }, (_, i) => ({ ...ulty, ticker: `B${i}`, exDate: '2025-10-18' }));
    const checked = checkRelease(parsed({ rows: bad }), context);
    expect(checked.problems).toHaveLength(50);
    expect(checked.problems.at(-1)).toEqual({ message: 'and 31 more problems' });
  });

  it('a notice with nothing to publish is not a declaration; one the parser called so but read rows from goes to review', () => {
    expect(checkRelease(parsed({ rows: [], complete: false, notADeclaration: true }), context)).toMatchObject({ notADeclaration: true, complete: false, problems: [] });
    expect(checkRelease(parsed({ notADeclaration: true }), context)).toMatchObject({
      notADeclaration: false,
      complete: false,
      problems: [{ message: 'The parser called it not a declaration, yet read rows from it' }],
    });
    expect(checkRelease(parsed({ rows: [] }), context)).toMatchObject({ complete: false, problems: [{ message: 'No distribution was read from the release' }] });
  });

  it("cleans text for the owner's screens: no control characters, at most 300 characters", () => {
    expect(cleanText('YieldMax®\u0000 Ultra\n\tOption <b>Income</b>')).toBe('YieldMax® Ultra Option <b>Income</b>');
    expect(cleanText('x'.repeat(400))).toHaveLength(300);
    expect(checkRelease(parsed({ rows: [{ ...ulty, name: `ULTY\u0007${'n'.repeat(500)}` }] }), context).rows[0]!.name).toHaveLength(300);
  });

  it("dates the release by its publication (New York), else by when it was read; a feed's future clock is not trusted", () => {
    expect(releaseDateOf('2025-10-15T02:30:00.000Z', '2025-10-15T13:00:00.000Z')).toBe('2025-10-14');
    expect(releaseDateOf(null, '2025-10-15T13:00:00.000Z')).toBe('2025-10-15');
    expect(releaseDateOf('2027-01-01T00:00:00.000Z', '2025-10-15T13:00:00.000Z')).toBe('2025-10-15');
  });
});

describe('releases-<releaseId>: read once, then applied or dismissed', () => {
  const releaseId = releaseIdOf('gnw-3166000', 'https://www.globenewswire.com/news-release/2025/10/14/3166000/0/en/x.html');
  const read = (patch: Partial<ReleaseRead['data']> = {}): ReleaseEvent => ({
    type: 'ReleaseRead',
    data: {
      releaseId,
      url: 'https://www.globenewswire.com/news-release/2025/10/14/3166000/0/en/x.html',
      feedUrl: 'https://www.globenewswire.com/RssFeed/keyword/YieldMax',
      title: 'YieldMax® ETFs Announces Weekly Distributions on ULTY, LFGY, YMAX, YMAG, SLTY, and Others',
      publishedAt: '2025-10-14T13:05:00.000Z',
      issuer: 'yieldmax',
      rows: [ulty, ymax],
      problems: [],
      complete: true,
      notADeclaration: false,
      unknownTickers: [],
      readAt: ctx.now,
      ...patch,
    },
  });
  const outcome = { declared: 2, revised: 0, unchanged: 0, skipped: 0 };
  const applied = (automatically: boolean, at: CommandContext = ctx): ReleaseEvent => ({
    type: 'ReleaseApplied',
    data: { releaseId, automatically, appliedBy: at.actor, outcome, appliedAt: at.now },
  });

  it('a release is read once: read again, nothing is appended; its id is its guid, else its link', () => {
    given([]).when({ type: 'RecordRelease', release: (read().data as ReleaseRead['data']) }).then([read()]);
    given([read()]).when({ type: 'RecordRelease', release: (read({ title: 'changed' }).data as ReleaseRead['data']) }).then([]);
    expect(releaseIdOf(' gnw-1 ', 'https://a.example/1')).toBe(releaseIdOf('gnw-1', 'https://b.example/2'));
    expect(releaseIdOf(null, 'https://a.example/1')).not.toBe(releaseIdOf(null, 'https://a.example/2'));
    expect(releaseId).toMatch(/^[0-9a-f]{32}$/);
  });

  it('the job publishes a complete release by itself, once', () => {
    given([read()]).when({ type: 'ApplyRelease', releaseId, automatically: true, outcome }).then([applied(true)]);
    given([read(), applied(true)]).when({ type: 'ApplyRelease', releaseId, automatically: true, outcome }).then([]);
  });

  it('nothing half-read is published without the owner; the owner applies what was read completely', () => {
    const partial = read({ complete: false, rows: [ymax], problems: [{ message: 'row 4 (SDTY): no distribution per share', ticker: 'SDTY' }] });
    given([partial]).when({ type: 'ApplyRelease', releaseId, automatically: true, outcome }).thenThrows({ status: 409, message: releaseMessages.notComplete });
    given([partial]).when({ type: 'ApplyRelease', releaseId, automatically: false, outcome }, owner).then([applied(false, owner)]);
  });

  it('refuses to apply what declares nothing, what was dismissed, or what is unknown', () => {
    given([read({ rows: [], complete: false, notADeclaration: true })]).when({ type: 'ApplyRelease', releaseId, automatically: false, outcome }, owner).thenThrows({ status: 409, message: releaseMessages.notADeclaration });
    given([read({ rows: [], complete: false, problems: [{ message: 'no table' }] })]).when({ type: 'ApplyRelease', releaseId, automatically: false, outcome }, owner).thenThrows({ status: 409, message: releaseMessages.nothingRead });
    const dismissed: ReleaseEvent = { type: 'ReleaseDismissed', data: { releaseId, dismissedBy: owner.actor, dismissedAt: owner.now } };
    given([read({ complete: false }), dismissed]).when({ type: 'ApplyRelease', releaseId, automatically: false, outcome }, owner).thenThrows({ status: 409, message: releaseMessages.dismissed });
    given([]).when({ type: 'ApplyRelease', releaseId, automatically: false, outcome }, owner).thenThrows({ status: 404, message: releaseMessages.notFound });
  });

  it('the owner dismisses a release once; an applied one cannot be dismissed', () => {
    const dismissed: ReleaseEvent = { type: 'ReleaseDismissed', data: { releaseId, dismissedBy: owner.actor, dismissedAt: owner.now } };
    given([read({ complete: false })]).when({ type: 'DismissRelease', releaseId }, owner).then([dismissed]);
    given([read({ complete: false }), dismissed]).when({ type: 'DismissRelease', releaseId }, owner).then([]);
    given([read(), applied(true)]).when({ type: 'DismissRelease', releaseId }, owner).thenThrows({ status: 409, message: releaseMessages.applied });
    given([]).when({ type: 'DismissRelease', releaseId }, owner).thenThrows({ status: 404 });
  });

  it('says where a release stands', () => {
    const base = { complete: true, notADeclaration: false };
    expect(releaseStatusOf(base, null, false)).toBe('publishing');
    expect(releaseStatusOf(base, { automatically: true }, false)).toBe('published');
    expect(releaseStatusOf({ ...base, complete: false }, null, false)).toBe('review');
    expect(releaseStatusOf({ ...base, complete: false }, { automatically: false }, false)).toBe('applied');
    expect(releaseStatusOf({ ...base, complete: false }, null, true)).toBe('dismissed');
    expect(releaseStatusOf({ complete: false, notADeclaration: true }, null, false)).toBe('not-a-declaration');
  });
});
