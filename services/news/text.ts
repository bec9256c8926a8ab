/**
 * Plain text out of a feed's HTML (docs/news.md "Summary"): tags and comments dropped (block tags and
 * <br> become spaces so words never glue together), the contents of <script>, <style> and similar
 * elements dropped with them, HTML entities decoded (named ones of everyday text, decimal and hex),
 * control and invisible characters removed (INVISIBLE), whitespace collapsed. Feeds often escape their HTML twice (`&lt;p&gt;`): the XML parser undoes the
 * first level, so this runs on what it gives.
 */

/** Length of an article's summary, in characters (the news card clamps it to three lines). */
export const SUMMARY_MAX = 300;

const NAMED: Readonly<Record<string, string>> = {
  amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', ensp: ' ', emsp: ' ', thinsp: ' ',
  ndash: '–', mdash: '—', hellip: '…', lsquo: '‘', rsquo: '’', sbquo: '‚', ldquo: '“', rdquo: '”', bdquo: '„',
  laquo: '«', raquo: '»', lsaquo: '‹', rsaquo: '›', bull: '•', middot: '·', prime: '′', Prime: '″',
  copy: '©', reg: '®', trade: '™', sect: '§', para: '¶', deg: '°', plusmn: '±', times: '×', divide: '÷',
  frac12: '½', frac14: '¼', frac34: '¾', permil: '‰', micro: 'µ', cent: '¢', pound: '£', euro: '€', yen: '¥',
  dollar: '$', percnt: '%', num: '#', commat: '@', excl: '!', quest: '?', lpar: '(', rpar: ')', comma: ',',
  period: '.', colon: ':', semi: ';', sol: '/', bsol: '\\', ast: '*', plus: '+', equals: '=', hyphen: '-',
  minus: '−', shy: '', zwj: '', zwnj: '', lrm: '', rlm: '', iexcl: '¡', iquest: '¿',
  aacute: 'á', eacute: 'é', iacute: 'í', oacute: 'ó', uacute: 'ú', agrave: 'à', egrave: 'è', ograve: 'ò',
  acirc: 'â', ecirc: 'ê', ocirc: 'ô', auml: 'ä', euml: 'ë', iuml: 'ï', ouml: 'ö', uuml: 'ü', ntilde: 'ñ',
  ccedil: 'ç', szlig: 'ß', Aacute: 'Á', Eacute: 'É', Oacute: 'Ó', Uacute: 'Ú', Auml: 'Ä', Ouml: 'Ö', Uuml: 'Ü',
  Ntilde: 'Ñ', Ccedil: 'Ç',
};

function codePoint(n: number): string {
  // Not a character, a surrogate or a control character: dropped (C0 controls other than whitespace).
  if (!Number.isInteger(n) || n <= 0 || n > 0x10ffff || (n >= 0xd800 && n <= 0xdfff)) return '';
  if (n < 0x20 && n !== 0x09 && n !== 0x0a && n !== 0x0d) return '';
  return String.fromCodePoint(n);
}

/** Decodes `&amp;`, `&#8217;`, `&#x2019;` and the named entities above; an unknown one stays as it is. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});/g, (whole, body: string) => {
    if (body.startsWith('#x') || body.startsWith('#X')) return codePoint(Number.parseInt(body.slice(2), 16));
    if (body.startsWith('#')) return codePoint(Number.parseInt(body.slice(1), 10));
    return NAMED[body] ?? whole;
  });
}

/** Elements whose text is not article text. */
const DROPPED_ELEMENTS = /<(script|style|noscript|template|iframe|object|svg|math|head|title)\b[\s\S]*?(<\/\1\s*>|$)/gi;

/** One round: markup dropped, entities decoded. */
function stripAndDecode(html: string): string {
  const withoutMarkup = html
    .replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, '$1')
    .replace(/<!--[\s\S]*?(-->|$)/g, ' ')
    .replace(DROPPED_ELEMENTS, ' ')
    // a tag: `<` then a letter, `/`, `!` or `?`, up to its `>` (quoted attribute values may hold `>`)
    .replace(/<[A-Za-z/!?](?:"[^"]*"|'[^']*'|[^'"<>])*>/g, ' ')
    // a tag cut off at the end of a truncated description
    .replace(/<[A-Za-z/][^<>]*$/, ' ');
  return decodeEntities(withoutMarkup);
}

const LOOKS_ENCODED = /<[A-Za-z/!][^<>]*>|&(#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});/;

/** HTML (or plain text) to one line of plain text. */
export function plainText(html: string | undefined | null): string {
  if (!html) return '';
  let text = stripAndDecode(html);
  // Escaped twice by the feed (`&amp;lt;p&amp;gt;`, `&amp;#8217;`): one more round, never more.
  if (LOOKS_ENCODED.test(text)) text = stripAndDecode(text);
  return text.replace(INVISIBLE, '').replace(/\s+/g, ' ').trim();
}

/**
 * Characters that are not text a reader sees, removed from titles, summaries and sources (security
 * audit I4): C0 controls but tab, line feed and carriage return (whitespace, collapsed to a space), DEL
 * and the C1 controls; the bidirectional marks, embeddings, overrides and isolates (U+202E turns the
 * rest of a line around: `exe.txt` shown as `txt.exe`), the Arabic letter mark; zero-width spaces and
 * joiners, the word joiner and the invisible operators, the Mongolian vowel separator, the soft hyphen,
 * the byte-order mark, the deprecated format characters and the interlinear annotation marks.
 */
// eslint-disable-next-line no-control-regex -- dropping control characters is the point
const INVISIBLE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\ufeff\ufff9-\ufffb]/g;

/**
 * The text cut to at most `max` characters at a word boundary, with an ellipsis when cut ("…" counts
 * in the length). A single word longer than the limit is cut inside it.
 */
export function truncateAtWord(text: string, max = SUMMARY_MAX): string {
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  const head = chars.slice(0, max - 1).join('');
  const cut = head.search(/\s\S*$/);
  const kept = (cut > max / 2 ? head.slice(0, cut) : head).replace(/[\s,;:.–—-]+$/u, '');
  return `${kept}…`;
}

/** The summary of an article: plain text, cut at a word boundary. */
export function summaryOf(html: string | undefined | null, max = SUMMARY_MAX): string {
  return truncateAtWord(plainText(html), max);
}
