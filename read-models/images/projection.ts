import type { Recorded } from '../../events/define.ts';
import type { RecordedEvent } from '../../events/envelope.ts';
import type { ImageEvent, ImageMimeType } from '../../events/images.ts';
import type { Doc } from '../../infra/document-store/port.ts';
import type { Projection, ProjectionContext } from '../runtime/projection.ts';

/** The `images` read model: one document per image of the library (deleted images are removed). */
export interface ImageDoc extends Doc {
  /** The image id. */
  _id: string;
  filename: string;
  mimeType: ImageMimeType;
  size: number;
  sha256: string;
  uploadedAt: string;
}

export const IMAGES = 'images';

export const imagesProjection: Projection = {
  name: 'images',
  version: 1,
  handles: ['ImageUploaded', 'ImageDeleted'] satisfies ImageEvent['type'][],
  collections: { [IMAGES]: [{ key: { uploadedAt: -1 }, name: 'uploadedAt' }] },
  async apply(recorded: RecordedEvent, ctx: ProjectionContext) {
    const event = recorded as Recorded<ImageEvent>;
    switch (event.type) {
      case 'ImageUploaded': {
        const { imageId, filename, mimeType, size, sha256, uploadedAt } = event.data;
        await ctx.update<ImageDoc>(IMAGES, imageId, () => ({ _id: imageId, filename, mimeType, size, sha256, uploadedAt }));
        return;
      }
      case 'ImageDeleted':
        await ctx.update<ImageDoc>(IMAGES, event.data.imageId, () => null);
        return;
      default: {
        const never: never = event;
        throw new Error(`images projection cannot apply ${String((never as ImageEvent).type)}`);
      }
    }
  },
};
