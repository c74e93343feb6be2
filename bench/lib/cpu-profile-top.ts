// Reads a V8 .cpuprofile (`node --cpu-prof`; speedscope and Chrome's DevTools open the file itself as a flame
// graph) and writes the top-N functions by self time and the self time per package, as a Markdown table.
// Usage: npx tsx bench/lib/cpu-profile-top.ts <file.cpuprofile> [N] [out.md]
import { readFileSync, writeFileSync } from 'node:fs';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

/** Where a function's code lives: a package under node_modules, Node's own code, the app's, or V8's. */
export function packageOf(url: string, functionName: string): string {
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  if (url.startsWith('node:')) return 'node (core)';
  const nm = url.lastIndexOf('/node_modules/');
  if (nm >= 0) {
    const rest = url.slice(nm + '/node_modules/'.length).split('/');
    return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  const app = /\/(apps\/[^/]+|packages\/[^/]+)\/src\/(?:([^/]+)\/)?/.exec(url);
  if (app) return app[2] ? `${app[1]}/${app[2]}` : app[1];
  return url.replace(/^file:\/\//, '');
}

export function summarise(profile: CpuProfile, top: number): string {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const selfUs = new Map<number, number>();
  for (let i = 0; i < profile.samples.length; i++) {
    const id = profile.samples[i];
    selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  }
  const total = [...selfUs.values()].reduce((a, b) => a + b, 0);
  const idle = [...selfUs].filter(([id]) => byId.get(id)?.callFrame.functionName === '(idle)');
  const idleUs = idle.reduce((a, [, us]) => a + us, 0);
  const busy = total - idleUs;
  const fns = new Map<string, { us: number; pkg: string }>();
  const pkgs = new Map<string, number>();
  for (const [id, us] of selfUs) {
    const f = byId.get(id)!.callFrame;
    if (f.functionName === '(idle)') continue;
    const where = f.url ? `${f.url.replace(/^.*\/(node_modules|apps|packages)\//, '$1/')}:${f.lineNumber + 1}` : '';
    const key = `${f.functionName || '(anonymous)'}\t${where}`;
    const pkg = packageOf(f.url, f.functionName);
    const e = fns.get(key) ?? { us: 0, pkg };
    e.us += us;
    fns.set(key, e);
    pkgs.set(pkg, (pkgs.get(pkg) ?? 0) + us);
  }
  const pct = (us: number) => `${((100 * us) / busy).toFixed(1)} %`;
  const ms = (us: number) => (us / 1000).toFixed(0);
  const lines = [
    `Profile ${((profile.endTime - profile.startTime) / 1e6).toFixed(1)} s, busy ${ms(busy)} ms (idle ${ms(idleUs)} ms); shares of the busy time.`,
    '',
    '| self ms | share | package | function | where |',
    '| ------: | ----: | ------- | -------- | ----- |',
    ...[...fns]
      .sort((a, b) => b[1].us - a[1].us)
      .slice(0, top)
      .map(([key, e]) => {
        const [name, where] = key.split('\t');
        return `| ${ms(e.us)} | ${pct(e.us)} | ${e.pkg} | \`${name}\` | ${where} |`;
      }),
    '',
    '| package | self ms | share |',
    '| ------- | ------: | ----: |',
    ...[...pkgs]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([pkg, us]) => `| ${pkg} | ${ms(us)} | ${pct(us)} |`),
  ];
  return lines.join('\n') + '\n';
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop()!)) {
  const [file, n, out] = process.argv.slice(2);
  if (!file) throw new Error('usage: cpu-profile-top.ts <file.cpuprofile> [N] [out.md]');
  const text = summarise(JSON.parse(readFileSync(file, 'utf8')) as CpuProfile, Number(n ?? 30));
  if (out) writeFileSync(out, text);
  process.stdout.write(text);
}
