import { describe, expect, it } from 'vitest';
import { createOfflineStore } from './offline-status.ts';
import { endsSession, isPersonalRead } from './personal-cache.ts';

const MON = 'Mon, 23 Nov 2026 21:00:00 GMT';
const TUE = 'Tue, 24 Nov 2026 14:30:00 GMT';

describe('the offline state of a page', () => {
  it('online with fresh answers: not offline, as of the newest answer', () => {
    const store = createOfflineStore(true);
    store.receive({ type: 'weeklydiv:fresh-answer', path: '/api/user/portfolio', date: MON });
    store.receive({ type: 'weeklydiv:fresh-answer', path: '/api/user', date: TUE });
    expect(store.getSnapshot()).toEqual({ offline: false, online: true, asOf: '2026-11-24T14:30:00.000Z' });
  });

  it('an answer from the worker cache makes it offline, as of the oldest kept answer', () => {
    const store = createOfflineStore(true);
    store.receive({ type: 'weeklydiv:cached-answer', path: '/api/user', date: TUE });
    store.receive({ type: 'weeklydiv:cached-answer', path: '/api/user/portfolio', date: MON });
    expect(store.getSnapshot()).toEqual({ offline: true, online: true, asOf: '2026-11-23T21:00:00.000Z' });
  });

  it('once every kept answer was replaced by a fresh one, it is online again', () => {
    const store = createOfflineStore(true);
    store.receive({ type: 'weeklydiv:cached-answer', path: '/api/user/portfolio', date: MON });
    store.receive({ type: 'weeklydiv:cached-answer', path: '/api/user', date: MON });
    store.receive({ type: 'weeklydiv:fresh-answer', path: '/api/user/portfolio', date: TUE });
    expect(store.getSnapshot().offline).toBe(true);
    store.receive({ type: 'weeklydiv:fresh-answer', path: '/api/user', date: TUE });
    expect(store.getSnapshot()).toEqual({ offline: false, online: true, asOf: '2026-11-24T14:30:00.000Z' });
  });

  it('the browser going offline and back, told to subscribers once per change', () => {
    const store = createOfflineStore(true);
    let calls = 0;
    store.subscribe(() => calls++);
    store.setOnline(false);
    store.setOnline(false);
    expect(store.getSnapshot()).toEqual({ offline: true, online: false, asOf: null });
    store.setOnline(true);
    expect(store.getSnapshot().offline).toBe(false);
    expect(calls).toBe(2);
  });

  it('back online, the kept answers are forgotten (a read that still fails is reported again)', () => {
    const store = createOfflineStore(false);
    store.receive({ type: 'weeklydiv:cached-answer', path: '/api/user/favorites', date: MON });
    store.setOnline(true);
    expect(store.getSnapshot()).toEqual({ offline: false, online: true, asOf: null });
    store.receive({ type: 'weeklydiv:cached-answer', path: '/api/user/favorites', date: MON });
    expect(store.getSnapshot().offline).toBe(true);
    // already online: nothing forgotten
    store.setOnline(true);
    expect(store.getSnapshot().offline).toBe(true);
  });

  it('ignores other messages, and a Date header it cannot read', () => {
    const store = createOfflineStore(true);
    store.receive({ type: 'something-else', path: '/api/user' });
    store.receive('SKIP_WAITING');
    expect(store.getSnapshot().offline).toBe(false);
    store.receive({ type: 'weeklydiv:cached-answer', path: '/api/user', date: 'yesterday' });
    expect(store.getSnapshot()).toEqual({ offline: true, online: true, asOf: null });
  });
});

describe('what the worker keeps', () => {
  it.each(['/api/user', '/api/user/portfolio', '/api/user/favorites', '/api/user/dividends/calendar', '/api/user/income', '/api/user/payouts', '/api/user/income-goal', '/api/user/alerts', '/api/user/tax-summary'])(
    'keeps %s',
    (path) => expect(isPersonalRead(path)).toBe(true),
  );

  it.each(['/api/etfs', '/api/user/income.csv', '/api/user/portfolio/export.csv', '/api/user/calendar-feed', '/api/user/export', '/api/user/tokens', '/api/user/', '/api/users', '/my-weeklydiv'])(
    'never keeps %s',
    (path) => expect(isPersonalRead(path)).toBe(false),
  );

  it('drops everything after POST /api/logout and /api/logout-all only', () => {
    expect(endsSession('POST', '/api/logout')).toBe(true);
    expect(endsSession('POST', '/api/logout-all')).toBe(true);
    expect(endsSession('GET', '/api/logout')).toBe(false);
    expect(endsSession('POST', '/api/login')).toBe(false);
  });
});
