// Build step (docs/web.md "Route preloading"): replaces index.html's `<script src="/zod-no-eval.js">` by the boot
// script (src/build/boot-script.ts) — that file's text followed by the first route's preloads, read from the
// bundle's chunks — emitted as a hashed asset. The server's CSP allows scripts from the origin only, not inline.
// In development index.html keeps the plain file.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Plugin, Rolldown } from 'vite';
import { bootScript, FIRST_LOAD_ROUTES, routeFiles, type BuiltChunk } from './boot-script';
import { modulePreloads } from './bundle-budget';

/** The classic script index.html names, which the boot script replaces (in public/, served as is in development). */
export const PRELUDE = 'zod-no-eval.js';

/** The stylesheets index.html links, as paths in dist. */
export function linkedStylesheets(html: string): string[] {
  return (html.match(/<link\b[^>]*\brel=["']?stylesheet\b[^>]*>/g) ?? [])
    .map((t) => /\bhref=["']?([^"'\s>]+)/.exec(t)?.[1])
    .filter((href): href is string => Boolean(href))
    .map((href) => href.replace(/^\//, ''));
}

export function bootScriptPlugin(): Plugin {
  let root = '';
  let base = '/';
  return {
    name: 'edu-boot-script',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      base = config.base;
    },
    generateBundle: {
      // After Vite has written index.html into the bundle with its entry, preloads and stylesheet.
      order: 'post',
      handler(_options, bundle) {
        const page = bundle['index.html'];
        if (page?.type !== 'asset') return;
        const html = String(page.source);
        const tag = new RegExp(`<script src="${base}${PRELUDE.replace('.', '\\.')}"></script>`);
        if (!tag.test(html)) this.error(`index.html does not load ${base}${PRELUDE}`);
        const chunks: BuiltChunk[] = Object.values(bundle)
          .filter((c): c is Rolldown.OutputChunk => c.type === 'chunk')
          .map((c) => ({
            fileName: c.fileName,
            moduleIds: c.moduleIds,
            imports: c.imports,
            css: [...(c.viteMetadata?.importedCss ?? [])],
          }));
        const loaded = new Set([...modulePreloads(html), ...linkedStylesheets(html)]);
        const routes = FIRST_LOAD_ROUTES.map((r) => ({
          pattern: r.pattern,
          files: routeFiles(
            chunks,
            r.modules.map((m) => resolve(root, m)),
            loaded,
          ),
        }));
        const prelude = readFileSync(resolve(root, 'public', PRELUDE), 'utf8');
        const ref = this.emitFile({ type: 'asset', name: 'boot.js', source: bootScript(prelude, routes, base) });
        page.source = html.replace(tag, `<script src="${base}${this.getFileName(ref)}"></script>`);
      },
    },
  };
}
