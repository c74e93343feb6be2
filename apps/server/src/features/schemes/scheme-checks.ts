// The database half of scheme validation (the structure half is the engine's validateScheme): knowledge codes
// exist, fixed questions exist and are visible to the agency, and every point can draw — its selectors match
// at least one active auto-judged question inside its phase's subtrees and the scheme's kpRange, exactly the
// pool a training draws from (training/training-draw.ts). Paths are relative to the scheme.
import { knowledgeRange, type EngineScheme, type FieldError } from '@edu/contract';
import { parseNumericId } from '../../lib/ids.js';
import type { QuestionReads, Visibility } from '../questions/question-reads.js';
import type { RepositoriesService } from '../repositories/repositories.service.js';

const UNKNOWN_KP = '知识点不存在';
const UNKNOWN_QUESTION = '题目不存在或本机构不可用';
const MANUAL_QUESTION = '需要人工批改的题目只能用于试卷';
const OUT_OF_RANGE = '阶段的知识点不在方案的知识点范围（kpRange）内';
const NOTHING_TO_DRAW = '在本阶段的知识点范围内没有符合选题条件、可自动判分的题目';

export class SchemeChecks {
  constructor(
    private readonly questions: QuestionReads,
    private readonly repositories: RepositoriesService,
  ) {}

  async problems(agencyId: string, scheme: EngineScheme): Promise<FieldError[]> {
    const v: Visibility = { agencyId, subscribedRepoIds: await this.repositories.subscribedIds(agencyId) };
    return [...(await this.knowledgeProblems(scheme)), ...(await this.pointProblems(v, scheme))];
  }

  private async knowledgeProblems(scheme: EngineScheme): Promise<FieldError[]> {
    const codes = [...scheme.kpRange, ...scheme.phases.flatMap((p) => p.knowledgeIds)];
    const known = await this.questions.existingKnowledgeCodes([...new Set(codes)]);
    const out: FieldError[] = [];
    scheme.kpRange.forEach((c, i) => {
      if (!known.has(c)) out.push({ path: `kpRange.${i}`, message: UNKNOWN_KP });
    });
    scheme.phases.forEach((p, i) =>
      p.knowledgeIds.forEach((c, j) => {
        if (!known.has(c)) out.push({ path: `phases.${i}.knowledgeIds.${j}`, message: UNKNOWN_KP });
      }),
    );
    return out;
  }

  private async pointProblems(v: Visibility, scheme: EngineScheme): Promise<FieldError[]> {
    const paper = scheme.type === 'paper';
    const fixed = scheme.phases.flatMap((p) => p.points.flatMap((pt) => pt.selectors.questionIds ?? []));
    const { visible, auto } = await this.fixedQuestions(v, fixed, paper);
    const out: FieldError[] = [];
    // Identical draws (same selectors in the same range) are asked once.
    const drawable = new Map<string, Promise<boolean>>();
    for (const [i, phase] of scheme.phases.entries()) {
      const range = knowledgeRange(phase.knowledgeIds, scheme.kpRange);
      if (range && range.length === 0) out.push({ path: `phases.${i}.knowledgeIds`, message: OUT_OF_RANGE });
      for (const [j, point] of phase.points.entries()) {
        const at = `phases.${i}.points.${j}.selectors`;
        const ids = point.selectors.questionIds ?? [];
        if (ids.length > 0) {
          ids.forEach((id, k) => {
            if (!visible.has(id)) out.push({ path: `${at}.questionIds.${k}`, message: UNKNOWN_QUESTION });
            else if (!paper && !auto.has(id)) out.push({ path: `${at}.questionIds.${k}`, message: MANUAL_QUESTION });
          });
          continue;
        }
        if (range && range.length === 0) continue;
        const filter = {
          types: point.selectors.types?.length ? point.selectors.types : undefined,
          tags: point.selectors.tags?.length ? point.selectors.tags : undefined,
          knowledgeIds: range ?? undefined,
          autoJudged: true,
        };
        const key = JSON.stringify(filter);
        if (!drawable.has(key))
          drawable.set(
            key,
            this.questions.matchingIds(v, filter, 1).then((found) => found.length > 0),
          );
        if (!(await drawable.get(key))) out.push({ path: at, message: NOTHING_TO_DRAW });
      }
    }
    return out;
  }

  /** Which of the fixed ids name active questions the agency sees, and which of those are auto-judged. */
  private async fixedQuestions(v: Visibility, ids: string[], paper: boolean) {
    const numeric = [...new Set(ids.map(parseNumericId).filter((n): n is number => n !== null))];
    if (numeric.length === 0) return { visible: new Set<string>(), auto: new Set<string>() };
    const rows = await this.questions.byIds(v, { ids: numeric });
    const autoRows = paper ? [] : await this.questions.byIds(v, { ids: numeric, autoJudged: true });
    return {
      visible: new Set(rows.map((r) => String(r.id))),
      auto: new Set(autoRows.map((r) => String(r.id))),
    };
  }
}
