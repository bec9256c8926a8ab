// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { user } from '../../../testing/fixtures.ts';
import { mockFetch } from '../../../testing/mock-fetch.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import AccountRoute from '../routes/account-route.tsx';
import { downloadDataTexts as texts } from './download-data-card.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function card(me = user()) {
  const calls = mockFetch({ 'GET /api/user': me });
  renderWithProviders(<AccountRoute />, { route: '/account', path: '/account' });
  const section = (await screen.findByRole('heading', { name: texts.title })).closest('section')!;
  return { section, calls };
}

describe('/account: Download my data', () => {
  it('a link that downloads GET /api/user/export (the server names the file); nothing is fetched before the click', async () => {
    const { section, calls } = await card();
    const link = within(section).getByRole('link', { name: texts.button });
    expect(link.getAttribute('href')).toBe('/api/user/export');
    expect(link.hasAttribute('download')).toBe(true);
    expect(calls.map((c) => c.url.pathname)).not.toContain('/api/user/export');
    expect(section.textContent).toContain(texts.calendar);
  });

  it('says which reports come with Premium: included for a Premium member, added by Premium for a free user', async () => {
    expect((await card()).section.textContent).toContain(texts.free);
    cleanup();
    expect((await card(user({ subscriptionTier: 'premium', subscriptionStatus: 'active' }))).section.textContent).toContain(texts.premium);
  });
});
