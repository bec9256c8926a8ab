import { Agenda, type AgendaOptions } from 'agenda';
import { SqliteAgendaBackend, sqliteJobsFile } from './sqlite-agenda-backend.ts';

export interface CreateAgendaConfig {
  /** MONGODB_URL: when set, jobs are stored in MongoDB; otherwise in `<dataDir>/jobs.sqlite`. */
  mongoUrl?: string | undefined;
  /** Database name in MongoDB (MONGODB_DB). */
  mongoDb: string;
  dataDir: string;
  /** Further Agenda settings (name, processEvery, concurrency, lock lifetime, ...). */
  options?: Omit<AgendaOptions, 'backend'>;
}

/**
 * A configured Agenda instance, not started: define jobs, then `start()`; `stop()` or `drain()` at
 * shutdown. The MongoDB backend (and its driver) is loaded only when configured.
 */
export async function createAgenda(config: CreateAgendaConfig): Promise<Agenda> {
  const backend = config.mongoUrl
    ? new (await import('./mongo-agenda-backend.ts')).MongoAgendaBackend({ url: config.mongoUrl, dbName: config.mongoDb || 'weeklydiv' })
    : new SqliteAgendaBackend({ file: sqliteJobsFile(config.dataDir) });
  return new Agenda({ ...config.options, backend });
}
