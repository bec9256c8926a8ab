import type { BrokerageAccountSynced } from '../../events/brokerage.ts';
import { canonical, dec, type Decimal } from '../../domain/market/decimal.ts';
import type { BrokerageAccount, BrokeragePositionReport } from '../../infra/brokerage/port.ts';

/**
 * What a sync makes of the accounts' positions, before it touches the portfolio (pure: the SnapTrade
 * answers and the catalog in, the funds out). A fund held in several accounts is one fund: the shares
 * are added up and the average cost is weighted by shares (positions without a cost above 0 are left
 * out of the average). docs/brokerage.md "Decisions where the spec is silent".
 */

/** Shares kept from a brokerage (fractional shares to 6 places), prices to 4. */
const SHARE_PLACES = 6;
const PRICE_PLACES = 4;

/** A fund of our catalog found at the brokerage, in canonical decimal strings. */
export interface FoundFund {
  etfId: string;
  ticker: string;
  /** Above 0 (a sum at or below 0 is not a holding). */
  shares: string;
  /** Average cost per share; null when no position of the fund gave one above 0. */
  purchasePrice: string | null;
}

export interface FoundPositions {
  funds: FoundFund[];
  /** Per account: its positions, and how many funds of the catalog it holds. */
  accounts: BrokerageAccountSynced[];
  /** Every position seen, in every account. */
  total: number;
}

function decimalOrNull(text: string | null): Decimal | null {
  if (text === null) return null;
  try {
    const d = dec(text.trim());
    return d.isFinite() ? d : null;
  } catch {
    return null;
  }
}

/** The funds of the catalog (by upper-case ticker) in the accounts' positions. */
export function fundsOfPositions(
  reports: readonly { account: BrokerageAccount; positions: readonly BrokeragePositionReport[] }[],
  catalog: ReadonlyMap<string, { _id: string; ticker: string }>,
): FoundPositions {
  const funds = new Map<string, { etfId: string; ticker: string; shares: Decimal; cost: Decimal; costShares: Decimal }>();
  const accounts: BrokerageAccountSynced[] = [];
  let total = 0;
  for (const { account, positions } of reports) {
    total += positions.length;
    const inAccount = new Set<string>();
    for (const p of positions) {
      const fund = catalog.get(p.symbol.trim().toUpperCase());
      const units = decimalOrNull(p.units);
      if (!fund || units === null) continue;
      inAccount.add(fund._id);
      const entry = funds.get(fund._id) ?? { etfId: fund._id, ticker: fund.ticker, shares: dec(0), cost: dec(0), costShares: dec(0) };
      entry.shares = entry.shares.plus(units);
      const cost = decimalOrNull(p.averageCost);
      if (cost !== null && cost.gt(0) && units.gt(0)) {
        entry.cost = entry.cost.plus(cost.times(units));
        entry.costShares = entry.costShares.plus(units);
      }
      funds.set(fund._id, entry);
    }
    accounts.push({ accountId: account.id, brokerageName: account.brokerageName, accountName: account.accountName, positions: positions.length, synced: inAccount.size });
  }
  const found = [...funds.values()]
    .map((f) => ({ ...f, shares: f.shares.toDecimalPlaces(SHARE_PLACES) }))
    .filter((f) => f.shares.gt(0))
    .map((f) => ({
      etfId: f.etfId,
      ticker: f.ticker,
      shares: canonical(f.shares),
      purchasePrice: f.costShares.gt(0) ? canonical(f.cost.div(f.costShares).toDecimalPlaces(PRICE_PLACES)) : null,
    }));
  return { funds: found, accounts, total };
}
