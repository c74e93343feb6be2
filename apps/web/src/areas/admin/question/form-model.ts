// The question editor's state (a draft), its conversions from a stored question and to the write body, and
// validation with the contract's schemas (QuestionCreate / QuestionFields), whose Chinese messages are shown.
import {
  optionKeyAt,
  QuestionCreate,
  QuestionFields,
  type JudgeType,
  type Question,
  type QuestionOption,
  type QuestionType,
  type SubQuestionStatus,
  type SubQuestionType,
} from '@edu/contract';

export interface SubDraft {
  questionSubId?: string;
  type: SubQuestionType;
  title: string;
  desc: string;
  answer: string[];
  options: QuestionOption[];
  status: SubQuestionStatus;
  explanation: string;
}

export interface Draft {
  title: string;
  type: QuestionType;
  judgeType: JudgeType;
  question: string;
  explanation: string;
  knowledgeId: string;
  subKnowledgePoints: string[];
  tags: string[];
  videos: { url: string; title?: string }[];
  options: QuestionOption[];
  answer: string[];
  questionSub: SubDraft[];
  repoId: string;
}

/** Field path → message (paths as in the contract: `answer.0`, `questionSub.1.options.2.content`). */
export type FieldErrors = Record<string, string>;

export const isChoice = (t: QuestionType) => t === 'singleChoice' || t === 'multipleChoice';

const blankOptions = (n: number): QuestionOption[] =>
  Array.from({ length: n }, (_, i) => ({ key: optionKeyAt(i), content: '' }));

/** Options and answer a (sub-)question of this type starts with. */
export function answerDefaults(type: QuestionType): { options: QuestionOption[]; answer: string[] } {
  if (isChoice(type)) return { options: blankOptions(4), answer: [] };
  if (type === 'trueFalse' || type === 'enReading') return { options: [], answer: [] };
  return { options: [], answer: [''] };
}

export const defaultJudgeType = (type: QuestionType): JudgeType => (type === 'shortAnswer' ? 'manual' : 'auto');

export function emptySub(type: SubQuestionType = 'singleChoice'): SubDraft {
  return { type, title: '', desc: '', status: 'accepted', explanation: '', ...answerDefaults(type) };
}

export function emptyDraft(type: QuestionType, repoId = ''): Draft {
  return {
    title: '',
    type,
    judgeType: defaultJudgeType(type),
    question: '',
    explanation: '',
    knowledgeId: '',
    subKnowledgePoints: [],
    tags: [],
    videos: [],
    questionSub: type === 'enReading' ? [emptySub()] : [],
    repoId,
    ...answerDefaults(type),
  };
}

/** A stored question as a draft. `asType` (copying a template) keeps the content but adapts the answer shape. */
export function draftFromQuestion(q: Question, copy = false): Draft {
  return {
    title: q.title,
    type: q.type,
    judgeType: q.judgeType,
    question: q.question,
    explanation: q.explanation,
    knowledgeId: q.knowledgeId,
    subKnowledgePoints: [...q.subKnowledgePoints],
    tags: [...q.tags],
    videos: q.videos.map((v) => ({ ...v })),
    options: q.options.map((o) => ({ ...o })),
    answer: [...q.answer],
    questionSub: q.questionSub.map((s) => ({
      // A copy is a new question: its sub-questions get new ids from the server.
      questionSubId: copy ? undefined : s.questionSubId,
      type: s.type,
      title: s.title,
      desc: s.desc,
      answer: [...s.answer],
      options: s.options.map((o) => ({ ...o })),
      status: s.status,
      explanation: s.explanation ?? '',
    })),
    repoId: q.repoId,
  };
}

/** The write fields (without agency and repository). Choice letters are kept in option order. */
export function toFields(d: Draft) {
  const order = (answer: string[], options: QuestionOption[]) =>
    options.length > 0 ? options.map((o) => o.key).filter((k) => answer.includes(k)) : answer;
  return {
    title: d.title,
    type: d.type,
    judgeType: d.judgeType,
    question: d.question,
    knowledgeId: d.knowledgeId,
    explanation: d.explanation,
    options: d.options,
    answer: isChoice(d.type) ? order(d.answer, d.options) : d.answer,
    tags: d.tags,
    videos: d.videos.map((v) => (v.title?.trim() ? { url: v.url, title: v.title } : { url: v.url })),
    subKnowledgePoints: d.subKnowledgePoints,
    questionSub:
      d.type === 'enReading'
        ? d.questionSub.map((s) => ({
            ...(s.questionSubId ? { questionSubId: s.questionSubId } : {}),
            type: s.type,
            title: s.title,
            desc: s.desc,
            answer: isChoice(s.type) ? order(s.answer, s.options) : s.answer,
            options: s.options,
            status: s.status,
            ...(s.explanation ? { explanation: s.explanation } : {}),
          }))
        : [],
  };
}

export const REQUIRED = { knowledgeId: '请选择知识点', repoId: '请选择题库' } as const;

/** Validates with the contract's schema; every issue lands on its path (first message per path). */
export function validateDraft(
  d: Draft,
  create: { agencyId: string } | null,
):
  | { ok: true; body: ReturnType<typeof toFields> & { agencyId?: string; repoId?: string } }
  | { ok: false; errors: FieldErrors } {
  const fields = toFields(d);
  const input = create ? { ...fields, agencyId: create.agencyId, repoId: d.repoId } : fields;
  const parsed = create ? QuestionCreate.safeParse(input) : QuestionFields.safeParse(input);
  const errors: FieldErrors = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = issue.path.join('.');
      errors[key] ??= issue.message;
    }
  }
  if (!d.knowledgeId) errors.knowledgeId = REQUIRED.knowledgeId;
  if (create && !d.repoId) errors.repoId = REQUIRED.repoId;
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, body: input };
}

/** Messages of a path and everything under it (`answer` also shows `answer.0`). */
export function errorsUnder(errors: FieldErrors, prefix: string): string[] {
  return Object.entries(errors)
    .filter(([k]) => k === prefix || k.startsWith(`${prefix}.`))
    .map(([, m]) => m);
}

/** Server 400 `fields` (`request.answer.0`) as FieldErrors. */
export function serverFieldErrors(fields: { path: string; message: string }[]): FieldErrors {
  const out: FieldErrors = {};
  for (const f of fields) out[f.path.replace(/^request\./, '')] ??= f.message;
  return out;
}
