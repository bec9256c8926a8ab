import { createHash, randomUUID } from 'node:crypto';
import { registerCache } from '../../domain/caches/registry.ts';
import type { ImageMimeType } from '../../events/images.ts';
import { streams } from '../../events/streams.ts';
import type { BlobStore } from '../../infra/blob-store/port.ts';
import { handleCommand } from '../core/command-handler.ts';
import type { CommandContext } from '../core/decider.ts';
import type { EventLog } from '../core/event-log.ts';
import { imageDecider, type ImageState } from './business-logic.ts';

/**
 * The image library's writes. The bytes go to the blob store first and the event second (an event
 * never names bytes that are not stored); a delete writes the event first and removes the bytes
 * second (the public route answers 404 from the read model at once). Both hold a per-hash queue in
 * this process, so a delete and a re-upload of the same bytes cannot interleave and remove the
 * bytes of the new upload. (Uploads are the owner's, one at a time; with several gateways such a
 * race would need the owner to delete and re-upload one file from two places in the same instant.)
 */
interface Stores {
  log: EventLog;
  blobs: BlobStore;
}

const queues = new Map<string, Promise<unknown>>();
registerCache({
  name: 'image-upload-queues',
  owner: 'services/images/commands.ts',
  key: 'SHA-256 of the image bytes: the tail of its chain of uploads and deletes',
  bound: 'the images with a write running or waiting',
  eviction: 'when its last write settles',
  coherence: 'holds no data, only the order of the writes running in this process',
  clearable: false,
  reason: 'it orders the running writes and holds no data; dropping a queue would let two writes of one image race',
  size: () => queues.size,
});

function oneAtATime<T>(sha256: string, run: () => Promise<T>): Promise<T> {
  const result = (queues.get(sha256) ?? Promise.resolve()).then(run);
  const tail = result.catch(() => undefined);
  queues.set(sha256, tail);
  void tail.then(() => {
    if (queues.get(sha256) === tail) queues.delete(sha256);
  });
  return result;
}

export type LibraryImage = Extract<ImageState, { present: true }>;

export interface UploadResult {
  image: LibraryImage;
  /** False when the library already had these bytes (nothing written; `image` is that one). */
  created: boolean;
  position: number;
}

export async function uploadImage(stores: Stores, input: { filename: string; mimeType: ImageMimeType; bytes: Uint8Array }, ctx: CommandContext): Promise<UploadResult> {
  const sha256 = createHash('sha256').update(input.bytes).digest('hex');
  return oneAtATime(sha256, async () => {
    const { size } = await stores.blobs.put(input.bytes);
    const stream = streams.image(sha256);
    const result = await handleCommand(stores.log, stream, imageDecider, { type: 'UploadImage', data: { imageId: randomUUID(), filename: input.filename, mimeType: input.mimeType, size, sha256 } }, ctx);
    const { state } = await stores.log.aggregate(stream, imageDecider);
    if (!state.present) throw new Error(`image-${sha256} is not present after its upload`);
    return { image: state, created: result.events.length > 0, position: result.position };
  });
}

/** Deletes the image (404 AppError when it is unknown) and its bytes; answers the event's position. */
export async function deleteImage(stores: Stores, image: { imageId: string; sha256: string }, ctx: CommandContext): Promise<number> {
  return oneAtATime(image.sha256, async () => {
    const result = await handleCommand(stores.log, streams.image(image.sha256), imageDecider, { type: 'DeleteImage', data: { imageId: image.imageId } }, ctx);
    await stores.blobs.delete(image.sha256);
    return result.position;
  });
}
