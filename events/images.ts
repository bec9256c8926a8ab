import { z } from 'zod';
import { defineEvent, type EventsOf } from './define.ts';
import { isoInstant } from './catalog.ts';

/** The types the image library accepts, as decided from the bytes (never the declared type). */
export const imageMimeType = z.enum(['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/svg+xml']);
export type ImageMimeType = z.infer<typeof imageMimeType>;

const sha256 = z.string().regex(/^[0-9a-f]{64}$/);

/**
 * Written on `image-<sha256>` when the owner uploads an image: the bytes are in the blob store under
 * `sha256` (never in the log); `mimeType` is what the bytes are, `filename` what the owner called it.
 */
export const imageUploaded = defineEvent(
  'ImageUploaded',
  z.object({
    imageId: z.uuid(),
    filename: z.string().min(1).max(255),
    mimeType: imageMimeType,
    size: z.number().int().nonnegative(),
    sha256,
    uploadedAt: isoInstant,
  }),
);

/** Written on `image-<sha256>` when the owner deletes the image (its blob is removed too). */
export const imageDeleted = defineEvent('ImageDeleted', z.object({ imageId: z.uuid(), sha256, deletedAt: isoInstant }));

export const imageEvents = [imageUploaded, imageDeleted] as const;

export type ImageEvent = EventsOf<typeof imageEvents>;
export type ImageUploaded = Extract<ImageEvent, { type: 'ImageUploaded' }>;
