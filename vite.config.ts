/**
 * The application (web/) built into dist/web and served by `bin/cqm serve` under /app/. `npm run dev` runs
 * Vite's dev server instead, passing the application's JSON and /v1 to a running service (CQM_URL).
 */
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const root = new URL('./web/', import.meta.url).pathname;
const service = process.env.CQM_URL ?? 'http://127.0.0.1:3000';

export default defineConfig({
  root,
  base: '/app/',
  plugins: [react()],
  build: {
    outDir: new URL('./dist/web/', import.meta.url).pathname,
    emptyOutDir: true,
    // The page's Content-Security-Policy allows no inline script and no data: modules.
    assetsInlineLimit: 0,
    sourcemap: false,
  },
  server: {
    port: 5173,
    strictPort: false,
    proxy: {
      '/app/api': { target: service, changeOrigin: false },
      '/v1': { target: service, changeOrigin: false },
      '/docs': { target: service, changeOrigin: false },
    },
  },
});
