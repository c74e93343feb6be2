// Where antd's style hooks receive their style generator (src/build/antd-zero-runtime-plugin.ts): the second
// argument of each call of genStyleHooks, genComponentStyleHook or genSubStyleComponent.

/** The style hook factories of antd 6 (antd/es/theme/internal.js); their second argument is the generator. */
export const STYLE_HOOK_FACTORIES = new Set(['genStyleHooks', 'genComponentStyleHook', 'genSubStyleComponent']);

interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && typeof (v as Node).type === 'string';

/** The source ranges of the generator arguments of every style hook call in `ast` (an ESTree program). */
export function styleHookGeneratorRanges(ast: unknown): { start: number; end: number }[] {
  const ranges: { start: number; end: number }[] = [];
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (const n of node) visit(n);
      return;
    }
    if (!isNode(node)) return;
    if (node.type === 'CallExpression') {
      const callee = node.callee as Node & { name?: string };
      const args = node.arguments as Node[];
      if (callee.type === 'Identifier' && STYLE_HOOK_FACTORIES.has(callee.name ?? '') && args.length >= 2) {
        const generator = args[1];
        if (
          generator.type === 'ArrowFunctionExpression' ||
          generator.type === 'FunctionExpression' ||
          generator.type === 'Identifier'
        )
          ranges.push({ start: generator.start, end: generator.end });
      }
    }
    for (const [key, value] of Object.entries(node)) if (key !== 'type' && typeof value === 'object') visit(value);
  };
  visit(ast);
  return ranges;
}
