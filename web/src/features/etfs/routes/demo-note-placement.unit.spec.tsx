// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { etf } from '../../../testing/fixtures.ts';
import { mockFetch } from '../../../testing/mock-fetch.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import BrandRoute from './brand-route.tsx';
import EtfDatabaseRoute from './etf-database-route.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The note comes before the table in the page (it is read, and seen, before the first demo figure). */
async function expectNoteAboveTable() {
  const note = await screen.findByTestId('demo-data-notice');
  const table = screen.getByRole('table');
  expect(note.compareDocumentPosition(table) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
}

// Issue 29, W13: on /etfs and the brand pages the note sat under a 20-row table, below the first screen.
describe('the demo-data note sits above the first demo figures', () => {
  const demo = [etf({ ticker: 'TSLY', brand: 'YieldMax', brandSlug: 'yieldmax', isDemo: true })];

  it('/etfs', async () => {
    mockFetch({ 'GET /api/user': { status: 401 }, 'GET /api/top-performers': demo });
    renderWithProviders(<EtfDatabaseRoute />, { route: '/etfs', path: '/etfs' });
    await expectNoteAboveTable();
  });

  it('a brand page', async () => {
    mockFetch({ 'GET /api/user': { status: 401 }, 'GET /api/etfs/by-brand/yieldmax': demo });
    renderWithProviders(<BrandRoute />, { route: '/etfs/yieldmax', path: '/etfs/:brand' });
    await expectNoteAboveTable();
  });
});
