import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { registerCache } from '../../domain/caches/registry.ts';

/**
 * Password hashing with scrypt. OWASP's recommended cost is N=2^17, r=8, p=1 (128 MiB, ~0.5 s on
 * the 2-core dev machine); tests lower N through PASSWORD_SCRYPT_LOG_N. The stored form is
 * self-describing, `scrypt$N$r$p$salt$hash` (salt and hash base64url), so hashes made at an older
 * cost keep verifying after the cost changes.
 */
export interface ScryptParams {
  N: number;
  r: number;
  p: number;
}

export const OWASP_SCRYPT: ScryptParams = { N: 2 ** 17, r: 8, p: 1 };

const SALT_BYTES = 16;
const KEY_BYTES = 32;
/** Bounds on stored parameters: a corrupt or hostile hash must not make us allocate gigabytes. */
const MAX_LOG_N = 20;
const MAX_R = 16;
const MAX_P = 4;

export function scryptParams(logN: number): ScryptParams {
  return { N: 2 ** logN, r: OWASP_SCRYPT.r, p: OWASP_SCRYPT.p };
}

function derive(password: string, salt: Buffer, keyLength: number, params: ScryptParams): Promise<Buffer> {
  // scrypt needs about 128 * N * r bytes; Node's default maxmem is 32 MiB, too small for N=2^17.
  const options: ScryptOptions = { N: params.N, r: params.r, p: params.p, maxmem: 256 * params.N * params.r };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, keyLength, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

export async function hashPassword(password: string, params: ScryptParams = OWASP_SCRYPT): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, KEY_BYTES, params);
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export function parsePasswordHash(stored: string): (ScryptParams & { salt: Buffer; key: Buffer }) | null {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null;
  const [N, r, p] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  const isPowerOfTwo = Number.isInteger(N) && N > 1 && (N & (N - 1)) === 0;
  if (!isPowerOfTwo || N > 2 ** MAX_LOG_N) return null;
  if (!Number.isInteger(r) || r < 1 || r > MAX_R || !Number.isInteger(p) || p < 1 || p > MAX_P) return null;
  const salt = Buffer.from(parts[4]!, 'base64url');
  const key = Buffer.from(parts[5]!, 'base64url');
  if (salt.length === 0 || key.length === 0) return null;
  return { N, r, p, salt, key };
}

/** Constant-time comparison of the derived key; false for a malformed stored hash. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parsePasswordHash(stored);
  if (!parsed) return false;
  const key = await derive(password, parsed.salt, parsed.key.length, parsed);
  return key.length === parsed.key.length && timingSafeEqual(key, parsed.key);
}

/**
 * A hash at the current cost that no password matches, verified when the e-mail is unknown so that
 * "no such account" costs the same time as "wrong password" (the verification derives a key at these
 * parameters like any other). Made once per parameter set from a random salt and a random key, without
 * running scrypt: deriving it cost 128 MiB for a second at every start (N=2^17), which made the
 * server's memory at /readyz depend on whether that derivation was still running (issue 30: 214 or
 * 335 MiB for the same restart).
 */
const dummyHashes = new Map<string, Promise<string>>();
registerCache({
  name: 'dummy-password-hashes',
  owner: 'services/accounts/password.ts',
  key: 'scrypt parameters (N, r, p)',
  bound: 'one per parameter set in use (one in production)',
  eviction: 'none',
  coherence: 'any hash at these parameters serves: only its cost matters',
  clearable: true,
  clear: () => dummyHashes.clear(),
  size: () => dummyHashes.size,
});
export function dummyPasswordHash(params: ScryptParams = OWASP_SCRYPT): Promise<string> {
  const key = `${params.N}:${params.r}:${params.p}`;
  let hash = dummyHashes.get(key);
  if (!hash) {
    hash = Promise.resolve(['scrypt', params.N, params.r, params.p, randomBytes(SALT_BYTES).toString('base64url'), randomBytes(KEY_BYTES).toString('base64url')].join('$'));
    dummyHashes.set(key, hash);
  }
  return hash;
}
