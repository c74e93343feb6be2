// The server's node flags are written in three places that must agree (docs/server.md "Node flags"): `npm start`
// (apps/server/package.json), the tests' and benchmarks' launcher (e2e/support/server-process.ts) and the two-node
// harness (deploy/two-nodes.sh). What is measured must be what runs.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const root = new URL('../', import.meta.url);
const read = (path) => readFileSync(new URL(path, root), 'utf8');

/** The `--flags` between `tsx` and the server's entry file in a command line. */
function flagsOf(command) {
  const m = /tsx((?:\s+--[\w-]+(?:=\S+)?)+)\s+\S*server\.ts/.exec(command);
  if (!m) throw new Error(`no tsx … server.ts command in: ${command}`);
  return m[1].trim().split(/\s+/);
}

describe('the server node flags', () => {
  const start = flagsOf(JSON.parse(read('apps/server/package.json')).scripts.start);

  it('npm start gives some', () => {
    expect(start.length).toBeGreaterThan(0);
  });

  it('the launcher gives the same, in the same order', () => {
    const launcher = read('e2e/support/server-process.ts');
    const list = /const nodeArgs = \[([\s\S]*?)\.\.\.\(process\.env\.SERVER_NODE_ARGS/.exec(launcher);
    expect(list, 'nodeArgs in e2e/support/server-process.ts').not.toBeNull();
    expect([...list[1].matchAll(/'(--[^']+)'/g)].map((m) => m[1])).toEqual(start);
  });

  it('the two-node harness gives the same', () => {
    const line = read('deploy/two-nodes.sh')
      .split('\n')
      .find((l) => /tsx .*server\.ts/.test(l));
    expect(line, 'the server command in deploy/two-nodes.sh').toBeDefined();
    expect(flagsOf(line)).toEqual(start);
  });
});
