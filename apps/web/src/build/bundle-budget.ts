// The student's initial JavaScript budget (docs/web.md "Bundle budget"): what a browser downloads to show
// /student/home — the entry chunk, every script index.html loads or preloads (`<link rel="modulepreload">`), the lazy
// chunks the home requests as it renders (layout, page, the pairing card, the header's bell) and
// every chunk they import statically — must stay within STUDENT_INITIAL_JS_BUDGET bytes once
// brotli-compressed. Read from the build's Vite manifest (`build.manifest`) and dist/index.html.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';

/** 200 KB (1 KB = 1,000 bytes here, the stricter reading). */
export const STUDENT_INITIAL_JS_BUDGET = 200_000;

/**
 * The lazy chunks /student/home requests as it renders for a student, besides the entry: the layout and the
 * page (the router starts both), what the page and the header load at once below them. A lazy part added to the
 * home belongs here; the browser bench (bench/scenarios/first-load.ts) counts what is really downloaded.
 */
export const STUDENT_HOME_MODULES = [
  'src/areas/student/StudentLayout.tsx',
  'src/areas/student/StudentHome.tsx',
  // Loaded once the summary has its answer.
  'src/areas/student/ParentPairingCard.tsx',
  'src/components/notices/NoticeBell.tsx',
];

export interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

/**
 * The scripts index.html makes the browser download, as paths in dist (`assets/x.js`): its `<script src>`s and
 * `<link rel="modulepreload">`s.
 */
export function modulePreloads(html: string): string[] {
  const tags = html.match(/<(?:link|script)\b[^>]*>/g) ?? [];
  return tags
    .map((t) =>
      t.startsWith('<script')
        ? /\bsrc=["']?([^"'\s>]+)/.exec(t)?.[1]
        : /\brel=["']?modulepreload\b/.test(t)
          ? /\bhref=["']?([^"'\s>]+)/.exec(t)?.[1]
          : undefined,
    )
    .filter((src): src is string => Boolean(src))
    .map((src) => src.replace(/^\//, ''));
}

/**
 * The JS files loaded for the entry plus `modules` (each with its static imports) plus `preloads` (the files
 * index.html preloads: downloaded whether the page runs them or not), without repeats.
 */
export function initialJsFiles(
  manifest: Manifest,
  modules: readonly string[],
  preloads: readonly string[] = [],
): string[] {
  const entries = Object.keys(manifest).filter((k) => manifest[k].isEntry);
  if (entries.length === 0) throw new Error('the manifest has no entry chunk');
  const seen = new Set<string>();
  const files: string[] = [];
  const walk = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the manifest`);
    seen.add(key);
    if (chunk.file.endsWith('.js') && !files.includes(chunk.file)) files.push(chunk.file);
    for (const i of chunk.imports ?? []) walk(i);
  };
  for (const e of entries) walk(e);
  // A module found in no chunk is a renamed page: fail rather than measure less than the browser loads.
  for (const m of modules) walk(m);
  for (const p of preloads) if (p.endsWith('.js') && !files.includes(p)) files.push(p);
  return files;
}

/** Brotli size of a built file: its .br when the build wrote one, else compressed here. */
export function brotliSize(dist: string, file: string): number {
  const br = join(dist, `${file}.br`);
  if (existsSync(br)) return readFileSync(br).length;
  return brotliCompressSync(readFileSync(join(dist, file))).length;
}

export interface BudgetReport {
  files: { file: string; bytes: number; brotli: number }[];
  bytes: number;
  brotli: number;
  budget: number;
  ok: boolean;
}

export function studentInitialJs(dist: string, budget = STUDENT_INITIAL_JS_BUDGET): BudgetReport {
  const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  const preloads = modulePreloads(readFileSync(join(dist, 'index.html'), 'utf8'));
  const files = initialJsFiles(manifest, STUDENT_HOME_MODULES, preloads).map((file) => ({
    file,
    bytes: readFileSync(join(dist, file)).length,
    brotli: brotliSize(dist, file),
  }));
  const brotli = files.reduce((s, f) => s + f.brotli, 0);
  return { files, bytes: files.reduce((s, f) => s + f.bytes, 0), brotli, budget, ok: brotli <= budget };
}
