import { Snaptrade, SnaptradeAuth, SnaptradeError } from 'snaptrade-typescript-sdk';
import { BrokerageError, type Brokerage, type BrokerageAccount, type BrokerageDividendReport, type BrokeragePositionReport, type BrokerageUser } from './port.ts';

/** Activities asked for per page (SnapTrade's default and the most it answers is 1000). */
const ACTIVITY_PAGE = 1000;
/** Pages read at most per account and sync (a long history of a busy account stops here). */
const ACTIVITY_PAGES = 20;

export interface SnapTradeOptions {
  clientId: string;
  consumerKey: string;
  /** The SDK's basePath (a stand-in in tests); undefined: the SDK's own, https://api.snaptrade.com. */
  apiUrl: string | undefined;
  /** Per call. */
  timeoutMs: number;
}

/**
 * The brokerage port on SnapTrade's official SDK (commercial API key: every request carries our client
 * id and a timestamp and is signed with the consumer key by the SDK). Read-only: connection links ask
 * for `connectionType: 'read'`.
 *
 * The SDK's own error text holds the request URL, whose query carries the user's secret, and the
 * response headers: it is never passed on. Failures become a BrokerageError naming the call, the
 * status and SnapTrade's error code only.
 */
export function createSnapTradeBrokerage(options: SnapTradeOptions): Brokerage {
  const client = new Snaptrade({
    auth: SnaptradeAuth.commercialApiKey({ clientId: options.clientId, consumerKey: options.consumerKey }),
    ...(options.apiUrl ? { basePath: options.apiUrl.replace(/\/+$/, '') } : {}),
    baseOptions: { timeout: options.timeoutMs },
  });

  async function call<T>(what: string, run: () => Promise<{ data: T }>): Promise<T> {
    try {
      return (await run()).data;
    } catch (error) {
      throw toBrokerageError(what, error);
    }
  }

  return {
    async registerUser(brokerageUserId) {
      const data = await call('register the user', () => client.authentication.registerSnapTradeUser({ userId: brokerageUserId }));
      if (typeof data?.userSecret !== 'string' || data.userSecret === '') throw new BrokerageError('invalid-answer', 'SnapTrade registered the user without a user secret');
      return { userSecret: data.userSecret };
    },
    async deleteUser(brokerageUserId) {
      try {
        await client.authentication.deleteSnapTradeUser({ userId: brokerageUserId });
      } catch (error) {
        const failure = toBrokerageError('delete the user', error);
        // SnapTrade no longer knows the user: already removed
        if (failure.status === 404) return;
        throw failure;
      }
    },
    async connectionUrl(user, redirectUrl) {
      const data = await call('create a connection link', () =>
        client.authentication.loginSnapTradeUser({ ...credentials(user), connectionType: 'read', customRedirect: redirectUrl, immediateRedirect: true }),
      );
      const url = data && typeof data === 'object' && 'redirectURI' in data ? data.redirectURI : undefined;
      if (typeof url !== 'string' || !/^https?:\/\//.test(url)) throw new BrokerageError('invalid-answer', 'SnapTrade answered without a connection link');
      return url;
    },
    async listAccounts(user) {
      const data = await call('list the accounts', () => client.accountInformation.listUserAccounts(credentials(user)));
      if (!Array.isArray(data)) throw new BrokerageError('invalid-answer', 'SnapTrade answered the accounts with something else than a list');
      return data.map(
        (a): BrokerageAccount => ({
          id: String(a.id),
          brokerageName: typeof a.institution_name === 'string' ? a.institution_name : '',
          accountName: typeof a.name === 'string' && a.name !== '' ? a.name : typeof a.number === 'string' ? a.number : '',
        }),
      );
    },
    async listPositions(user, accountId) {
      const data = await call('read the positions', () => client.accountInformation.getAllAccountPositions({ ...credentials(user), accountId }));
      if (!data || !Array.isArray(data.results)) throw new BrokerageError('invalid-answer', 'SnapTrade answered the positions without a results list');
      return data.results.flatMap((p): BrokeragePositionReport[] => {
        const instrument = p.instrument as { kind?: unknown; symbol?: unknown } | undefined;
        if (!instrument || typeof instrument.symbol !== 'string') return [];
        return [
          {
            symbol: instrument.symbol,
            kind: typeof instrument.kind === 'string' ? instrument.kind : 'other',
            units: p.units === null || p.units === undefined ? '0' : String(p.units),
            averageCost: p.cost_basis === null || p.cost_basis === undefined ? null : String(p.cost_basis),
          },
        ];
      });
    },
    async listDividendActivities(user, accountId, startDate) {
      const out: BrokerageDividendReport[] = [];
      for (let page = 0; page < ACTIVITY_PAGES; page++) {
        const data = await call('read the account activities', () =>
          client.accountInformation.getAccountActivities({ ...credentials(user), accountId, startDate, type: 'DIVIDEND,REI', offset: page * ACTIVITY_PAGE, limit: ACTIVITY_PAGE }),
        );
        if (!data || !Array.isArray(data.data)) throw new BrokerageError('invalid-answer', 'SnapTrade answered the activities without a data list');
        for (const a of data.data) {
          const type = a.type === 'DIVIDEND' || a.type === 'REI' ? a.type : null;
          const symbol = a.symbol && typeof a.symbol.symbol === 'string' ? a.symbol.symbol : null;
          if (type === null || symbol === null || typeof a.id !== 'string' || typeof a.amount !== 'number') continue;
          out.push({
            id: a.id,
            type,
            symbol,
            amount: String(a.amount),
            units: typeof a.units === 'number' ? String(a.units) : null,
            price: typeof a.price === 'number' ? String(a.price) : null,
            tradeDate: typeof a.trade_date === 'string' ? a.trade_date : null,
            settlementDate: typeof a.settlement_date === 'string' ? a.settlement_date : null,
          });
        }
        const total = data.pagination?.total;
        if (data.data.length < ACTIVITY_PAGE || (typeof total === 'number' && (page + 1) * ACTIVITY_PAGE >= total)) break;
      }
      return out;
    },
  };
}

function credentials(user: BrokerageUser) {
  return { userId: user.brokerageUserId, userSecret: user.userSecret };
}

function toBrokerageError(what: string, error: unknown): BrokerageError {
  if (error instanceof SnaptradeError) {
    if (error.status === undefined) {
      const timedOut = error.code === 'ECONNABORTED' || error.code === 'ETIMEDOUT';
      return new BrokerageError(timedOut ? 'timeout' : 'unreachable', `SnapTrade did not answer (${timedOut ? 'timed out' : (error.code ?? 'no answer')}) to ${what}`);
    }
    const body = error.responseBody as { code?: unknown } | undefined;
    const code = body && typeof body === 'object' && (typeof body.code === 'string' || typeof body.code === 'number') ? `, code ${body.code}` : '';
    return new BrokerageError('refused', `SnapTrade answered ${error.status}${code} to ${what}`, error.status);
  }
  if (error instanceof BrokerageError) return error;
  return new BrokerageError('unreachable', `SnapTrade could not be asked to ${what}`);
}
