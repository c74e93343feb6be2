// The student's initial JavaScript budget (docs/web.md "Bundle budget"): what a browser downloads before
// /student/home shows — the entry chunk, the student layout and home page chunks, and every chunk they
// import statically — must stay within STUDENT_INITIAL_JS_BUDGET bytes once brotli-compressed. Read from
// the build's Vite manifest (`build.manifest`).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';

/** 250 KB (1 KB = 1,000 bytes here, the stricter reading). */
export const STUDENT_INITIAL_JS_BUDGET = 250_000;

/** The modules /student/home runs on first load besides the entry (lazy chunks requested at once). */
export const STUDENT_HOME_MODULES = ['src/areas/student/StudentLayout.tsx', 'src/areas/student/StudentHome.tsx'];

export interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

/** The JS files loaded for the entry plus `modules` (each with its static imports), without repeats. */
export function initialJsFiles(manifest: Manifest, modules: readonly string[]): string[] {
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
  const files = initialJsFiles(manifest, STUDENT_HOME_MODULES).map((file) => ({
    file,
    bytes: readFileSync(join(dist, file)).length,
    brotli: brotliSize(dist, file),
  }));
  const brotli = files.reduce((s, f) => s + f.brotli, 0);
  return { files, bytes: files.reduce((s, f) => s + f.bytes, 0), brotli, budget, ok: brotli <= budget };
}
