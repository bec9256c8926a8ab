import { useRef, useState, type ChangeEvent } from 'react';
import { styled } from 'styled-components';
import type { ImageJson } from '../../../../../contracts/content.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardTitle } from '../../../components/ui/card.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { theme } from '../../../styles/theme.ts';
import { useDeleteImageMutation, useGetImagesQuery, useUploadImageMutation } from '../content-api.ts';
import { failureMessage } from '../content-model.ts';
import { ConfirmActionDialog } from './confirm-action-dialog.tsx';
import { ButtonRow, Section, SectionText } from './content-fields.tsx';

/** Where an image is served publicly (admin spec §2): the answer's `url`, else `/api/images/{id}`. */
export function imagePath(image: Pick<ImageJson, 'id' | 'url'>): string {
  return image.url || `/api/images/${encodeURIComponent(image.id)}`;
}

/** The absolute address the owner pastes into a page or the footer. */
export function imageAddress(image: Pick<ImageJson, 'id' | 'url'>): string {
  return new URL(imagePath(image), window.location.origin).href;
}

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => (typeof reader.result === 'string' ? resolve(reader.result) : reject(new Error('Could not read the file')));
    reader.onerror = () => reject(reader.error ?? new Error('Could not read the file'));
    reader.readAsDataURL(file);
  });
}

function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** The image library: upload (images only), grid, copy link, delete. */
export function ImageLibrary() {
  const { toast } = useToast();
  const { data: images, isLoading, isError, refetch } = useGetImagesQuery();
  const [deleteImage, { isLoading: deleting }] = useDeleteImageMutation();
  const [confirming, setConfirming] = useState<ImageJson | null>(null);
  const copy = useCopyImageLink();

  async function confirmDelete() {
    if (!confirming) return;
    try {
      await deleteImage(confirming.id).unwrap();
      toast({ title: 'Success', description: 'Image deleted successfully' });
      setConfirming(null);
    } catch (error) {
      toast({ title: 'Error', description: failureMessage(error, 'Failed to delete image'), variant: 'destructive' });
    }
  }

  return (
    <Card>
      <Section aria-labelledby="image-library-title">
        <CardTitle as="h2" id="image-library-title">Image Library</CardTitle>
        <SectionText>Upload an image, then copy its link into a page&apos;s HTML or the footer.</SectionText>
        <ImageUpload />
        {isLoading ? (
          <SectionText>Loading images...</SectionText>
        ) : isError ? (
          <ButtonRow>
            <SectionText>Could not load the images.</SectionText>
            <Button $variant="outline" $size="sm" onClick={() => void refetch()}>
              Try again
            </Button>
          </ButtonRow>
        ) : !images || images.length === 0 ? (
          <SectionText>No images uploaded yet</SectionText>
        ) : (
          <Grid>
            {images.map((image) => (
              <ImageTile key={image.id} image={image} onCopy={() => void copy(image)} onDelete={() => setConfirming(image)} />
            ))}
          </Grid>
        )}
      </Section>
      <ConfirmActionDialog
        open={confirming !== null}
        title="Delete this image?"
        description={confirming ? `"${confirming.filename}" will be deleted. Pages or a footer that show it will show a broken image.` : ''}
        confirmLabel="Delete"
        busyLabel="Deleting..."
        busy={deleting}
        onConfirm={() => void confirmDelete()}
        onClose={() => setConfirming(null)}
      />
    </Card>
  );
}

/** Copies an image's address to the clipboard; where the browser refuses, the toast shows the address. */
function useCopyImageLink() {
  const { toast } = useToast();
  return async function copy(image: ImageJson) {
    const address = imageAddress(image);
    try {
      await navigator.clipboard.writeText(address);
      toast({ title: 'Success', description: 'Image URL copied to clipboard' });
    } catch {
      toast({ title: 'Error', description: `Could not copy to the clipboard. The image URL is ${address}`, variant: 'destructive' });
    }
  };
}

/** "Upload Image": picks a file (images only), reads it and uploads it. */
function ImageUpload() {
  const { toast } = useToast();
  const [upload, { isLoading: uploading }] = useUploadImageMutation();
  const [reading, setReading] = useState(false);
  const fileRef = useRef<HTMLInputElement>(null);
  const busy = uploading || reading;

  async function onFile(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    try {
      if (!file.type.startsWith('image/')) {
        toast({ title: 'Error', description: 'Only image files can be uploaded.', variant: 'destructive' });
        return;
      }
      let data: string;
      setReading(true);
      try {
        data = await readAsDataUrl(file);
      } finally {
        setReading(false);
      }
      await upload({ filename: file.name, mimeType: file.type, data }).unwrap();
      toast({ title: 'Success', description: 'Image uploaded successfully' });
    } catch (error) {
      toast({ title: 'Error', description: failureMessage(error, 'Failed to upload image'), variant: 'destructive' });
    } finally {
      input.value = '';
    }
  }

  return (
    <ButtonRow>
      <Button onClick={() => fileRef.current?.click()} disabled={busy}>
        {busy ? 'Uploading...' : 'Upload Image'}
      </Button>
      <HiddenInput ref={fileRef} type="file" accept="image/*" aria-label="Image file" tabIndex={-1} onChange={(e) => void onFile(e)} />
    </ButtonRow>
  );
}

function ImageTile({ image, onCopy, onDelete }: { image: ImageJson; onCopy: () => void; onDelete: () => void }) {
  return (
    <Tile data-testid="image-tile">
      <Thumb>
        <img src={imagePath(image)} alt={image.filename} loading="lazy" decoding="async" />
      </Thumb>
      <Caption>
        <FileName title={image.filename}>{image.filename}</FileName>
        <Size>{formatSize(image.size)}</Size>
      </Caption>
      <TileButtons>
        <Button $variant="outline" $size="sm" onClick={onCopy} aria-label={`Copy link of ${image.filename}`}>
          Copy Link
        </Button>
        <Button $variant="ghost" $size="sm" onClick={onDelete} aria-label={`Delete image ${image.filename}`}>
          Delete
        </Button>
      </TileButtons>
    </Tile>
  );
}

const HiddenInput = styled.input`
  display: none;
`;

const Grid = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(150px, 1fr));
  gap: ${theme.space.md};
`;

const Tile = styled.li`
  display: flex;
  flex-direction: column;
  gap: ${theme.space.xs};
  min-width: 0;
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.md};
  padding: ${theme.space.sm};
`;

const Thumb = styled.div`
  aspect-ratio: 1;
  display: flex;
  align-items: center;
  justify-content: center;
  background: ${theme.colors.surfaceMuted};
  border-radius: ${theme.radii.sm};
  overflow: hidden;
  & img { max-width: 100%; max-height: 100%; object-fit: contain; }
`;

const Caption = styled.div`
  display: flex;
  flex-direction: column;
  min-width: 0;
`;

const FileName = styled.span`
  font-size: ${theme.fontSizes.sm};
  font-weight: 600;
  white-space: nowrap;
  overflow: hidden;
  text-overflow: ellipsis;
`;

const Size = styled.span`
  font-size: ${theme.fontSizes.xs};
  color: ${theme.colors.textSecondary};
`;

const TileButtons = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 4px;
`;
