// Login infos and knowledge points shared by tests.
import type { KnowledgePoint, LoginInfo } from '@edu/contract';

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
