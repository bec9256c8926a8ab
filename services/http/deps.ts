import type { Logger } from 'pino';
import type { Config } from './config.ts';
import type { EventLog } from '../core/event-log.ts';
import type { DocumentStore } from '../../infra/document-store/port.ts';
import type { ReadModels } from '../../read-models/runtime/read-models.ts';
import type { Mailer } from '../../infra/mail/mailer.ts';

/**
 * Everything the app factory and the module routers need. Built by the composition root
 * (services/gateway/container.ts) for the server, and by the test harness for API specs.
 */
export interface AppDeps {
  config: Config;
  logger: Logger;
  /** The typed event log (append, read). */
  log: EventLog;
  /** Raw access to the document store: read models (through `readModels`) and operational state (throttling). */
  docs: DocumentStore;
  /** Read-model collections by projection, checkpoints, and wait-for-position. */
  readModels: ReadModels;
  /** The clock: the only place the gateway takes the time from. */
  now: () => Date;
  /**
   * Outgoing mail (infra/mail). Optional: when absent, the accounts router builds one from
   * `config.mail` (SMTP_URL, else the outbox file). The composition root should pass one and close it
   * on shutdown (`mailer.close()` waits for mails still being sent).
   */
  mailer: Mailer;
}
