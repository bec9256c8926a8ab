import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/**
 * The secret part of a private feed URL: `<feedId>.<mac>`, where mac is HMAC-SHA-256 of the feed id
 * under a key derived (HKDF) from the session secret, base64url. The event log holds only the feed id,
 * which opens nothing; the URL can be shown again at any time without storing it.
 */
export class FeedTokens {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = Buffer.from(hkdfSync('sha256', secret, 'weeklydiv', 'calendar-feed-token', 32));
  }

  token(feedId: string): string {
    return `${feedId}.${this.mac(feedId)}`;
  }

  /** The feed id of a well-formed token whose MAC is right; null otherwise (compared in constant time). */
  feedIdOf(token: string): string | null {
    const match = /^([A-Za-z0-9_-]{16,64})\.([A-Za-z0-9_-]{43})$/.exec(token);
    if (!match) return null;
    const [, feedId, mac] = match as unknown as [string, string, string];
    const expected = Buffer.from(this.mac(feedId));
    const given = Buffer.from(mac);
    return expected.length === given.length && timingSafeEqual(expected, given) ? feedId : null;
  }

  private mac(feedId: string): string {
    return createHmac('sha256', this.key).update(feedId).digest('base64url');
  }
}
