import type { Server } from 'node:http';
import type { Logger } from 'pino';
import { createApp } from './app.ts';
import { ConfigError, loadConfig, type Config } from '../http/config.ts';
import { createContainer, type Container } from './container.ts';
import { createServerLogger } from './logger.ts';
import { startJobs } from '../jobs/runtime.ts';
import { startAlertReactor } from '../alerts/reactor.ts';
import { seedGuides } from '../pages/seed-guides.ts';
import { startWebhooks } from '../webhooks/runtime.ts';

/**
 * The server entry: parses the configuration, builds the stores, catches the read models up, listens,
 * and shuts down gracefully on SIGINT/SIGTERM (drains requests, stops subscriptions and jobs, closes
 * stores). Role `worker` runs projections and jobs without HTTP.
 */
export async function startServer(config: Config, logger: Logger): Promise<{ container: Container; server: Server | undefined; shutdown: () => Promise<void> }> {
  logger.info({ env: config.env, role: config.role }, 'WeeklyDiv starting');
  for (const note of config.notes) logger.info(note);
  const container = await createContainer(config, logger);
  await container.start();
  // Data jobs (Agenda): processed in roles all and worker, only queued by a gateway. The embedded
  // default's first start loads the demo catalog and history before listening, so the first page is full.
  const jobs = await startJobs(container);
  container.onStop(() => jobs.stop());
  await jobs.seedOnFirstStart().catch((error: unknown) => logger.error({ err: error }, 'first-start seeding failed'));
  // The educational guides (managed pages, docs/pages.md "The guides"): created once, never overwritten.
  if (config.role !== 'gateway') {
    const ctx = { actor: 'system', correlationId: `guides-${process.pid}`, now: container.deps.now().toISOString() };
    await seedGuides(container.deps.log, ctx).then(
      (seeded) => seeded.created.length > 0 && logger.info({ created: seeded.created }, 'educational guides created'),
      (error: unknown) => logger.error({ err: error }, 'seeding the educational guides failed'),
    );
  }
  // Distribution-change alerts (docs/alerts.md): where jobs run (roles all and worker), after the
  // first-start seeding, so a new install's imported history is never mailed.
  if (config.role !== 'gateway') {
    const { deps } = container;
    const alerts = await startAlertReactor({
      log: deps.log,
      eventStore: container.eventStore,
      readModels: deps.readModels,
      mailer: deps.mailer,
      logger: logger.child({ component: 'alerts' }),
      now: deps.now,
      appUrl: config.appUrl,
      sessionSecret: config.session.secret,
    });
    container.onStop(() => alerts.stop());
    // Signed webhooks (issue 31, docs/open-data.md): the reactor queues, the jobs scheduler delivers.
    const webhooks = await startWebhooks(deps, jobs.agenda, container.eventStore);
    container.onStop(() => webhooks.stop());
  }
  let server: Server | undefined;
  if (config.role !== 'worker') {
    const app = createApp(container.deps);
    server = await new Promise<Server>((resolve) => {
      const s = app.listen(config.port, config.host, () => resolve(s));
    });
    server.keepAliveTimeout = 65_000;
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    logger.info({ port }, `listening on http://localhost:${port}`);
  }
  let stopping: Promise<void> | undefined;
  const shutdown = () =>
    (stopping ??= (async () => {
      logger.info('shutting down');
      if (server) {
        const closed = new Promise<void>((resolve) => server!.close(() => resolve()));
        // open live-update streams never go idle: ended here (the browsers reconnect to another instance)
        container.deps.live.close();
        server.closeIdleConnections();
        const force = setTimeout(() => server!.closeAllConnections(), 10_000);
        force.unref();
        await closed;
      }
      await container.stop();
      logger.info('stopped');
    })());
  return { container, server, shutdown };
}

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  // The log is buffered (services/gateway/logger.ts): written at once for error and fatal lines, and
  // flushed on every way out: the signals' shutdown, and pino's own beforeExit/exit hooks.
  const { logger, flushSync } = createServerLogger(config);
  // A crash's reason in the log, before Node prints it and exits (a fatal line is written synchronously).
  process.on('uncaughtExceptionMonitor', (error, origin) => logger.fatal({ err: error, origin }, 'uncaught exception: exiting'));
  const { shutdown } = await startServer(config, logger);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      shutdown().then(
        () => {
          flushSync();
          process.exit(0);
        },
        (error) => {
          logger.error({ err: error }, 'shutdown failed');
          process.exit(1);
        },
      );
    });
  }
}

if (import.meta.main) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
