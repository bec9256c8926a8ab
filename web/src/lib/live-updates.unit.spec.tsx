// @vitest-environment jsdom
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { etf, etfDetail, holdingView, user } from '../testing/fixtures.ts';
import { mockFetch } from '../testing/mock-fetch.ts';
import { renderWithProviders } from '../testing/render.tsx';
import { useGetPortfolioQuery } from '../api/holdings-api.ts';
import { LIVE_URL, useLiveUpdates } from './live-updates.ts';
import { useGetEtfDetailQuery } from '../api/market-api.ts';

/** A stand-in for the browser's EventSource: the test plays the server's events. */
class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static instances: FakeEventSource[] = [];
  readonly url: string;
  readonly withCredentials: boolean;
  readyState = FakeEventSource.OPEN;
  private readonly listeners = new Map<string, ((event: MessageEvent<string>) => void)[]>();
  constructor(url: string, init?: { withCredentials?: boolean }) {
    this.url = url;
    this.withCredentials = init?.withCredentials ?? false;
    FakeEventSource.instances.push(this);
  }
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
  emit(type: string, data: unknown, id = '1') {
    const event = new MessageEvent(type, { data: JSON.stringify(data), lastEventId: id });
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }
}

beforeEach(() => {
  FakeEventSource.instances = [];
  vi.stubGlobal('EventSource', FakeEventSource);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const nvdw = etf({ id: 'e1', ticker: 'NVDW', name: 'Roundhill NVDA WeeklyPay ETF' });

/** What a personal area and a fund page of the same tab have in common: the hook and the reads it refreshes. */
function Portfolio() {
  useLiveUpdates();
  const { data } = useGetPortfolioQuery();
  return <p>Value: {data?.[0]?.currentValue ?? '...'}</p>;
}
function Detail({ ticker }: { ticker: string }) {
  useLiveUpdates();
  const { data } = useGetEtfDetailQuery(ticker);
  return (
    <p>
      {ticker}: {data?.currentPrice ?? '...'}
    </p>
  );
}

function serve(tier: 'free' | 'premium') {
  let value = '500.00';
  const prices: Record<string, string> = { NVDW: '50.00', MSTW: '20.00' };
  const calls = mockFetch({
    'GET /api/user': user({ subscriptionTier: tier }),
    'GET /api/user/portfolio': () => [holdingView({ etf: nvdw, currentValue: value })],
    'GET /api/etfs/detail/NVDW': () => etfDetail({ ticker: 'NVDW', currentPrice: prices['NVDW'] }),
    'GET /api/etfs/detail/MSTW': () => etfDetail({ ticker: 'MSTW', currentPrice: prices['MSTW'] }),
  });
  const count = (path: string) => calls.filter((c) => c.url.pathname === path).length;
  return {
    count,
    setValue: (v: string) => (value = v),
    setPrice: (t: string, p: string) => (prices[t] = p),
  };
}

describe('useLiveUpdates', () => {
  it('opens one stream per tab for a Premium user, with the session cookie, shared by every screen', async () => {
    serve('premium');
    const { unmount } = renderWithProviders(
      <>
        <Portfolio />
        <Detail ticker="NVDW" />
      </>,
    );
    await screen.findByText('Value: 500.00');
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    const [source] = FakeEventSource.instances;
    expect(source).toMatchObject({ url: LIVE_URL, withCredentials: true });
    unmount();
    expect(source!.readyState).toBe(FakeEventSource.CLOSED);
  });

  it('a portfolio event refetches the holdings: the new value shows without a reload', async () => {
    const server = serve('premium');
    renderWithProviders(<Portfolio />);
    await screen.findByText('Value: 500.00');
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    server.setValue('523.50');
    act(() => FakeEventSource.instances[0]!.emit('portfolio', { holdings: true, calendar: true }));
    await screen.findByText('Value: 523.50');
    expect(server.count('/api/user/portfolio')).toBe(2);
  });

  it("a market event refetches the pages of the funds it names, and only those", async () => {
    const server = serve('premium');
    renderWithProviders(
      <>
        <Detail ticker="NVDW" />
        <Detail ticker="MSTW" />
      </>,
    );
    await screen.findByText('NVDW: 50.00');
    await screen.findByText('MSTW: 20.00');
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    server.setPrice('NVDW', '51.25');
    server.setPrice('MSTW', '21.00');
    act(() => FakeEventSource.instances[0]!.emit('market', { tickers: ['NVDW'], calendar: false, lists: false }));
    await screen.findByText('NVDW: 51.25');
    expect(screen.getByText('MSTW: 20.00')).toBeTruthy();
    expect(server.count('/api/etfs/detail/NVDW')).toBe(2);
    expect(server.count('/api/etfs/detail/MSTW')).toBe(1);
    // resync: everything shown is read again
    act(() => FakeEventSource.instances[0]!.emit('resync', { reason: 'too-far-behind' }));
    await screen.findByText('MSTW: 21.00');
  });

  it('closes the stream when the server ends it for a sign-out, and keeps it for a shutdown (EventSource reconnects)', async () => {
    serve('premium');
    renderWithProviders(<Portfolio />);
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    const source = FakeEventSource.instances[0]!;
    act(() => source.emit('end', { reason: 'shutdown' }));
    expect(source.readyState).toBe(FakeEventSource.OPEN);
    act(() => source.emit('end', { reason: 'signed-out' }));
    expect(source.readyState).toBe(FakeEventSource.CLOSED);
  });

  it('opens no stream for a free user (hourly figures)', async () => {
    const server = serve('free');
    renderWithProviders(<Portfolio />);
    await screen.findByText('Value: 500.00');
    expect(server.count('/api/user')).toBe(1);
    expect(FakeEventSource.instances).toHaveLength(0);
  });
});
