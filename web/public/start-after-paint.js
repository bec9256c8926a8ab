/* global document, requestAnimationFrame */
// A server-rendered page (services/gateway/ssr.ts) loads the app's bundle with this instead of a
// <script type="module"> in its head: the rendered HTML is painted first, then the entry and its
// chunks are requested. Otherwise the bundle's download and evaluation came before the first paint of
// HTML that needed neither (docs/architecture.md "Server rendering"). A classic deferred script in a
// file: the Content-Security-Policy allows one inline script only (the early-click holder, by its hash).
(function () {
  var script = document.currentScript;
  var entry = script && script.getAttribute('data-entry');
  if (!entry) return;
  var preload = (script.getAttribute('data-preload') || '').split(' ').filter(Boolean);
  var started = false;
  function load() {
    if (started) return;
    started = true;
    preload.forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    });
    var module = document.createElement('script');
    module.type = 'module';
    module.crossOrigin = '';
    module.src = entry;
    document.head.appendChild(module);
  }
  // After the next frame's paint; a tab opened in the background paints nothing until shown.
  var fallback = setTimeout(load, 200);
  requestAnimationFrame(function () {
    setTimeout(function () {
      clearTimeout(fallback);
      load();
    }, 0);
  });
})();
