// Pure rules of schemes: how the agency relates to a scheme, and the shape of a paper (ordered submission).
import { DEFAULT_MARK, type EngineScheme, type OrderedSchemeSubmit } from '@edu/contract';
import type { RepoAccess } from '../repositories/repositories.policy.js';

/** A scheme is the agency's own, read by reference through a subscribed shared train repository, or unseen. */
export function schemeAccess(
  scheme: { agencyId: string; trainRepoId: number } | undefined,
  agencyId: string,
  subscribedRepoIds: readonly number[],
): RepoAccess {
  if (!scheme) return 'none';
  if (scheme.agencyId === agencyId) return 'owned';
  return subscribedRepoIds.includes(scheme.trainRepoId) ? 'subscribed' : 'none';
}

/** Names of a paper's one phase and one point (the web shows them; the engine needs names). */
export const PAPER_PHASE = '试卷';
export const PAPER_POINT = '作答';

/**
 * A paper as a scheme (docs/domain.md "Schemes and trainings"): one phase, one point whose selectors fix the questions in order, drawn all
 * at once and judged once; no knowledge restriction inside (the questions are chosen), one time limit.
 */
export function paperScheme(
  p: Pick<OrderedSchemeSubmit, 'kpRange' | 'timeLimit' | 'questionIds' | 'marks'>,
): EngineScheme {
  // Marks other than the default 1 (docs/practice-engine.md "Marks"); a paper without any keeps no `marks`.
  const marks = Object.entries(p.marks ?? {}).filter(([, mark]) => mark !== DEFAULT_MARK);
  return {
    type: 'paper',
    initPhase: PAPER_PHASE,
    initPoint: PAPER_POINT,
    timeLimit: p.timeLimit,
    kpRange: p.kpRange,
    phases: [
      {
        phase: PAPER_PHASE,
        knowledgeIds: [],
        timeLimit: 0,
        points: [
          {
            name: PAPER_POINT,
            onOK: '@end',
            onError: '@end',
            selectors: { questionIds: p.questionIds },
            ...(marks.length ? { marks: Object.fromEntries(marks) } : {}),
            repeat: p.questionIds.length,
            judgeWay: 'once',
            requireCorrect: 0,
          },
        ],
      },
    ],
  };
}

/** Positions of ids given more than once (after their first occurrence). */
export function duplicatePositions(ids: readonly string[]): number[] {
  const seen = new Set<string>();
  const out: number[] = [];
  ids.forEach((id, i) => {
    if (seen.has(id)) out.push(i);
    seen.add(id);
  });
  return out;
}
