/**
 * Replay throughput through projections (part of `npm run bench:store`): how fast the read models are
 * rebuilt from the log, which is what every start of the embedded default does (in-process read models).
 *
 * 1. users: 100,000 account events (1,000 registrations, then SubscriptionChanged events spread over
 *    the users) through the `users` projection alone: the runtime's own cost (decode, batch unit of
 *    work, checkpoint) with a light projection.
 * 2. market: a market log like the first start's (63 funds, two years of daily bars, weekly
 *    distributions, one market day) through the `market` projection alone (metrics and
 *    pre-serialised views recomputed per batch), then through every projection of the product at once
 *    (the shared subscription) — a first start, or a rebuild.
 *
 * Each into the in-memory document store and into the embedded default's SQLite store (a file in the
 * bench's temporary directory), so the cost of persisting read models is visible.
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { NewEvent } from '../events/envelope.ts';
import { registry } from '../events/registry.ts';
import { streams } from '../events/streams.ts';
import { allProjections } from '../read-models/all.ts';
import { marketProjection } from '../read-models/market/projection.ts';
import type { Projection } from '../read-models/runtime/projection.ts';
import { ProjectionRunner } from '../read-models/runtime/runner.ts';
import { usersProjection } from '../read-models/users/projection.ts';
import { addDays, isBusinessDay } from '../domain/market/trading-days.ts';
import { MemoryDocumentStore } from '../infra/document-store/memory-document-store.ts';
import type { DocumentStore } from '../infra/document-store/port.ts';
import { openSqliteDocumentStore } from '../infra/document-store/sqlite-document-store.ts';
import type { EventStore } from '../infra/event-store/port.ts';
import { describeMachine, machineMarkdown, markdownTable, openBenchStore, writeBenchmarkSection, type Measurement } from './store.bench.ts';

const meta = { actor: 'bench', correlationId: 'bench' };
const AT = '2026-03-04T22:00:00.000Z';

function encode(type: string, data: unknown): NewEvent {
  return registry.encode({ type, data }, meta);
}

async function seedAccounts(store: EventStore, total: number): Promise<number> {
  const users = Array.from({ length: 1000 }, () => randomUUID());
  for (const [i, userId] of users.entries()) {
    await store.append(streams.user(userId), [encode('UserRegistered', { userId, email: `user${i}@bench.test`, firstName: 'Bench', lastName: `User ${i}`, passwordHash: 'scrypt$bench', registeredAt: AT })], 'no_stream');
  }
  const perUser = Math.ceil((total - users.length) / users.length);
  const appends = users.map((userId) =>
    store.append(
      streams.user(userId),
      Array.from({ length: perUser }, (_, n) => encode('SubscriptionChanged', { userId, subscriptionTier: n % 2 ? 'premium' : 'free', subscriptionStatus: n % 2 ? 'active' : null, changedAt: AT })),
      'any',
    ),
  );
  await Promise.all(appends);
  return store.headPosition();
}

async function seedMarket(store: EventStore): Promise<number> {
  const firstDay = '2024-03-04';
  const today = '2026-03-04';
  for (let f = 0; f < 63; f++) {
    const etfId = randomUUID();
    await store.append(streams.etf(etfId), [encode('EtfListed', { etfId, ticker: `BN${String(f).padStart(2, '0')}W`, name: `Bench Fund ${f}`, brand: ['Roundhill', 'YieldMax', 'Granite', 'Defiance'][f % 4], description: '', frequency: 'weekly', underlying: f % 3 ? `U${f % 7}` : null, inceptionDate: firstDay, dataSource: 'demo', listedAt: AT })], 'no_stream');
    const byYear = new Map<number, NewEvent[]>();
    const dividends: NewEvent[] = [];
    let price = 20 + (f % 30);
    for (let day = firstDay, n = 0; day <= today; day = addDays(day, 1)) {
      if (!isBusinessDay(day)) continue;
      n++;
      price = Math.max(2, price * (1 + Math.sin(n * 0.7 + f) * 0.01 - 0.0004));
      const close = price.toFixed(2);
      const year = Number(day.slice(0, 4));
      if (!byYear.has(year)) byYear.set(year, []);
      byYear.get(year)!.push(encode('PriceBarRecorded', { etfId, date: day, open: close, high: (price * 1.01).toFixed(2), low: (price * 0.99).toFixed(2), close, volume: 1000 + n, source: 'demo' }));
      if (new Date(`${day}T12:00:00Z`).getUTCDay() === 2) {
        dividends.push(encode('DistributionDeclared', { etfId, distributionId: `${etfId}_${day}`, exDate: day, recordDate: day, payDate: addDays(day, 1), amount: (price * 0.012).toFixed(4), status: 'declared', source: 'demo', kind: 'regular' }));
      }
    }
    for (const [year, bars] of byYear) await store.append(streams.prices(etfId, year), bars, 'no_stream');
    await store.append(streams.dividends(etfId), dividends, 'no_stream');
  }
  await store.append(streams.marketClock(), [encode('MarketDayBegan', { date: today })], 'any');
  return store.headPosition();
}

type DocsKind = 'memory' | 'SQLite';
let replays = 0;

function openDocs(kind: DocsKind, dir: string): DocumentStore {
  return kind === 'memory' ? new MemoryDocumentStore() : openSqliteDocumentStore(path.join(dir, `read-models-${++replays}.sqlite`));
}

async function replay(store: EventStore, dir: string, kind: DocsKind, projections: readonly Projection[], events: number, name: string): Promise<Measurement> {
  const docs = openDocs(kind, dir);
  const runner = new ProjectionRunner(store, registry, docs, projections);
  const started = performance.now();
  await runner.start();
  const seconds = (performance.now() - started) / 1000;
  await runner.stop();
  await docs.close();
  return { name: `${name}, into ${kind === 'memory' ? 'memory' : 'the SQLite store'}`, events, seconds, perSecond: Math.round(events / seconds) };
}

export async function benchReplayThroughProjections(): Promise<Measurement[]> {
  const results: Measurement[] = [];
  const accounts = await openBenchStore();
  try {
    const events = await seedAccounts(accounts.store, 100_000);
    for (const kind of ['memory', 'SQLite'] as const) {
      results.push(await replay(accounts.store, accounts.dir, kind, [usersProjection], events, `replay through the users projection (${events.toLocaleString('en-US')} account events)`));
    }
  } finally {
    await accounts.dispose();
  }
  const market = await openBenchStore();
  try {
    const events = await seedMarket(market.store);
    for (const kind of ['memory', 'SQLite'] as const) {
      results.push(await replay(market.store, market.dir, kind, [marketProjection], events, `replay through the market projection (63 funds, two years)`));
      results.push(await replay(market.store, market.dir, kind, allProjections, events, `replay through all ${allProjections.length} projections (a first start)`));
    }
  } finally {
    await market.dispose();
  }
  return results;
}

async function main(): Promise<void> {
  const machine = describeMachine();
  const results = await benchReplayThroughProjections();
  const table = markdownTable(results);
  console.log(table);
  const body = [
    machineMarkdown(machine),
    '',
    'Method: `npm run bench:store` (second part, bench/replay.bench.ts). Each log is written to a fresh embedded store in a temporary directory, then a `ProjectionRunner` starts on an empty document store (in memory, then the embedded SQLite file) and the time until every projection it runs has caught up to the head is measured (read, validate and upcast each event once, apply, flush each batch of 2,000 with its checkpoint). The users log is 1,000 registrations plus SubscriptionChanged events; the market log has 63 funds with every business-day bar from 2024-03-04 to 2026-03-04, a weekly distribution each and one MarketDayBegan. "events" counts every event in the log, also those a projection does not handle.',
    '',
    table,
  ].join('\n');
  writeBenchmarkSection(path.join(path.dirname(fileURLToPath(import.meta.url)), '../docs/benchmarks.md'), 'Replay through projections', body);
  console.log('written to docs/benchmarks.md');
}

if (import.meta.main) await main();
