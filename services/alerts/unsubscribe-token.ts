import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import type { AlertKind } from '../../events/alerts.ts';

const KIND_CODES: Record<AlertKind, string> = { 'distribution-change': 'dc', 'ex-date-reminder': 'xr' };
const KINDS_BY_CODE = new Map(Object.entries(KIND_CODES).map(([kind, code]) => [code, kind as AlertKind]));

/**
 * The token of a mail's unsubscribe link: `<userId>.<kind code>.<mac>`, mac = HMAC-SHA-256 of
 * `<userId>.<kind code>` under a key derived (HKDF) from the session secret, base64url. It names the
 * user and the alert kind, opens nothing else, needs no storage and does not expire (an unsubscribe
 * link must work as long as the mail is read). It is never stored in the log nor logged.
 */
export class UnsubscribeTokens {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = Buffer.from(hkdfSync('sha256', secret, 'weeklydiv', 'alerts-unsubscribe-token', 32));
  }

  token(userId: string, kind: AlertKind): string {
    const body = `${userId}.${KIND_CODES[kind]}`;
    return `${body}.${this.mac(body)}`;
  }

  /** The user and kind of a well-formed token whose MAC is right; null otherwise (compared in constant time). */
  open(token: string): { userId: string; kind: AlertKind } | null {
    const match = /^([0-9a-f-]{36})\.([a-z]{2})\.([A-Za-z0-9_-]{43})$/.exec(token);
    if (!match) return null;
    const [, userId, code, mac] = match as unknown as [string, string, string, string];
    const kind = KINDS_BY_CODE.get(code);
    if (!kind) return null;
    const expected = Buffer.from(this.mac(`${userId}.${code}`));
    const given = Buffer.from(mac);
    return expected.length === given.length && timingSafeEqual(expected, given) ? { userId, kind } : null;
  }

  private mac(body: string): string {
    return createHmac('sha256', this.key).update(body).digest('base64url');
  }
}
