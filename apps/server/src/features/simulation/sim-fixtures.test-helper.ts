// Fixtures of the simulation's tests: questions of the simulated world as the bank gives them.
import type { SourceQuestion } from './sim-world.js';

/** An auto-judged single choice of four options on the point `code`, its key `answer`. */
export const singleChoiceSource = (id: number | string, code: string, answer = 'B'): SourceQuestion => ({
  id: String(id),
  knowledgeId: code,
  type: 'singleChoice',
  judgeType: 'auto',
  answer: [answer],
  options: ['A', 'B', 'C', 'D'].map((key) => ({ key })),
});
