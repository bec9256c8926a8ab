import { dictionary } from '@zxcvbn-ts/language-common';

/**
 * Very common passwords, refused on sign-up and reset (ASVS 6.2.4): the password list of zxcvbn's
 * maintained `@zxcvbn-ts/language-common` dictionary (49,233 entries), compared case-insensitively.
 * Loaded once, on first use.
 */
export const TOO_COMMON_PASSWORD = 'This password is too common. Choose one that is harder to guess.';

let common: ReadonlySet<string> | undefined;

export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary.passwords.map((p) => p.toLowerCase()));
  return common.has(password.toLowerCase());
}
