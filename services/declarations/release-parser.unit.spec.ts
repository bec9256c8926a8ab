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
