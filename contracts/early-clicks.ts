/**
 * Clicks on a server-rendered page before the app hydrates it (docs/architecture.md, "Server
 * rendering"). Until React attaches its listeners, a button on the rendered page does nothing: a
 * visitor on a slow phone taps "Favorite" and the tap is lost. So the rendered page carries, before
 * its content, this small script: it holds each click on a button (the first one per button; a
 * native form submit is held too) until the app asks for them with `window[EARLY_CLICKS_GLOBAL]()`,
 * right before hydrating; from then on React hears clicks itself, and the app clicks each held button
 * again once React owns it (web/src/lib/early-input.ts). Links are left alone: the browser follows
 * them to another rendered page.
 *
 * One pure module for the server (which puts the script in the page and its hash in the Content
 * Security Policy) and the client (which calls the global): like page-path.ts, an exception to
 * `web-contracts-type-only` in .dependency-cruiser.cjs.
 */

/** The global function the script defines: stops holding clicks and returns the buttons clicked, in order, once (it then removes itself). */
export const EARLY_CLICKS_GLOBAL = '__weeklydivEarlyClicks';

/** The inline script (a classic script: it runs where it stands, before the content after it is parsed). */
export const EARLY_CLICKS_SCRIPT =
  '(function(){var held=[];' +
  'function hold(e){var t=e.target;var b=t&&t.closest?t.closest(\'button,[role="button"],input[type="submit"],input[type="button"]\'):null;' +
  'if(!b)return;e.preventDefault();e.stopPropagation();if(held.indexOf(b)===-1)held.push(b);}' +
  "document.addEventListener('click',hold,true);" +
  `window.${EARLY_CLICKS_GLOBAL}=function(){document.removeEventListener('click',hold,true);delete window.${EARLY_CLICKS_GLOBAL};return held;};})();`;
