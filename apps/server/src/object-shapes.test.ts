// Loading the server leaves room in V8's shared tables of object shapes (docs/performance.md "Object shapes and
// the NLP library"): compromise, loaded in the server's thread, filled them, and from then on objects that Node's
// streams and HTTP server build per request each got a shape of their own, which made every request dearer.
// Checked in a fresh process, with compromise loaded after the app as the control that the probe can tell.
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

const app = new URL('./app.ts', import.meta.url).href;

/** Whether two objects built alike (a computed key, as Node's tick objects; a key added to `{}`) share a shape. */
function sharedShapes(imports: string[]): [boolean, boolean] {
  const script = `${imports.map((m) => `await import(${JSON.stringify(m)});`).join('\n')}
const key = Symbol('fresh');
const tick = (v) => ({ [key]: v, callback: v });
const added = () => { const o = {}; o['fresh' + 'key'] = 1; return o; };
console.log(JSON.stringify([%HaveSameMap(tick(1), tick(2)), %HaveSameMap(added(), added())]));`;
  const out = execFileSync(
    process.execPath,
    ['--allow-natives-syntax', '--import', 'tsx', '--input-type=module', '--eval', script],
    { encoding: 'utf8', timeout: 60_000 },
  );
  return JSON.parse(out.trim().split('\n').at(-1) ?? '') as [boolean, boolean];
}

describe('object shapes once the server is loaded', () => {
  it('are shared by objects built alike; compromise in the same thread would break that', () => {
    expect(sharedShapes([app])).toEqual([true, true]);
    expect(sharedShapes([app, 'compromise'])).toEqual([false, false]);
  }, 120_000);
});
