import { configureStore } from '@reduxjs/toolkit';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { isEndpoint, type Endpoint } from '../../../contracts/endpoint.ts';
import { baseApi } from './base-api.ts';

/**
 * Every RTK Query endpoint of the client calls an endpoint declared in contracts/ with its method, a
 * path its pattern matches and query keys it names. Each endpoint runs once through a store with `fetch`
 * replaced by a recorder; the arguments below are what its query function needs (a new endpoint that
 * needs one fails here until it is added).
 */

// Every file that injects endpoints, and every contract module (specs left out).
const injected = import.meta.glob(['./*-api.ts', '../features/**/*api.ts', '../lib/**/api.ts'], { eager: true });
const contracts = import.meta.glob(['../../../contracts/*.ts', '!../../../contracts/*.spec.ts'], { eager: true });

const definitions: Endpoint[] = Object.values(contracts).flatMap((m) => Object.values(m as Record<string, unknown>).filter(isEndpoint));

const id = '00000000-0000-4000-8000-000000000001';
/** Arguments for the endpoints whose query function needs one. */
const SAMPLE_ARGS: Record<string, unknown> = {
  getTopPerformers: { limit: 20 },
  getEtfsByBrand: 'roundhill',
  getEtfDetail: 'NVDW',
  getJob: 'job-1',
  previewOwnerHtml: '<p>Hi</p>',
  getPriceHistory: { ticker: 'NVDW', range: '1Y' },
  calculateYield: { investment: 1000, yieldPercent: 10 },
  calculateDrip: { initialInvestment: 1000, sharePrice: 10, weeklyDividend: 0.1, years: 1 },
  addHolding: { etfId: id, shares: '1', isDrip: 0 },
  removeHolding: { holdingId: id },
  revokeApiToken: id,
  removeWebhook: id,
  markSupportAnswered: id,
  importHoldingsCsv: { csv: 'ticker,shares\nNVDW,1\n' },
  getTickerNews: 'NVDW',
  getPageByPath: '/about',
  updateNewsArticle: { id, update: { title: 'T', summary: '', tags: 'NVDW' }, wasPublished: false },
  deleteNewsArticle: { id, wasPublished: false },
  purgeNews: 'archived',
  updateNewsKeywords: ['weekly pay'],
  createPage: { path: '/about', title: 'About', htmlBody: '<p>Hi</p>' },
  updatePage: { id, page: { path: '/about', title: 'About', htmlBody: '<p>Hi</p>' }, previousPath: '/about' },
  deletePage: { id, path: '/about' },
  uploadImage: { filename: 'a.png', mimeType: 'image/png', data: 'data:image/png;base64,iVBORw0KGgo=' },
  deleteImage: id,
  saveFooterHtml: '<p>Footer</p>',
  saveHeaderNav: { items: [] },
  saveSetting: { key: 'site_name', value: 'WeeklyDiv' },
  createEtf: { ticker: 'NVDW', name: 'Roundhill NVDA WeeklyPay ETF' },
  createEtfRow: { ticker: 'NVDW', name: 'Roundhill NVDA WeeklyPay ETF', brand: 'Roundhill', description: '' },
  updateEtf: { id, previousTicker: 'NVDW', input: { ticker: 'NVDW', name: 'Roundhill NVDA WeeklyPay ETF', brand: 'Roundhill' } },
  importPrices: { id, ticker: 'NVDW', csv: 'Date,Close\n2026-03-03,50\n' },
  importDistributions: { id, ticker: 'NVDW', csv: 'Ex Date,Amount\n2026-03-03,0.4\n' },
  importCharacters: { id, ticker: 'NVDW', csv: 'Ex Date,Ordinary %,Qualified %,Capital Gain %,Return of Capital %\n2026-03-03,10,0,0,90\n' },
  putDistribution: { id, ticker: 'NVDW', exDate: '2026-03-03', kind: 'special', distribution: { amount: '0.4', rocEstimatePercent: '92' } },
  withdrawDistribution: { id, ticker: 'NVDW', exDate: '2026-03-03', reason: 'wrong row' },
  recordSplit: { id, ticker: 'NVDW', split: { exDate: '2026-03-03', oldRate: 10, newRate: 1 } },
  startDataOperation: 'update-prices',
  applyRelease: '0123456789abcdef0123456789abcdef',
  dismissRelease: '0123456789abcdef0123456789abcdef',
  addFavorite: { etfId: id },
  removeFavorite: { etfId: id },
  register: { firstName: 'Ann', lastName: 'Lee', email: 'ann@example.com', password: 'secret-pw' },
  login: { email: 'ann@example.com', password: 'secret-pw' },
  forgotPassword: { email: 'ann@example.com' },
  resetPassword: { token: 'token', newPassword: 'new-secret-pw' },
  verifyEmail: { token: 'token', choice: 'confirm' },
  verificationDetails: { token: 'token' },
  saveAlertSettings: { distributionChangePercent: 10, exDateReminder: false },
  exportTaxSummaryCsv: { year: 2025 },
  getPayouts: { from: '2026-01-01', to: '2026-03-31' },
  markPayoutReceived: { holdingId: id, exDate: '2026-03-03', amount: '40.00' },
  getIncome: 'month',
  exportIncomeCsv: 'week',
  getIncomeGoal: id,
  setIncomeGoal: { period: 'week', amount: '100' },
};


interface Sent {
  method: string;
  path: string;
  query: string[];
}

function pattern(path: string): RegExp {
  return new RegExp(`^${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:\w+/g, '[^/]+')}$`);
}

function matching(sent: Sent): Endpoint | undefined {
  return definitions.find((d) => d.method.toUpperCase() === sent.method && pattern(d.path).test(sent.path));
}

const recorded: Sent[] = [];

beforeAll(() => {
  vi.stubGlobal('fetch', async (input: string, init: RequestInit) => {
    const url = new URL(input, 'http://localhost');
    recorded.push({ method: init.method ?? 'GET', path: url.pathname, query: [...url.searchParams.keys()] });
    return new Response('{}', { status: 200, headers: { 'Content-Type': 'application/json' } });
  });
});
afterAll(() => {
  vi.unstubAllGlobals();
});

describe('the client calls only declared endpoints', () => {
  it('loaded every file that injects endpoints and every contract', () => {
    expect(Object.keys(injected).length).toBeGreaterThan(10);
    expect(definitions.length).toBeGreaterThan(10);
  });

  const names = () => Object.keys(baseApi.endpoints);

  it('every RTK Query endpoint: method and path of a definition, query keys it names', async () => {
    const store = configureStore({ reducer: { [baseApi.reducerPath]: baseApi.reducer }, middleware: (m) => m().concat(baseApi.middleware) });
    const problems: string[] = [];
    for (const name of names()) {
      recorded.length = 0;
      const endpoint = (baseApi.endpoints as Record<string, { initiate(arg: unknown): unknown }>)[name]!;
      const run = store.dispatch(endpoint.initiate(SAMPLE_ARGS[name]) as never) as { unwrap?: () => Promise<unknown>; unsubscribe?: () => void };
      await Promise.resolve(run.unwrap?.()).catch(() => undefined);
      run.unsubscribe?.();
      const sent = recorded[0];
      if (!sent) {
        problems.push(`${name}: sent nothing (add its argument to SAMPLE_ARGS)`);
        continue;
      }
      const definition = matching(sent);
      if (!definition) {
        problems.push(`${name}: ${sent.method} ${sent.path} matches no definition in contracts/`);
        continue;
      }
      const known = Object.keys(definition.query?.shape ?? {});
      const unknown = sent.query.filter((key) => !known.includes(key));
      if (unknown.length > 0) problems.push(`${name}: query ${unknown.join(', ')} not named by ${definition.method} ${definition.path}`);
    }
    expect(problems).toEqual([]);
  });

  it('has no sample argument for an endpoint that no longer exists', () => {
    expect(Object.keys(SAMPLE_ARGS).filter((name) => !names().includes(name))).toEqual([]);
  });
});
