import { describe, expect, it } from 'vitest';
import { DRAW_MODE_MESSAGE, validateScheme, type EngineScheme } from './index.js';
import { general, paper, phase, point } from './test-support.js';

const valid = () =>
  general([
    phase('P1', [point('A', { onOK: 'B', onError: 'A' }), point('B', { onOK: '@next', onError: '@end' })]),
    phase('P2', [point('C', { repeat: 3, requireCorrect: 2 })], { timeLimit: 300 }),
  ]);

const fields = (s: EngineScheme) => validateScheme(s).map((i) => i.field);

describe('validateScheme', () => {
  it('accepts a valid general scheme and a valid paper', () => {
    expect(validateScheme(valid())).toEqual([]);
    expect(validateScheme(paper(['q1', 'q2'], { timeLimit: 3600 }))).toEqual([]);
  });

  it('needs at least one phase', () => {
    expect(validateScheme({ ...valid(), phases: [] })).toEqual([{ field: 'phases', message: '方案至少需要一个阶段' }]);
  });

  it('refuses empty, repeated or slashed phase names and empty phases', () => {
    const s = valid();
    s.phases[1].phase = 'P1';
    expect(validateScheme(s)).toContainEqual({ field: 'phases[1].phase', message: '阶段「P1」重复' });
    s.phases[1].phase = ' ';
    expect(validateScheme(s)).toContainEqual({ field: 'phases[1].phase', message: '阶段名称不能为空' });
    s.phases[1].phase = 'a/b';
    expect(fields(s)).toContain('phases[1].phase');
    const empty = valid();
    empty.phases[1].points = [];
    expect(validateScheme(empty)).toContainEqual({
      field: 'phases[1].points',
      message: '阶段「P2」至少需要一个训练点',
    });
  });

  it('refuses repeated, empty and @-names of points', () => {
    const s = valid();
    s.phases[0].points[1].name = 'A';
    expect(validateScheme(s)).toContainEqual({
      field: 'phases[0].points[1].name',
      message: '训练点「A」在阶段「P1」中重复',
    });
    s.phases[0].points[1].name = '';
    expect(fields(s)).toContain('phases[0].points[1].name');
    s.phases[0].points[1].name = '@x';
    expect(validateScheme(s)).toContainEqual({ field: 'phases[0].points[1].name', message: '训练点名称不能以 @ 开头' });
  });

  it('refuses a missing initial phase or point', () => {
    expect(validateScheme({ ...valid(), initPhase: 'X' })).toContainEqual({
      field: 'initPhase',
      message: '阶段「X」不存在',
    });
    expect(validateScheme({ ...valid(), initPoint: 'C' })).toContainEqual({
      field: 'initPoint',
      message: '训练点「C」不存在',
    });
  });

  it('refuses targets that are not @next, @end or a point of the same phase', () => {
    const s = valid();
    s.phases[0].points[0].onOK = 'C';
    s.phases[0].points[1].onError = '';
    expect(validateScheme(s)).toEqual(
      expect.arrayContaining([
        { field: 'phases[0].points[0].onOK', message: '训练点「C」不存在' },
        { field: 'phases[0].points[1].onError', message: '跳转目标不能为空' },
      ]),
    );
  });

  it.each([0, 51, 2.5, -1, Number.NaN])('refuses repeat %s', (repeat) => {
    const s = valid();
    s.phases[1].points[0].repeat = repeat;
    expect(validateScheme(s)).toContainEqual({
      field: 'phases[1].points[0].repeat',
      message: '每次抽题数必须是 1 到 50 之间的整数',
    });
  });

  it.each([-1, 4, 1.5])('refuses requireCorrect %s with repeat 3', (requireCorrect) => {
    const s = valid();
    s.phases[1].points[0].requireCorrect = requireCorrect;
    expect(validateScheme(s)).toContainEqual({
      field: 'phases[1].points[0].requireCorrect',
      message: '需要答对的题数必须是 0 到 3 之间的整数',
    });
  });

  it('accepts repeat 1 and 50 and requireCorrect 0 and repeat', () => {
    for (const [repeat, requireCorrect] of [
      [1, 0],
      [1, 1],
      [50, 50],
    ]) {
      const s = valid();
      Object.assign(s.phases[1].points[0], { repeat, requireCorrect });
      expect(validateScheme(s)).toEqual([]);
    }
  });

  it('refuses an unknown judgeWay or type', () => {
    const s = valid();
    (s.phases[0].points[0] as { judgeWay: string }).judgeWay = 'twice';
    expect(fields(s)).toEqual(['phases[0].points[0].judgeWay']);
    expect(fields({ ...valid(), type: 'exam' as 'paper' })).toEqual(['type']);
  });

  it("takes a point's draw mode least-seen or ability, nothing else", () => {
    const s = valid();
    s.phases[0].points[0].draw = 'ability';
    s.phases[0].points[1].draw = 'least-seen';
    expect(validateScheme(s)).toEqual([]);
    (s.phases[0].points[0] as { draw: string }).draw = 'random';
    expect(validateScheme(s)).toEqual([{ field: 'phases[0].points[0].draw', message: DRAW_MODE_MESSAGE }]);
  });

  it.each([-1, 1.5, Number.POSITIVE_INFINITY])('refuses time limit %s', (limit) => {
    const s = { ...valid(), timeLimit: limit };
    s.phases[0].timeLimit = limit;
    expect(validateScheme(s)).toEqual([
      { field: 'timeLimit', message: '时间限制必须是不小于 0 的整数（秒）' },
      { field: 'phases[0].timeLimit', message: '时间限制必须是不小于 0 的整数（秒）' },
    ]);
  });

  it('refuses repeated fixed questions', () => {
    const s = valid();
    s.phases[0].points[0].selectors = { questionIds: ['1', '2', '1'] };
    expect(validateScheme(s)).toEqual([
      { field: 'phases[0].points[0].selectors.questionIds', message: '题目「1」重复' },
    ]);
  });

  it('reports phases before the initial one as unreachable', () => {
    const s = { ...valid(), initPhase: 'P2', initPoint: 'C' };
    expect(validateScheme(s)).toEqual([{ field: 'phases[0]', message: '阶段「P1」无法到达' }]);
  });

  it('reports points that no target leads to from the entry point', () => {
    const s = general([
      phase('P1', [point('A', { onOK: 'C', onError: 'A' }), point('B'), point('C', { onOK: '@next', onError: 'A' })]),
      phase('P2', [point('D'), point('E', { onOK: 'D' })]),
    ]);
    expect(validateScheme(s)).toEqual([
      { field: 'phases[0].points[1]', message: '训练点「B」无法到达' },
      { field: 'phases[1].points[1]', message: '训练点「E」无法到达' },
    ]);
  });

  it('measures reachability in the initial phase from initPoint', () => {
    const s = general([phase('P1', [point('A'), point('B', { onOK: 'A' })])], { initPoint: 'B' });
    expect(validateScheme(s)).toEqual([]);
    expect(validateScheme({ ...s, initPoint: 'A' })).toEqual([
      { field: 'phases[0].points[1]', message: '训练点「B」无法到达' },
    ]);
  });

  it('refuses a paper that is not one phase with one point holding the paper', () => {
    const two = paper(['q1']);
    two.phases.push(phase('P2', [point('X')]));
    expect(validateScheme(two)).toEqual([{ field: 'phases', message: '试卷方案必须只有一个阶段' }]);
    const points = paper(['q1']);
    points.phases[0].points.push(point('X'));
    expect(validateScheme(points)).toEqual([
      { field: 'phases[0].points', message: '试卷方案的阶段必须只有一个训练点' },
    ]);
    expect(validateScheme(paper([]))).toEqual([
      { field: 'phases[0].points[0].selectors.questionIds', message: '试卷方案必须指定试卷题目' },
    ]);
  });

  it("does not check a paper's unused repeat, judging and targets (a paper may be long)", () => {
    const ids = Array.from({ length: 80 }, (_, i) => String(i + 1));
    const s = paper(ids);
    Object.assign(s.phases[0].points[0], { repeat: 80, requireCorrect: 99, onOK: 'nowhere', onError: '' });
    expect(validateScheme(s)).toEqual([]);
  });
});
