import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { precompress } from './precompress-plugin.ts';
import { palette } from './src/styles/palette.ts';

/**
 * The installable app (docs/offline.md): the web app manifest (/manifest.webmanifest, linked from
 * index.html by the plugin) and the service worker /sw.js, compiled from src/sw.ts with the build's
 * precache list injected. The page registers it itself (src/app/service-worker.ts: the update prompt),
 * so the plugin injects no registration script.
 */
function installableApp(): Plugin[] {
  return VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src',
    filename: 'sw.ts',
    registerType: 'prompt',
    injectRegister: false,
    manifestFilename: 'manifest.webmanifest',
    manifest: {
      id: '/my-weeklydiv',
      name: 'WeeklyDiv',
      short_name: 'WeeklyDiv',
      description: 'Track weekly-distribution ETFs, their dividends and your portfolio: your payouts, anywhere.',
      lang: 'en',
      start_url: '/my-weeklydiv',
      scope: '/',
      display: 'standalone',
      theme_color: palette.blue600,
      background_color: palette.slate50,
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
    injectManifest: {
      // a classic script: every browser with service workers runs it (module workers are newer)
      rollupFormat: 'iife',
      // the app shell: every built script, style and icon, and index.html (not the .br/.gz twins)
      globPatterns: ['**/*.{js,css,html,png,svg,woff2}'],
    },
  });
}

/** iOS ignores the manifest's icons for the home screen: it reads this link. */
function appleTouchIcon(): Plugin {
  return {
    name: 'weeklydiv-apple-touch-icon',
    transformIndexHtml: () => [{ tag: 'link', attrs: { rel: 'apple-touch-icon', href: '/icons/apple-touch-icon-180.png' }, injectTo: 'head' }],
  };
}

/**
 * Client build: `npm run build` → web/dist (served by the gateway with the SPA fallback), then the
 * server entry with `--ssr` → web/dist-ssr/entry-server.js (the public pages' server rendering,
 * services/gateway/ssr.ts). The server bundle stays out of web/dist, which is served to anyone.
 */
export default defineConfig(({ isSsrBuild }) => ({
  // Paths are relative to the repository root, where the npm scripts run.
  root: 'web',
  plugins: isSsrBuild ? [react()] : [react(), precompress(), installableApp(), appleTouchIcon()],
  // The server bundle carries its libraries (React, the router, styled-components, Redux Toolkit): it
  // loads from wherever it was built to (the browser tests build into a temporary folder), with no
  // node_modules beside it.
  // React's production build, whatever NODE_ENV the server runs with (as the client's bundle).
  ...(isSsrBuild ? { ssr: { noExternal: true }, define: { 'process.env.NODE_ENV': JSON.stringify('production') } } : {}),
  build: isSsrBuild
    ? { ssr: 'src/entry-server.tsx', outDir: 'dist-ssr', emptyOutDir: true, copyPublicDir: false }
    : { outDir: 'dist', emptyOutDir: true },
  server: {
    // `vite` dev server: the API runs on the gateway.
    proxy: { '/api': 'http://localhost:3000' },
  },
}));
