// The boot script (docs/web.md "Route preloading"): a route's files are its chunks, their static imports and their
// stylesheets, once each and none that index.html loads already, and a renamed page fails; the script, run on a
// location, preloads exactly the files of the route that location matches (scripts as modulepreloads, stylesheets
// as stylesheets) and nothing elsewhere; the first-load routes are routes of the table, and their modules exist.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { afterEach, describe, expect, it } from 'vitest';
import { EAGER_ROUTES } from '../shell/area-tables';
import { bootScript, FIRST_LOAD_ROUTES, patternSource, routeFiles, type BuiltChunk } from './boot-script';
import { linkedStylesheets } from './boot-script-plugin';

const chunk = (fileName: string, over: Partial<BuiltChunk> = {}): BuiltChunk => ({
  fileName,
  moduleIds: [],
  imports: [],
  css: [],
  ...over,
});

const CHUNKS = [
  chunk('assets/index.js', { moduleIds: ['/web/index.html'], imports: ['assets/react.js'] }),
  chunk('assets/react.js'),
  chunk('assets/antd.js', { imports: ['assets/react.js'] }),
  chunk('assets/Layout.js', {
    moduleIds: ['/web/src/Layout.tsx'],
    imports: ['assets/antd.js', 'assets/react.js'],
    css: ['assets/Layout.css'],
  }),
  chunk('assets/Page.js', { moduleIds: ['/web/src/Page.tsx'], imports: ['assets/antd.js', 'assets/form.js'] }),
  chunk('assets/form.js', { imports: ['assets/antd.js'], css: ['assets/form.css'] }),
];

describe('routeFiles', () => {
  it("is each module's chunk, its static imports and stylesheets, once each, without index.html's", () => {
    const loaded = new Set(['assets/index.js', 'assets/react.js']);
    expect(routeFiles(CHUNKS, ['/web/src/Layout.tsx', '/web/src/Page.tsx'], loaded)).toEqual([
      'assets/Layout.js',
      'assets/Layout.css',
      'assets/antd.js',
      'assets/Page.js',
      'assets/form.js',
      'assets/form.css',
    ]);
  });

  it('fails for a module no chunk is made for', () => {
    expect(() => routeFiles(CHUNKS, ['/web/src/Renamed.tsx'], new Set())).toThrow(/Renamed\.tsx/);
  });
});

describe('patternSource', () => {
  const matches = (pattern: string, path: string) => new RegExp(patternSource(pattern)).test(path);

  it('matches the path with its parameters, with or without a trailing slash, and nothing longer', () => {
    expect(matches('/student/train/:trainId/do', '/student/train/42/do')).toBe(true);
    expect(matches('/student/train/:trainId/do', '/student/train/42/do/')).toBe(true);
    expect(matches('/student/train/:trainId/do', '/student/train/42/questions')).toBe(false);
    expect(matches('/student/train/:trainId/do', '/student/train/4/2/do')).toBe(false);
    expect(matches('/student', '/student/')).toBe(true);
    expect(matches('/student', '/student/home')).toBe(false);
    expect(matches('/', '/')).toBe(true);
    expect(matches('/', '/student')).toBe(false);
  });
});

describe('bootScript', () => {
  afterEach(() => {
    document.head.innerHTML = '';
    window.history.replaceState(null, '', '/');
  });

  const home = ['assets/Layout.js', 'assets/Layout.css', 'assets/Home.js'];
  const script = bootScript(
    '// What the prelude is for.\nglobalThis.bootPrelude = 1;\n',
    [
      { pattern: '/student', files: home },
      { pattern: '/student/home', files: home },
      { pattern: '/student/train/:trainId/do', files: ['assets/Layout.js', 'assets/Page.js'] },
    ],
    '/app/',
  );
  /** Runs the script as a classic script on its own, at `path`; the links it added and what it set globally. */
  const run = (path: string) => {
    window.history.replaceState(null, '', path);
    const global: Record<string, unknown> = { location: window.location, document };
    runInNewContext(script, global);
    const links = [...document.head.querySelectorAll('link')].map((l) => [
      l.rel,
      l.getAttribute('href'),
      l.crossOrigin,
    ]);
    return { links, global };
  };

  it("runs the prelude, then preloads the matched route's files", () => {
    const { links, global } = run('/student/train/8/do');
    expect(links).toEqual([
      ['modulepreload', '/app/assets/Layout.js', ''],
      ['modulepreload', '/app/assets/Page.js', ''],
    ]);
    expect(global.bootPrelude).toBe(1);
  });

  it('links a stylesheet as a stylesheet', () => {
    expect(run('/student/home').links).toEqual([
      ['modulepreload', '/app/assets/Layout.js', ''],
      ['stylesheet', '/app/assets/Layout.css', ''],
      ['modulepreload', '/app/assets/Home.js', ''],
    ]);
  });

  it('keeps routes with the same files as one entry, each file named once, without the comments of the prelude', () => {
    expect(run('/student').links).toHaveLength(3);
    expect(script.match(/Layout\.js/g)).toHaveLength(1);
    expect(script).not.toContain('What the prelude is for');
  });

  it('preloads nothing elsewhere, and still runs the prelude', () => {
    const { links, global } = run('/student/wrong/list');
    expect(links).toEqual([]);
    expect(global.bootPrelude).toBe(1);
  });
});

describe('FIRST_LOAD_ROUTES', () => {
  const root = join(import.meta.dirname, '..', '..');

  it("are routes of the table, and their modules are the web app's files", () => {
    const patterns = new Set(EAGER_ROUTES.map((r) => r.pattern));
    for (const r of FIRST_LOAD_ROUTES) {
      expect(patterns.has(r.pattern), r.pattern).toBe(true);
      for (const m of r.modules) expect(existsSync(join(root, m)), m).toBe(true);
    }
  });
});

describe('linkedStylesheets', () => {
  it("is index.html's stylesheets as paths in dist", () => {
    const html =
      '<link rel="modulepreload" crossorigin href="/assets/react.js">' +
      '<link rel="stylesheet" crossorigin href="/assets/index.css">';
    expect(linkedStylesheets(html)).toEqual(['assets/index.css']);
  });
});
