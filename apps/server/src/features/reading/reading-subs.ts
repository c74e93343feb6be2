// Sub-questions of an enReading question as the reading calls change them (docs/reading.md "Providers and
// generation"): a question's fields rebuilt from its stored form, checked like the question editor with one
// allowance — a pending translation may wait for its reference translation (it cannot be accepted without one).
import { randomBytes } from 'node:crypto';
import {
  QuestionFieldsShape,
  questionRuleIssues,
  type Question,
  type QuestionFields,
  type FieldError,
} from '@edu/contract';
import { invalidInput } from '../../lib/api-error.js';
import { issuesToFields, parseZh } from '../../lib/zod-issues.js';

/** A new sub-question id: 48 random bits, the form the question editor assigns (question-write.ts). */
export const newQuestionSubId = () => randomBytes(6).toString('hex');

/** An id none of `taken` has. */
export function unusedSubId(taken: ReadonlySet<string>): string {
  for (;;) {
    const id = newQuestionSubId();
    if (!taken.has(id)) return id;
  }
}

type SubFields = QuestionFields['questionSub'][number];

/** The update fields of a stored question, its sub-questions replaced by `subs`. */
export function fieldsOf(q: Question, subs: readonly SubFields[]): unknown {
  return {
    title: q.title,
    type: q.type,
    judgeType: q.judgeType,
    question: q.question,
    knowledgeId: q.knowledgeId,
    explanation: q.explanation,
    options: q.options,
    answer: q.answer,
    tags: q.tags,
    videos: q.videos,
    subKnowledgePoints: q.subKnowledgePoints,
    questionSub: subs,
  };
}

export const storedSubs = (q: Question): SubFields[] =>
  q.questionSub.map((s) => ({
    questionSubId: s.questionSubId,
    type: s.type,
    title: s.title,
    desc: s.desc,
    answer: s.answer,
    options: s.options,
    status: s.status,
    ...(s.explanation !== undefined ? { explanation: s.explanation } : {}),
  }));

export const lacksReference = (s: { type: string; answer: readonly string[] }) =>
  s.type === 'translation' && (s.answer.length === 0 || s.answer.every((a) => a.trim() === ''));

/**
 * Parses and checks the fields like the question editor; a pending translation without a reference passes.
 * Issues are named under `prefix`, those of sub-question `focus` under `focusPrefix` (the edited one).
 */
export function checkedFields(
  raw: unknown,
  paths: { prefix: string; focus?: number; focusPrefix?: string } = { prefix: 'request' },
): QuestionFields {
  const parsed = parseZh(QuestionFieldsShape, raw);
  if (!parsed.success) throw invalidInput(rename(issuesToFields(parsed.error.issues, ''), paths));
  const f = parsed.data;
  const issues = questionRuleIssues(f).filter((issue) => {
    const [head, i, field] = issue.path;
    if (head !== 'questionSub' || typeof i !== 'number' || field !== 'answer') return true;
    const sub = f.questionSub[i];
    return !(sub.status === 'pending' && lacksReference(sub));
  });
  if (issues.length)
    throw invalidInput(
      rename(
        issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
        paths,
      ),
    );
  return f;
}

function rename(fields: FieldError[], paths: { prefix: string; focus?: number; focusPrefix?: string }): FieldError[] {
  return fields.map(({ path, message }) => {
    const bare = path.replace(/^\./, '');
    const focus = paths.focus !== undefined ? `questionSub.${paths.focus}` : null;
    if (focus && paths.focusPrefix && (bare === focus || bare.startsWith(`${focus}.`)))
      return { path: paths.focusPrefix + bare.slice(focus.length), message };
    return { path: bare ? `${paths.prefix}.${bare}` : paths.prefix, message };
  });
}
