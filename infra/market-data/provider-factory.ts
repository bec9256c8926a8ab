import type { Config } from '../../services/http/config.ts';
import { AlpacaMarketDataProvider } from './alpaca-provider.ts';
import { DemoMarketDataProvider } from './demo-provider.ts';
import type { MarketDataProvider } from './port.ts';

/**
 * The provider for this configuration: Alpaca when its keys are set and demo data is not forced
 * (`DEMO_DATA`), the deterministic demo provider otherwise. The clock is the app's clock.
 */
export function createMarketDataProvider(config: Pick<Config, 'alpaca' | 'demoData'>, now: () => Date): MarketDataProvider {
  if (!config.demoData && config.alpaca) {
    return new AlpacaMarketDataProvider({ keyId: config.alpaca.keyId, secretKey: config.alpaca.secretKey, dataUrl: config.alpaca.dataUrl });
  }
  return new DemoMarketDataProvider({ now: () => now().toISOString() });
}
