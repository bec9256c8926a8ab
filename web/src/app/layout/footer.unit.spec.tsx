// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fixClock, setBrowserZone } from '../../testing/clock.ts';
import { mockFetch } from '../../testing/mock-fetch.ts';
import { renderWithProviders } from '../../testing/render.tsx';
import FooterContent from './footer.tsx';

let undoZone: (() => void) | undefined;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  undoZone?.();
  undoZone = undefined;
});

describe('footer content', () => {
  it("renders the owner's HTML without anything that could run a script", async () => {
    mockFetch({
      'GET /api/settings/footer_html': {
        html: '<p>© WeeklyDiv <a href="https://example.com" target="_blank">Terms</a></p><script>window.hacked = 1</script><img src="x" onerror="window.hacked = 2"><a href="javascript:alert(1)">Bad</a>',
      },
    });
    renderWithProviders(<FooterContent />);
    const link = await screen.findByRole('link', { name: 'Terms' });
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    const footer = screen.getByTestId('footer-html');
    expect(footer.querySelector('script')).toBeNull();
    expect(footer.querySelector('img')?.getAttribute('onerror')).toBeNull();
    expect(screen.getByText('Bad').getAttribute('href')).toBeNull();
    expect((window as { hacked?: number }).hacked).toBeUndefined();
  });

  it('shows the default disclaimer while the setting is empty', async () => {
    mockFetch({ 'GET /api/settings/footer_html': { html: '' } });
    renderWithProviders(<FooterContent />);
    expect(await screen.findByText(/All rights reserved\./)).toBeTruthy();
    expect(screen.getByText(/not financial advice/)).toBeTruthy();
  });

  it("the default's year is New York's (issue 29, W5): 04:30 UTC on 1 January 2027 is still 2026 there", async () => {
    undoZone = setBrowserZone('UTC');
    fixClock('2027-01-01T04:30:00.000Z');
    mockFetch({ 'GET /api/settings/footer_html': { html: '' } });
    renderWithProviders(<FooterContent />);
    expect((await screen.findByText(/All rights reserved\./)).textContent).toBe('© 2026 WeeklyDiv. All rights reserved.');
  });
});
