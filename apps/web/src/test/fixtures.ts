// Login infos, knowledge points, questions and other contract shapes shared by tests.
import type {
  AgencyListItem,
  KnowledgePoint,
  KnowledgeTreeCompact,
  LoginInfo,
  Question,
  QuestionRepo,
  StudentHome,
} from '@edu/contract';

export function loginInfo(
  roles: string[],
  agencies: string[] = ['demo'],
  over: Partial<LoginInfo['user']> = {},
): LoginInfo {
  return {
    access_token: `tok-${roles.join('+')}`,
    expires_at: Date.now() + 3_600_000,
    roles,
    agencies: agencies.map((id) => ({ id, name: id === 'demo' ? '演示机构' : `机构 ${id}` })),
    user: { id: '1', username: 'u', name: '张老师', avatar: null, mustChangePassword: false, ...over },
  };
}

export function kp(
  code: string,
  name: string,
  lv: KnowledgePoint['lv'],
  over: Partial<KnowledgePoint> = {},
): KnowledgePoint {
  const dot = code.lastIndexOf('.');
  return {
    code,
    parentCode: dot < 0 ? null : code.slice(0, dot),
    name,
    lv,
    refCount: 0,
    exampleRefCount: 0,
    mockRefCount: 0,
    varRefCount: 0,
    sort: 0,
    parent: null,
    ...over,
  };
}

export const KPS: KnowledgePoint[] = [
  kp('en', '英语', 'subject', { refCount: 12 }),
  kp('en.g7', '七年级', 'grade', { refCount: 12, sort: 1 }),
  kp('en.g7.c1', '第一章 词汇', 'chapter', { refCount: 7, exampleRefCount: 2 }),
  kp('en.g7.c1.k1', '名词复数', 'lv1', { refCount: 4 }),
  kp('en.g8', '八年级', 'grade', { sort: 2 }),
  kp('ma', '数学', 'subject', { sort: 1 }),
  kp('ma.g7', '七年级', 'grade'),
];

/** KPS as the compact tree answers them: parents first, siblings by sort, `[code, name]`. */
export const KP_TREE: KnowledgeTreeCompact = [...KPS]
  .sort(
    (a, b) => a.code.split('.').length - b.code.split('.').length || a.sort - b.sort || a.code.localeCompare(b.code),
  )
  .map((p) => [p.code, p.name]);

export function question(over: Partial<Question> = {}): Question {
  return {
    id: 'q1',
    recordId: null,
    version: 1,
    type: 'singleChoice',
    judgeType: 'auto',
    title: '',
    question: '<p>Which is a noun?</p>',
    explanation: '<p>Apple is a noun.</p>',
    answer: ['B'],
    options: [
      { key: 'A', content: '<p>run</p>' },
      { key: 'B', content: '<p>apple</p>' },
    ],
    tags: ['example'],
    videos: [],
    extra: {},
    knowledgePoint: { code: 'en.g7.c1.k1', name: '名词复数', lv: 'lv1' },
    knowledgeId: 'en.g7.c1.k1',
    questionSub: [],
    subKnowledgePoints: [],
    agencyId: 'demo',
    repoId: 'r1',
    createTime: 1_700_000_000_000,
    lastUpdate: 1_700_000_000_000,
    ...over,
  };
}

export const repo = (id: string, name: string, over: Partial<QuestionRepo> = {}): QuestionRepo => ({
  id,
  agencyId: 'demo',
  agencyName: '演示机构',
  name,
  description: '',
  shared: false,
  owned: true,
  questionCount: 3,
  createTime: 0,
  lastUpdate: 1_700_000_000_000,
  ...over,
});

/** A student home with nothing to do yet: no tasks, training, reviews or scores (GET /v1/student/home). */
export function emptyStudentHome(serverTime = 0): StudentHome {
  const none = { none: 0, attempted: 0, familiar: 0, proficient: 0, mastered: 0 };
  return {
    serverTime,
    tasks: { total: 0, list: [] },
    training: { running: 0, current: null },
    review: { due: 0, all: 0, list: [] },
    scores: [],
    mastery: { total: 0, now: none, weekAgo: none },
  };
}

/** A row of the platform admin's agency list (GET /v1/agencies), without admins unless given. */
export const agencyListItem = (id: string, name: string, over: Partial<AgencyListItem> = {}): AgencyListItem => ({
  id,
  name,
  domain: null,
  profile: '',
  logo: null,
  createTime: 0,
  lastUpdate: 0,
  admins: [],
  ...over,
});
