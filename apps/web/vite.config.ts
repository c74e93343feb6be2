// Vite build of the web app; in development /v1 and /docs go to the local API server.
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const api = 'http://127.0.0.1:18080';

export default defineConfig({
  plugins: [react()],
  server: {
    proxy: {
      '/v1': { target: api, changeOrigin: true, ws: true },
      '/docs': { target: api, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
  },
});
