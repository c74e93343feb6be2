import { describe, expect, it } from 'vitest';
import type { Scheme } from '@edu/contract';
import * as M from './scheme-model';

const scheme = (over: Partial<Scheme> = {}): Scheme => ({
  schemeId: '7',
  title: '分层练习',
  creator: '张老师',
  type: 'general',
  initPhase: '基础',
  initPoint: 'A',
  timeLimit: 600,
  createTime: 0,
  lastUpdate: 0,
  status: 'off',
  kpRange: ['math.g7'],
  trainRepoId: '1',
  reviewAfter: null,
  showScore: 'after-hand-in',
  releasedAt: null,
  phases: [
    {
      phase: '基础',
      knowledgeIds: [],
      timeLimit: 0,
      points: [
        {
          name: 'A',
          onOK: '@next',
          onError: 'B',
          selectors: { types: ['trueFalse'] },
          repeat: 3,
          judgeWay: 'once',
          requireCorrect: 2,
        },
        {
          name: 'B',
          onOK: 'A',
          onError: '@end',
          selectors: { questionIds: ['5', '6'] },
          repeat: 2,
          judgeWay: 'retry',
          requireCorrect: 1,
        },
      ],
    },
    {
      phase: '提高',
      knowledgeIds: ['math.g7.c3'],
      timeLimit: 300,
      points: [
        {
          name: 'C',
          onOK: '@end',
          onError: '@end',
          selectors: {},
          repeat: 5,
          judgeWay: 'once',
          requireCorrect: 3,
        },
      ],
    },
  ],
  ...over,
});

describe('scheme draft', () => {
  it('round-trips a stored scheme to the request body (empty selector lists left out)', () => {
    const s = scheme();
    const body = M.fieldsOf(M.draftOf(s));
    expect(body).toEqual({
      title: s.title,
      type: s.type,
      trainRepoId: '1',
      kpRange: s.kpRange,
      timeLimit: 600,
      initPhase: '基础',
      initPoint: 'A',
      phases: s.phases,
    });
    expect(M.validateDraft(M.draftOf(s), true)).toEqual({});
  });

  it('a new draft is structurally valid; shapes (title, repository) are checked only when asked', () => {
    const d = M.emptyDraft();
    expect(M.validateDraft(d, false)).toEqual({});
    const shaped = M.validateDraft(d, true);
    expect(shaped.title).toEqual(['请输入方案名称']);
    expect(shaped.trainRepoId).toEqual(['请选择方案库']);
  });

  it('an unknown target gets the engine message at its dotted path', () => {
    const d = M.setPoint(M.draftOf(scheme()), 0, 0, { onOK: '不存在' });
    const issues = M.validateDraft(d, true);
    expect(issues['phases.0.points.0.onOK']).toEqual(['训练点「不存在」不存在']);
    expect(M.issuesUnder(issues, 'phases.0.points.0')).toContain('训练点「不存在」不存在');
    expect(M.issuesAt(issues, 'phases.0.points.0')).toEqual([]);
    expect(M.issuePlace('phases.0.points.0.onOK')).toBe('阶段 1 · 训练点 1');
  });

  it('renaming a point moves the targets and the initial point that named it', () => {
    const d = M.renamePoint(M.draftOf(scheme()), 0, 0, 'A1');
    expect(d.initPoint).toBe('A1');
    expect(d.phases[0].points[1].onOK).toBe('A1');
    expect(M.validateDraft(d, true)).toEqual({});
    const renamedPhase = M.renamePhase(d, 0, '入门');
    expect(renamedPhase.initPhase).toBe('入门');
  });

  it('removing a referenced point leaves the target so the author sees the problem', () => {
    const d = M.removePoint(M.draftOf(scheme()), 0, 1);
    expect(d.phases[0].points.map((p) => p.name)).toEqual(['A']);
    expect(M.validateDraft(d, false)['phases.0.points.0.onError']).toEqual(['训练点「B」不存在']);
  });

  it('removing the initial phase moves the start to the first phase left', () => {
    const d = M.removePhase(M.draftOf(scheme()), 0);
    expect(d.initPhase).toBe('提高');
    expect(d.initPoint).toBe('C');
    expect(M.validateDraft(d, true)).toEqual({});
  });

  it('moving phases changes reachability (a phase before the initial one cannot be reached)', () => {
    const d = M.movePhase(M.draftOf(scheme()), 1, 0);
    expect(d.phases.map((p) => p.phase)).toEqual(['提高', '基础']);
    expect(M.validateDraft(d, false)['phases.0']).toEqual(['阶段「提高」无法到达']);
    expect(M.movePhase(d, 0, -1)).toEqual(d);
  });

  it('new phases and points get free default names', () => {
    let d = M.addPhase(M.emptyDraft('1'));
    expect(d.phases.map((p) => p.phase)).toEqual(['阶段1', '阶段2']);
    d = M.addPoint(d, 0);
    expect(d.phases[0].points.map((p) => p.name)).toEqual(['训练点1', '训练点2']);
    expect(new Set(d.phases.flatMap((p) => p.points.map((x) => x.key))).size).toBe(3);
  });

  it('server 400 fields land on the same paths', () => {
    const issues = M.serverIssues([
      { path: 'request.phases.1.points.0.selectors', message: '没有题' },
      { path: 'request.kpRange.0', message: '知识点不存在' },
    ]);
    expect(M.issuesUnder(issues, 'phases.1.points.0.selectors')).toEqual(['没有题']);
    expect(M.issuesUnder(issues, 'kpRange')).toEqual(['知识点不存在']);
    expect(M.issueCount(M.mergeIssues(issues, { title: ['x'] }))).toBe(3);
  });

  it('knowledge range: phase subtrees inside kpRange, like the server draw', () => {
    expect(M.knowledgeRange([], [])).toBeNull();
    expect(M.knowledgeRange([], ['a'])).toEqual(['a']);
    expect(M.knowledgeRange(['a.b.c'], ['a.b'])).toEqual(['a.b.c']);
    expect(M.knowledgeRange(['a'], ['a.b', 'x'])).toEqual(['a.b']);
    expect(M.knowledgeRange(['y'], ['a.b'])).toEqual([]);
  });

  it('time limits are shown in minutes and stored in whole seconds', () => {
    expect(M.toMinutes(90)).toBe(1.5);
    expect(M.toSeconds(2.5)).toBe(150);
    expect(M.toSeconds(null)).toBe(0);
    expect(M.toSeconds(-3)).toBe(0);
  });
});
