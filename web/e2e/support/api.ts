import { baseUrl } from './browser.ts';

export interface ListedEtf {
  id: string;
  ticker: string;
  name: string;
  brand: string;
  brandSlug: string;
  currentPrice: string;
}

/** Reads the public API of the test server (to pick real funds for a test; never to assert the UI). */
export async function getJson<T>(path: string): Promise<T> {
  const response = await fetch(`${baseUrl()}${path}`);
  if (!response.ok) throw new Error(`GET ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

export async function brandEtfs(brandSlug: string): Promise<ListedEtf[]> {
  return getJson<ListedEtf[]>(`/api/etfs/by-brand/${brandSlug}`);
}
