import type { ReadModels } from '../runtime/read-models.ts';
import { IMAGES, imagesProjection, type ImageDoc } from './projection.ts';

/** Every image of the library, newest first (ties: by id, so the order is stable). */
export async function listImages(readModels: ReadModels): Promise<ImageDoc[]> {
  return readModels.collection<ImageDoc>(imagesProjection, IMAGES).find({}, { sort: { uploadedAt: -1, _id: 1 } });
}

/** One image, or null (unknown or deleted). */
export async function findImage(readModels: ReadModels, imageId: string): Promise<ImageDoc | null> {
  return readModels.collection<ImageDoc>(imagesProjection, IMAGES).findOne({ _id: imageId });
}

