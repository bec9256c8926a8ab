import { gzipSync } from 'node:zlib';

/**
 * Pre-serialized JSON answers: the body is a Buffer made once (when the read model changed), its strong
 * ETag computed once, so serving it costs no JSON.stringify and no hashing. Clients revalidate
 * (`Cache-Control: no-cache`) and get 304 while the ETag still matches. The HTTP side (headers, 304,
 * content negotiation) is `sendPreparedJson` in services/http/etag.ts.
 */
export interface PreparedJson {
  readonly body: Buffer;
  /** Strong ETag, quoted: `"abc..."`. */
  readonly etag: string;
  /** The gzip representation, made on first demand and kept (bodies of GZIP_MIN_BYTES or more). */
  gzip?: Buffer;
  /** Its ETag (services/http/etag.ts `gzipEtag`), made on first demand and kept. */
  gzipEtag?: string;
}

/** Smaller bodies are sent as they are: compressing them saves less than it costs. */
export const GZIP_MIN_BYTES = 1024;

export function prepareJson(body: string, etag: string): PreparedJson {
  return { body: Buffer.from(body, 'utf8'), etag };
}

/** The gzip bytes of a prepared answer: compressed once, then kept. */
export function gzippedBody(prepared: PreparedJson): Buffer {
  return (prepared.gzip ??= gzipSync(prepared.body, { level: 6 }));
}
