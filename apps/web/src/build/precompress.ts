// Build step (docs/web.md "Build"): writes `<file>.br` and `<file>.gz` next to every text asset of the
// built app, so the server sends the smallest bytes a browser accepts without compressing per request
// (apps/server/src/plugins/static.ts, `preCompressed`). node:zlib only; brotli at its best quality,
// since this runs once per build.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** What gains from compression; images and fonts are compressed formats already. */
export const COMPRESSIBLE_ASSET = /\.(?:js|mjs|css|svg|json|txt|map|wasm)$/;

/** Every file under `dir` (relative paths, `/`-separated). */
export function listFiles(dir: string, prefix = ''): string[] {
  return readdirSync(dir).flatMap((name) => {
    const rel = prefix ? `${prefix}/${name}` : name;
    return statSync(join(dir, name)).isDirectory() ? listFiles(join(dir, name), rel) : [rel];
  });
}

/**
 * Writes the .br and .gz of every compressible file under `dir` (index.html is left out: the server sends it
 * itself with the runtime config injected). Returns the files compressed.
 */
export function precompressDir(dir: string): string[] {
  const done: string[] = [];
  for (const rel of listFiles(dir)) {
    if (!COMPRESSIBLE_ASSET.test(rel) || rel.startsWith('.vite/')) continue;
    const path = join(dir, rel);
    const bytes = readFileSync(path);
    writeFileSync(
      `${path}.br`,
      brotliCompressSync(bytes, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        },
      }),
    );
    writeFileSync(`${path}.gz`, gzipSync(bytes, { level: 9 }));
    done.push(rel);
  }
  return done;
}

/** Vite plugin: precompresses the output directory once the bundle is written. */
export function precompressPlugin(): Plugin {
  let outDir = 'dist';
  return {
    name: 'edu-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      precompressDir(outDir);
    },
  };
}
