import { describe, expect, it } from 'vitest';
import { decodeEntities, plainText, SUMMARY_MAX, summaryOf, truncateAtWord } from './text.ts';

describe('plain text of feed HTML', () => {
  it('drops tags, keeps words apart where block tags and <br> separated them', () => {
    expect(plainText('<p>Roundhill <b>declares</b> NVDW</p><p>distribution</p>line<br/>break')).toBe('Roundhill declares NVDW distribution line break');
    expect(plainText('<a href="https://x.example/?a=1&amp;b=2" title="a > b">link</a> text')).toBe('link text');
  });

  it('drops scripts, styles, comments and CDATA markers with their contents where they are not text', () => {
    expect(plainText('<script>alert(1)</script><style>p{color:red}</style>Hello<!-- hidden --> <![CDATA[world]]>')).toBe('Hello world');
    expect(plainText('<SCRIPT type="x">var a = "<p>";</SCRIPT>after')).toBe('after');
  });

  it('decodes named, decimal and hex entities, and a second level of escaping', () => {
    expect(plainText('AT&amp;T&#8217;s &ldquo;weekly&rdquo; pay &mdash; 5&nbsp;%&#x21;')).toBe('AT&T’s “weekly” pay — 5 %!');
    expect(plainText('&lt;p&gt;Escaped &amp;amp; twice&lt;/p&gt;')).toBe('Escaped & twice');
    expect(plainText('&amp;#8217;s')).toBe('’s');
    expect(decodeEntities('&unknown; &#0; &#xD800; &#65;')).toBe('&unknown;   A');
  });

  it('collapses whitespace and removes invisible characters', () => {
    expect(plainText('  a\n\n\tb \u200b c\ufeff  ')).toBe('a b c');
    expect(plainText(undefined)).toBe('');
    expect(plainText('<p>  </p>')).toBe('');
  });

  it('removes control and invisible characters: bidi overrides and isolates, zero-width, C0 and C1 controls (security audit I4)', () => {
    // the audit's sample title (sec-hostile-feeds.mjs, SECX12): a right-to-left override, a NUL and a BEL
    expect(plainText('SECX12 weekly pay\u202e\u0000\u0007 control chars')).toBe('SECX12 weekly pay control chars');
    // bidi embeddings, overrides, isolates and marks; zero-width spaces, joiners and the word joiner; soft hyphen
    expect(plainText('a\u202ab\u202bc\u202cd\u202de\u2066f\u2067g\u2068h\u2069i\u200ej\u200fk\u061cl')).toBe('abcdefghijkl');
    expect(plainText('we\u200bek\u200cly\u200d pa\u2060y\u00adout\u180e\ufeff')).toBe('weekly payout');
    // C0 (but tab, line feed and carriage return, which are whitespace), DEL and C1 controls, as text or as entities
    expect(plainText('a\u0001\u001fb\u007fc\u0080d\u0085e\u009ff')).toBe('abcdef');
    expect(plainText('x&#x202E;y&#8238;z&#x85;w&#127;v')).toBe('xyzwv');
    expect(plainText('tab\tline\nfeed\rreturn')).toBe('tab line feed return');
    // visible text of other scripts stays
    expect(plainText('Caf\u00e9 \u05e9\u05dc\u05d5\u05dd \u0645\u0631\u062d\u0628\u0627 \u{1F4C8}')).toBe('Caf\u00e9 \u05e9\u05dc\u05d5\u05dd \u0645\u0631\u062d\u0628\u0627 \u{1F4C8}');
  });

  it('keeps a lone < that starts no tag, and drops a tag cut off at the end', () => {
    expect(plainText('yield < 5% and 3 > 2')).toBe('yield < 5% and 3 > 2');
    expect(plainText('Weekly income <a href="https://x.exa')).toBe('Weekly income');
  });
});

describe('summary', () => {
  it('is at most 300 characters, cut at a word boundary with an ellipsis', () => {
    const words = Array.from({ length: 80 }, (_, i) => `word${i}`).join(' ');
    const summary = summaryOf(`<p>${words}</p>`);
    expect(SUMMARY_MAX).toBe(300);
    expect(summary.length).toBeLessThanOrEqual(300);
    expect(summary.endsWith('…')).toBe(true);
    const kept = summary.slice(0, -1);
    expect(words.startsWith(kept)).toBe(true);
    expect(words[kept.length]).toBe(' '); // cut between two words
  });

  it('leaves a short text as it is and drops punctuation before the ellipsis', () => {
    expect(summaryOf('<p>Short.</p>')).toBe('Short.');
    expect(truncateAtWord('one two, three four', 12)).toBe('one two…');
    expect(truncateAtWord('x'.repeat(20), 10)).toBe(`${'x'.repeat(9)}…`); // one long word is cut inside
  });

  it('counts characters, not UTF-16 units', () => {
    expect(truncateAtWord('📈'.repeat(5), 5)).toBe('📈'.repeat(5));
  });
});
