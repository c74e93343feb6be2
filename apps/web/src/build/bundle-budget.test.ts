// The bundle budget's reading of the Vite manifest and index.html: the entry, what index.html preloads, the
// student home's lazy chunks and every chunk they import statically, each once; a renamed page fails instead of measuring less; over the
// budget is not ok.
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { initialJsFiles, modulePreloads, STUDENT_HOME_MODULES, studentInitialJs, type Manifest } from './bundle-budget';

const [layout, home] = STUDENT_HOME_MODULES;
const rest = STUDENT_HOME_MODULES.slice(2);
const MANIFEST: Manifest = {
  'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_react.js'], dynamicImports: [layout, home] },
  '_react.js': { file: 'assets/react.js' },
  '_antd.js': { file: 'assets/antd.js', imports: ['_react.js'] },
  [layout]: { file: 'assets/StudentLayout.js', imports: ['_antd.js', '_react.js'] },
  [home]: { file: 'assets/StudentHome.js', imports: ['_antd.js'], dynamicImports: ['src/charts.ts'] },
  'src/charts.ts': { file: 'assets/charts.js', imports: ['_echarts.js'] },
  '_echarts.js': { file: 'assets/echarts.js' },
  'src/areas/admin/AdminLayout.tsx': { file: 'assets/AdminLayout.js', imports: ['_antd.js'] },
  '_colour.js': { file: 'assets/colour.js' },
  ...Object.fromEntries(rest.map((m, i) => [m, { file: `assets/part${i}.js` }])),
};
const HTML = `<head><script src="/polyfill.js"></script><script type="module" crossorigin src="/assets/index.js"></script>
<link rel="modulepreload" crossorigin href="/assets/react.js">
<link rel="modulepreload" crossorigin href="/assets/colour.js">
<link rel="stylesheet" crossorigin href="/assets/index.css"></head>`;

const dist = mkdtempSync(join(tmpdir(), 'edu-budget-'));
afterAll(() => rmSync(dist, { recursive: true, force: true }));

/** Writes the manifest and each file with `size` random (incompressible) bytes. */
function writeDist(sizes: Record<string, number>) {
  mkdirSync(join(dist, '.vite'), { recursive: true });
  mkdirSync(join(dist, 'assets'), { recursive: true });
  writeFileSync(join(dist, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
  writeFileSync(join(dist, 'index.html'), HTML);
  for (const file of [...Object.values(MANIFEST).map((c) => c.file), 'polyfill.js'])
    writeFileSync(join(dist, file), randomBytes(sizes[file] ?? 100));
}

describe('initialJsFiles', () => {
  it('takes the entry and the home page’s chunks with their static imports, once each, never lazy ones', () => {
    expect(initialJsFiles(MANIFEST, STUDENT_HOME_MODULES)).toEqual([
      'assets/index.js',
      'assets/react.js',
      'assets/StudentLayout.js',
      'assets/antd.js',
      'assets/StudentHome.js',
      ...rest.map((_, i) => `assets/part${i}.js`),
    ]);
  });

  it('adds the scripts index.html loads and preloads, even a chunk the page never runs, once', () => {
    const preloads = modulePreloads(HTML);
    expect(preloads).toEqual(['polyfill.js', 'assets/index.js', 'assets/react.js', 'assets/colour.js']);
    const files = initialJsFiles(MANIFEST, STUDENT_HOME_MODULES, preloads);
    expect(files).toContain('assets/colour.js');
    expect(files).toContain('polyfill.js');
    expect(files.filter((f) => f === 'assets/react.js')).toHaveLength(1);
    expect(files).not.toContain('assets/AdminLayout.js');
  });

  it('fails on a page the manifest does not know (renamed or made static)', () => {
    expect(() => initialJsFiles(MANIFEST, ['src/areas/student/Gone.tsx'])).toThrow(/not in the manifest/);
  });
});

describe('studentInitialJs', () => {
  it('sums the brotli sizes and is not ok over the budget', () => {
    writeDist({ 'assets/antd.js': 30_000, 'assets/echarts.js': 500_000, 'assets/colour.js': 20_000 });
    const r = studentInitialJs(dist, 60_000);
    expect(r.files.map((f) => f.file)).not.toContain('assets/echarts.js');
    expect(r.files.map((f) => f.file)).toContain('assets/colour.js');
    expect(r.brotli).toBeGreaterThan(50_000);
    expect(r.ok).toBe(true);
    expect(studentInitialJs(dist, 50_000).ok).toBe(false);
  });
});
