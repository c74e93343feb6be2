// The whiteboard's assets served by us (docs/web.md "The lesson room").
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cdnUrlIn, excalidrawDist, withoutCdnFallback, withoutRequireShim } from './excalidraw-assets';

describe('withoutCdnFallback', () => {
  it.each(['prod', 'dev'] as const)('replaces the installed %s build’s esm.sh font fallback with our path', (kind) => {
    const prod = excalidrawDist(kind);
    const file = readdirSync(prod).find(
      (f) => f.endsWith('.js') && readFileSync(join(prod, f), 'utf8').includes('esm.sh'),
    );
    expect(file).toBeDefined();
    const code = readFileSync(join(prod, file ?? ''), 'utf8');
    const next = withoutCdnFallback(code, '/assets/excalidraw-0.18.0/');
    expect(next).not.toBeNull();
    expect(cdnUrlIn(next ?? '')).toBeNull();
    expect(next).toMatch(
      /"ASSETS_FALLBACK_URL",\s*new URL\("\/assets\/excalidraw-0\.18\.0\/",location\.origin\)\.href\)/,
    );
    // The fallback is a base for new URL(font, base): it must be absolute, on the page's origin.
    const path = /"ASSETS_FALLBACK_URL",\s*new URL\(("[^"]*"),location\.origin\)/.exec(next ?? '')?.[1] ?? '""';
    const base = new URL(JSON.parse(path) as string, 'https://edu.example').href;
    expect(new URL('fonts/Excalifont/a.woff2', base).href).toBe(
      'https://edu.example/assets/excalidraw-0.18.0/fonts/Excalifont/a.woff2',
    );
  });

  it('says when there is nothing to replace', () => {
    expect(withoutCdnFallback('const a = 1;', '/x/')).toBeNull();
  });
});

describe('cdnUrlIn', () => {
  it('finds the script CDNs and nothing else', () => {
    expect(cdnUrlIn('fetch("https://unpkg.com/x@1/y.js")')).toBe('https://unpkg.com');
    expect(cdnUrlIn('a="https://cdn.jsdelivr.net/npm/x"')).toBe('https://cdn.jsdelivr.net');
    expect(cdnUrlIn('"https://libraries.excalidraw.com"')).toBeNull();
  });
});

describe('withoutRequireShim', () => {
  it('takes `require` out of esbuild’s shim in the installed Excalidraw and browserify’s prelude in pica', () => {
    const prod = excalidrawDist('prod');
    const file = readdirSync(prod).find(
      (f) => f.endsWith('.js') && readFileSync(join(prod, f), 'utf8').includes('typeof require'),
    );
    const excalidraw = withoutRequireShim(readFileSync(join(prod, file ?? ''), 'utf8'));
    expect(excalidraw).not.toBeNull();
    expect(excalidraw).not.toMatch(/\brequire\s*[.(<=]/);
    expect(excalidraw).toContain(`throw Error('Dynamic require of "'`);
    const pica = withoutRequireShim(readFileSync(join(prod, '../../../../pica/dist/pica.js'), 'utf8'));
    expect(pica).not.toBeNull();
    expect(pica).not.toMatch(/typeof require/);
  });

  it('leaves code without them alone', () => {
    expect(withoutRequireShim('const r = 1;')).toBeNull();
  });
});
