// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { applyPageHead } from './head-tags.ts';

const meta = (name: string) => document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content ?? null;
const canonical = () => document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.getAttribute('href') ?? null;

describe('managed page head', () => {
  beforeEach(() => {
    document.head.innerHTML = '<meta name="description" content="default">';
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
    expect(meta('description')).toBe('default');
    expect(canonical()).toBeNull();
    expect(meta('robots')).toBeNull();
  });

  it('removes a canonical link and robots tag when the page has none', () => {
    document.head.insertAdjacentHTML('beforeend', '<link rel="canonical" href="https://x/old"><meta name="robots" content="noindex,nofollow">');
    applyPageHead({ title: 'Plain', description: null, canonical: null, noIndex: false });
    expect(canonical()).toBeNull();
    expect(meta('robots')).toBeNull();
    expect(meta('description')).toBe('default');
  });
});
