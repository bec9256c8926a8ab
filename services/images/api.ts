import express, { type RequestHandler } from 'express';
import type { ImageJson } from '../../contracts/content.ts';
import { deleteImage, getImage, getImages, IMAGE_UPLOAD_LIMITS, ImageUpload, imageUploadFieldMessages, uploadImage } from '../../contracts/images.ts';
import type { ImageMimeType } from '../../events/images.ts';
import { findImage, listImages } from '../../read-models/images/queries.ts';
import type { ImageDoc } from '../../read-models/images/projection.ts';
import { AppError, badRequest, notFound } from '../core/errors.ts';
import { apiModule, handle, SENT } from '../http/endpoints.ts';
import { etagMatches } from '../http/etag.ts';
import { validate } from '../http/validation.ts';
import { imageMessages } from './business-logic.ts';
import * as commands from './commands.ts';
import { detectImageType, sanitizeSvg, SVG_UNSAFE_OR_BROKEN } from './detect.ts';

/**
 * The image library (admin spec §3 "Images", §7; definitions in contracts/images.ts):
 * - `POST /api/admin/upload-image` {filename, mimeType, data: data URL}: 201 with the image; 200 with
 *   the image already in the library when it has the same bytes (nothing written);
 * - `GET /api/admin/images` (newest first), `DELETE /api/admin/images/{id}` (204; 404 unknown);
 * - `GET /api/images/{id}` (public): the bytes, cached for a year (immutable: an id's bytes never change).
 * The type is decided by the bytes (detect.ts), never by the declared type or the name.
 */

/** The largest image: 5 MiB once decoded. */
export const MAX_IMAGE_BYTES = IMAGE_UPLOAD_LIMITS.imageBytes;
/** The upload route: the app's JSON parser leaves it to the route's own (larger) parser. */
export const UPLOAD_IMAGE_PATH: string = uploadImage.path;

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

/** The upload's messages: its fields' (the contract's) and those of the bytes. */
export const imageUploadMessages = {
  ...imageUploadFieldMessages,
  base64: 'The file data is not valid base64',
  empty: 'The file is empty',
  tooLarge: `Image must be at most ${mib(MAX_IMAGE_BYTES)}`,
  notAnImage: 'The file is not a PNG, JPEG, GIF, WebP or SVG image (its content was checked, not its name or declared type)',
  svg: SVG_UNSAFE_OR_BROKEN,
} as const;

/** Base64 (standard alphabet), padded or not; one stray character or a cut-off quartet is refused. */
function isBase64(text: string): boolean {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text)) return false;
  return text.includes('=') ? text.length % 4 === 0 : text.length % 4 !== 1;
}

/** The bytes of a base64 data URL: 400 when the base64 is broken, 413 when too large (checked before decoding). */
export function decodeDataUrl(dataUrl: string): Buffer {
  const payload = dataUrl.slice(dataUrl.indexOf(',') + 1).replace(/\s+/g, '');
  if (!isBase64(payload)) throw badRequest(imageUploadMessages.base64, { data: imageUploadMessages.base64 });
  const size = Math.floor((payload.length * 3) / 4) - (payload.endsWith('==') ? 2 : payload.endsWith('=') ? 1 : 0);
  if (size > MAX_IMAGE_BYTES) throw new AppError(413, `${imageUploadMessages.tooLarge} (this one is ${mib(size)})`);
  if (size === 0) throw badRequest(imageUploadMessages.empty, { data: imageUploadMessages.empty });
  return Buffer.from(payload, 'base64');
}

/**
 * The upload's JSON parser, run after the owner guard: its own limit (base64 makes 5 MiB about
 * 6.7 MiB; other routes keep the app's 1 MB), and a 413 that says what the limit is.
 */
const uploadBody: RequestHandler = (req, res, next) => {
  express.json({ limit: IMAGE_UPLOAD_LIMITS.bodyBytes })(req, res, (error?: unknown) => {
    if (error && (error as { type?: string }).type === 'entity.too.large') next(new AppError(413, imageUploadMessages.tooLarge));
    else next(error);
  });
};

function imageJson(image: Pick<ImageDoc, 'filename' | 'mimeType' | 'size' | 'sha256' | 'uploadedAt'> & { id: string }): ImageJson {
  return { id: image.id, filename: image.filename, mimeType: image.mimeType, size: image.size, sha256: image.sha256, url: `/api/images/${image.id}`, uploadedAt: image.uploadedAt };
}

const EXTENSIONS: Record<ImageMimeType, string[]> = {
  'image/png': ['png'],
  'image/jpeg': ['jpg', 'jpeg', 'jfif'],
  'image/gif': ['gif'],
  'image/webp': ['webp'],
  'image/svg+xml': ['svg'],
};

/**
 * `Content-Disposition: inline` with the owner's name, its extension made to match the real type
 * (a PNG uploaded as `photo.jpg` is saved as `photo.png`): an ASCII `filename` (other characters,
 * quotes and backslashes become `_`) and the exact name as RFC 8187 `filename*`.
 */
export function contentDisposition(filename: string, mimeType: ImageMimeType): string {
  const extensions = EXTENSIONS[mimeType];
  const dot = filename.lastIndexOf('.');
  const extension = dot > 0 ? filename.slice(dot + 1).toLowerCase() : '';
  const name = extensions.includes(extension) ? filename : `${dot > 0 ? filename.slice(0, dot) : filename}.${extensions[0]}`;
  const ascii = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `inline; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/**
 * An image opened on its own is a document: it may run nothing (SVG scripts were removed on upload;
 * this is the second layer) and load nothing. Pages that show it with `<img>` follow their own CSP.
 */
export const IMAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

export const imagesApi = apiModule('images', (deps) => [
  handle(
    uploadImage,
    async ({ body }, call) => {
      // A raw upload: this route's own parser read the JSON (uploadBody); the contract's schema checks it.
      const input = validate(ImageUpload, body);
      let bytes: Uint8Array = decodeDataUrl(input.data);
      const mimeType = detectImageType(bytes);
      if (!mimeType) throw badRequest(imageUploadMessages.notAnImage, { data: imageUploadMessages.notAnImage });
      if (mimeType === 'image/svg+xml') {
        const safe = sanitizeSvg(bytes);
        if (!safe) throw badRequest(imageUploadMessages.svg, { data: imageUploadMessages.svg });
        bytes = safe;
      }
      const { image, created, position } = await commands.uploadImage(deps, { filename: input.filename, mimeType, bytes }, call.context());
      await call.waitFor(position);
      return call.reply(created ? 201 : 200, imageJson({ ...image, id: image.imageId }));
    },
    { before: [uploadBody] },
  ),

  handle(getImages, async () => (await listImages(deps.readModels)).map((doc) => imageJson({ ...doc, id: doc._id }))),

  handle(deleteImage, async ({ params }, call) => {
    const image = await findImage(deps.readModels, params.id);
    if (!image) throw notFound(imageMessages.notFound);
    await call.waitFor(await commands.deleteImage(deps, { imageId: image._id, sha256: image.sha256 }, call.context()));
  }),

  handle(getImage, async ({ params }, call) => {
    const { req, res } = call;
    const image = await findImage(deps.readModels, params.id);
    if (!image) throw notFound(imageMessages.notFound);
    const etag = `"${image.sha256}"`;
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    res.setHeader('ETag', etag);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Content-Security-Policy', IMAGE_CSP);
    if (etagMatches(req.headers['if-none-match'], etag)) {
      res.status(304).end();
      return SENT;
    }
    const bytes = await deps.blobs.get(image.sha256);
    if (!bytes) {
      deps.logger.error({ imageId: image._id, sha256: image.sha256 }, 'image bytes missing from the blob store');
      res.setHeader('Cache-Control', 'no-store');
      throw notFound(imageMessages.notFound);
    }
    res.setHeader('Content-Type', image.mimeType);
    res.setHeader('Content-Disposition', contentDisposition(image.filename, image.mimeType));
    res.setHeader('Content-Length', bytes.length);
    res.status(200).end(req.method === 'HEAD' ? undefined : bytes);
    return SENT;
  }),
]);
