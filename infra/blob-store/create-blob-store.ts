import path from 'node:path';
import { FileBlobStore } from './file-blob-store.ts';
import type { BlobStore } from './port.ts';

export interface BlobStoreConfig {
  /** MONGODB_URL: when set, blobs live in GridFS in that database; otherwise in files. */
  mongoUrl?: string | undefined;
  mongoDb: string;
  /** DATA_DIR: the files go to `<dataDir>/blobs`. */
  dataDir: string;
}

/** The configured blob store, connected and ready. */
export async function createBlobStore(config: BlobStoreConfig): Promise<BlobStore> {
  if (config.mongoUrl) {
    const { GridFsBlobStore } = await import('./gridfs-blob-store.ts'); // the MongoDB driver only when configured
    return GridFsBlobStore.connect(config.mongoUrl, config.mongoDb || 'weeklydiv');
  }
  return new FileBlobStore(path.join(config.dataDir, 'blobs'));
}
