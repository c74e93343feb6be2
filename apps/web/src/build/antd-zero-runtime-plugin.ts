// Build step (docs/performance.md "antd's styles"): the app runs antd in zero-runtime mode — the styles come
// from antd's prebuilt stylesheet and a component's style hook returns before it would generate any CSS — yet
// every component still imports its style generator (antd/es/<component>/style/*), the largest part of many
// component chunks. This plugin replaces the generator argument of antd's style hooks (`genStyleHooks(name,
// generator, componentToken, options)`, `genComponentStyleHook`, `genSubStyleComponent`) with one that returns
// no styles, so the bundler drops the generators. The component tokens stay: the hooks still set antd's CSS
// variables from them. Build only; the unit tests run antd's own sources.
import { parseAst, type Plugin } from 'vite';
import { styleHookGeneratorRanges } from './antd-style-hooks';

/** antd's own modules (ES build), where the style hooks are declared. */
const ANTD_MODULE = /[\\/]node_modules[\\/]antd[\\/]es[\\/].*\.js$/;

export function antdZeroRuntimePlugin(): Plugin {
  return {
    name: 'edu-antd-zero-runtime',
    apply: 'build',
    transform: {
      filter: { id: ANTD_MODULE, code: /gen(?:StyleHooks|ComponentStyleHook|SubStyleComponent)\(/ },
      handler(code, id) {
        if (!ANTD_MODULE.test(id)) return undefined;
        const ranges = styleHookGeneratorRanges(parseAst(code));
        if (ranges.length === 0) return undefined;
        let out = code;
        for (const { start, end } of [...ranges].sort((a, b) => b.start - a.start))
          out = `${out.slice(0, start)}() => []${out.slice(end)}`;
        return { code: out, map: null };
      },
    },
  };
}
