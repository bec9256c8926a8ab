import { anyDemo } from '../../components/demo-data-notice.tsx';

/**
 * What the landing says about its market data (docs/client.md "Demo data"): "Live Market Data" and the
 * "Real-Time Data" feature are the spec's words, shown only once the figures are known to be real; over
 * demo figures the line says "Demo Market Data" and the feature card promises no real time; while the
 * figures are not known yet (loading, error) the wording is neutral.
 */
export type MarketDataState = 'live' | 'demo' | 'unknown';

export function marketDataState(items: ReadonlyArray<{ isDemo?: boolean | undefined }> | undefined | null): MarketDataState {
  if (!items) return 'unknown';
  return anyDemo(items) ? 'demo' : 'live';
}

/** The top performers line before "• Updated …". */
export function marketDataLine(state: MarketDataState): string {
  return state === 'live' ? 'Live Market Data' : state === 'demo' ? 'Demo Market Data' : 'Market Data';
}

export const REAL_TIME_TEXT = 'Prices and yields updated hourly during market hours, with dividend declarations as they are announced.';

/** The first feature card of the landing. */
export function dataFeature(state: MarketDataState): { title: string; text: string } {
  if (state === 'live') return { title: 'Real-Time Data', text: REAL_TIME_TEXT };
  const base = 'Prices and yields refresh hourly during market hours once a market data feed is connected, with dividend declarations as they are announced.';
  return {
    title: 'Market Data, Updated Hourly',
    text: state === 'demo' ? `${base} The figures on this site are demo data for now: simulated sample values.` : base,
  };
}
