import type { BrokerPayoutRecord } from '../../events/payouts.ts';
import { canonical, dec } from '../../domain/market/decimal.ts';
import { isValidDate } from '../../domain/market/trading-days.ts';
import type { BrokerageDividendReport } from '../../infra/brokerage/port.ts';

/**
 * What the payout ledger keeps of an account's dividend activities (pure: SnapTrade's answers in, the
 * records out; docs/payouts.md "Broker records"). A record's date is the date part of its trade date
 * (brokerages report a dividend on its pay date; the time, when given, is SnapTrade's midnight UTC),
 * else of its settlement date; an activity without a usable date, symbol or amount is left out.
 * Decimals are kept canonical; a reinvestment's shares and price as given.
 */
export function dividendRecordsOf(accountId: string, reports: readonly BrokerageDividendReport[]): BrokerPayoutRecord[] {
  const out: BrokerPayoutRecord[] = [];
  for (const r of reports) {
    const date = [r.tradeDate, r.settlementDate].map((d) => (d ?? '').slice(0, 10)).find((d) => isValidDate(d));
    const amount = decimal(r.amount);
    if (date === undefined || amount === null || r.symbol.trim() === '') continue;
    const units = decimal(r.units);
    const price = decimal(r.price);
    out.push({
      id: r.id,
      accountId,
      type: r.type,
      symbol: r.symbol.trim().toUpperCase(),
      amount,
      units: units !== null && !units.startsWith('-') && units !== '0' ? units : null,
      price: price !== null && !price.startsWith('-') && price !== '0' ? price : null,
      date,
    });
  }
  return out;
}

function decimal(text: string | null): string | null {
  if (text === null) return null;
  try {
    const d = dec(text.trim());
    return d.isFinite() ? canonical(d) : null;
  } catch {
    return null;
  }
}
