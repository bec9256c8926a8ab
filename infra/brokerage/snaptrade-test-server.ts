import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Test helper: a stand-in for SnapTrade's API on a free local port, answering in SnapTrade's published
 * shapes (https://docs.snaptrade.com/reference): register a user, the connection portal login, list
 * accounts, all positions of an account, an account's activities (`GET /accounts/{id}/activities`:
 * `{data: AccountUniversalActivity[], pagination: {offset, limit, total}}`, filtered by `startDate`,
 * `endDate` and `type`, paged by `offset` and `limit`), and SnapTrade's error body `{detail, status_code, code}`.
 * Every request must carry our client id and a timestamp and be signed the way SnapTrade checks it
 * (HMAC-SHA256 of `{"content","path","query"}` with sorted keys, keyed by the consumer key, base64),
 * else it answers SnapTrade's 401 `Unable to verify signature sent`.
 */

export interface StandInAccount {
  id: string;
  brokerageName: string;
  accountName: string;
  positions: StandInPosition[];
  /** The account's activities (dividends, reinvestments, ...), in SnapTrade's order (none: []). */
  activities?: StandInActivity[];
}

/** One account activity; the stand-in answers it in SnapTrade's AccountUniversalActivity shape. */
export interface StandInActivity {
  id: string;
  /** `DIVIDEND`, `REI`, `BUY`, ... */
  type: string;
  symbol: string;
  /** Numbers, as SnapTrade sends them. */
  amount: number;
  units?: number;
  price?: number;
  /** `YYYY-MM-DD`: sent as SnapTrade's `trade_date` instant (`YYYY-MM-DDT00:00:00.000Z`) and as `settlement_date`. */
  date: string;
  description?: string;
}

export interface StandInPosition {
  symbol: string;
  kind?: string;
  units: string;
  costBasis?: string | null;
  price?: string;
}

export interface RecordedCall {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
  signed: boolean;
}

/** Makes the next matching calls fail: an HTTP error in SnapTrade's shape, or no answer at all (timeout). */
export interface Failure {
  /** Path prefix (`/accounts`, `/snapTrade/registerUser`). */
  path: string;
  status: number | 'timeout';
  /** How many calls fail (default: every one until cleared). */
  times?: number;
}

export interface SnapTradeStandIn {
  /** The base URL to give the SDK (SNAPTRADE_API_URL). */
  url: string;
  clientId: string;
  consumerKey: string;
  calls: RecordedCall[];
  /** Registered users: our opaque id -> the secret the stand-in issued. */
  users: Map<string, string>;
  /** The accounts of a registered user. */
  setAccounts(snaptradeUserId: string, accounts: StandInAccount[]): void;
  fail(failure: Failure): void;
  clearFailures(): void;
  close(): Promise<void>;
}

/**
 * `portalUrl`: where connection links point (default SnapTrade's own address; `'self'`: the stand-in's
 * `/portal`, a small page, for browser tests on a closed network). `control: true` also answers
 * `POST /__control/accounts {snaptradeUserId, accounts}` (unsigned), so a test in another process
 * can give a user accounts.
 */
export async function startSnapTradeStandIn(options: { clientId?: string; consumerKey?: string; portalUrl?: string; control?: boolean } = {}): Promise<SnapTradeStandIn> {
  const clientId = options.clientId ?? 'WEEKLYDIV-TEST';
  const consumerKey = options.consumerKey ?? randomBytes(24).toString('base64url');
  const calls: RecordedCall[] = [];
  const users = new Map<string, string>();
  const accounts = new Map<string, StandInAccount[]>();
  let failures: (Failure & { left: number })[] = [];
  const hanging = new Set<ServerResponse>();
  let base = '';

  const send = (res: ServerResponse, status: number, body: unknown) => {
    if (status === 204) {
      res.writeHead(204);
      res.end();
      return;
    }
    res.writeHead(status, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const error = (res: ServerResponse, status: number, detail: string, code: string) => send(res, status, { detail, status_code: status, code });

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const url = new URL(req.url ?? '/', 'http://stand-in');
      const queryText = (req.url ?? '').includes('?') ? (req.url ?? '').slice((req.url ?? '').indexOf('?') + 1) : '';
      const query = Object.fromEntries(url.searchParams);
      const body: unknown = raw === '' ? null : JSON.parse(raw);
      if (req.method === 'GET' && url.pathname === '/portal') {
        res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
        res.end('<!doctype html><html lang="en"><title>SnapTrade connection portal (stand-in)</title><h1>SnapTrade connection portal (stand-in)</h1></html>');
        return;
      }
      if (options.control && req.method === 'POST' && url.pathname === '/__control/accounts') {
        const { snaptradeUserId, accounts: list } = body as { snaptradeUserId: string; accounts: StandInAccount[] };
        accounts.set(snaptradeUserId, list);
        return send(res, 204, null);
      }
      const signed = verifySignature(consumerKey, req.headers['signature'], { content: body === null || (typeof body === 'object' && Object.keys(body).length === 0) ? null : body, path: url.pathname, query: queryText });
      calls.push({ method: req.method ?? 'GET', path: url.pathname, query, body, signed });

      const failure = failures.find((f) => url.pathname.startsWith(f.path) && f.left > 0);
      if (failure) {
        failure.left -= 1;
        if (failure.status === 'timeout') {
          hanging.add(res);
          return;
        }
        return error(res, failure.status, failure.status >= 500 ? 'Internal server error' : 'Request refused', failure.status >= 500 ? '1000' : '1012');
      }
      if (query['clientId'] !== clientId) return error(res, 401, 'Invalid clientId provided', '1001');
      if (!query['timestamp'] || !/^\d+$/.test(query['timestamp'])) return error(res, 401, 'Timestamp is missing or invalid', '1075');
      if (!signed) return error(res, 401, 'Unable to verify signature sent', '1076');

      if (req.method === 'POST' && url.pathname === '/snapTrade/registerUser') {
        const userId = (body as { userId?: unknown } | null)?.userId;
        if (typeof userId !== 'string' || userId === '') return error(res, 400, 'userId is required', '1010');
        if (users.has(userId)) return error(res, 400, 'User already exist', '1010');
        const userSecret = randomUUID();
        users.set(userId, userSecret);
        return send(res, 200, { userId, userSecret });
      }
      if (req.method === 'DELETE' && url.pathname === '/snapTrade/deleteUser') {
        // SnapTrade's "Delete user": by our user id alone (no secret); the user is queued for deletion.
        const userId = query['userId'] ?? '';
        if (!users.has(userId)) return error(res, 404, 'User not found', '1011');
        users.delete(userId);
        accounts.delete(userId);
        return send(res, 200, { status: 'deleted', detail: `User ${userId} has been queued for deletion`, userId });
      }
      // Every other call is on behalf of a user: userId + userSecret in the query.
      const userId = query['userId'] ?? '';
      if (!users.has(userId) || users.get(userId) !== query['userSecret']) return error(res, 401, 'Invalid userID or userSecret provided', '1083');

      if (req.method === 'POST' && url.pathname === '/snapTrade/login') {
        const token = randomBytes(16).toString('hex');
        const portal = options.portalUrl === 'self' ? `${base}/portal` : (options.portalUrl ?? 'https://app.snaptrade.com/snapTrade/redeemToken');
        return send(res, 200, { redirectURI: `${portal}?token=${token}&connectionType=read&clientId=${clientId}`, sessionId: randomUUID() });
      }
      if (req.method === 'GET' && url.pathname === '/accounts') {
        return send(
          res,
          200,
          (accounts.get(userId) ?? []).map((a) => ({
            id: a.id,
            brokerage_authorization: `auth-${a.id}`,
            name: a.accountName,
            number: `Q${a.id.slice(0, 6)}`,
            institution_name: a.brokerageName,
            created_date: '2026-01-05T15:00:00.000Z',
            sync_status: {
              transactions: { initial_sync_completed: true, last_successful_sync: '2026-01-22', first_transaction_date: '2025-03-01' },
              holdings: { initial_sync_completed: true, last_successful_sync: '2026-01-23T14:00:00.000Z' },
            },
            balance: { total: { amount: 10000, currency: 'USD' } },
            status: 'open',
            raw_type: 'Margin',
            account_category: 'INVESTMENT',
          })),
        );
      }
      const positions = /^\/accounts\/([^/]+)\/positions\/all$/.exec(url.pathname);
      if (req.method === 'GET' && positions) {
        const account = (accounts.get(userId) ?? []).find((a) => a.id === decodeURIComponent(positions[1]!));
        if (!account) return error(res, 404, 'Account not found', '1063');
        return send(res, 200, {
          results: account.positions.map((p) => ({
            instrument: { kind: p.kind ?? 'etf', id: randomUUID(), symbol: p.symbol, raw_symbol: p.symbol.replace(/\..*$/, ''), description: `${p.symbol} fund`, currency: 'USD', exchange: 'ARCX', figi_instrument: null },
            units: p.units,
            price: p.price ?? '15.00',
            cost_basis: p.costBasis ?? null,
            currency: 'USD',
          })),
          data_freshness: { as_of: '2026-01-23T14:00:00.000Z' },
        });
      }
      const activities = /^\/accounts\/([^/]+)\/activities$/.exec(url.pathname);
      if (req.method === 'GET' && activities) {
        const account = (accounts.get(userId) ?? []).find((a) => a.id === decodeURIComponent(activities[1]!));
        if (!account) return error(res, 404, 'Account not found', '1063');
        const types = query['type'] ? new Set(query['type'].split(',')) : null;
        const from = query['startDate'] ?? '';
        const to = query['endDate'] ?? '9999-12-31';
        const all = (account.activities ?? []).filter((a) => (types === null || types.has(a.type)) && a.date >= from && a.date <= to);
        const offset = Number(query['offset'] ?? 0);
        const limit = Number(query['limit'] ?? 1000);
        return send(res, 200, {
          data: all.slice(offset, offset + limit).map((a) => ({
            id: a.id,
            symbol: { id: randomUUID(), symbol: a.symbol, raw_symbol: a.symbol.replace(/\..*$/, ''), description: `${a.symbol} fund`, currency: { id: randomUUID(), code: 'USD', name: 'US Dollar' }, type: { id: randomUUID(), code: 'et', description: 'ETF' } },
            option_symbol: null,
            price: a.price ?? 0,
            units: a.units ?? 0,
            amount: a.amount,
            currency: { id: randomUUID(), code: 'USD', name: 'US Dollar' },
            type: a.type,
            option_type: '',
            description: a.description ?? `${a.type} ${a.symbol}`,
            trade_date: `${a.date}T00:00:00.000Z`,
            settlement_date: `${a.date}T00:00:00.000Z`,
            fee: 0,
            fx_rate: null,
            institution: account.brokerageName,
            external_reference_id: null,
          })),
          pagination: { offset, limit, total: all.length },
        });
      }
      return error(res, 404, 'Not found', '1000');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  base = `http://127.0.0.1:${port}`;
  return {
    url: base,
    clientId,
    consumerKey,
    calls,
    users,
    setAccounts(snaptradeUserId, list) {
      accounts.set(snaptradeUserId, list);
    },
    fail(failure) {
      failures.push({ ...failure, left: failure.times ?? Number.POSITIVE_INFINITY });
    },
    clearFailures() {
      failures = [];
    },
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** SnapTrade's request signature check (the SDK's `requestAfterHook`, from the server's side). */
function verifySignature(consumerKey: string, header: string | string[] | undefined, signed: { content: unknown; path: string; query: string }): boolean {
  if (typeof header !== 'string') return false;
  const message = JSON.stringify(signed, Object.keys(collectKeys(signed)).sort());
  const expected = createHmac('sha256', encodeURI(consumerKey)).update(message).digest('base64');
  const a = Buffer.from(header);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Every key at any depth (JSON.stringify's replacer list applies to nested objects too). */
function collectKeys(value: unknown, into: Record<string, true> = {}): Record<string, true> {
  if (Array.isArray(value)) for (const v of value) collectKeys(v, into);
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      into[k] = true;
      collectKeys(v, into);
    }
  }
  return into;
}
