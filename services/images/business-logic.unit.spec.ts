import { describe, it } from 'vitest';
import type { ImageEvent } from '../../events/images.ts';
import type { CommandContext } from '../core/decider.ts';
import { deciderSpec } from '../testing/decider-spec.ts';
import { imageDecider, type ImageCommand } from './business-logic.ts';

const ctx: CommandContext = { actor: 'user:owner', correlationId: 'c1', now: '2026-11-23T15:00:00.000Z' };
const given = deciderSpec(imageDecider, ctx);
const sha256 = 'a'.repeat(64);
const id1 = '11111111-1111-4111-8111-111111111111';
const id2 = '22222222-2222-4222-8222-222222222222';
const upload = (imageId: string): ImageCommand => ({ type: 'UploadImage', data: { imageId, filename: 'logo.png', mimeType: 'image/png', size: 10, sha256 } });
const uploaded = (imageId: string): ImageEvent => ({ type: 'ImageUploaded', data: { imageId, filename: 'logo.png', mimeType: 'image/png', size: 10, sha256, uploadedAt: ctx.now } });
const deleted = (imageId: string): ImageEvent => ({ type: 'ImageDeleted', data: { imageId, sha256, deletedAt: ctx.now } });

describe('image-<sha256>', () => {
  it('records an upload with its hash', () => {
    given([]).when(upload(id1)).then([uploaded(id1)]);
  });

  it('writes nothing when the same bytes are already in the library', () => {
    given([uploaded(id1)]).when(upload(id2)).then([]);
  });

  it('deletes the image of that id, and records a new upload of the same bytes after it', () => {
    given([uploaded(id1)]).when({ type: 'DeleteImage', data: { imageId: id1 } }).then([deleted(id1)]);
    given([uploaded(id1), deleted(id1)]).when(upload(id2)).then([uploaded(id2)]);
  });

  it('answers 404 for a delete of an image that is not there (never uploaded, deleted, or another id)', () => {
    const notFound = { status: 404, message: 'Image not found' };
    given([]).when({ type: 'DeleteImage', data: { imageId: id1 } }).thenThrows(notFound);
    given([uploaded(id1), deleted(id1)]).when({ type: 'DeleteImage', data: { imageId: id1 } }).thenThrows(notFound);
    given([uploaded(id1)]).when({ type: 'DeleteImage', data: { imageId: id2 } }).thenThrows(notFound);
  });
});
