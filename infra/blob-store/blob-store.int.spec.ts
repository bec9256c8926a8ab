import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MongoClient } from 'mongodb';
import { describe, expect, it } from 'vitest';
import { blobStoreContract } from './blob-store.contract.ts';
import { FileBlobStore } from './file-blob-store.ts';
import { GridFsBlobStore } from './gridfs-blob-store.ts';

blobStoreContract('files', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'weeklydiv-blobs-'));
  const store = new FileBlobStore(dir);
  return { store, dispose: async () => rmSync(dir, { recursive: true, force: true }) };
});

describe('FileBlobStore on disk', () => {
  it('names the file by its hash in a two-digit folder and leaves no temporary file behind', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'weeklydiv-blobs-'));
    try {
      const { sha256 } = await new FileBlobStore(dir).put(randomBytes(10));
      expect(readdirSync(dir)).toEqual([sha256.slice(0, 2)]);
      expect(readdirSync(path.join(dir, sha256.slice(0, 2)))).toEqual([sha256]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

const mongoUrl = process.env.MONGODB_URL;
if (mongoUrl) {
  blobStoreContract('gridfs', async () => {
    const dbName = `weeklydiv_blobs_${Date.now()}_${randomBytes(4).toString('hex')}`;
    const client = await new MongoClient(mongoUrl).connect();
    const store = new GridFsBlobStore(client.db(dbName));
    return {
      store,
      dispose: async () => {
        await client.db(dbName).dropDatabase();
        await client.close();
      },
    };
  });
} else {
  console.info('blob store contract: MONGODB_URL is not set, so the GridFS adapter is not exercised (file adapter only)');
}
