import { describe, expect, it } from 'vitest';
import { BUILT_IN_ISSUER_FEEDS, issuerFeedsOf, mayBeIssuerItem } from './feeds.ts';

describe("the issuers' feeds (docs/declarations.md \"Sources\")", () => {
  it('reads the built-in list when ISSUER_FEEDS is not set: public https feeds, each naming whose releases it carries', () => {
    for (const configured of [undefined, []]) expect(issuerFeedsOf(configured)).toEqual(BUILT_IN_ISSUER_FEEDS);
    expect(BUILT_IN_ISSUER_FEEDS.map((f) => f.issuer)).toEqual(['yieldmax', 'defiance', 'nicholas', 'roundhill', 'rex']);
    for (const feed of BUILT_IN_ISSUER_FEEDS) expect(new URL(feed.url).protocol).toBe('https:');
  });

  it('ISSUER_FEEDS replaces the whole list: any issuer (the parser infers it), every item of the feed', () => {
    const feeds = issuerFeedsOf(['http://127.0.0.1:9/yieldmax.rss', 'https://feeds.example/roundhill']);
    expect(feeds).toEqual([
      { url: 'http://127.0.0.1:9/yieldmax.rss', issuer: null },
      { url: 'https://feeds.example/roundhill', issuer: null },
    ]);
    expect(feeds.every((f) => mayBeIssuerItem(f, 'Tesla Reports Third Quarter Results'))).toBe(true);
  });

  it("on a wire's list, fetches only the items whose title names the issuer", () => {
    const prNewswire = BUILT_IN_ISSUER_FEEDS.find((f) => f.issuer === 'roundhill')!;
    expect(mayBeIssuerItem(prNewswire, 'Roundhill Investments Announces Weekly Distributions for WeeklyPay™ ETFs')).toBe(true);
    expect(mayBeIssuerItem(prNewswire, 'ROUNDHILL ETFs ANNOUNCE DISTRIBUTIONS')).toBe(true);
    expect(mayBeIssuerItem(prNewswire, 'Acme Bank Declares Quarterly Dividend')).toBe(false);
    expect(mayBeIssuerItem(prNewswire, null)).toBe(false);
    // the issuer's own feed: every item is the issuer's
    expect(mayBeIssuerItem(BUILT_IN_ISSUER_FEEDS.find((f) => f.issuer === 'rex')!, 'T-REX 2X Long MSTR Daily Target ETF Distribution')).toBe(true);
  });
});
