import { createHash } from 'node:crypto';
import { GridFSBucket, MongoClient, type Db } from 'mongodb';
import { isSha256, type BlobStore, type StoredBlob } from './port.ts';

/**
 * The MongoDB blob store (with MONGODB_URL): GridFS bucket `blobs`, one file per blob named by its
 * SHA-256. A file becomes visible only once all its chunks are written (GridFS writes the files
 * document last), so a reader never gets half a blob. Two processes putting the same bytes at once
 * may both write a file of that name: reads take either (same bytes), `delete` removes them all.
 */
export class GridFsBlobStore implements BlobStore {
  private readonly bucket: GridFSBucket;
  private readonly client: MongoClient | undefined;

  /** On `db`; `client`, when given, is closed by close() (the store owns its connection). */
  constructor(db: Db, client?: MongoClient) {
    this.bucket = new GridFSBucket(db, { bucketName: 'blobs' });
    this.client = client;
  }

  static async connect(url: string, dbName: string): Promise<GridFsBlobStore> {
    const client = await new MongoClient(url).connect();
    return new GridFsBlobStore(client.db(dbName), client);
  }

  async put(bytes: Uint8Array): Promise<StoredBlob> {
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    if (!(await this.has(sha256))) {
      await new Promise<void>((resolve, reject) => {
        const upload = this.bucket.openUploadStream(sha256, { metadata: { sha256, size: bytes.byteLength } });
        upload.once('error', reject);
        upload.once('finish', () => resolve());
        upload.end(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
      });
    }
    return { sha256, size: bytes.byteLength };
  }

  async get(sha256: string): Promise<Buffer | null> {
    if (!isSha256(sha256)) return null;
    const [file] = await this.bucket.find({ filename: sha256 }).sort({ uploadDate: 1 }).limit(1).toArray();
    if (!file) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of this.bucket.openDownloadStream(file._id)) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  async has(sha256: string): Promise<boolean> {
    if (!isSha256(sha256)) return false;
    return (await this.bucket.find({ filename: sha256 }).limit(1).toArray()).length > 0;
  }

  async delete(sha256: string): Promise<boolean> {
    if (!isSha256(sha256)) return false;
    const files = await this.bucket.find({ filename: sha256 }).toArray();
    for (const file of files) await this.bucket.delete(file._id);
    return files.length > 0;
  }

  async close(): Promise<void> {
    await this.client?.close();
  }
}
