import { z } from 'zod';
import { ImageJson } from './content.ts';
import { endpoint } from './endpoint.ts';

/**
 * The image library (admin spec §3 "Images", §7; docs/images.md): the owner's upload, list and delete
 * (`/api/admin/...`) and the public bytes (`/api/images/{id}`). The answer, ImageJson, is in
 * contracts/content.ts. The type of an image is decided by its bytes, never by the declared type or the name.
 */

/** The largest image (5 MiB once decoded) and the upload's JSON body (base64 makes 5 MiB about 6.7 MiB). */
export const IMAGE_UPLOAD_LIMITS = { imageBytes: 5 * 1024 * 1024, bodyBytes: 7 * 1024 * 1024 } as const;

/** The messages of the upload's fields, word for word (the checks of the bytes are the server's: services/images/api.ts). */
export const imageUploadFieldMessages = {
  filename: 'Filename is required',
  filenameTooLong: 'Filename must be at most 255 characters',
  mimeType: 'The declared type must be an image type (image/png, image/jpeg, image/gif, image/webp or image/svg+xml)',
  data: 'data must be a data URL: data:<type>;base64,<the file in base64>',
} as const;

const isControl = (c: string) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f;

/** Strips folders (`C:\\fakepath\\logo.png`) and control characters; keeps the owner's name otherwise. */
function cleanFilename(name: string): string {
  return [...(name.split(/[\\/]/).pop() ?? '')].filter((c) => !isControl(c)).join('').trim();
}

/** `POST /api/admin/upload-image`: the file as a base64 data URL, its name and declared type. */
export const ImageUpload = z
  .object({
    filename: z
      .string({ error: imageUploadFieldMessages.filename })
      .transform(cleanFilename)
      .pipe(z.string().min(1, imageUploadFieldMessages.filename).max(255, imageUploadFieldMessages.filenameTooLong)),
    mimeType: z
      .string({ error: imageUploadFieldMessages.mimeType })
      .trim()
      .regex(/^image\/[a-z0-9.+-]+$/i, imageUploadFieldMessages.mimeType),
    /** A data URL: `data:<type>;base64,<bytes>`. */
    data: z.string({ error: imageUploadFieldMessages.data }).regex(/^data:[^,]*;base64,/i, imageUploadFieldMessages.data),
  })
  .strict();
/** What the client sends. */
export type ImageUpload = z.input<typeof ImageUpload>;

// ---------------------------------------------------------------------------------------------------
// Endpoints

const tags = ['Images'];
const imageId = z.object({ id: z.string().describe('The image id (uuid).') });
const mib = (bytes: number) => bytes / 1024 / 1024;

export const uploadImage = endpoint({
  method: 'post',
  path: '/api/admin/upload-image',
  access: 'owner',
  summary: 'Add an image to the library (PNG, JPEG, GIF, WebP or SVG, decided by its bytes).',
  description:
    `The file is \`data\`, a base64 data URL, at most ${mib(IMAGE_UPLOAD_LIMITS.imageBytes)} MiB decoded (the body may be up to ${mib(IMAGE_UPLOAD_LIMITS.bodyBytes)} MiB). ` +
    'The declared type must be an image type, but the stored type comes from the bytes. An SVG is stored made safe (no script, handler, link, foreignObject or style element). ' +
    'Bytes already in the library answer that image (200) and write nothing. docs/images.md.',
  tags,
  // Its own JSON parser with the larger limit, after the owner guard (services/images/api.ts).
  upload: { kind: 'raw', description: 'The image as JSON: name, declared type and a base64 data URL.', content: { 'application/json': ImageUpload } },
  responses: {
    201: { description: 'The new image.', json: ImageJson },
    200: { description: 'The library already had these bytes: that image.', json: ImageJson },
  },
  errors: [400, 413],
  reads: ['images'],
  waitsFor: 'all',
});

export const getImages = endpoint({
  method: 'get',
  path: '/api/admin/images',
  access: 'owner',
  summary: 'The library, newest first (no bytes: `url` serves them).',
  tags,
  responses: { 200: { description: 'The images.', json: z.array(ImageJson) } },
  errors: [],
  reads: ['images'],
});

export const deleteImage = endpoint({
  method: 'delete',
  path: '/api/admin/images/:id',
  access: 'owner',
  summary: 'Delete an image and its bytes; its URL answers 404 afterwards.',
  tags,
  params: imageId,
  responses: { 204: { description: 'Done; no body.' } },
  errors: [404],
  reads: ['images'],
  waitsFor: 'all',
});

const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/svg+xml'] as const;

export const getImage = endpoint({
  method: 'get',
  path: '/api/images/:id',
  access: 'public',
  summary: 'The bytes of an image, for anyone.',
  description:
    'Content-Type of the bytes, `X-Content-Type-Options: nosniff`, `Cache-Control: public, max-age=31536000, immutable`, strong ETag (the SHA-256; 304 on If-None-Match), ' +
    "`Content-Disposition: inline` with the file name, and a CSP that runs nothing (`default-src 'none'; style-src 'unsafe-inline'; sandbox`).",
  tags,
  params: imageId,
  responses: {
    200: { description: 'The image.', content: Object.fromEntries(IMAGE_TYPES.map((type) => [type, z.string().describe('binary')])) },
    304: { description: 'Not modified (If-None-Match matched the ETag).' },
  },
  errors: [404],
  reads: ['images'],
});
