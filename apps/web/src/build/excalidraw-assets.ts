// The whiteboard's assets served by us, not a CDN (docs/web.md "The lesson room"): the pure parts of
// excalidraw-assets-plugin.ts, tested in excalidraw-assets.test.ts.
import { createRequire } from 'node:module';
import { join } from 'node:path';

/**
 * The installed package's build of `kind` (its exports map hides package.json; which build `resolve` answers
 * depends on the resolver's conditions).
 */
export function excalidrawDist(kind: 'prod' | 'dev'): string {
  const entry = createRequire(import.meta.url).resolve('@excalidraw/excalidraw');
  return join(entry.replace(/[\\/]dist[\\/](?:prod|dev)[\\/].*$/, ''), 'dist', kind);
}

/** Excalidraw 0.18's font fallback base: esm.sh, tried when a font is not found at EXCALIDRAW_ASSET_PATH. */
const FALLBACK = /`https:\/\/esm\.sh\/\$\{.*?\}\/dist\/prod\/`/;

/**
 * Excalidraw's code with its CDN fallback replaced by `assetPath` on this page's origin, or null when the code has
 * none. The fallback is a base for `new URL(font, base)`, which must be absolute: a bare path throws
 * "Invalid base URL" and no board loads.
 */
export function withoutCdnFallback(code: string, assetPath: string): string | null {
  if (!FALLBACK.test(code)) return null;
  return code.replace(FALLBACK, `new URL(${JSON.stringify(assetPath)},location.origin).href`);
}

/** Script CDNs a built chunk must not name (a runtime fetch from them would leave the platform). */
const CDN = /https?:\/\/(?:unpkg\.com|cdn\.jsdelivr\.net|esm\.sh|cdnjs\.cloudflare\.com)\b/;

/** The CDN URL a chunk's code names, or null. */
export function cdnUrlIn(code: string): string | null {
  return CDN.exec(code)?.[0] ?? null;
}

/**
 * esbuild's `__require` shim in Excalidraw's build and browserify's prelude in pica's (Excalidraw's image scaler) and
 * elkjs's (mermaid's layout) name the free variable `require`, which makes the bundler put its own require shim into the runtime chunk every
 * page loads (docs/performance.md "Bundle"). In a browser `typeof require` is "undefined", so both are rewritten to
 * what they do there. Returns the code without them, or null when it has neither.
 */
export function withoutRequireShim(code: string): string | null {
  const esbuild =
    /\((\w+)=>typeof require<"u"\?require:typeof Proxy<"u"\?new Proxy\(\1,\{get:\((\w+),(\w+)\)=>\(typeof require<"u"\?require:\2\)\[\3\]\}\):\1\)\(function\((\w+)\)\{if\(typeof require<"u"\)return require\.apply\(this,arguments\);/;
  const browserify = '"function"==typeof require&&require';
  let next = code.replace(esbuild, '(function($4){');
  next = next.split(browserify).join('!1');
  return next === code ? null : next;
}
