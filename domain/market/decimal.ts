import { Decimal } from 'decimal.js';

/**
 * Decimal arithmetic for money, prices and percentages. A private clone (40 significant digits,
 * half-up) so nothing here depends on, or changes, the global decimal.js settings of other modules.
 * Values are computed at full precision and rounded only when presented (`fixed`).
 */
export const Dec = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP, toExpNeg: -40, toExpPos: 40 });
export type Dec = Decimal;

export const ZERO = new Dec(0);
export const ONE = new Dec(1);
export const HUNDRED = new Dec(100);

/** A decimal from a decimal string or a finite number (numbers go through their shortest string form). */
export function dec(value: string | number | Decimal): Decimal {
  if (typeof value === 'number' && !Number.isFinite(value)) throw new RangeError(`not a finite number: ${value}`);
  return new Dec(value);
}

/** Rounds half-up to `places` and prints without exponent, keeping trailing zeros (`fixed(1.5, 2)` = "1.50"). */
export function fixed(value: Decimal, places: number): string {
  const s = value.toDecimalPlaces(places, Decimal.ROUND_HALF_UP).toFixed(places);
  return s === `-${(0).toFixed(places)}` ? s.slice(1) : s; // no "-0.00"
}

/** `fixed`, or null for a missing value. */
export function fixedOrNull(value: Decimal | null, places: number): string | null {
  return value === null ? null : fixed(value, places);
}

/** A rounded decimal as a JS number (for the few API fields the spec types as numbers). */
export function roundedNumber(value: Decimal, places: number): number {
  const n = value.toDecimalPlaces(places, Decimal.ROUND_HALF_UP).toNumber();
  return Object.is(n, -0) ? 0 : n;
}

/**
 * Canonical decimal string of a value for storing in events: no exponent, no trailing zeros after the
 * point (`"12.50"` -> `"12.5"`, `"0.10"` -> `"0.1"`), so equal values compare equal as strings.
 */
export function canonical(value: string | number | Decimal): string {
  return dec(value).toFixed();
}

/**
 * Parses a human-written amount: `"$1,234.56"`, `" 10,000 "`, `"0.263798"`, or a finite number.
 * Accepts a leading `$`, thousands separators and surrounding spaces; rejects anything else.
 * Returns null when it is not a plain number.
 */
export function parseAmount(input: unknown): Decimal | null {
  if (typeof input === 'number') return Number.isFinite(input) ? new Dec(input) : null;
  if (typeof input !== 'string') return null;
  let s = input.trim();
  let negative = false;
  if (/^\(.*\)$/.test(s)) {
    negative = true;
    s = s.slice(1, -1).trim();
  }
  if (s.startsWith('-')) {
    negative = !negative;
    s = s.slice(1).trim();
  }
  s = s.replace(/^\$\s*/, '');
  if (!/^(\d{1,3}(,\d{3})+|\d+)(\.\d+)?$|^\.\d+$/.test(s)) return null;
  const d = new Dec(s.replace(/,/g, ''));
  return negative ? d.negated() : d;
}

export { Decimal };
