// Question fields for the API tests: a valid question of each type and rule-breaking variants.
import type { TestApp } from '../../test/test-app.js';

export const single = {
  type: 'singleChoice',
  judgeType: 'auto',
  question: '<p>Which one is a fruit? Choose one.</p>',
  knowledgeId: 'en.g7.c1.k1.k2',
  options: [
    { key: 'A', content: 'apple' },
    { key: 'B', content: 'desk' },
  ],
  answer: ['A'],
  explanation: '<p>apple 是水果。</p>',
  tags: ['测试标签', '例题'],
};

export const VALID: Record<string, Record<string, unknown>> = {
  singleChoice: single,
  multipleChoice: { ...single, type: 'multipleChoice', answer: ['A', 'B'] },
  trueFalse: { ...single, type: 'trueFalse', options: [], answer: ['T'] },
  fillBlank: { ...single, type: 'fillBlank', options: [], answer: ['went|had gone', 'fast'] },
  shortAnswer: { ...single, type: 'shortAnswer', judgeType: 'manual', options: [], answer: ['参考答案'] },
  translation: { ...single, type: 'translation', options: [], answer: ['我喜欢苹果。'] },
  enReading: {
    ...single,
    type: 'enReading',
    title: 'Reading',
    options: [],
    answer: [],
    questionSub: [
      {
        type: 'singleChoice',
        title: 'Q1',
        options: [
          { key: 'A', content: 'x' },
          { key: 'B', content: 'y' },
        ],
        answer: ['B'],
      },
      { type: 'fillBlank', title: 'Q2', answer: ['go'] },
      { type: 'trueFalse', title: 'Q3', answer: ['F'] },
    ],
  },
};

/** For each type, a rule-breaking variant and the field path the 400 must name. */
export const INVALID: [string, Record<string, unknown>, string][] = [
  ['singleChoice', { ...single, answer: ['A', 'B'] }, 'request.answer'],
  ['singleChoice', { ...single, answer: ['C'] }, 'request.answer.0'],
  ['multipleChoice', { ...VALID.multipleChoice, options: [{ key: 'A', content: 'x' }] }, 'request.options'],
  ['trueFalse', { ...VALID.trueFalse, answer: ['X'] }, 'request.answer'],
  ['trueFalse', { ...VALID.trueFalse, judgeType: 'manual' }, 'request.judgeType'],
  ['fillBlank', { ...VALID.fillBlank, answer: ['went|'] }, 'request.answer.0'],
  ['shortAnswer', { ...VALID.shortAnswer, judgeType: 'auto' }, 'request.judgeType'],
  ['translation', { ...VALID.translation, answer: [] }, 'request.answer'],
  ['enReading', { ...VALID.enReading, questionSub: [] }, 'request.questionSub'],
  [
    'enReading',
    { ...VALID.enReading, questionSub: [{ type: 'trueFalse', title: 'x', answer: ['Q'] }] },
    'request.questionSub.0.answer',
  ],
  ['any', { ...single, type: 'essay' }, 'request.type'],
  ['any', { ...single, knowledgeId: 'EN..x' }, 'request.knowledgeId'],
  ['any', { ...single, videos: [{ url: 'javascript:alert(1)' }] }, 'request.videos.0.url'],
];

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** The enveloped calls the question API tests make; `repo()` names the repository new questions go into. */
export function questionCalls<Q>(t: () => TestApp, author: () => string, repo: () => string) {
  const call = <T>(method: Method, url: string, token: string, body?: unknown, ag = 'demo') =>
    t().call<T>(method, url, { token, agency: ag, ...(body === undefined ? {} : { body: { request: body } }) });
  const list = (query: string, body: unknown = {}, token = author(), ag = 'demo') =>
    call<{ total: number; list: Q[] }>('POST', `/v1/exam/question/list?${query}`, token, body, ag);
  const create = (fields: Record<string, unknown>, token = author(), ag = 'demo') =>
    call<Q>('PUT', '/v1/exam/question', token, { agencyId: ag, repoId: repo(), ...fields }, ag);
  return { call, list, create };
}
