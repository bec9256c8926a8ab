import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './precompress-plugin.ts';

/** Client build: `npm run build` → web/dist (served by the gateway with the SPA fallback). */
export default defineConfig({
  // Paths are relative to the repository root, where the npm scripts run.
  root: 'web',
  plugins: [react(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
  },
  server: {
    // `vite` dev server: the API runs on the gateway.
    proxy: { '/api': 'http://localhost:3000' },
  },
});
