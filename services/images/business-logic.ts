import type { ImageEvent, ImageMimeType } from '../../events/images.ts';
import type { CommandContext, Decider } from '../core/decider.ts';
import { notFound } from '../core/errors.ts';

/**
 * One image of the library per content: the stream is `image-<sha256>`, so the same bytes uploaded
 * again find the image already there (nothing is written; the upload answers that image) and a
 * delete and an upload of the same bytes are ordered by the stream. After a delete, the same bytes
 * can be uploaded again as a new image (new id).
 */
export type ImageState =
  | { present: false }
  | { present: true; imageId: string; filename: string; mimeType: ImageMimeType; size: number; sha256: string; uploadedAt: string };

export type ImageCommand =
  | { type: 'UploadImage'; data: { imageId: string; filename: string; mimeType: ImageMimeType; size: number; sha256: string } }
  | { type: 'DeleteImage'; data: { imageId: string } };

export const imageMessages = { notFound: 'Image not found' } as const;

export const initialImageState = (): ImageState => ({ present: false });

export function evolveImage(_state: ImageState, event: ImageEvent): ImageState {
  switch (event.type) {
    case 'ImageUploaded':
      return { present: true, ...event.data };
    case 'ImageDeleted':
      return { present: false };
    default: {
      const never: never = event;
      throw new Error(`unhandled event ${String((never as ImageEvent).type)}`);
    }
  }
}

export function decideImage(command: ImageCommand, state: ImageState, ctx: CommandContext): ImageEvent[] {
  switch (command.type) {
    case 'UploadImage':
      if (state.present) return [];
      return [{ type: 'ImageUploaded', data: { ...command.data, uploadedAt: ctx.now } }];
    case 'DeleteImage':
      if (!state.present || state.imageId !== command.data.imageId) throw notFound(imageMessages.notFound);
      return [{ type: 'ImageDeleted', data: { imageId: state.imageId, sha256: state.sha256, deletedAt: ctx.now } }];
    default: {
      const never: never = command;
      throw new Error(`unhandled command ${String((never as ImageCommand).type)}`);
    }
  }
}

export const imageDecider: Decider<ImageCommand, ImageState, ImageEvent> = {
  initialState: initialImageState,
  evolve: evolveImage,
  decide: decideImage,
  folds: { ImageUploaded: true, ImageDeleted: true },
};
