import { describe, expect, it } from 'vitest';
import { parseRelease, RELEASE_LIMITS } from './release-parser.ts';

/**
 * Hostile and broken releases (docs/declarations.md "The caps"): scripts and event handlers, huge tables
 * and bodies, deep nesting, markup a browser would have to repair. None may crash or hang the parser, none
 * may publish anything it did not read as a release states it. (The spec runner's 20 s limit per test is the
 * "no hang" bound; bench/release-parser.bench.ts measures the times.)
 */
const read = (html: string) => parseRelease({ html, url: 'https://example.test/release', publishedAt: '2025-10-14T13:00:00Z', issuer: 'yieldmax' });
const HEADER = '<tr><td>ETF Ticker</td><td>Distribution per Share</td><td>Ex-Date</td><td>Payment Date</td></tr>';
const dataRow = (i: number) => `<tr><td>T${String.fromCharCode(65 + (i % 26))}${String.fromCharCode(65 + (Math.floor(i / 26) % 26))}${String.fromCharCode(65 + (Math.floor(i / 676) % 26))}</td><td>$0.${String(1000 + (i % 9000)).padStart(4, '0')}</td><td>10/15/25</td><td>10/16/25</td></tr>`;

describe('hostile releases', () => {
  it('takes only the text of cells: scripts, styles, event handlers, hidden elements and images are not read', () => {
    const html = `<script>document.write('<table>${HEADER}<tr><td>FAKE</td><td>$9.99</td><td>10/15/25</td><td>10/16/25</td></tr></table>')</script>
      <table onmouseover="steal()">${HEADER}
      <tr><td onclick="alert(1)">ULTY<script>document.write('X')</script><style>td{content:"Y"}</style></td>
          <td onmouseover="x()">$0.0908<img src="x" onerror="alert('$1.00')"><noscript>9</noscript></td>
          <td>10/15/25<template>11/15/25</template></td><td><span hidden>10/20/25</span>10/16/25</td></tr></table>
      <table hidden>${HEADER}<tr><td>HIDE</td><td>$5.00</td><td>10/15/25</td><td>10/16/25</td></tr></table>`;
    const parsed = read(html);
    expect(parsed.complete).toBe(true);
    expect(parsed.rows).toEqual([
      { ticker: 'ULTY', name: null, frequency: null, amount: '0.0908', kind: 'regular', statedRate: null, secYield: null, rocEstimatePercent: null, exDate: '2025-10-15', recordDate: null, payDate: '2025-10-16' },
    ]);
  });

  it(`reads at most ${RELEASE_LIMITS.rows} rows of a huge table and sends the release to review`, () => {
    const rows = Array.from({ length: 20_000 }, (_, i) => dataRow(i)).join('');
    const html = `<table>${HEADER}${rows}</table>`;
    expect(html.length).toBeLessThan(RELEASE_LIMITS.htmlChars);
    const parsed = read(html);
    expect(parsed.complete).toBe(false);
    expect(parsed.rows.length).toBeLessThanOrEqual(RELEASE_LIMITS.rows);
    expect(parsed.problems).toContainEqual({ message: `more than ${RELEASE_LIMITS.rows} distribution rows: the release was not read past row ${RELEASE_LIMITS.rows}` });
  });

  it('counts the row cap across tables', () => {
    const tableOf = (from: number) => `<table>${HEADER}${Array.from({ length: 300 }, (_, i) => dataRow(from + i)).join('')}</table>`;
    const parsed = read(tableOf(0) + tableOf(300));
    expect(parsed.complete).toBe(false);
    expect(parsed.rows.length).toBe(RELEASE_LIMITS.rows);
    expect(parsed.problems.map((p) => p.message)).toEqual([`more than ${RELEASE_LIMITS.rows} distribution rows: the release was not read past row ${RELEASE_LIMITS.rows}`]);
  });

  it('does not parse a body beyond the size cap (a 100,000-row table, 5 MB of text)', () => {
    const huge = `<table>${HEADER}${Array.from({ length: 100_000 }, (_, i) => dataRow(i)).join('')}</table>`;
    for (const html of [huge, `<p>${'weekly distribution '.repeat(262_144)}</p>`]) {
      const parsed = read(html);
      expect(parsed).toEqual({
        issuer: 'yieldmax', complete: false, notADeclaration: false, rows: [],
        problems: [{ message: `the release is ${html.length.toLocaleString('en-US')} characters long, more than the 2,000,000 the parser reads` }],
      });
    }
  });

  it('stops after the table cap', () => {
    const one = `<table>${HEADER}${dataRow(1)}</table>`;
    const parsed = read(one.repeat(RELEASE_LIMITS.tables + 5));
    expect(parsed.complete).toBe(false);
    expect(parsed.problems.at(-1)).toEqual({ message: `more than ${RELEASE_LIMITS.tables} distribution tables: the release was not read past table ${RELEASE_LIMITS.tables}` });
  });

  it('survives deep nesting: 100,000 nested elements around a table, 20,000 nested tables, 10,000 small tables', () => {
    const deep = `${'<div><span>'.repeat(50_000)}<p>Ex-Date: October 15, 2025</p><table>${HEADER}${dataRow(0)}</table>${'</span></div>'.repeat(50_000)}`;
    expect(read(deep).rows.map((r) => [r.ticker, r.exDate])).toEqual([['TAAA', '2025-10-15']]);
    const nestedTables = '<table><tr><td>'.repeat(20_000) + 'ULTY $0.0908';
    expect(read(nestedTables)).toMatchObject({ complete: false, rows: [], notADeclaration: true });
    const manyTables = '<table><tr><td>Fund</td><td>Expense Ratio</td></tr><tr><td>ULTY</td><td>1.30%</td></tr></table>'.repeat(10_000);
    expect(read(manyTables)).toMatchObject({ complete: false, rows: [], notADeclaration: true });
    const misnested = '<b><i><a><p>'.repeat(20_000) + `<table>${HEADER}${dataRow(2)}</table>`;
    expect(read(misnested).rows.map((r) => r.ticker)).toEqual(['TCAA']);
  });

  it('survives huge colspans and rowspans without reading a misaligned figure', () => {
    const html = `<table>${HEADER}<tr><td colspan="100000">ULTY</td><td>$0.0908</td><td>10/15/25</td><td>10/16/25</td></tr>
      <tr><td rowspan="100000">YMAX</td><td>$0.1738</td><td>10/15/25</td><td>10/16/25</td></tr><tr><td>$0.1800</td><td>10/22/25</td><td>10/23/25</td></tr></table>`;
    const parsed = read(html);
    expect(parsed.complete).toBe(false);
    expect(parsed.problems).toEqual([{ message: "row 1 (ULTY): its cells do not line up with the header's columns", ticker: 'ULTY' }]);
    // a ticker spanning the rows below it is each of those rows' ticker
    expect(parsed.rows.map((r) => [r.ticker, r.amount, r.exDate])).toEqual([['YMAX', '0.1738', '2025-10-15'], ['YMAX', '0.18', '2025-10-22']]);
  });

  it('reads malformed markup the way a browser repairs it', () => {
    const html = `<p>Ex-Date: 10/15/25<p>Payment Date: 10/16/25
      <table><tr><td>Ticker<td>Distribution per Share<tr><td>ULTY<td>$0.0908<tr><td>YMAX<td>$0.1743</table></div></span>`;
    expect(read(html).rows.map((r) => [r.ticker, r.amount, r.exDate, r.payDate])).toEqual([['ULTY', '0.0908', '2025-10-15', '2025-10-16'], ['YMAX', '0.1743', '2025-10-15', '2025-10-16']]);
    for (const garbage of ['<<<>>></table></td><tr>', '<table><td>', '\u0000\u0001<table>\u0000', '<![CDATA[<table>]]>', '<!-- <table>', '', '&#0;&#xD800;&bogus;']) {
      expect(read(garbage), garbage).toMatchObject({ complete: false, rows: [] });
    }
  });

  it('drops control and bidi characters that would disguise a figure', () => {
    const html = `<table>${HEADER}<tr><td>\u202eULTY\u0000</td><td>$0.09\u200b08</td><td>10/15/25\u0007</td><td>10/16/25</td></tr></table>`;
    expect(read(html).rows.map((r) => [r.ticker, r.amount])).toEqual([['ULTY', '0.0908']]);
  });
});
