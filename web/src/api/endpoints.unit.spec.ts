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
  getPriceHistory: { ticker: 'NVDW', range: '1Y' },
  calculateYield: { investment: 1000, yieldPercent: 10 },
  calculateDrip: { initialInvestment: 1000, sharePrice: 10, weeklyDividend: 0.1, years: 1 },
  addHolding: { etfId: id, shares: '1', isDrip: 0 },
  removeHolding: { holdingId: id },
  importHoldingsCsv: { csv: 'ticker,shares\nNVDW,1\n' },
  addFavorite: { etfId: id },
  removeFavorite: { etfId: id },
  register: { firstName: 'Ann', lastName: 'Lee', email: 'ann@example.com', password: 'secret-pw' },
  login: { email: 'ann@example.com', password: 'secret-pw' },
  forgotPassword: { email: 'ann@example.com' },
  resetPassword: { token: 'token', newPassword: 'new-secret-pw' },
  verifyEmail: { token: 'token' },
  saveAlertSettings: { distributionChangePercent: 10, exDateReminder: false },
};

/**
 * MIGRATION (issue 23, removed when the last module is declared): client endpoints whose module still
 * mounts an Express router of its own.
 */
const NOT_DECLARED_YET = new Set([
  'createEtf', 'createEtfRow', 'createPage',
  'deleteImage', 'deleteNewsArticle', 'deletePage', 'exportEtfs',
  'getAdminNews', 'getAdminPages', 'getAdminSettings',
  'getFooterHtml', 'getFooterSetting', 'getHeaderNav', 'getHeaderNavSetting', 'getImages', 'getJobs',
  'getNews', 'getNewsKeywords', 'getPageByPath', 'getTickerNews', 'importDistributions', 'importPrices',
  'ingestNews', 'purgeNews', 'recordSplit',
  'saveFooterHtml', 'saveHeaderNav', 'saveSetting', 'startDataOperation', 'updateEtf',
  'updateNewsArticle', 'updateNewsKeywords', 'updatePage', 'uploadImage',
  'withdrawDistribution',
]);

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
      if (NOT_DECLARED_YET.has(name)) continue;
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

  it('lists as not declared yet only endpoints that exist and are not declared', async () => {
    for (const name of NOT_DECLARED_YET) {
      expect(names(), name).toContain(name);
    }
  });

  it('has no sample argument for an endpoint that no longer exists', () => {
    expect(Object.keys(SAMPLE_ARGS).filter((name) => !names().includes(name))).toEqual([]);
  });
});
