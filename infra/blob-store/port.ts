/**
 * The blob store port: immutable bytes (the image library's files) kept outside the event log,
 * addressed by their SHA-256. The log records that a blob exists (`ImageUploaded` carries the hash);
 * the bytes live here. Adapters: files under `DATA_DIR/blobs` (embedded default) and GridFS
 * (MongoDB, with MONGODB_URL). One contract suite (blob-store.contract.ts) runs against both.
 */
export interface BlobStore {
  /** Stores the bytes under their SHA-256 (lowercase hex); storing the same bytes again is a no-op. */
  put(bytes: Uint8Array): Promise<StoredBlob>;
  /** The bytes of a hash, or null when none are stored. */
  get(sha256: string): Promise<Buffer | null>;
  /** True when bytes with this hash are stored. */
  has(sha256: string): Promise<boolean>;
  /** Removes the bytes of a hash; answers whether there were any. */
  delete(sha256: string): Promise<boolean>;
  close(): Promise<void>;
}

export interface StoredBlob {
  sha256: string;
  size: number;
}

const SHA256_HEX = /^[0-9a-f]{64}$/;

/** A hash the stores accept: 64 lowercase hex digits (so a hash can never name a path outside the store). */
export function isSha256(value: string): boolean {
  return SHA256_HEX.test(value);
}
