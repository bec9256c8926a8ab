import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSnapTradeBrokerage } from './snaptrade-brokerage.ts';
import { startSnapTradeStandIn, type SnapTradeStandIn, type StandInActivity } from './snaptrade-test-server.ts';
import type { Brokerage, BrokerageUser } from './port.ts';

/**
 * The account activities through SnapTrade's SDK against the stand-in (docs/payouts.md "Broker
 * records"): the dividend and reinvestment activities of every page, in the port's shape.
 */
let stand: SnapTradeStandIn;
let brokerage: Brokerage;
let user: BrokerageUser;

beforeAll(async () => {
  stand = await startSnapTradeStandIn();
  brokerage = createSnapTradeBrokerage({ clientId: stand.clientId, consumerKey: stand.consumerKey, apiUrl: stand.url, timeoutMs: 2000 });
  user = { brokerageUserId: 'wd-activities', userSecret: (await brokerage.registerUser('wd-activities')).userSecret };
});
afterAll(async () => {
  await stand?.close();
});

describe('listDividendActivities', () => {
  it('reads every page (1,000 a page) of DIVIDEND and REI activities from the start date, signed, in the port shape', async () => {
    const activities: StandInActivity[] = [];
    for (let i = 0; i < 1200; i++) activities.push({ id: `d-${i}`, type: 'DIVIDEND', symbol: 'RCVW', amount: 1.25, date: '2026-01-14' });
    activities.push({ id: 'r-1', type: 'REI', symbol: 'RCVW', amount: -40, units: 2, price: 20, date: '2026-01-14' });
    activities.push({ id: 'b-1', type: 'BUY', symbol: 'RCVW', amount: -200, units: 10, price: 20, date: '2026-01-14' });
    activities.push({ id: 'old', type: 'DIVIDEND', symbol: 'RCVW', amount: 9, date: '2024-01-02' });
    stand.setAccounts('wd-activities', [{ id: 'acc-1', brokerageName: 'Alpaca', accountName: 'Individual', positions: [], activities }]);

    const reports = await brokerage.listDividendActivities(user, 'acc-1', '2025-01-01');
    expect(reports).toHaveLength(1201);
    expect(reports[0]).toEqual({ id: 'd-0', type: 'DIVIDEND', symbol: 'RCVW', amount: '1.25', units: '0', price: '0', tradeDate: '2026-01-14T00:00:00.000Z', settlementDate: '2026-01-14T00:00:00.000Z' });
    expect(reports.at(-1)).toEqual({ id: 'r-1', type: 'REI', symbol: 'RCVW', amount: '-40', units: '2', price: '20', tradeDate: '2026-01-14T00:00:00.000Z', settlementDate: '2026-01-14T00:00:00.000Z' });
    const calls = stand.calls.filter((c) => c.path === '/accounts/acc-1/activities');
    expect(calls.map((c) => [c.query['offset'], c.query['limit'], c.query['type'], c.query['startDate'], c.signed])).toEqual([
      ['0', '1000', 'DIVIDEND,REI', '2025-01-01', true],
      ['1000', '1000', 'DIVIDEND,REI', '2025-01-01', true],
    ]);
  });

  it("an unknown account is SnapTrade's 404, refused", async () => {
    await expect(brokerage.listDividendActivities(user, 'nope', '2025-01-01')).rejects.toMatchObject({ reason: 'refused', status: 404 });
  });
});
