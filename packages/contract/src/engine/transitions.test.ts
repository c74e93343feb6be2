import { describe, expect, it } from 'vitest';
import {
  EngineError,
  MAX_ANSWERS_PER_QUESTION,
  applyEvent,
  countedAnswers,
  replay,
  startTraining,
  type EngineScheme,
} from './index.js';
import { Run, T0, deepFreeze, general, phase, point } from './test-support.js';

const codeOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    if (err instanceof EngineError) return err.code;
    throw err;
  }
  return null;
};

describe('start and draws', () => {
  const scheme = general(
    [
      phase('P1', [point('A', { selectors: { types: ['singleChoice'], tags: ['t'] }, repeat: 3 })], {
        knowledgeIds: ['en.g7'],
      }),
    ],
    { kpRange: ['en'] },
  );

  it('starts at the initial point, asking for `repeat` questions', () => {
    const s = startTraining(scheme, T0, 42);
    expect(s).toMatchObject({
      status: 'running',
      phase: 'P1',
      point: 'A',
      visit: { phase: 'P1', point: 'A', n: 1, questionIds: [] },
      entries: { 'P1/A': 1 },
      startedAt: T0,
      phaseStartedAt: T0,
      endedAt: null,
      phaseDeadline: null,
      schemeDeadline: null,
      seed: 42,
      score: 0,
      maxScore: 0,
    });
    expect(s.pending).toEqual({
      kind: 'draw',
      request: {
        phase: 'P1',
        point: 'A',
        selectors: { types: ['singleChoice'], tags: ['t'] },
        knowledgeIds: ['en.g7'],
        kpRange: ['en'],
        count: 3,
        exclude: [],
      },
    });
    expect(replay(scheme, [{ type: 'start', at: T0, seed: 42 }])).toEqual(s);
  });

  it("carries a point's draw mode ability in its draw request, and no mode for least-seen", () => {
    const ability = general([phase('P1', [point('A', { draw: 'ability' })])]);
    expect(startTraining(ability, T0, 1).pending).toMatchObject({ kind: 'draw', request: { draw: 'ability' } });
    const leastSeen = general([phase('P1', [point('A', { draw: 'least-seen' })])]);
    const { pending } = startTraining(leastSeen, T0, 1);
    expect(pending.kind === 'draw' && 'draw' in pending.request).toBe(false);
  });

  it('starts at initPoint inside initPhase', () => {
    const s = general([phase('P1', [point('A')]), phase('P2', [point('B'), point('C')])], {
      initPhase: 'P2',
      initPoint: 'C',
    });
    expect(new Run(s).where).toBe('P2/C');
  });

  it('puts the drawn questions in the visit and asks for the first', () => {
    const run = new Run(scheme).draw('q1', 'q2', 'q3');
    expect(run.state.pending).toEqual({ kind: 'answer', questionId: 'q1' });
    expect(run.state.drawn).toEqual(['q1', 'q2', 'q3']);
    expect(run.state.visit?.questionIds).toEqual(['q1', 'q2', 'q3']);
    expect(run.state.maxScore).toBe(3);
  });

  it('drops repeated ids, ids drawn before and ids beyond the count', () => {
    const s = general([phase('P', [point('A', { repeat: 2, onOK: 'A', onError: 'A', requireCorrect: 0 })])]);
    const run = new Run(s).draw('q1', 'q1', 'q2', 'q3');
    expect(run.state.visit?.questionIds).toEqual(['q1', 'q2']);
    run.answer('q1', true).answer('q2', true);
    expect(run.state.pending).toMatchObject({ kind: 'draw', request: { exclude: ['q1', 'q2'] } });
    run.draw('q2', 'q4');
    expect(run.state.visit?.questionIds).toEqual(['q4']);
    expect(run.state.drawn).toEqual(['q1', 'q2', 'q4']);
  });

  it('keeps a fixed list: the request carries it and ids outside it are dropped', () => {
    const s = general([phase('P', [point('A', { selectors: { questionIds: ['x', 'y', 'z'] }, repeat: 2 })])]);
    const run = new Run(s);
    expect(run.state.pending).toMatchObject({
      kind: 'draw',
      request: { count: 2, selectors: { questionIds: ['x', 'y', 'z'] } },
    });
    run.draw('other', 'y', 'x');
    expect(run.state.visit?.questionIds).toEqual(['y', 'x']);
  });

  it('refuses a draw nobody asked for', () => {
    const run = new Run(general([phase('P', [point('A')])])).draw('q1');
    expect(codeOf(() => run.draw('q2'))).toBe('unexpected_draw');
  });
});

describe('answers', () => {
  const scheme = general([phase('P', [point('A', { repeat: 3, requireCorrect: 2, onOK: '@end', onError: '@end' })])]);

  it('takes the questions in draw order', () => {
    const run = new Run(scheme).draw('q1', 'q2', 'q3');
    expect(codeOf(() => run.answer('q2', true))).toBe('not_current');
    expect(codeOf(() => run.answer('zz', true))).toBe('not_in_training');
    run.answer('q1', true);
    expect(run.state.pending).toEqual({ kind: 'answer', questionId: 'q2' });
    expect(run.state.answers).toEqual([
      { questionId: 'q1', phase: 'P', point: 'A', visit: 1, at: T0, score: 1, isCorrect: true, mark: 1, first: true },
    ]);
  });

  it("judgeWay 'once' settles a question with its first answer", () => {
    const run = new Run(scheme).draw('q1', 'q2', 'q3').answer('q1', false);
    expect(codeOf(() => run.answer('q1', true))).toBe('already_answered');
    expect(() => run.answer('q1', true)).toThrow('该题已作答，不能修改');
    expect(run.state.pending).toEqual({ kind: 'answer', questionId: 'q2' });
  });

  it('adds up the scores of counted answers, partial ones included', () => {
    const run = new Run(scheme).draw('q1', 'q2', 'q3').answer('q1', true).answer('q2', false, 0.5);
    expect(run.state.score).toBe(1.5);
    run.answer('q3', null);
    expect(run.state.score).toBe(1.5);
  });

  it("judgeWay 'retry' keeps a question until it is right and counts the first answer only", () => {
    const s = general([
      phase('P', [
        point('A', { repeat: 2, judgeWay: 'retry', requireCorrect: 2, onOK: 'OK', onError: 'ERR' }),
        point('OK'),
        point('ERR'),
      ]),
    ]);
    const run = new Run(s).draw('q1', 'q2').answer('q1', false).answer('q1', false);
    expect(run.state.pending).toEqual({ kind: 'answer', questionId: 'q1' });
    run.answer('q1', true);
    expect(run.state.answers.map((a) => [a.questionId, a.isCorrect, a.first])).toEqual([
      ['q1', false, true],
      ['q1', false, false],
      ['q1', true, false],
    ]);
    expect(codeOf(() => run.answer('q1', true))).toBe('already_answered');
    run.answer('q2', true);
    expect(run.state.score).toBe(1);
    // The first answer to q1 was wrong: one right of the two required.
    expect(run.where).toBe('P/ERR');
    expect(countedAnswers(s, run.state).map((a) => a.questionId)).toEqual(['q1', 'q2']);
  });

  it(`judgeWay 'retry' settles a question at its ${MAX_ANSWERS_PER_QUESTION}th wrong answer (the state stays bounded)`, () => {
    const s = general([phase('P', [point('A', { repeat: 2, judgeWay: 'retry', onOK: '@end', onError: '@end' })])]);
    const run = new Run(s).draw('q1', 'q2');
    for (let i = 1; i < MAX_ANSWERS_PER_QUESTION; i++) run.answer('q1', false);
    expect(run.state.pending).toEqual({ kind: 'answer', questionId: 'q1' });
    run.answer('q1', false);
    expect(run.state.pending).toEqual({ kind: 'answer', questionId: 'q2' });
    expect(codeOf(() => run.answer('q1', true))).toBe('already_answered');
    expect(run.state.answers).toHaveLength(MAX_ANSWERS_PER_QUESTION);
    expect(run.state.score).toBe(0);
  });

  it("judgeWay 'retry' lets an answer left to a teacher settle the question", () => {
    const s = general([phase('P', [point('A', { repeat: 2, judgeWay: 'retry', onOK: '@end', onError: '@end' })])]);
    const run = new Run(s).draw('q1', 'q2').answer('q1', null);
    expect(run.state.pending).toEqual({ kind: 'answer', questionId: 'q2' });
  });
});

describe('targets', () => {
  const scheme = general([
    phase('P1', [
      point('A', { onOK: 'B', onError: 'C' }),
      point('B', { onOK: '@next', onError: '@end' }),
      point('C', { onOK: '@end', onError: 'A' }),
    ]),
    phase('P2', [point('D'), point('E')]),
  ]);

  it('onOK and onError lead to a point of the same phase', () => {
    expect(new Run(scheme).visit('q1', true).where).toBe('P1/B');
    expect(new Run(scheme).visit('q1', false).where).toBe('P1/C');
  });

  it("'@next' enters the first point of the next phase, whose time starts then", () => {
    const run = new Run(scheme).visit('q1', true).at(5000).visit('q2', true);
    expect(run.where).toBe('P2/D');
    expect(run.state.phaseStartedAt).toBe(T0 + 5000);
    expect(run.state.visit).toEqual({ phase: 'P2', point: 'D', n: 1, questionIds: [] });
  });

  it("'@next' after the last phase finishes the training", () => {
    const run = new Run(scheme).visit('q1', true).visit('q2', true).at(9000).visit('q3', true);
    expect(run.state).toMatchObject({ status: 'finished', endedAt: T0 + 9000, phase: null, point: null, visit: null });
    expect(run.state.pending).toEqual({ kind: 'done' });
  });

  it("'@end' finishes the training", () => {
    const run = new Run(scheme).visit('q1', true).visit('q2', false);
    expect(run.state.status).toBe('finished');
    expect(codeOf(() => run.draw('q9'))).toBe('not_running');
  });

  it('counts entries and numbers visits', () => {
    const run = new Run(scheme).visit('q1', false).visit('q2', false);
    expect(run.where).toBe('P1/A');
    expect(run.state.visit?.n).toBe(2);
    expect(run.state.entries).toEqual({ 'P1/A': 2, 'P1/C': 1 });
    run.visit('q3', true);
    expect(run.state.answers.map((a) => `${a.point}#${a.visit}`)).toEqual(['A#1', 'C#1', 'A#2']);
  });
});

describe('requireCorrect', () => {
  const scheme = (requireCorrect: number) =>
    general([
      phase('P', [point('A', { repeat: 3, requireCorrect, onOK: 'OK', onError: 'ERR' }), point('OK'), point('ERR')]),
    ]);
  const after = (requireCorrect: number, right: boolean[]) => {
    const run = new Run(scheme(requireCorrect)).draw('q1', 'q2', 'q3');
    right.forEach((ok, i) => run.answer(`q${i + 1}`, ok));
    return run.state.point;
  };

  it('passes with at least requireCorrect first answers right', () => {
    expect(after(2, [true, false, true])).toBe('OK');
    expect(after(2, [true, false, false])).toBe('ERR');
    expect(after(3, [true, true, true])).toBe('OK');
    expect(after(0, [false, false, false])).toBe('OK');
  });

  it('does not count an answer left to a teacher as right', () => {
    expect(after(1, [null as unknown as boolean, false, false])).toBe('ERR');
  });

  it('asks a short draw for no more right answers than it brought', () => {
    const run = new Run(scheme(3)).draw('q1', 'q2');
    expect(run.state.visit?.questionIds).toEqual(['q1', 'q2']);
    run.answer('q1', true).answer('q2', true);
    expect(run.state.point).toBe('OK');
    expect(run.state.maxScore).toBe(2);
  });
});

describe('visit cap and redirects', () => {
  it('redirects the sixth entry to @next when the last visit failed', () => {
    const s = general([phase('P1', [point('A', { onOK: '@end', onError: 'A' })]), phase('P2', [point('B')])]);
    const run = new Run(s);
    for (let i = 1; i <= 5; i++) {
      expect(run.state.visit).toMatchObject({ point: 'A', n: i });
      run.visit(`q${i}`, false);
    }
    expect(run.where).toBe('P2/B');
    expect(run.state.entries).toEqual({ 'P1/A': 5, 'P2/B': 1 });
    expect(run.state.redirected).toEqual([]);
  });

  it("redirects the sixth entry by the point's onOK when its last visit passed", () => {
    const s = general([
      phase('P', [point('A', { onOK: 'B', onError: 'A' }), point('B', { onOK: 'A', onError: 'A', requireCorrect: 0 })]),
    ]);
    const run = new Run(s);
    for (let i = 1; i <= 4; i++) run.visit(`a${i}`, false);
    run.visit('a5', true).visit('b1', true);
    // A's sixth entry: its last visit passed, so on to B.
    expect(run.where).toBe('P/B');
    expect(run.state.visit?.n).toBe(2);
    expect(run.state.entries).toEqual({ 'P/A': 5, 'P/B': 2 });
    expect(run.state.redirected).toEqual(['P/A']);
  });

  it('leaves the phase when a redirect chain comes back to a point it redirected', () => {
    const s = general([
      phase('P1', [point('A', { onOK: 'B', onError: 'A' }), point('B', { onOK: 'A', onError: 'B' })]),
      phase('P2', [point('C')]),
    ]);
    const run = new Run(s);
    for (let i = 1; i <= 5; i++) run.visit(`a${i}`, true).visit(`b${i}`, true);
    // A (6th) → its onOK B (6th) → its onOK A, already redirected → @next.
    expect(run.where).toBe('P2/C');
    expect(run.state.entries).toEqual({ 'P1/A': 5, 'P1/B': 5, 'P2/C': 1 });
  });

  it('redirects a visit whose draw is empty, to @next when the point never passed', () => {
    const s = general([phase('P1', [point('A', { onOK: 'A', onError: 'A' })]), phase('P2', [point('B')])]);
    const run = new Run(s).draw();
    expect(run.where).toBe('P2/B');
    expect(run.state.entries['P1/A']).toBe(1);
    expect(run.state.maxScore).toBe(0);
  });

  it('follows onOK from an empty visit whose point passed before, and breaks the chain across draws', () => {
    const s = general([
      phase('P1', [point('A', { onOK: 'B', onError: 'A' }), point('B', { onOK: 'A', onError: 'B' })]),
      phase('P2', [point('C')]),
    ]);
    const run = new Run(s).visit('a1', true).visit('b1', true).draw();
    expect(run.where).toBe('P1/B');
    expect(run.state.redirected).toEqual(['P1/A']);
    run.draw();
    expect(run.where).toBe('P2/C');
    expect(run.state.entries).toEqual({ 'P1/A': 2, 'P1/B': 2, 'P2/C': 1 });
    expect(run.state.redirected).toEqual([]);
  });

  it('forgets the chain once a draw brings questions', () => {
    const s = general([
      phase('P', [point('A', { onOK: 'B', onError: 'B' }), point('B', { onOK: 'A', onError: 'A', requireCorrect: 0 })]),
    ]);
    const run = new Run(s).visit('a1', true).visit('b1', true).draw();
    expect(run.where).toBe('P/B');
    expect(run.state.redirected).toEqual(['P/A']);
    run.draw('b2');
    expect(run.state.redirected).toEqual([]);
  });

  it('finishes when an empty draw in the last phase goes to @next', () => {
    const run = new Run(general([phase('P', [point('A')])])).draw();
    expect(run.state.status).toBe('finished');
  });
});

describe('finish and misuse', () => {
  const scheme = general([phase('P', [point('A', { repeat: 2 })])]);

  it('ends the training whatever is pending', () => {
    for (const run of [new Run(scheme), new Run(scheme).draw('q1', 'q2').answer('q1', true)]) {
      run.at(3000).finish();
      expect(run.state).toMatchObject({ status: 'finished', endedAt: T0 + 3000, pending: { kind: 'done' } });
      expect(codeOf(() => run.finish())).toBe('not_running');
      expect(codeOf(() => run.answer('q2', true))).toBe('not_running');
    }
  });

  it('keeps every answer and the score when finished early', () => {
    const run = new Run(scheme).draw('q1', 'q2').answer('q1', true).finish();
    expect(run.state.answers).toHaveLength(1);
    expect(run.state.score).toBe(1);
    expect(run.state.maxScore).toBe(2);
  });

  it('refuses a second start, and a replay that does not begin with one', () => {
    const s = startTraining(scheme, T0, 1);
    expect(codeOf(() => applyEvent(scheme, s, { type: 'start', at: T0, seed: 1 }))).toBe('not_running');
    expect(codeOf(() => replay(scheme, [{ type: 'finish', at: T0 }]))).toBe('not_running');
    expect(codeOf(() => replay(scheme, []))).toBe('not_running');
  });

  it('never changes the state it is given', () => {
    const run = new Run(scheme).draw('q1', 'q2');
    const frozen = deepFreeze(run.state);
    const copy = structuredClone(frozen);
    const next = applyEvent(scheme, frozen, { type: 'answer', at: T0, questionId: 'q1', score: 1, isCorrect: true });
    expect(next).not.toBe(frozen);
    expect(frozen).toEqual(copy);
  });

  it('replays the recorded events to the same state', () => {
    const run = new Run(scheme).draw('q1', 'q2').answer('q1', true).answer('q2', false);
    expect(run.replayed()).toEqual(run.state);
  });

  it('ends at once a scheme without phases (invalid) rather than failing', () => {
    const s: EngineScheme = { ...scheme, phases: [] };
    expect(startTraining(s, T0, 1).status).toBe('finished');
  });
});
