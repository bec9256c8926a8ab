/**
 * The webhook delivery port (issue 31): POST a signed JSON body to a user's endpoint without letting
 * the endpoint steer the server elsewhere. The adapter (http-poster.ts) checks the URL at registration
 * (`refusal`) and again at every delivery: the host is resolved, every address must be public
 * (infra/http-fetch/addresses.ts) unless private addresses are allowed (WEBHOOKS_ALLOW_PRIVATE, never
 * in production), and the connection goes to the very address that was checked (DNS rebinding). No
 * redirect is followed (a 3xx is a failed attempt); one deadline per attempt.
 */

export interface WebhookPost {
  url: string;
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
}

/** The receiver answered (any status), or the attempt failed before an answer (`error` in words). */
export type WebhookPostResult = { status: number } | { error: string };

export interface WebhookPoster {
  /** Why this URL may not receive webhooks (the scheme, a non-public address, an unknown host), or null. */
  refusal(url: string): Promise<string | null>;
  post(request: WebhookPost): Promise<WebhookPostResult>;
}
