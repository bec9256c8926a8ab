import type { NewEvent, EventMetadata, RecordedEvent } from './envelope.ts';
import { parseStoredTypeName, storedTypeName, type EventDefinition } from './define.ts';
import { accountEvents } from './accounts.ts';
import { catalogEvents } from './catalog.ts';
import { priceEvents } from './prices.ts';
import { dividendEvents } from './dividends.ts';
import { splitEvents } from './splits.ts';
import { marketClockEvents } from './market-clock.ts';
import { favoriteEvents } from './favorites.ts';
import { portfolioEvents } from './portfolio.ts';
import { settingEvents } from './settings.ts';
import { newsEvents } from './news.ts';
import { jobEvents } from './jobs.ts';
import { calendarFeedEvents } from './calendar-feeds.ts';
import { pageEvents, pagePathEvents } from './pages.ts';
import { imageEvents } from './images.ts';
import { brokerageEvents } from './brokerage.ts';
import { billingEvents } from './billing.ts';
import { alertEvents } from './alerts.ts';
import { releaseEvents } from './releases.ts';
import { payoutEvents } from './payouts.ts';
import { supportEvents } from './support.ts';
import { tokenEvents } from './tokens.ts';
import { webhookEvents } from './webhooks.ts';

export class UnknownEventTypeError extends Error {}
export class InvalidEventError extends Error {}

/** Every event definition of the product. Later categories add themselves here. */
export const allEventDefinitions: readonly EventDefinition[] = [
  ...accountEvents,
  ...catalogEvents,
  ...priceEvents,
  ...dividendEvents,
  ...splitEvents,
  ...marketClockEvents,
  ...jobEvents,
  ...favoriteEvents,
  ...portfolioEvents,
  ...settingEvents,
  ...newsEvents,
  ...calendarFeedEvents,
  ...pageEvents,
  ...pagePathEvents,
  ...imageEvents,
  ...brokerageEvents,
  ...billingEvents,
  ...alertEvents,
  ...releaseEvents,
  ...payoutEvents,
  ...supportEvents,
  ...tokenEvents,
  ...webhookEvents,
];

export class EventRegistry {
  private readonly byType = new Map<string, EventDefinition>();

  constructor(definitions: readonly EventDefinition[]) {
    for (const def of definitions) {
      if (this.byType.has(def.type)) throw new Error(`event type ${def.type} is defined twice`);
      this.byType.set(def.type, def);
    }
  }

  has(type: string): boolean {
    return this.byType.has(type);
  }

  /** The current schema of an event type's data. */
  schemaOf(type: string): EventDefinition['schema'] {
    const def = this.byType.get(type);
    if (!def) throw new UnknownEventTypeError(`unknown event type ${type}`);
    return def.schema;
  }

  /** Validates domain data and produces what the store appends (`Type.vN`, parsed data). */
  encode(event: { type: string; data: unknown }, metadata: EventMetadata): NewEvent {
    const def = this.byType.get(event.type);
    if (!def) throw new UnknownEventTypeError(`unknown event type ${event.type}`);
    const parsed = def.schema.safeParse(event.data);
    if (!parsed.success) {
      throw new InvalidEventError(`${event.type} data is invalid: ${parsed.error.message}`);
    }
    return { type: storedTypeName(def.type, def.version), data: parsed.data, metadata };
  }

  /** Validates a stored event and upcasts older versions; returns the domain type name and data. */
  decode(raw: RecordedEvent): RecordedEvent {
    const { type, version } = parseStoredTypeName(raw.type);
    const def = this.byType.get(type);
    if (!def) throw new UnknownEventTypeError(`unknown stored event type ${raw.type} at position ${raw.position}`);
    let data: unknown = raw.data;
    if (version !== def.version) {
      const legacy = def.legacy.find((l) => l.version === version);
      if (!legacy) {
        throw new UnknownEventTypeError(`no upcaster for ${raw.type} (current is v${def.version})`);
      }
      const old = legacy.schema.safeParse(data);
      if (!old.success) {
        throw new InvalidEventError(`${raw.type} at position ${raw.position} is invalid: ${old.error.message}`);
      }
      data = legacy.upcast(old.data);
    }
    const parsed = def.schema.safeParse(data);
    if (!parsed.success) {
      throw new InvalidEventError(`${raw.type} at position ${raw.position} is invalid: ${parsed.error.message}`);
    }
    return { ...raw, type, data: parsed.data };
  }
}

export const registry = new EventRegistry(allEventDefinitions);
