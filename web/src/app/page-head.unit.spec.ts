import { describe, expect, it } from 'vitest';
import { marketApi } from '../api/market-api.ts';
import { pageHead, scriptJson } from './page-head.ts';
import { makeStore } from './store.ts';

const ORIGIN = 'https://weeklydiv.example';

/** A fund detail with what the head reads; a name that tries to end the script element. */
const detail = {
  ticker: 'ABCW',
  name: 'Alpha </script><script>alert(1)</script> & Co',
  brand: 'Roundhill',
  brandSlug: 'roundhill',
  description: 'Weekly income from NVDA.',
  frequency: 'weekly',
  currentPrice: '21.10',
  yieldPercent: '98.60',
  distributionRate: '90.12',
  oneYearReturn: '10.00',
  nextExDividend: '2026-01-20',
  nextExDividendEstimated: true,
};

async function stateWithFund() {
  const store = makeStore({ serverReads: { read: async () => ({ data: detail }) } });
  await store.dispatch(marketApi.endpoints.getEtfDetail.initiate('ABCW', { subscribe: false }));
  return store.getState();
}

describe('page head (server rendering)', () => {
  it('scriptJson cannot end its script element and reads back unchanged', () => {
    const value = { name: '</script><!-- \u2028 \u2029' };
    const text = scriptJson(value);
    expect(text).not.toMatch(/<|\u2028|\u2029/);
    expect(JSON.parse(text)).toEqual(value);
  });

  it("a fund page: title, description with its key figures, Open Graph and the fund's schema.org data, every value escaped", async () => {
    const head = pageHead(await stateWithFund(), '/etfs/yieldmax/abcw', ORIGIN)!;
    expect(head.title).toBe(`ABCW – ${detail.name} | WeeklyDiv`);
    expect(head.description).toBe(
      `${detail.name} (ABCW), weekly distributions by Roundhill: price $21.10, yield 98.6%, distribution rate 90.1%, 1-year total return 10.0%, next ex-dividend 2026-01-20 (estimated).`,
    );
    // the canonical URL is the fund's own brand and its upper-case ticker
    expect(head.tags).toContain(`<link rel="canonical" href="${ORIGIN}/etfs/roundhill/ABCW" data-ssr-head />`);
    expect(head.tags).toContain(`<meta property="og:url" content="${ORIGIN}/etfs/roundhill/ABCW" data-ssr-head />`);
    expect(head.tags).toContain('<meta name="twitter:card" content="summary" data-ssr-head />');
    expect(head.tags).toContain('content="ABCW – Alpha &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; Co | WeeklyDiv"');
    const blocks = [...head.tags.matchAll(/<script type="application\/ld\+json" data-ssr-head>(.*?)<\/script>/g)].map((m) => JSON.parse(m[1]!) as Record<string, unknown>);
    expect(blocks).toHaveLength(2);
    expect(blocks[0]).toMatchObject({ '@type': 'InvestmentFund', name: detail.name, identifier: 'ABCW', provider: { name: 'Roundhill' }, offers: { price: '21.10', priceCurrency: 'USD' } });
    expect(blocks[1]).toMatchObject({ '@type': 'BreadcrumbList' });
    expect((blocks[1]!['itemListElement'] as { name: string }[]).map((c) => c.name)).toEqual(['Home', 'ETF Database', 'Roundhill ETFs', 'ABCW']);
  });

  it('the landing and the database have their own title and description; an unknown fund has no head', async () => {
    const state = await stateWithFund();
    expect(pageHead(state, '/', ORIGIN)!.title).toBe('Weekly Dividend ETF Tracker | WeeklyDiv');
    expect(pageHead(state, '/etfs', ORIGIN)!.title).toBe('ETF Database | WeeklyDiv');
    expect(pageHead(state, '/etfs', ORIGIN)!.description).not.toBe(pageHead(state, '/', ORIGIN)!.description);
    expect(pageHead(state, '/etfs/roundhill/NOPE', ORIGIN)).toBeNull();
  });
});
