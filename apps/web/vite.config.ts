// Vite build of the web app; in development /v1 and /docs go to the local API server. The build writes
// a manifest (the bundle budget reads it, src/build/bundle-budget.ts) and precompressed .br/.gz copies;
// `virtual:api-table` is the API table without its schemas (src/build/api-table-plugin.ts); the whiteboard's fonts
// are copied in from the package (src/build/excalidraw-assets-plugin.ts); index.html's first script becomes the boot
// script, which also starts the first route's chunks (src/build/boot-script-plugin.ts); what the entry imports is
// one chunk (docs/performance.md "First load").
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { antdZeroRuntimePlugin } from './src/build/antd-zero-runtime-plugin.js';
import { apiTablePlugin } from './src/build/api-table-plugin.js';
import { bootScriptPlugin } from './src/build/boot-script-plugin.js';
import { excalidrawAssetsPlugin } from './src/build/excalidraw-assets-plugin.js';
import { precompressPlugin } from './src/build/precompress.js';

const api = 'http://127.0.0.1:18080';

export default defineConfig({
  plugins: [
    react(),
    apiTablePlugin(),
    antdZeroRuntimePlugin(),
    excalidrawAssetsPlugin(),
    bootScriptPlugin(),
    precompressPlugin(),
  ],
  server: {
    proxy: {
      '/v1': { target: api, changeOrigin: true, ws: true },
      '/docs': { target: api, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    chunkSizeWarningLimit: 1500,
    rollupOptions: {
      // antd's own packages (@rc-component/*) declare no sideEffects field, so every module of them that an
      // import reaches would stay (all of rc-form and its validator came into the first load because antd's Input
      // reads a form context). Marked free of side effects here; the e2e journeys run on this build.
      // docs/performance.md "Bundle".
      treeshake: { moduleSideEffects: [{ test: /[\\/]node_modules[\\/]@rc-component[\\/]/, sideEffects: false }] },
      output: {
        // What the entry imports statically, every page's first load, in the entry's chunk: split by which lazy
        // chunks share each module it was 37 files (each a request). docs/performance.md "First load".
        codeSplitting: { groups: [{ name: 'initial', tags: ['$initial'] }] },
      },
    },
  },
});
