import { describe, expect, it } from 'vitest';
import type { ImageEvent } from '../../events/images.ts';
import { project, recorded, sampleEvent, schemaCoverage, type CoverageCases, type GivenEvent } from '../runtime/projection-testing.ts';
import { IMAGES, imagesProjection } from './projection.ts';

const a = 'a'.repeat(64);
const b = 'b'.repeat(64);
const id1 = '11111111-1111-4111-8111-111111111111';
const id2 = '22222222-2222-4222-8222-222222222222';
const id3 = '33333333-3333-4333-8333-333333333333';
const history: GivenEvent[] = [
  { stream: `image-${a}`, type: 'ImageUploaded', data: { imageId: id1, filename: 'a.png', mimeType: 'image/png', size: 10, sha256: a, uploadedAt: '2026-11-20T10:00:00.000Z' } },
  { stream: `image-${b}`, type: 'ImageUploaded', data: { imageId: id2, filename: 'b.svg', mimeType: 'image/svg+xml', size: 20, sha256: b, uploadedAt: '2026-11-21T10:00:00.000Z' } },
  { stream: `image-${a}`, type: 'ImageDeleted', data: { imageId: id1, sha256: a, deletedAt: '2026-11-22T10:00:00.000Z' } },
  { stream: `image-${a}`, type: 'ImageUploaded', data: { imageId: id3, filename: 'again.png', mimeType: 'image/png', size: 10, sha256: a, uploadedAt: '2026-11-23T10:00:00.000Z' } },
];
const expected = [
  { _id: id2, filename: 'b.svg', mimeType: 'image/svg+xml', size: 20, sha256: b, uploadedAt: '2026-11-21T10:00:00.000Z', _position: 2 },
  { _id: id3, filename: 'again.png', mimeType: 'image/png', size: 10, sha256: a, uploadedAt: '2026-11-23T10:00:00.000Z', _position: 4 },
];

describe('images projection', () => {
  it('keeps one document per image in the library; a deleted image is gone', async () => {
    const { all } = await project(imagesProjection, recorded(history));
    expect(await all(IMAGES)).toEqual(expected);
  });

  it('gives the same documents when every batch is delivered twice', async () => {
    const twice = await project(imagesProjection, recorded(history), { batchSize: 1, deliverTwice: true });
    expect(await twice.all(IMAGES)).toEqual(expected);
  });
});

describe('images projection: schema coverage', () => {
  const cases: CoverageCases<ImageEvent> = {
    ImageUploaded: {},
    ImageDeleted: { given: (d) => [sampleEvent('ImageUploaded', { imageId: d.imageId })] },
  };

  it('carries every field of the events it handles into its documents, but those listed with the reason', async () => {
    const { notReaching, documentFields } = await schemaCoverage(imagesProjection, cases);
    // a deleted image's document is removed (its hash is for the blob store, on the stream)
    expect(notReaching).toEqual({ ImageUploaded: [], ImageDeleted: ['sha256', 'deletedAt'] });
    // The fields of the documents of this version: a change to them is a new version (docs/architecture.md, "Where things go").
    expect({ version: imagesProjection.version, documentFields }).toEqual({
      version: 1,
      documentFields: { [IMAGES]: ['_id', '_position', 'filename', 'mimeType', 'sha256', 'size', 'uploadedAt'] },
    });
  });
});
