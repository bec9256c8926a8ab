/**
 * The brokerage-aggregation port (read-only): register a user with the aggregator, hand out the
 * connection portal link, list the user's connected accounts and read an account's positions.
 * The SnapTrade adapter (snaptrade-brokerage.ts) implements it on the official SDK.
 */

/** Who the user is at the aggregator: the id we chose and the secret it gave us (keep it secret). */
export interface BrokerageUser {
  brokerageUserId: string;
  userSecret: string;
}

export interface BrokerageAccount {
  id: string;
  brokerageName: string;
  accountName: string;
}

/** One position as the aggregator reports it (decimals as text, as it sends them). */
export interface BrokeragePositionReport {
  /** The ticker in Yahoo Finance form (`YMAX`; `VAB.TO` outside US venues). */
  symbol: string;
  /** Instrument kind (`etf`, `stock`, `option`, `crypto` ...). */
  kind: string;
  /** Units held (negative: short). */
  units: string;
  /** Average cost per unit, when given. */
  averageCost: string | null;
}

/**
 * One dividend activity of an account as the aggregator reports it (SnapTrade's account activities of
 * type `DIVIDEND` and `REI`, a dividend reinvested); decimals as text.
 */
export interface BrokerageDividendReport {
  id: string;
  type: 'DIVIDEND' | 'REI';
  /** The ticker in Yahoo Finance form. */
  symbol: string;
  /** The cash, signed as the brokerage sends it. */
  amount: string;
  /** Units (a reinvestment's shares bought); null when not given. */
  units: string | null;
  price: string | null;
  /** The trade date (any precision the brokerage gives: a date or an instant), null when missing. */
  tradeDate: string | null;
  settlementDate: string | null;
}

/** Why a call to the aggregator failed, in words safe to log (never a URL, a query or a secret). */
export class BrokerageError extends Error {
  readonly reason: 'timeout' | 'unreachable' | 'refused' | 'invalid-answer';
  /** The aggregator's HTTP status, when it answered. */
  readonly status: number | undefined;
  constructor(reason: BrokerageError['reason'], message: string, status?: number) {
    super(message);
    this.name = 'BrokerageError';
    this.reason = reason;
    this.status = status;
  }
}

export interface Brokerage {
  /**
   * Removes the user at the aggregator with its connections (account deletion). A user it does not
   * know (already removed) is not an error.
   */
  deleteUser(brokerageUserId: string): Promise<void>;
  /** Registers a user under our opaque id; answers the secret the aggregator issued for it. */
  registerUser(brokerageUserId: string): Promise<{ userSecret: string }>;
  /** A read-only connection portal link that sends the user back to `redirectUrl` afterwards. */
  connectionUrl(user: BrokerageUser, redirectUrl: string): Promise<string>;
  listAccounts(user: BrokerageUser): Promise<BrokerageAccount[]>;
  listPositions(user: BrokerageUser, accountId: string): Promise<BrokeragePositionReport[]>;
  /** The account's dividend and reinvestment activities from `startDate` (YYYY-MM-DD), every page. */
  listDividendActivities(user: BrokerageUser, accountId: string, startDate: string): Promise<BrokerageDividendReport[]>;
}
