// Fixtures of the scheme page tests: train repositories, schemes, the fake routes every page reads.
import type { Scheme, TrainRepo } from '@edu/contract';
import { envelope, type RecordedCall } from '../../../test/fake-api';
import { question, repo } from '../../../test/fixtures';

export const trainRepo = (id: string, name: string, over: Partial<TrainRepo> = {}): TrainRepo => ({
  id,
  agencyId: 'demo',
  agencyName: '演示机构',
  name,
  description: '',
  shared: false,
  owned: true,
  schemeCount: 1,
  createTime: 0,
  lastUpdate: 1_700_000_000_000,
  ...over,
});

export const OWN_REPO = trainRepo('1', '演示方案库');
export const REF_REPO = trainRepo('3', '共享方案库', {
  owned: false,
  shared: true,
  agencyId: 'other',
  agencyName: '其他机构',
});

export const scheme = (over: Partial<Scheme> = {}): Scheme => ({
  schemeId: '11',
  title: '分层练习',
  creator: '张老师',
  type: 'general',
  initPhase: '基础',
  initPoint: '热身',
  timeLimit: 1200,
  createTime: 0,
  lastUpdate: 1_700_000_000_000,
  status: 'off',
  kpRange: ['en.g7'],
  trainRepoId: '1',
  reviewAfter: null,
  showScore: 'after-hand-in',
  releasedAt: null,
  phases: [
    {
      phase: '基础',
      knowledgeIds: ['en.g7.c1'],
      timeLimit: 0,
      points: [
        {
          name: '热身',
          onOK: '@next',
          onError: '补救',
          selectors: { types: ['singleChoice'] },
          repeat: 3,
          judgeWay: 'once',
          requireCorrect: 2,
        },
        {
          name: '补救',
          onOK: '热身',
          onError: '@end',
          selectors: {},
          repeat: 2,
          judgeWay: 'retry',
          requireCorrect: 1,
        },
      ],
    },
  ],
  ...over,
});

export const paper = (over: Partial<Scheme> = {}): Scheme =>
  scheme({
    schemeId: '12',
    title: '期中测试',
    type: 'paper',
    initPhase: '试卷',
    initPoint: '作答',
    kpRange: [],
    phases: [
      {
        phase: '试卷',
        knowledgeIds: [],
        timeLimit: 0,
        points: [
          {
            name: '作答',
            onOK: '@end',
            onError: '@end',
            selectors: { questionIds: ['q1', 'q2'] },
            repeat: 2,
            judgeWay: 'once',
            requireCorrect: 0,
          },
        ],
      },
    ],
    ...over,
  });

export const Q1 = question({ id: 'q1', title: '名词复数练习' });
export const Q2 = question({ id: 'q2', title: '冠词填空', type: 'fillBlank' });
export const Q3 = question({ id: 'q3', title: '作文一篇', type: 'shortAnswer', judgeType: 'manual' });

/** The reads every scheme page makes; `match` answers the selectors call. */
export function trainRoutes(extra: Record<string, unknown> = {}) {
  return {
    'GET /v1/train/repositories': { total: 2, list: [OWN_REPO, REF_REPO] },
    'GET /v1/exam/repositories': { total: 1, list: [repo('r1', '演示题库')] },
    'GET /v1/exam/tags': [{ id: 't1', name: '易错', key: null, questionCount: 2 }],
    'POST /v1/exam/question/list': { total: 3, list: [Q1, Q2, Q3] },
    'POST /v1/exam/question/match/selectors': (c: RecordedCall) => {
      const ids = (c.body as { request: { selectors: { questionIds?: string[] } } }).request.selectors.questionIds;
      const all = [Q1, Q2, Q3];
      const list = ids ? ids.map((id) => all.find((q) => q.id === id)).filter((q) => q !== undefined) : [Q1, Q2];
      return { json: envelope({ total: ids ? list.length : 12, list }) };
    },
    ...extra,
  };
}

export const bodyOf = (calls: RecordedCall[], method: string, path: string) =>
  calls.filter((c) => c.method === method && c.path === path).at(-1)?.body as { request: Record<string, unknown> };

export const queryOf = (c: RecordedCall) => Object.fromEntries(new URL(c.url, 'http://x').searchParams);

/** The element with this aria-label (role queries are very slow on pages this large in jsdom). */
export function labelled(label: string, root: ParentNode = document.body): HTMLElement {
  const el = root.querySelector<HTMLElement>(`[aria-label="${label}"]`);
  if (!el) throw new Error(`nothing labelled ${label}`);
  return el;
}
