// Build step (docs/web.md "The lesson room"): Excalidraw's fonts are copied from the package into the build at
// EXCALIDRAW_ASSET_PATH (src/components/board/asset-path.ts) and served from there in development; Excalidraw's
// own fallback to esm.sh is replaced by that path, and the build fails if any chunk still names a script CDN.
// Two things keep Excalidraw out of the first load's chunks (docs/performance.md "Bundle"): mermaid (its
// text-to-diagram, loaded only when used) gets a copy of stylis of its own — shared with antd's style engine, stylis
// would otherwise leave the first load's chunk for one of its own — and the require shims of its build, of pica and of
// elkjs (mermaid's layout) are rewritten to what they do in a browser, so the bundler's runtime chunk needs none.
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import { join, normalize, sep } from 'node:path';
import type { Plugin } from 'vite';
import { EXCALIDRAW_ASSET_PATH, EXCALIDRAW_VERSION } from '../components/board/asset-path';
import { listFiles } from './precompress';
import { cdnUrlIn, excalidrawDist, withoutCdnFallback, withoutRequireShim } from './excalidraw-assets';

const EXCALIDRAW_CODE = /[\\/]@excalidraw[\\/]excalidraw[\\/]dist[\\/]/;
/** Modules whose require shims are rewritten (withoutRequireShim). */
const REQUIRE_SHIMS =
  /[\\/]node_modules[\\/](?:@excalidraw[\\/]excalidraw[\\/]dist[\\/]prod|pica[\\/]dist|elkjs[\\/]lib)[\\/]/;
/** The query that makes mermaid's stylis modules apart from antd's. */
const MERMAID_COPY = '?mermaid';

export function excalidrawAssetsPlugin(): Plugin {
  const prod = excalidrawDist('prod');
  const fonts = join(prod, 'fonts');
  const base = EXCALIDRAW_ASSET_PATH.replace(/^\//, '');
  return {
    name: 'edu-excalidraw-assets',
    buildStart() {
      const pkg = JSON.parse(readFileSync(join(prod, '..', '..', 'package.json'), 'utf8')) as { version: string };
      if (pkg.version !== EXCALIDRAW_VERSION)
        this.error(`@excalidraw/excalidraw ${pkg.version} is installed, asset-path.ts names ${EXCALIDRAW_VERSION}`);
      if (!existsSync(fonts)) this.error(`Excalidraw's fonts are not at ${fonts}`);
    },
    resolveId: {
      order: 'pre',
      async handler(source, importer) {
        if (!importer) return null;
        const fromMermaid = source === 'stylis' && /[\\/]node_modules[\\/]mermaid[\\/]/.test(importer);
        // stylis's own modules, reached from mermaid's copy, are mermaid's too.
        const inCopy = importer.endsWith(MERMAID_COPY) && /[\\/]node_modules[\\/]stylis[\\/]/.test(importer);
        if (!fromMermaid && !inCopy) return null;
        const from = inCopy ? importer.slice(0, -MERMAID_COPY.length) : importer;
        const resolved = await this.resolve(source, from, { skipSelf: true });
        return resolved && { ...resolved, id: `${resolved.id}${MERMAID_COPY}` };
      },
    },
    transform(code, id) {
      if (REQUIRE_SHIMS.test(id) && code.includes('require')) {
        const next = withoutRequireShim(code);
        if (next !== null) return { code: next, map: null };
      }
      if (!EXCALIDRAW_CODE.test(id) || !code.includes('ASSETS_FALLBACK_URL')) return undefined;
      const next = withoutCdnFallback(code, EXCALIDRAW_ASSET_PATH);
      if (next === null) this.error(`Excalidraw's font fallback changed shape in ${id}`);
      return { code: next, map: null };
    },
    generateBundle(_, bundle) {
      for (const out of Object.values(bundle)) {
        const url = out.type === 'chunk' ? cdnUrlIn(out.code) : null;
        if (url) this.error(`${out.fileName} names the CDN ${url}`);
      }
      for (const rel of listFiles(fonts))
        this.emitFile({ type: 'asset', fileName: `${base}fonts/${rel}`, source: readFileSync(join(fonts, rel)) });
    },
    configureServer(server) {
      server.middlewares.use(`${EXCALIDRAW_ASSET_PATH}fonts/`, (req, res, next) => {
        const path = normalize(join(fonts, decodeURIComponent((req.url ?? '/').split('?')[0] ?? '/')));
        if (!path.startsWith(fonts + sep) || !existsSync(path) || !statSync(path).isFile()) return next();
        res.setHeader('content-type', 'font/woff2');
        createReadStream(path).pipe(res);
      });
    },
  };
}
