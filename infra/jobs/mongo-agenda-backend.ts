/**
 * Agenda's own MongoDB backend (`@agendajs/mongo-backend`) on MONGODB_URL, in the configured
 * database (MONGODB_DB) rather than the one named in the URL. The backend is given a `Db` from a
 * client created here, so this wrapper owns that client: `agenda.stop()` disconnects the backend
 * and closes it.
 */
import { MongoBackend } from '@agendajs/mongo-backend';
import type { AgendaBackend, JobLogger, JobRepository } from 'agenda';
import { MongoClient, type MongoClientOptions } from 'mongodb';

export interface MongoAgendaBackendOptions {
  url: string;
  dbName: string;
  /** Jobs collection (default 'agendaJobs'). */
  collection?: string;
  clientOptions?: MongoClientOptions;
}

export class MongoAgendaBackend implements AgendaBackend {
  readonly name = 'MongoDB';
  readonly notificationChannel = undefined;
  readonly ownsConnection = true;
  readonly #client: MongoClient;
  readonly #inner: MongoBackend;

  constructor(options: MongoAgendaBackendOptions) {
    // The driver connects on first use, so the Db can be handed over before connect().
    this.#client = new MongoClient(options.url, options.clientOptions);
    this.#inner = new MongoBackend({
      mongo: this.#client.db(options.dbName),
      collection: options.collection ?? 'agendaJobs',
    });
  }

  get repository(): JobRepository {
    return this.#inner.repository;
  }

  get logger(): JobLogger {
    return this.#inner.logger;
  }

  async connect(): Promise<void> {
    await this.#client.connect();
    await this.#inner.connect();
  }

  async disconnect(): Promise<void> {
    await this.#inner.disconnect();
    await this.#client.close();
  }
}
