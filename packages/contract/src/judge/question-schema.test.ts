// The question schemas of schemas/question.ts: per-type write rules, student view, test request.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  Question,
  QuestionCreate,
  QuestionFields,
  QuestionTestRequest,
  StudentQuestion,
  toStudentView,
} from '../schemas/question.js';
import { htmlHasContent } from '../schemas/question-rules.js';
import { invalidFieldsArb, validFieldsArb } from './test-arbitraries.js';

const issuesOf = (input: unknown) => {
  const r = QuestionFields.safeParse(input);
  return r.success ? [] : r.error.issues.map((i) => ({ path: i.path, message: i.message }));
};

const base = { title: '', question: '<p>题干</p>', knowledgeId: 'en.g7' };
const choice = {
  ...base,
  type: 'singleChoice',
  judgeType: 'auto',
  options: [
    { key: 'A', content: '<p>apple</p>' },
    { key: 'B', content: '<p>banana</p>' },
  ],
  answer: ['A'],
};

describe('QuestionFields', () => {
  it('accepts every generated valid question', () => {
    fc.assert(
      fc.property(validFieldsArb, (q) => {
        expect(issuesOf(q)).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });

  it('rejects every generated rule-breaking question with the path of the broken field', () => {
    fc.assert(
      fc.property(invalidFieldsArb, ({ question, path }) => {
        const issues = issuesOf(question);
        expect(issues.length).toBeGreaterThan(0);
        expect(issues.map((i) => i.path)).toContainEqual(path);
        for (const issue of issues) expect(issue.message).toMatch(/[\u4e00-\u9fff]/);
      }),
      { numRuns: 500 },
    );
  });

  it('fills defaults for omitted lists and the explanation', () => {
    const parsed = QuestionFields.parse({ ...base, type: 'trueFalse', judgeType: 'auto', answer: ['T'] });
    expect(parsed).toMatchObject({
      explanation: '',
      options: [],
      tags: [],
      videos: [],
      subKnowledgePoints: [],
      questionSub: [],
    });
  });

  it.each([
    [{ ...choice, answer: [] }, ['answer'], '单选题需要且只能有一个正确答案'],
    [{ ...choice, answer: ['a'] }, ['answer', 0], '答案 a 不是选项字母'],
    [
      { ...choice, options: [choice.options[0], { key: 'C', content: 'x' }] },
      ['options', 1, 'key'],
      '选项字母应为 B（从 A 开始依次排列，不重复）',
    ],
    [
      { ...choice, options: [choice.options[0], { key: 'B', content: '<p><br></p>' }] },
      ['options', 1, 'content'],
      '请填写选项 B 的内容',
    ],
    [{ ...choice, type: 'multipleChoice', answer: ['A', 'A'] }, ['answer', 1], '答案 A 重复'],
    [
      { ...base, type: 'trueFalse', judgeType: 'auto', answer: ['对'] },
      ['answer'],
      '判断题答案只能是 T（对）或 F（错）',
    ],
    [
      { ...base, type: 'fillBlank', judgeType: 'auto', answer: ['went|'] },
      ['answer', 0],
      '第 1 空有空的备选答案（用 | 分隔的每一项都不能为空）',
    ],
    [{ ...base, type: 'fillBlank', judgeType: 'auto', answer: ['a', ' '] }, ['answer', 1], '第 2 空的答案不能为空'],
    [{ ...base, type: 'translation', judgeType: 'auto', answer: [] }, ['answer'], '请填写一条参考译文'],
    [
      { ...base, type: 'shortAnswer', judgeType: 'auto', answer: ['ref'] },
      ['judgeType'],
      '简答题只能由老师批改（判分方式应为 manual）',
    ],
    [{ ...base, type: 'enReading', judgeType: 'auto', questionSub: [] }, ['questionSub'], '阅读理解至少需要一个小题'],
    [
      { ...base, question: '<p>&nbsp;</p>', type: 'trueFalse', judgeType: 'auto', answer: ['T'] },
      ['question'],
      '请输入题干',
    ],
    [
      { ...choice, videos: [{ url: 'javascript:alert(1)' }] },
      ['videos', 0, 'url'],
      '视频地址应以 http:// 或 https:// 开头',
    ],
    [{ ...choice, knowledgeId: 'EN G7' }, ['knowledgeId'], '知识点编码格式不正确'],
  ])('rejects %j', (input, path, message) => {
    expect(issuesOf(input)).toContainEqual({ path, message });
  });

  it('validates each sub-question of enReading for its own type', () => {
    const issues = issuesOf({
      ...base,
      type: 'enReading',
      judgeType: 'auto',
      questionSub: [
        { type: 'trueFalse', title: 'ok', answer: ['F'] },
        { type: 'singleChoice', title: 'bad', options: choice.options, answer: ['C'] },
        { type: 'shortAnswer', title: 'manual by nature', answer: ['参考'] },
        { type: 'fillBlank', title: '', answer: ['x'] },
      ],
    });
    expect(issues).toEqual([
      { path: ['questionSub', 3, 'title'], message: '请输入小题题干' },
      { path: ['questionSub', 1, 'answer', 0], message: '答案 C 不是选项字母' },
    ]);
  });

  it('reports field problems and per-type rules together', () => {
    const issues = issuesOf({ ...choice, answer: [], tags: [''] });
    expect(issues.map((i) => i.path)).toEqual([['tags', 0], ['answer']]);
  });

  it('answers malformed input with issues, never an exception', () => {
    for (const input of [
      null,
      { ...choice, type: 'bogus' },
      { ...choice, answer: 'A' },
      { ...choice, answer: [1] },
      { ...base, type: 'enReading', judgeType: 'auto', questionSub: [{ type: 'enReading', title: 'x' }] },
    ])
      expect(issuesOf(input).length).toBeGreaterThan(0);
  });

  it('create adds agencyId and repoId and keeps the per-type rules', () => {
    expect(QuestionCreate.safeParse({ ...choice, agencyId: 'demo', repoId: 'r1' }).success).toBe(true);
    expect(QuestionCreate.safeParse({ ...choice, agencyId: 'Demo!', repoId: 'r1' }).success).toBe(false);
    const bad = QuestionCreate.safeParse({ ...choice, answer: ['Z'], agencyId: 'demo', repoId: 'r1' });
    expect(bad.error?.issues[0].path).toEqual(['answer', 0]);
  });
});

describe('htmlHasContent', () => {
  it.each([
    ['<p>x</p>', true],
    ['<p><img src="/v1/files/1"></p>', true],
    ['<span class="ql-formula" data-value="x^2"></span>', true],
    ['<p><br></p>', false],
    ['<p>&nbsp; </p>', false],
    ['', false],
  ])('%j → %s', (html, has) => {
    expect(htmlHasContent(html)).toBe(has);
  });
});

const question: Question = {
  id: 'q1',
  recordId: null,
  version: 2,
  type: 'enReading',
  judgeType: 'auto',
  title: 'A Day',
  question: '<p><span class="word" id="w1">It rained.</span></p>',
  explanation: '<p>秘密解析</p>',
  answer: [],
  options: [],
  tags: ['AI阅读理解'],
  videos: [{ url: 'https://v.example.com/1.mp4' }],
  extra: { outScopeWords: ['rained'], articleGenre: 'story' },
  knowledgePoint: { code: 'en.g7', name: '七年级', lv: 'grade' },
  knowledgeId: 'en.g7',
  questionSub: [
    {
      questionSubId: 's1',
      type: 'trueFalse',
      title: 'Sunny?',
      desc: '',
      answer: ['F'],
      options: [],
      status: 'accepted',
      explanation: '秘密',
    },
  ],
  subKnowledgePoints: [],
  agencyId: 'demo',
  repoId: 'r1',
  createTime: 1,
  lastUpdate: 2,
};

describe('toStudentView and StudentQuestion', () => {
  it('strips answer and explanation, also from sub-questions, and keeps the rest', () => {
    const view = toStudentView(question);
    const text = JSON.stringify(view);
    expect(text).not.toContain('秘密');
    expect(view).not.toHaveProperty('answer');
    expect(view).not.toHaveProperty('explanation');
    expect(view.questionSub[0]).toEqual({
      questionSubId: 's1',
      type: 'trueFalse',
      title: 'Sunny?',
      desc: '',
      options: [],
      status: 'accepted',
    });
    expect(view.extra).toEqual(question.extra);
    expect(StudentQuestion.parse(view)).toEqual(view);
    expect(question.explanation).toBe('<p>秘密解析</p>');
  });

  it("leaves out sub-questions still pending a teacher's review", () => {
    const pending = { ...question.questionSub[0], questionSubId: 'p1', status: 'pending' as const };
    const view = toStudentView({ ...question, questionSub: [...question.questionSub, pending] });
    expect(view.questionSub.map((s) => s.questionSubId)).toEqual(['s1']);
  });

  it('as a response schema drops answers from a full question, and extra keys from extra', () => {
    const parsed = StudentQuestion.parse({ ...question, extra: { ...question.extra, answer: ['F'] } });
    expect(JSON.stringify(parsed)).not.toMatch(/秘密|"answer"/);
  });

  it('Question parses the full read shape', () => {
    expect(Question.parse(question)).toEqual(question);
  });
});

describe('QuestionTestRequest', () => {
  it('defaults answer to [] and takes subAnswers by questionSubId', () => {
    expect(QuestionTestRequest.parse({})).toEqual({ answer: [] });
    expect(QuestionTestRequest.parse({ subAnswers: { s1: ['T'] } })).toEqual({ answer: [], subAnswers: { s1: ['T'] } });
    expect(QuestionTestRequest.safeParse({ answer: 'A' }).success).toBe(false);
    expect(QuestionTestRequest.safeParse({ answer: [1] }).success).toBe(false);
  });
});
