// The boot script (docs/web.md "Route preloading"): the one classic script index.html runs before the app's modules.
// It sets zod's global config (public/zod-no-eval.js: the CSP forbids eval) and starts the chunks of the first
// route — the layout's, the page's, their static imports and their stylesheets — when the location is one of
// FIRST_LOAD_ROUTES: fetched beside the entry instead of after it has run and asked for them (docs/performance.md
// "First load"). The route's files are read from the build's chunks, so they cannot drift; the script is a
// hashed asset (the CSP allows no inline script) built by src/build/boot-script-plugin.ts.

/** A route whose first load is preloaded: its react-router pattern and the source modules its chunks start from. */
export interface FirstLoadRoute {
  pattern: string;
  /** Paths from the web app's root: the layout's and the page's modules (each a lazy chunk's own module). */
  modules: string[];
}

const STUDENT_LAYOUT = 'src/areas/student/StudentLayout.tsx';
const STUDENT_HOME = [STUDENT_LAYOUT, 'src/areas/student/StudentHome.tsx'];

/**
 * The pages a load most often starts on: the login page, the student home (where a student lands) and the exam
 * page (a running paper, reloaded mid-exam). Their patterns are the route table's (boot-script.test.ts).
 */
export const FIRST_LOAD_ROUTES: FirstLoadRoute[] = [
  { pattern: '/', modules: ['src/areas/public/LoginPage.tsx'] },
  { pattern: '/student', modules: STUDENT_HOME },
  { pattern: '/student/home', modules: STUDENT_HOME },
  { pattern: '/student/train/:trainId/do', modules: [STUDENT_LAYOUT, 'src/areas/student/train/TrainDoPage.tsx'] },
];

/** What the bundle says of a chunk (Rolldown's output chunk, Vite's CSS metadata). */
export interface BuiltChunk {
  fileName: string;
  /** The modules it holds (absolute paths). */
  moduleIds: readonly string[];
  /** The chunks it imports statically. */
  imports: string[];
  /** The stylesheets its modules import. */
  css: string[];
}

/**
 * The files a route loads beyond those index.html loads already: the chunk holding each of `modules` (absolute ids),
 * every chunk they import statically, and their stylesheets, each once, in that order. Throws for a module no chunk
 * is made for (a renamed page must fail the build, not preload less).
 */
export function routeFiles(chunks: readonly BuiltChunk[], modules: readonly string[], loaded: ReadonlySet<string>) {
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const files: string[] = [];
  const add = (f: string) => {
    if (!loaded.has(f) && !files.includes(f)) files.push(f);
  };
  const seen = new Set<string>();
  const walk = (chunk: BuiltChunk) => {
    if (seen.has(chunk.fileName)) return;
    seen.add(chunk.fileName);
    add(chunk.fileName);
    chunk.css.forEach(add);
    for (const i of chunk.imports) {
      const imported = byFile.get(i);
      if (imported) walk(imported);
    }
  };
  for (const m of modules) {
    // The chunk holding the module: a lazily imported module shared with another chunk lives in that chunk.
    const chunk = chunks.find((c) => c.moduleIds.includes(m));
    if (!chunk) throw new Error(`no chunk is made for ${m}: is it still a lazy page?`);
    walk(chunk);
  }
  return files;
}

/** A react-router pattern (`:name` segments) as the source of a regular expression for a pathname. */
export function patternSource(pattern: string): string {
  const body = pattern
    .split('/')
    .filter(Boolean)
    .map((seg) => (seg.startsWith(':') ? '[^/]+' : seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return `^/${body}${body ? '/?' : ''}$`;
}

/**
 * The boot script: `prelude` (zod's config; its comment lines dropped), then the preloads of the route the location
 * matches. Routes with the same files share one entry; files are paths in dist (`assets/x.js`), written once and
 * referred to by index; scripts become modulepreloads, stylesheets stylesheets (the lazy chunk's loader then finds
 * them there and does not wait for them again). Every page's first load downloads it: it is kept small.
 */
export function bootScript(prelude: string, routes: { pattern: string; files: string[] }[], base = '/'): string {
  const files = [...new Set(routes.flatMap((r) => r.files))];
  const table: [string, number[]][] = [];
  for (const r of routes) {
    const indexes = r.files.map((f) => files.indexOf(f));
    const same = table.find(([, t]) => t.join() === indexes.join());
    if (same) same[0] += `|${patternSource(r.pattern)}`;
    else table.push([patternSource(r.pattern), indexes]);
  }
  const code = prelude
    .split('\n')
    .filter((line) => !/^\s*\/\//.test(line))
    .join('\n')
    .trim();
  return `${code}
// The first route's chunks, beside the entry (apps/web/src/build/boot-script.ts).
(function (r, f) {
  for (var i = 0; i < r.length; i++)
    if (new RegExp(r[i][0]).test(location.pathname))
      return r[i][1].forEach(function (n) {
        var l = document.createElement('link');
        l.rel = /\\.css$/.test(f[n]) ? 'stylesheet' : 'modulepreload';
        l.crossOrigin = '';
        l.href = ${JSON.stringify(base)} + f[n];
        document.head.appendChild(l);
      });
})(${JSON.stringify(table)}, ${JSON.stringify(files)});
`;
}
