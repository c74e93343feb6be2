// A training's stored answer as the student's records and the report show it: what was asked (the question's
// text and options at the version answered, a reading question's sub-question titles) with the student's
// answer and its verdict (docs/judging.md "Who sees an answer when"). Never the standard answer or explanation.
import {
  CHOICE_TYPES,
  marksOf,
  shareOf,
  SubQuestionType,
  verdictOf,
  type JudgeResult,
  type QuestionOption,
  type TrainingRecord,
} from '@edu/contract';
import type { TrainingRepository } from './training.repository.js';

export type RecordWithQuestion = Awaited<ReturnType<TrainingRepository['recordsWithQuestions']>>[number];

/**
 * `sealed`: the record of a running paper. Until it is handed in the record shows the student's own answer and
 * nothing else: no verdict or score (also none per sub-question), and not the question either (the paper view
 * shows the questions while it runs). `verdictless`: an ended paper whose corrections wait (corrections.ts): what
 * was asked and the student's answer, without verdict, score or the teacher's comment and annotations. `mark`:
 * what the question is worth in the training (docs/practice-engine.md "Marks"); the record stores the judge's
 * share, shown as marks.
 */
export function toRecord(r: RecordWithQuestion, sealed: boolean, verdictless = false, mark = 1): TrainingRecord {
  const submission = r.record.submission;
  const base = {
    recordId: String(r.record.id),
    questionId: String(r.record.questionId),
    version: r.record.version,
    phase: r.record.phase ?? '',
    point: r.record.point ?? '',
    title: r.title,
    type: r.type,
    answer: submission?.answer ?? [],
    first: r.record.first ?? true,
    createTime: r.record.createdAt.getTime(),
    mark,
  };
  if (sealed) return { ...base, stem: '', options: [], subAnswers: [], isCorrect: null, score: 0, verdict: null };
  const verdicts = new Map(
    verdictless
      ? []
      : ((r.record.result as unknown as JudgeResult | null)?.subResults ?? []).map((s) => [
          s.questionSubId,
          s.isCorrect,
        ]),
  );
  return {
    ...base,
    stem: r.stem,
    options: (CHOICE_TYPES as readonly string[]).includes(r.type) ? optionsOf(r.options) : [],
    subAnswers: subQuestionsOf(r.questionSub).map((sub) => ({
      questionSubId: sub.id,
      title: sub.title,
      ...(sub.type ? { type: sub.type } : {}),
      answer: submission?.subAnswers?.[sub.id] ?? [],
      isCorrect: verdicts.get(sub.id) ?? null,
    })),
    isCorrect: verdictless ? null : r.record.isCorrect,
    score: verdictless ? 0 : (marksOf(r.record.score, mark) ?? 0),
    verdict: verdictless ? null : verdictOf(r.record.isCorrect, shareOf(r.record.score, 1)),
    // Marking only takes answers of ended trainings, so comment and annotations come no earlier than the answer
    // itself (docs/marking.md "What the student and the parent read"), nor before the paper's corrections.
    ...(r.markComment && !verdictless ? { markComment: r.markComment } : {}),
    ...(r.markAnnotations?.length && !verdictless ? { markAnnotations: r.markAnnotations } : {}),
  };
}

const text = (v: unknown): string => (typeof v === 'string' ? v : '');

/** The stored options as the wire's (key and content only: never anything else a stored option may carry). */
const optionsOf = (v: unknown): QuestionOption[] =>
  Array.isArray(v) ? (v as Record<string, unknown>[]).map((o) => ({ key: text(o.key), content: text(o.content) })) : [];

/** A reading question's sub-questions the student was asked (not those pending review): id, title and type. */
const subQuestionsOf = (v: unknown): { id: string; title: string; type?: SubQuestionType }[] =>
  Array.isArray(v)
    ? (v as Record<string, unknown>[])
        .filter((s) => s.status !== 'pending')
        .map((s) => {
          const type = SubQuestionType.safeParse(s.type);
          return { id: text(s.questionSubId), title: text(s.title), ...(type.success ? { type: type.data } : {}) };
        })
    : [];
