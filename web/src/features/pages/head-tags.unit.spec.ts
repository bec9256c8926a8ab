// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { SITE_DESCRIPTION, applyPageHead } from './head-tags.ts';

const meta = (name: string) => document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content ?? null;
const canonical = () => document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.getAttribute('href') ?? null;

describe('managed page head', () => {
  beforeEach(() => {
    document.head.innerHTML = `<meta name="description" content="${SITE_DESCRIPTION}">`;
    document.title = 'WeeklyDiv';
  });

  it('sets title, description, canonical and robots, and restores them', () => {
    const undo = applyPageHead({ title: 'About', description: 'About us', canonical: 'https://weeklydiv.example/about', noIndex: true });
    expect(document.title).toBe('About');
    expect(meta('description')).toBe('About us');
    expect(canonical()).toBe('https://weeklydiv.example/about');
    expect(meta('robots')).toBe('noindex,nofollow');
    undo();
    expect(document.title).toBe('WeeklyDiv');
    expect(meta('description')).toBe(SITE_DESCRIPTION);
    expect(canonical()).toBeNull();
    expect(meta('robots')).toBeNull();
  });

  it('removes a canonical link and robots tag when the page has none', () => {
    document.head.insertAdjacentHTML('beforeend', '<link rel="canonical" href="https://x/old"><meta name="robots" content="noindex,nofollow">');
    applyPageHead({ title: 'Plain', description: null, canonical: null, noIndex: false });
    expect(canonical()).toBeNull();
    expect(meta('robots')).toBeNull();
    expect(meta('description')).toBe(SITE_DESCRIPTION);
  });

  // Issue 29, W3: a deep-loaded page's head is in the server's HTML (services/gateway/client.ts
  // withPageHead); leaving the page restored those tags as "what was there before", so /news kept the
  // guide's canonical, description and noindex.
  it("a deep-loaded page: leaving it removes the tags the server wrote for it, and the site's description is back", () => {
    document.head.innerHTML =
      '<meta name="description" content="How weekly pay works." />' +
      '<title>Weekly income guide</title>' +
      '<link rel="canonical" href="https://weeklydiv.example/guides/weekly-income-guide" />' +
      '<meta name="robots" content="noindex,nofollow" />';
    document.title = 'Weekly income guide';
    const undo = applyPageHead({ title: 'Weekly income guide', description: 'How weekly pay works.', canonical: 'https://weeklydiv.example/guides/weekly-income-guide', noIndex: true });
    undo();
    expect(canonical()).toBeNull();
    expect(meta('robots')).toBeNull();
    expect(meta('description')).toBe(SITE_DESCRIPTION);
    expect(document.title).toBe('WeeklyDiv');
  });

  it("the site's description is the one web/index.html carries", () => {
    const indexHtml = readFileSync(path.resolve(import.meta.dirname, '../../../index.html'), 'utf8');
    expect(indexHtml).toContain(`<meta name="description" content="${SITE_DESCRIPTION}" />`);
  });
});
