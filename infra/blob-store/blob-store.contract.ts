/**
 * The contract every BlobStore adapter passes. `blobStoreContract(label, open)` registers a vitest
 * suite; `open` gives a fresh, empty store and a function that disposes of it.
 */
import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BlobStore } from './port.ts';

export interface OpenedBlobStore {
  store: BlobStore;
  dispose(): Promise<void>;
}

const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

export function blobStoreContract(label: string, open: () => Promise<OpenedBlobStore>): void {
  describe(`BlobStore contract: ${label}`, () => {
    let opened: OpenedBlobStore | undefined;
    const store = (): BlobStore => {
      if (!opened) throw new Error('store not opened');
      return opened.store;
    };

    beforeAll(async () => {
      opened = await open();
    });
    afterAll(async () => {
      await opened?.dispose();
    });

    it('stores bytes under their SHA-256 and gives the same bytes back', async () => {
      const bytes = randomBytes(1000);
      const stored = await store().put(bytes);
      expect(stored).toEqual({ sha256: sha(bytes), size: 1000 });
      expect(await store().has(stored.sha256)).toBe(true);
      expect(Buffer.compare((await store().get(stored.sha256))!, bytes)).toBe(0);
    });

    it('keeps a blob larger than one GridFS chunk (255 KiB) and an empty one intact', async () => {
      const big = randomBytes(700 * 1024);
      const { sha256 } = await store().put(big);
      expect(Buffer.compare((await store().get(sha256))!, big)).toBe(0);
      const empty = await store().put(new Uint8Array(0));
      expect(empty.size).toBe(0);
      expect((await store().get(empty.sha256))!.length).toBe(0);
    });

    it('answers null / false for a hash it does not hold, and for text that is no hash', async () => {
      const unknown = sha(randomBytes(16));
      expect(await store().get(unknown)).toBeNull();
      expect(await store().has(unknown)).toBe(false);
      expect(await store().delete(unknown)).toBe(false);
      for (const bad of ['../../etc/passwd', 'ABC', unknown.toUpperCase(), `${unknown}0`]) {
        expect(await store().get(bad)).toBeNull();
        expect(await store().has(bad)).toBe(false);
      }
    });

    it('stores the same bytes once: a second put, even in parallel, changes nothing', async () => {
      const bytes = randomBytes(2048);
      const results = await Promise.all([store().put(bytes), store().put(Buffer.from(bytes)), store().put(bytes)]);
      expect(new Set(results.map((r) => r.sha256)).size).toBe(1);
      expect(Buffer.compare((await store().get(sha(bytes)))!, bytes)).toBe(0);
      expect(await store().delete(sha(bytes))).toBe(true);
      expect(await store().has(sha(bytes))).toBe(false);
    });

    it('deletes one blob and leaves the others', async () => {
      const a = await store().put(randomBytes(64));
      const b = await store().put(randomBytes(64));
      expect(await store().delete(a.sha256)).toBe(true);
      expect(await store().get(a.sha256)).toBeNull();
      expect(await store().delete(a.sha256)).toBe(false);
      expect(await store().has(b.sha256)).toBe(true);
    });

    it('stores bytes given as a view into a larger buffer (only the view)', async () => {
      const whole = randomBytes(300);
      const view = new Uint8Array(whole.buffer, whole.byteOffset + 100, 50);
      const { sha256, size } = await store().put(view);
      expect(size).toBe(50);
      expect(Buffer.compare((await store().get(sha256))!, whole.subarray(100, 150))).toBe(0);
    });
  });
}
