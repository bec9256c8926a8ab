import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The signature of a webhook delivery (docs/open-data.md "Verifying a delivery"):
 *
 *   WeeklyDiv-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" with the endpoint's secret>
 *
 * The time is part of what is signed, so a captured delivery cannot be replayed later with a fresh
 * time; a receiver refuses a `t` older than its tolerance (5 minutes in the snippets). Every attempt is
 * signed anew with its own time; the body (and its `id`) stay the same.
 */
export const SIGNATURE_HEADER = 'WeeklyDiv-Signature';
export const EVENT_ID_HEADER = 'WeeklyDiv-Event-Id';
export const DEFAULT_TOLERANCE_SECONDS = 300;

export function signatureOf(secret: string, timestamp: number, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`, 'utf8').digest('hex');
}

export function signatureHeader(secret: string, timestamp: number, body: string): string {
  return `t=${timestamp},v1=${signatureOf(secret, timestamp, body)}`;
}

/**
 * Whether a delivery is genuine: a `v1` signature of the body with this secret, made within
 * `toleranceSeconds` of `nowSeconds`. What a receiver does (the specs use it as their receiver).
 */
export function verifySignature(header: string | undefined, body: string, secret: string, nowSeconds: number, toleranceSeconds = DEFAULT_TOLERANCE_SECONDS): boolean {
  if (!header) return false;
  const parts = new Map<string, string[]>();
  for (const item of header.split(',')) {
    const eq = item.indexOf('=');
    if (eq <= 0) continue;
    const key = item.slice(0, eq).trim();
    parts.set(key, [...(parts.get(key) ?? []), item.slice(eq + 1).trim()]);
  }
  const t = Number(parts.get('t')?.[0]);
  if (!Number.isInteger(t) || Math.abs(nowSeconds - t) > toleranceSeconds) return false;
  const expected = Buffer.from(signatureOf(secret, t, body), 'hex');
  return (parts.get('v1') ?? []).some((candidate) => {
    const given = Buffer.from(candidate, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}
