import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The web UI: `vite build web` writes static assets to web/dist, which `deepresearch serve` serves at `/`. */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
  },
  server: {
    // `vite web` in development forwards the API to a running `deepresearch serve`.
    proxy: { '/api': 'http://127.0.0.1:8080' },
  },
});
