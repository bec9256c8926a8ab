import { z } from 'zod';

/** Who caused an event and within which request. Always present on stored events. */
export const eventMetadataSchema = z.object({
  /** `user:<id>`, `system`, `job:<name>`, `cli` ... */
  actor: z.string().min(1),
  correlationId: z.string().min(1),
  causationId: z.string().optional(),
});
export type EventMetadata = z.infer<typeof eventMetadataSchema>;

/** What a writer hands to the event store: a stored type name (`Thing.v1`) and JSON-safe data. */
export interface NewEvent {
  type: string;
  data: unknown;
  metadata: EventMetadata;
}

/**
 * The fixed stored envelope. Every adapter returns exactly this shape.
 * - revision: 0-based position of the event inside its stream.
 * - position: global position in the log; strictly increasing (gap-free on the embedded store).
 * - recordedAt: ISO-8601 instant the store accepted the event.
 */
export interface RecordedEvent<TType extends string = string, TData = unknown> {
  stream: string;
  revision: number;
  position: number;
  type: TType;
  data: TData;
  metadata: EventMetadata;
  recordedAt: string;
}
