import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './precompress-plugin.ts';

/**
 * Client build: `npm run build` → web/dist (served by the gateway with the SPA fallback), then the
 * server entry with `--ssr` → web/dist-ssr/entry-server.js (the public pages' server rendering,
 * services/gateway/ssr.ts). The server bundle stays out of web/dist, which is served to anyone.
 */
export default defineConfig(({ isSsrBuild }) => ({
  // Paths are relative to the repository root, where the npm scripts run.
  root: 'web',
  plugins: isSsrBuild ? [react()] : [react(), precompress()],
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
