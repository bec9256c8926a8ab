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
  build: isSsrBuild
    ? { ssr: 'src/entry-server.tsx', outDir: 'dist-ssr', emptyOutDir: true, copyPublicDir: false }
    : { outDir: 'dist', emptyOutDir: true },
  server: {
    // `vite` dev server: the API runs on the gateway.
    proxy: { '/api': 'http://localhost:3000' },
  },
}));
