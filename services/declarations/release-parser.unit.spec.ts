import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseRelease, type Issuer, type ParsedRelease } from './release-parser.ts';

/**
 * The corpus (docs/declarations.md "The parser's rules"): releases written the ways the six issuers write
 * them, 2023 to 2026, each with every row's expected values beside it, or complete:false with the expected
 * problems. Each fixture is checked exactly: a row read differently, a row too many or too few fails.
 */
const DIR = new URL('./fixtures/', import.meta.url);

interface Fixture {
  about: string;
  input: { url: string; publishedAt: string | null; issuer?: Issuer };
  expected: ParsedRelease;
}

const names = readdirSync(DIR).filter((f) => f.endsWith('.html')).sort();

describe('the release corpus', () => {
  it('has at least 12 releases, from the six issuers, 2023 to 2026, some to review and some not declarations', () => {
    const fixtures = names.map((n) => JSON.parse(readFileSync(new URL(n.replace(/\.html$/, '.expected.json'), DIR), 'utf8')) as Fixture);
    expect(fixtures.length).toBeGreaterThanOrEqual(12);
    const issuers = new Set(fixtures.map((f) => f.expected.issuer));
    expect([...issuers].sort()).toEqual(['defiance', 'graniteshares', 'nicholas', 'rex', 'roundhill', 'yieldmax']);
    const years = new Set(fixtures.map((f) => f.input.publishedAt?.slice(0, 4)));
    for (const year of ['2023', '2024', '2025', '2026']) expect(years).toContain(year);
    expect(fixtures.filter((f) => !f.expected.complete && !f.expected.notADeclaration).length).toBeGreaterThanOrEqual(3);
    expect(fixtures.filter((f) => f.expected.notADeclaration).length).toBeGreaterThanOrEqual(2);
  });

  for (const name of names) {
    it(name, () => {
      const fixture = JSON.parse(readFileSync(new URL(name.replace(/\.html$/, '.expected.json'), DIR), 'utf8')) as Fixture;
      const html = readFileSync(new URL(name, DIR), 'utf8');
      const parsed = parseRelease({ html, ...fixture.input });
      expect(parsed).toEqual(fixture.expected);
      // The interface's promises: problems mean not complete; complete means rows to publish.
      if (parsed.problems.length > 0) expect(parsed.complete).toBe(false);
      if (parsed.complete) expect(parsed.rows.length).toBeGreaterThan(0);
    });
  }
});

// ---- rules the corpus does not show on its own

const table = (header: readonly string[], rows: readonly (readonly string[])[]) =>
  `<table><tr>${header.map((h) => `<td>${h}</td>`).join('')}</tr>${rows.map((r) => `<tr>${r.map((c) => `<td>${c}</td>`).join('')}</tr>`).join('')}</table>`;
const HEADER = ['ETF Ticker', 'Distribution per Share', 'Ex-Date', 'Payment Date'];
const read = (html: string, publishedAt: string | null = '2025-10-14T13:00:00Z', url = 'https://example.test/release') =>
  parseRelease({ html, url, publishedAt });
const row = (ticker: string, amount: string, exDate: string, payDate: string | null) => ({
  ticker, name: null, frequency: null, amount, kind: 'regular', statedRate: null, secYield: null, rocEstimatePercent: null, exDate, recordDate: null, payDate,
});

describe('the parser rules', () => {
  it('gives year-less dates above a table the year of the publication, across the new year; without a publication date they are not read', () => {
    const html = `<p>Ex-Date: January 2</p><p>Payment Date: January 5</p>${table(['Ticker', 'Distribution per Share'], [['ULTY', '$0.0911']])}`;
    expect(read(html, '2025-12-30T14:00:00Z').rows).toEqual([row('ULTY', '0.0911', '2026-01-02', '2026-01-05')]);
    const unknown = read(html, null);
    expect(unknown.complete).toBe(false);
    expect(unknown.problems).toEqual([
      { message: "row 1 (ULTY): the ex-date above the table ('January 2') could not be read", ticker: 'ULTY' },
      { message: "row 1 (ULTY): the payment date above the table ('January 5') could not be read", ticker: 'ULTY' },
    ]);
  });

  it('sends a row without any ex-date to review, and an ex-date far from the publication', () => {
    expect(read(table(['Ticker', 'Distribution per Share'], [['ULTY', '$0.0911']])).problems).toEqual([{ message: 'row 1 (ULTY): no ex-date', ticker: 'ULTY' }]);
    expect(read(table(HEADER, [['ULTY', '$0.0911', '10/15/24', '10/16/24']])).problems).toEqual([
      { message: 'row 1 (ULTY): ex-date 2024-10-15 is not within 45 days before and 400 days after the release (2025-10-14)', ticker: 'ULTY' },
    ]);
  });

  it('keeps the same distribution stated twice once, and sends two different figures for it to review', () => {
    const same = read(table(HEADER, [['ULTY', '$0.0911', '10/15/25', '10/16/25'], ['ULTY', '$0.09110', '10/15/25', '10/16/25']]));
    expect(same).toMatchObject({ complete: true, rows: [row('ULTY', '0.0911', '2025-10-15', '2025-10-16')] });
    const different = read(table(HEADER, [['ULTY', '$0.0911', '10/15/25', '10/16/25'], ['ULTY', '$0.0919', '10/15/25', '10/16/25'], ['YMAX', '$0.1738', '10/15/25', '10/16/25']]));
    expect(different.complete).toBe(false);
    expect(different.rows.map((r) => r.ticker)).toEqual(['YMAX']);
    expect(different.problems).toEqual([{ message: 'ULTY: different figures for the same regular distribution (ex-date 2025-10-15): 0.0911 and 0.0919', ticker: 'ULTY' }]);
  });

  it('sends an ex-date column that contradicts the date above the table to review', () => {
    const html = `<p>Ex-Date: October 15, 2025</p>${table(HEADER, [['ULTY', '$0.0911', '10/16/25', '10/17/25']])}`;
    expect(read(html).problems).toEqual([{ message: 'row 1 (ULTY): ex-date 2025-10-16 differs from the ex-date above the table (2025-10-15)', ticker: 'ULTY' }]);
  });

  it('reads a group row inside a table as the dates of the rows under it', () => {
    const html = `<table><tr><td>Ticker</td><td>Distribution per Share</td></tr>
      <tr><td colspan="2">Group 1 — Ex-Date &amp; Record Date: 10/15/25, Payment Date: 10/16/25</td></tr><tr><td>ULTY</td><td>$0.0911</td></tr>
      <tr><td colspan="2">Group 2 — Ex-Date &amp; Record Date: 10/16/25, Payment Date: 10/17/25</td></tr><tr><td>MSTY</td><td>$0.2315</td></tr></table>`;
    expect(read(html).rows.map((r) => [r.ticker, r.exDate, r.recordDate, r.payDate])).toEqual([
      ['ULTY', '2025-10-15', '2025-10-15', '2025-10-16'], ['MSTY', '2025-10-16', '2025-10-16', '2025-10-17'],
    ]);
  });

  it('marks a table under a "Special Distribution" heading special; a sentence naming both payouts changes nothing', () => {
    const special = read(`<h3>Special Distribution</h3>${table(HEADER, [['ULTY', '$0.5000', '12/17/25', '12/18/25']])}`, '2025-12-16T13:00:00Z');
    expect(special.rows.map((r) => r.kind)).toEqual(['special']);
    const both = read(`<p>The fund declared its weekly distribution and a special distribution.</p>${table(HEADER, [['ULTY', '$0.0911', '12/17/25', '12/18/25']])}`, '2025-12-16T13:00:00Z');
    expect(both.rows.map((r) => r.kind)).toEqual(['regular']);
  });

  it('sends a table with two columns read as the same thing to review, whole', () => {
    const parsed = read(table(['Ticker', 'Distribution per Share', 'Distribution Amount', 'Ex-Date'], [['ULTY', '$0.0911', '$0.0911', '10/15/25']]));
    expect(parsed).toEqual({
      issuer: null, complete: false, notADeclaration: false, rows: [],
      problems: [{ message: "a distribution table whose columns could not be matched: two columns read as the distribution per share: 'Distribution per Share', 'Distribution Amount'" }],
    });
  });

  it('sends a row whose cells do not line up with the header to review', () => {
    const parsed = read(table(HEADER, [['ULTY', '$0.0911', '10/15/25', '10/16/25'], ['YMAX', '$0.1738', '10/15/25'], ['QDTY', '$0.2390', '10/15/25', '10/16/25', '17.2%']]));
    expect(parsed.rows.map((r) => r.ticker)).toEqual(['ULTY']);
    expect(parsed.problems).toEqual([
      { message: 'row 2 (YMAX): 3 cells where the header has 4', ticker: 'YMAX' },
      { message: "row 3 (QDTY): its cells do not line up with the header's columns", ticker: 'QDTY' },
    ]);
  });

  it('numbers the tables in problems when a release has several', () => {
    const parsed = read(`${table(HEADER, [['ULTY', '$0.0911', '10/15/25', '10/16/25']])}<p>Group 2</p>${table(HEADER, [['MSTY', '--', '10/16/25', '10/17/25']])}`);
    expect(parsed.problems).toEqual([{ message: "table 2, row 1 (MSTY): no distribution per share ('--') although the row gives dates", ticker: 'MSTY' }]);
  });

  it('infers the issuer from the release address, else from the brand it names most', () => {
    const html = table(HEADER, [['ULTY', '$0.0911', '10/15/25', '10/16/25']]);
    expect(read(html, '2025-10-14T13:00:00Z', 'https://www.roundhillinvestments.com/press/x').issuer).toBe('roundhill');
    expect(read(`<p>GraniteShares today announced, GraniteShares said.</p><p>Unlike YieldMax.</p>${html}`).issuer).toBe('graniteshares');
    expect(read(`<p>GraniteShares and YieldMax.</p>${html}`).issuer).toBeNull();
    expect(parseRelease({ html, url: 'not a url', publishedAt: 'not a date', issuer: 'rex' }).issuer).toBe('rex');
  });
});
