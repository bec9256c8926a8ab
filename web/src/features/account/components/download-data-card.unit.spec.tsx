// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { user } from '../../../testing/fixtures.ts';
import { mockFetch, type MockRequest } from '../../../testing/mock-fetch.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import AccountRoute from '../routes/account-route.tsx';
import { downloadDataTexts as texts } from './download-data-card.tsx';

let clicked: { href: string; download: string }[];
let blobs: Blob[];

beforeEach(() => {
  clicked = [];
  blobs = [];
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn((b: Blob) => (blobs.push(b), `blob:${blobs.length}`)), revokeObjectURL: vi.fn() }));
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push({ href: this.getAttribute('href') ?? '', download: this.download });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const ZIP = new Uint8Array([0x50, 0x4b, 0x05, 0x06, ...new Array<number>(18).fill(0)]);

/** The account page with `GET /api/user/export` answered by `exportAnswer` (a Response: the zip's bytes and headers). */
async function card(exportAnswer: () => Response, me = user()) {
  const calls: MockRequest[] = mockFetch({ 'GET /api/user': me });
  const json = globalThis.fetch;
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    if (String(input).startsWith('/api/user/export')) {
      calls.push({ method: init?.method ?? 'GET', url: new URL(String(input), 'http://localhost'), body: undefined });
      return exportAnswer();
    }
    return json(input, init);
  });
  renderWithProviders(<AccountRoute />, { route: '/account', path: '/account' });
  const section = (await screen.findByRole('heading', { name: texts.title })).closest('section')!;
  return { section, calls };
}

const zipAnswer = () => new Response(ZIP, { status: 200, headers: { 'Content-Type': 'application/zip', 'Content-Disposition': 'attachment; filename="weeklydiv-export-2026-11-27.zip"' } });

describe('/account: Download my data', () => {
  it('fetches GET /api/user/export on the click (not before) and saves the zip under the server\'s name', async () => {
    const { section, calls } = await card(zipAnswer);
    expect(calls.map((c) => c.url.pathname)).not.toContain('/api/user/export');
    expect(section.textContent).toContain(texts.calendar);
    fireEvent.click(within(section).getByRole('button', { name: texts.button }));
    expect(await screen.findByText('Saved as weeklydiv-export-2026-11-27.zip.')).toBeTruthy();
    expect(screen.getByText(texts.done)).toBeTruthy();
    expect(clicked).toEqual([{ href: 'blob:1', download: 'weeklydiv-export-2026-11-27.zip' }]);
    expect(new Uint8Array(await blobs[0]!.arrayBuffer())).toEqual(ZIP);
    expect(calls.filter((c) => c.url.pathname === '/api/user/export').map((c) => c.method)).toEqual(['GET']);
  });

  it('a session that ended: "Download failed", log in again; no file saved', async () => {
    const { section } = await card(() => new Response(JSON.stringify({ message: 'Not authenticated' }), { status: 401 }));
    fireEvent.click(within(section).getByRole('button', { name: texts.button }));
    expect(await screen.findByText(texts.signedOut)).toBeTruthy();
    expect(screen.getByTestId('toast').getAttribute('data-variant')).toBe('destructive');
    expect(clicked).toEqual([]);
  });

  it('a server failure: "Download failed" with the server\'s message; the button works again', async () => {
    const { section } = await card(() => new Response(JSON.stringify({ message: 'Internal server error' }), { status: 500 }));
    fireEvent.click(within(section).getByRole('button', { name: texts.button }));
    expect(await screen.findByText('Internal server error')).toBeTruthy();
    expect(screen.getByText(texts.failed)).toBeTruthy();
    expect(within(section).getByRole('button', { name: texts.button }).hasAttribute('disabled')).toBe(false);
    expect(clicked).toEqual([]);
  });

  it('says which reports come with Premium: included for a Premium member, added by Premium for a free user', async () => {
    expect((await card(zipAnswer)).section.textContent).toContain(texts.free);
    cleanup();
    expect((await card(zipAnswer, user({ subscriptionTier: 'premium', subscriptionStatus: 'active' }))).section.textContent).toContain(texts.premium);
  });
});
