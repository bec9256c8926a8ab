/**
 * Clicks on a server-rendered page before the app hydrates it (docs/architecture.md, "Server
 * rendering"). Until React owns a button, pressing it does nothing: a visitor on a slow phone taps it
 * and the tap is lost. React's own rescue of such an event (hydrating the part at once) fails while
 * the part's code is still loading (a lazy route's chunk), and the event is then dropped. So the
 * rendered page carries, before its content, this small script: it holds each click on a button React
 * does not own yet (no props of React's on it; the first click per button; a native form submit is
 * held too), and lets every other click through. The app takes the held buttons with
 * `window[EARLY_CLICKS_GLOBAL](false)` while it hydrates, clicks each again once React owns it
 * (web/src/lib/early-input.ts), and stops the holder with `window[EARLY_CLICKS_GLOBAL](true)` once the
 * page is hydrated. Links are left alone: the browser follows them to another rendered page.
 *
 * One pure module for the server (which puts the script in the page and its hash in the Content
 * Security Policy) and the client (which calls the global): like page-path.ts, an exception to
 * `web-contracts-type-only` in .dependency-cruiser.cjs.
 */

/**
 * The global function the script defines: returns the buttons held since the last call, in order; with
 * `true` it also stops holding and removes itself.
 */
export const EARLY_CLICKS_GLOBAL = '__weeklydivEarlyClicks';

/** The inline script (a classic script: it runs where it stands, before the content after it is parsed). */
export const EARLY_CLICKS_SCRIPT =
  '(function(){var held=[];' +
  'function owned(b){return Object.keys(b).some(function(k){return k.indexOf("__reactProps$")===0;});}' +
  'function hold(e){var t=e.target;var b=t&&t.closest?t.closest(\'button,[role="button"],input[type="submit"],input[type="button"]\'):null;' +
  'if(!b||owned(b))return;e.preventDefault();e.stopPropagation();if(held.indexOf(b)===-1)held.push(b);}' +
  "document.addEventListener('click',hold,true);" +
  `window.${EARLY_CLICKS_GLOBAL}=function(stop){var out=held;held=[];if(stop){document.removeEventListener('click',hold,true);delete window.${EARLY_CLICKS_GLOBAL};}return out;};})();`;
