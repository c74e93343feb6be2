// fast-check generators of well-formed questions and of rule-breaking variants, for the judge and schema tests.
import fc from 'fast-check';
import type { QuestionType, SubQuestionType } from '../schemas/question.js';
import { optionKeyAt } from '../schemas/question-rules.js';
import { normaliseBlank } from './normalise.js';

/** Short texts with width, case, whitespace and Chinese punctuation variety; never blank after normalising. */
export const wordArb = fc
  .string({
    unit: fc.constantFrom('a', 'b', 'Z', 'ｘ', 'Ａ', '你', '好', '，', '。', '1', '２', ' '),
    minLength: 1,
    maxLength: 8,
  })
  .filter((s) => normaliseBlank(s) !== '');

/** Any submitted entry, including junk, blanks and separators. */
export const entryArb = fc.oneof(
  fc.string({ maxLength: 6 }),
  fc.constantFrom('A', 'b', 'Ｃ', 'T', 'F', '对', '×', '', ' ', '|', 'A,B'),
  wordArb,
);
export const answerArb = fc.array(entryArb, { maxLength: 5 });

export interface SubFields {
  questionSubId?: string;
  type: SubQuestionType;
  title: string;
  answer: string[];
  options: { key: string; content: string }[];
}

interface Body {
  type: QuestionType;
  answer: string[];
  options: { key: string; content: string }[];
}

const optionsArb = (min: number) =>
  fc
    .integer({ min: Math.max(2, min), max: 6 })
    .map((n) => Array.from({ length: n }, (_, i) => ({ key: optionKeyAt(i), content: `<p>选项 ${i + 1}</p>` })));

const singleChoiceArb = optionsArb(2).chain((options) =>
  fc
    .nat({ max: options.length - 1 })
    .map((i) => ({ type: 'singleChoice' as const, options, answer: [options[i].key] })),
);

const multipleChoiceArb = optionsArb(2).chain((options) =>
  fc
    .shuffledSubarray(
      options.map((o) => o.key),
      { minLength: 1 },
    )
    .map((answer) => ({ type: 'multipleChoice' as const, options, answer })),
);

const trueFalseArb = fc
  .constantFrom('T', 'F')
  .map((v) => ({ type: 'trueFalse' as const, options: [] as Body['options'], answer: [v] }));

/** A blank: 1–3 alternatives, joined by `|` with optional spaces around it. */
export const blankArb = fc
  .tuple(
    fc.array(
      wordArb.filter((w) => !/[|\\]/.test(w)),
      { minLength: 1, maxLength: 3 },
    ),
    fc.constantFrom('|', ' | '),
  )
  .map(([alternatives, bar]) => alternatives.join(bar));

const fillBlankArb = fc
  .array(blankArb, { minLength: 1, maxLength: 4 })
  .map((answer) => ({ type: 'fillBlank' as const, options: [], answer }));

const translationArb = wordArb.map((ref) => ({
  type: 'translation' as const,
  options: [] as Body['options'],
  answer: [ref],
}));
const shortAnswerArb = wordArb.map((ref) => ({
  type: 'shortAnswer' as const,
  options: [] as Body['options'],
  answer: [ref],
}));

const subBodyArb = fc.oneof(
  singleChoiceArb,
  multipleChoiceArb,
  trueFalseArb,
  fillBlankArb,
  translationArb,
  shortAnswerArb,
);

export const subsArb = fc.array(subBodyArb, { minLength: 1, maxLength: 4 }).map((bodies) =>
  bodies.map((body, i): SubFields & { questionSubId: string } => ({
    questionSubId: `s${i}`,
    title: `第 ${i + 1} 小题`,
    ...body,
  })),
);

const common = { title: '题目', question: '<p>题干</p>', knowledgeId: 'en.g7.c1', explanation: '<p>解析</p>' };

/** A create/update body as the tests build it (QuestionFields input). */
export interface ValidFields {
  title: string;
  question: string;
  knowledgeId: string;
  explanation: string;
  type: QuestionType;
  judgeType: 'auto' | 'manual';
  answer: string[];
  options: { key: string; content: string }[];
  questionSub: SubFields[];
}

type JudgeTypeChoice = ValidFields['judgeType'];
const eitherJudgeType = fc.constantFrom<JudgeTypeChoice>('auto', 'manual');
const full = (body: Body, judgeType: JudgeTypeChoice, questionSub: SubFields[] = []): ValidFields => ({
  ...common,
  ...body,
  judgeType,
  questionSub,
});

/** A valid create/update body of any type. */
export const validFieldsArb: fc.Arbitrary<ValidFields> = fc.oneof(
  singleChoiceArb.map((b) => full(b, 'auto')),
  multipleChoiceArb.map((b) => full(b, 'auto')),
  trueFalseArb.map((b) => full(b, 'auto')),
  fc.tuple(fillBlankArb, eitherJudgeType).map(([b, judgeType]) => full(b, judgeType)),
  fc.tuple(translationArb, eitherJudgeType).map(([b, judgeType]) => full(b, judgeType)),
  shortAnswerArb.map((b) => full(b, 'manual')),
  fc
    .tuple(subsArb, eitherJudgeType)
    .map(([subs, judgeType]) => full({ type: 'enReading', answer: [], options: [] }, judgeType, subs)),
);

interface Mutation {
  name: string;
  path: (string | number)[];
  apply: (q: ValidFields) => ValidFields;
}

/** Ways to break the rules of a question's (or sub-question's) own type, with the path the error must name. */
function bodyMutations<T extends Body>(q: T): { name: string; path: (string | number)[]; apply: (q: T) => T }[] {
  const n = q.options.length;
  const some = [{ key: 'A', content: 'x' }];
  switch (q.type) {
    case 'singleChoice':
    case 'multipleChoice':
      return [
        {
          name: 'answer not an option',
          path: ['answer', q.answer.length],
          apply: (x) => ({ ...x, answer: [...x.answer, 'Z'] }),
        },
        {
          name: 'duplicate answer',
          path: ['answer', q.answer.length],
          apply: (x) => ({ ...x, answer: [...x.answer, x.answer[0]] }),
        },
        {
          name: 'one option',
          path: ['options'],
          apply: (x) => ({ ...x, options: x.options.slice(0, 1), answer: ['A'] }),
        },
        {
          name: 'keys out of order',
          path: ['options', 0, 'key'],
          apply: (x) => ({ ...x, options: x.options.map((o, i) => ({ ...o, key: optionKeyAt(n - 1 - i) })) }),
        },
        {
          name: 'empty option',
          path: ['options', n - 1, 'content'],
          apply: (x) => ({
            ...x,
            options: [...x.options.slice(0, -1), { key: optionKeyAt(n - 1), content: '<p> </p>' }],
          }),
        },
        q.type === 'singleChoice'
          ? { name: 'two answers', path: ['answer'], apply: (x) => ({ ...x, answer: ['A', 'B'] }) }
          : { name: 'no answer', path: ['answer'], apply: (x) => ({ ...x, answer: [] }) },
      ];
    case 'trueFalse':
      return [
        { name: 'not T/F', path: ['answer'], apply: (x) => ({ ...x, answer: ['X'] }) },
        { name: 'both', path: ['answer'], apply: (x) => ({ ...x, answer: ['T', 'F'] }) },
        { name: 'lower case', path: ['answer'], apply: (x) => ({ ...x, answer: ['t'] }) },
        { name: 'options', path: ['options'], apply: (x) => ({ ...x, options: some }) },
      ];
    case 'fillBlank':
      return [
        { name: 'no blanks', path: ['answer'], apply: (x) => ({ ...x, answer: [] }) },
        {
          name: 'empty blank',
          path: ['answer', q.answer.length],
          apply: (x) => ({ ...x, answer: [...x.answer, '  '] }),
        },
        {
          name: 'empty alternative',
          path: ['answer', 0],
          apply: (x) => ({ ...x, answer: [`${x.answer[0]}| `, ...x.answer.slice(1)] }),
        },
        { name: 'options', path: ['options'], apply: (x) => ({ ...x, options: some }) },
      ];
    case 'translation':
    case 'shortAnswer':
      return [
        { name: 'empty reference', path: ['answer', 0], apply: (x) => ({ ...x, answer: [' '] }) },
        { name: 'two references', path: ['answer'], apply: (x) => ({ ...x, answer: [...x.answer, 'b'] }) },
        { name: 'no reference', path: ['answer'], apply: (x) => ({ ...x, answer: [] }) },
      ];
    case 'enReading':
      return [];
  }
}

export function mutationsFor(q: ValidFields): Mutation[] {
  const own: Mutation[] = bodyMutations(q);
  if (q.type === 'shortAnswer')
    own.push({ name: 'auto short answer', path: ['judgeType'], apply: (x) => ({ ...x, judgeType: 'auto' }) });
  if (q.type === 'singleChoice' || q.type === 'trueFalse')
    own.push({ name: 'manual choice', path: ['judgeType'], apply: (x) => ({ ...x, judgeType: 'manual' }) });
  if (q.type !== 'enReading') {
    own.push({
      name: 'stray sub-question',
      path: ['questionSub'],
      apply: (x) => ({ ...x, questionSub: [{ type: 'trueFalse', title: 't', answer: ['T'], options: [] }] }),
    });
    return own;
  }
  own.push(
    { name: 'article answer', path: ['answer'], apply: (x) => ({ ...x, answer: ['A'] }) },
    { name: 'no sub-questions', path: ['questionSub'], apply: (x) => ({ ...x, questionSub: [] }) },
    {
      name: 'duplicate sub id',
      path: ['questionSub', q.questionSub.length, 'questionSubId'],
      apply: (x) => ({ ...x, questionSub: [...x.questionSub, { ...x.questionSub[0] }] }),
    },
  );
  q.questionSub.forEach((sub, i) => {
    for (const m of bodyMutations(sub))
      own.push({
        name: `sub ${i}: ${m.name}`,
        path: ['questionSub', i, ...m.path],
        apply: (x) => ({ ...x, questionSub: x.questionSub.map((s, j) => (j === i ? m.apply(s) : s)) }),
      });
  });
  return own;
}

/** A rule-breaking question and the path its error must carry. */
export const invalidFieldsArb = validFieldsArb.chain((q) =>
  fc.constantFrom(...mutationsFor(q)).map((m) => ({ question: m.apply(q), path: m.path, name: m.name })),
);
