// The antd zero-runtime build step (src/build/antd-zero-runtime-plugin.ts) finds the style generator argument of
// each style hook call, and only that.
import { parseAst } from 'vite';
import { describe, expect, it } from 'vitest';
import { styleHookGeneratorRanges } from './antd-style-hooks';

const replaced = (code: string) => {
  let out = code;
  for (const { start, end } of [...styleHookGeneratorRanges(parseAst(code))].sort((a, b) => b.start - a.start))
    out = `${out.slice(0, start)}() => []${out.slice(end)}`;
  return out;
};

describe('styleHookGeneratorRanges', () => {
  it('replaces the generator of genStyleHooks, genComponentStyleHook and genSubStyleComponent', () => {
    const code = [
      '// 样式：按钮',
      "export default genStyleHooks('Button', token => { return [genShared(token)]; }, prepareToken, { unitless: {} });",
      "export const useWave = genComponentStyleHook('Wave', function (t) { return [genWave(t)]; });",
      "export const Sub = genSubStyleComponent(['Button', 'compact'], genCompact, prepareToken);",
    ].join('\n');
    expect(replaced(code)).toBe(
      [
        '// 样式：按钮',
        "export default genStyleHooks('Button', () => [], prepareToken, { unitless: {} });",
        "export const useWave = genComponentStyleHook('Wave', () => []);",
        "export const Sub = genSubStyleComponent(['Button', 'compact'], () => [], prepareToken);",
      ].join('\n'),
    );
  });

  it('leaves other calls and a hook called with one argument alone', () => {
    const code = "const a = genStyle('x', token => token);\nconst b = genStyleHooks('Only');";
    expect(replaced(code)).toBe(code);
  });
});
