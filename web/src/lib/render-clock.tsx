import { createContext, startTransition, useContext, useEffect, useState, type ReactNode } from 'react';
import { marketToday } from './format.ts';

/**
 * The clock a render reads. A server-rendered page is drawn at the server's instant (its injected
 * clock, with New York's market date) and may be served from the cache later; the client's first
 * render (hydration) must draw exactly the same, so it reads the instant the HTML carries, not its
 * own. After hydration the provider lets go and the screens read the browser's clock again (a news
 * age moves on, the calendar's "today" follows midnight). Without a provider (a page rendered only in
 * the browser) the hooks read the browser's clock at once.
 */
export interface RenderClock {
  /** ISO instant of the render. */
  now: string;
  /** New York's date at that instant (YYYY-MM-DD). */
  today: string;
}

const RenderClockContext = createContext<RenderClock | null>(null);

/** Server: the render's fixed clock. Client: the same clock for hydration, then none (live). */
export function RenderClockProvider({ clock, children }: { clock: RenderClock | null; children: ReactNode }) {
  const [held, setHeld] = useState(clock);
  // After hydration, the live clock: as a transition, so the re-render it causes (context consumers,
  // and React's walk of the tree to find them) is time-sliced. A useSyncExternalStore switch would
  // re-render synchronously, one long task on a slow phone right after hydration.
  useEffect(() => {
    if (clock) startTransition(() => setHeld(null));
  }, [clock]);
  return <RenderClockContext.Provider value={held}>{children}</RenderClockContext.Provider>;
}

/** The instant to draw relative times against ("3 hours ago"). */
export function useRenderNow(): Date {
  const clock = useContext(RenderClockContext);
  return clock ? new Date(clock.now) : new Date();
}

/** New York's date to draw "today" with. */
export function useMarketToday(): string {
  const clock = useContext(RenderClockContext);
  return clock ? clock.today : marketToday();
}
