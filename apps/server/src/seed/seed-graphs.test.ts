// The demo graphs as data (docs/domain.md "Demo data"): each of at least 32 items on points of the seeded tree,
// without a cycle, and every item practisable: an auto-judged question of 演示题库 in its subtree
// (docs/knowledge-graph.md "Practice").
import { describe, expect, it } from 'vitest';
import { DEMO_GRAPHS, demoPointCode } from './seed-graphs.js';
import { DEMO_QUESTIONS } from './seed-questions.js';

describe('demo graphs', () => {
  for (const g of DEMO_GRAPHS)
    it(`${g.name}: at least 32 items, acyclic, each with questions to practise`, () => {
      const edges = g.edges.map(([from, to]) => [demoPointCode(g.subjectId, from), demoPointCode(g.subjectId, to)]);
      const items = [...new Set(edges.flat())];
      expect(items.length).toBeGreaterThanOrEqual(32);
      expect(new Set(edges.map((e) => e.join(' → '))).size).toBe(edges.length);
      // Kahn: every item comes out when there is no cycle.
      const indegree = new Map(items.map((i) => [i, 0]));
      for (const [, to] of edges) indegree.set(to, indegree.get(to)! + 1);
      const ready = items.filter((i) => indegree.get(i) === 0);
      let sorted = 0;
      while (ready.length) {
        const i = ready.pop()!;
        sorted++;
        for (const [from, to] of edges)
          if (from === i) {
            indegree.set(to, indegree.get(to)! - 1);
            if (indegree.get(to) === 0) ready.push(to);
          }
      }
      expect(sorted).toBe(items.length);
      const practisable = (code: string) =>
        DEMO_QUESTIONS.filter(
          (q) => q.judgeType === 'auto' && (q.knowledgeId === code || q.knowledgeId.startsWith(`${code}.`)),
        ).length;
      expect(items.filter((code) => practisable(code) === 0)).toEqual([]);
    });
});
