import { dictionary } from '@zxcvbn-ts/language-common';
import { registerCache } from '../../domain/caches/registry.ts';

/**
 * Very common passwords, refused on sign-up and reset (ASVS 6.2.4): the password list of zxcvbn's
 * maintained `@zxcvbn-ts/language-common` dictionary (49,233 entries), compared case-insensitively.
 * Loaded once, on first use.
 */
export const TOO_COMMON_PASSWORD = 'This password is too common. Choose one that is harder to guess.';

let common: ReadonlySet<string> | undefined;
registerCache({
  name: 'common-passwords',
  owner: 'services/accounts/common-passwords.ts',
  key: 'password, lower-cased',
  bound: 'the dictionary (49,233 entries)',
  eviction: 'none',
  coherence: 'built from the bundled dictionary, which does not change while the process runs',
  clearable: false,
  reason: 'a constant of the program; nothing in it can become stale, and building it again would only cost time',
  size: () => common?.size ?? 0,
});

export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary.passwords.map((p) => p.toLowerCase()));
  return common.has(password.toLowerCase());
}
