import { AlpacaMarketDataProvider } from './alpaca-provider.ts';
import { DemoMarketDataProvider } from './demo-provider.ts';
import type { MarketDataProvider } from './port.ts';

export interface MarketDataOptions {
  /** DEMO_DATA: force the deterministic demo provider. */
  demoData: boolean;
  /** Alpaca keys (ALPACA_KEY_ID, ALPACA_SECRET_KEY, ALPACA_DATA_URL), when set. */
  alpaca: { keyId: string; secretKey: string; dataUrl: string } | undefined;
}

/**
 * The provider for this configuration: Alpaca when its keys are set and demo data is not forced
 * (`DEMO_DATA`), the deterministic demo provider otherwise. The clock is the app's clock.
 */
export function createMarketDataProvider(config: MarketDataOptions, now: () => Date): MarketDataProvider {
  if (!config.demoData && config.alpaca) {
    return new AlpacaMarketDataProvider({ keyId: config.alpaca.keyId, secretKey: config.alpaca.secretKey, dataUrl: config.alpaca.dataUrl });
  }
  return new DemoMarketDataProvider({ now: () => now().toISOString() });
}
