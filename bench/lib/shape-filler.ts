// Fills V8's shared table of object shapes as compromise did (docs/performance.md "Object shapes and the NLP
// library"): 20,000 object literals of four properties, each with a first property of its own, kept alive. A root
// shape holds at most 1,536 transitions; once they are taken, objects built from it (Node's per-request stream and
// tick objects among them) each get a shape of their own. Imported by `npm run bench:hello-imports -- plain
// bench/lib/shape-filler.ts` to show what that costs a request. SHAPE_FILLER_COUNT overrides the 20,000.
const count = Number(process.env.SHAPE_FILLER_COUNT ?? 20_000);
const kept: object[] = [];
for (let i = 0; i < count; i++) {
  // Each literal compiled on its own, as a library's thousands of literals are: that is what takes the transitions.
  // eslint-disable-next-line @typescript-eslint/no-implied-eval
  const literal = new Function(`return { k${i}: 1, p1: 1, p2: 2, p3: 3 };`) as () => object;
  kept.push(literal(), literal());
}
(globalThis as { shapeFillerKept?: object[] }).shapeFillerKept = kept;
