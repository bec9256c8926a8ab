import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { isSha256, type BlobStore, type StoredBlob } from './port.ts';

/**
 * The embedded blob store: one file per blob under `<dir>/<first two hex digits>/<sha256>`. A blob
 * is written to a temporary file in the same folder and renamed into place, so a reader never sees
 * a half-written file and a crash leaves at most a `.tmp-*` file behind (never under a hash name).
 * Content-addressed names make a second `put` of the same bytes a no-op.
 */
export class FileBlobStore implements BlobStore {
  private readonly dir: string;

  constructor(dir: string) {
    this.dir = dir;
  }

  private fileOf(sha256: string): string {
    if (!isSha256(sha256)) throw new Error('blob store: not a SHA-256 hex digest');
    return path.join(this.dir, sha256.slice(0, 2), sha256);
  }

  async put(bytes: Uint8Array): Promise<StoredBlob> {
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const file = this.fileOf(sha256);
    if (!(await this.has(sha256))) {
      await mkdir(path.dirname(file), { recursive: true });
      const temp = path.join(path.dirname(file), `.tmp-${randomBytes(8).toString('hex')}`);
      try {
        await writeFile(temp, bytes, { flag: 'wx' });
        await rename(temp, file);
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
    }
    return { sha256, size: bytes.byteLength };
  }

  async get(sha256: string): Promise<Buffer | null> {
    if (!isSha256(sha256)) return null;
    try {
      return await readFile(this.fileOf(sha256));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async has(sha256: string): Promise<boolean> {
    if (!isSha256(sha256)) return false;
    try {
      return (await stat(this.fileOf(sha256))).isFile();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
      throw error;
    }
  }

  async delete(sha256: string): Promise<boolean> {
    if (!(await this.has(sha256))) return false;
    await rm(this.fileOf(sha256), { force: true });
    return true;
  }

  async close(): Promise<void> {}
}
