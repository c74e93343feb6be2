// The bank of a scheme's dry run (docs/simulation.md "Dry run of a scheme"): the agency's visible active questions the
// scheme can draw — each point's fixed list, or its selectors inside the phase's subtrees as the training's draw reads
// them (`training-draw.ts`, the newest 5,000 of a point) — as the simulated world's source questions.
import { knowledgeRange, type EngineScheme } from '@edu/contract';
import { parseNumericId } from '../../lib/ids.js';
import type { QuestionReads, QuestionRow, Visibility } from '../questions/question-reads.js';
import type { SourceQuestion } from './sim-world.js';

/** A point draws among at most this many candidates, as on the server (`training-draw.ts`). */
const MAX_CANDIDATES = 5_000;
/** The dry run's bank holds at most this many questions. */
export const DRY_RUN_BANK_MAX = 20_000;
const BATCH = 500;

export async function schemeBankIds(questions: QuestionReads, v: Visibility, e: EngineScheme) {
  const ids = new Set<number>();
  for (const phase of e.phases)
    for (const point of phase.points) {
      const fixed = point.selectors.questionIds ?? [];
      if (fixed.length > 0) {
        for (const id of fixed.map(parseNumericId)) if (id !== null) ids.add(id);
        continue;
      }
      const codes = knowledgeRange(phase.knowledgeIds, e.kpRange);
      if (codes && codes.length === 0) continue;
      const found = await questions.matchingIds(
        v,
        {
          types: point.selectors.types?.length ? point.selectors.types : undefined,
          tags: point.selectors.tags?.length ? point.selectors.tags : undefined,
          knowledgeIds: codes ?? undefined,
          autoJudged: true,
        },
        MAX_CANDIDATES,
      );
      for (const id of found) ids.add(id);
      if (ids.size >= DRY_RUN_BANK_MAX) break;
    }
  return [...ids].slice(0, DRY_RUN_BANK_MAX);
}

const sourceOf = (r: QuestionRow): SourceQuestion => ({
  id: String(r.id),
  knowledgeId: r.knowledgeCode,
  type: r.type as SourceQuestion['type'],
  judgeType: r.judgeType === 'manual' ? 'manual' : 'auto',
  answer: r.answer,
  options: r.options,
  questionSub: (r.questionSub as { type: string; answer?: string[]; options?: { key: string }[] }[]).map((s) => ({
    type: s.type as NonNullable<SourceQuestion['questionSub']>[number]['type'],
    answer: s.answer ?? [],
    options: s.options ?? [],
  })),
  tags: r.tagNames,
});

/** The questions with these ids the agency sees, as the simulation's source; `between` runs after each batch. */
export async function loadBank(
  questions: QuestionReads,
  v: Visibility,
  ids: number[],
  between: () => Promise<void>,
): Promise<SourceQuestion[]> {
  const out: SourceQuestion[] = [];
  for (let i = 0; i < ids.length; i += BATCH) {
    const rows = await questions.byIds(v, { ids: ids.slice(i, i + BATCH) });
    for (const r of rows) out.push(sourceOf(r));
    await between();
  }
  return out.sort((a, b) => Number(a.id) - Number(b.id));
}
