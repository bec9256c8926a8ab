import type { RenderClock } from '../lib/render-clock.tsx';
import type { AppState } from './store.ts';

/**
 * What a server-rendered page hands its client: the RTK Query state the page was rendered with and
 * the render's clock. It travels as JSON in `<script type="application/json" id="ssr-payload">`,
 * not as an inline script assigning `window.__PRELOADED_STATE__`: the Content-Security-Policy allows
 * no inline script (services/http/security.ts), and a data block is never run. Written with
 * page-head.ts `scriptJson`, so no `</script>` in a fund's name or a news title can end it.
 */
export interface SsrPayload {
  state: AppState;
  clock: RenderClock;
}

export const SSR_PAYLOAD_ID = 'ssr-payload';

/** The payload of the page the browser loaded, or null when the page was not rendered on the server. */
export function readSsrPayload(doc: Document): SsrPayload | null {
  const element = doc.getElementById(SSR_PAYLOAD_ID);
  if (!element?.textContent) return null;
  try {
    return JSON.parse(element.textContent) as SsrPayload;
  } catch {
    return null;
  }
}
