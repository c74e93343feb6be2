import { describe, expect, it } from 'vitest';
import { EngineError, MAX_ANSWERS_PER_QUESTION, advanceTime, countedAnswers, trainingBound } from './index.js';
import { Run, SECOND, T0, paper } from './test-support.js';

const codeOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    if (err instanceof EngineError) return err.code;
    throw err;
  }
  return null;
};

const scheme = paper(['p1', 'p2', 'p3', 'p4'], { timeLimit: 600 });

describe('paper schemes', () => {
  it('asks for the whole paper, then offers all of it at once', () => {
    const run = new Run(scheme);
    expect(run.state.pending).toMatchObject({
      kind: 'draw',
      request: { count: 4, selectors: { questionIds: ['p1', 'p2', 'p3', 'p4'] } },
    });
    run.draw('p1', 'p2', 'p3', 'p4');
    expect(run.state.pending).toEqual({ kind: 'paper', questionIds: ['p1', 'p2', 'p3', 'p4'] });
    expect(run.state.maxScore).toBe(4);
    expect(trainingBound(scheme)).toBe(4);
  });

  it('keeps what the service could draw when some questions are gone', () => {
    const run = new Run(scheme).draw('p1', 'p3');
    expect(run.state.pending).toEqual({ kind: 'paper', questionIds: ['p1', 'p3'] });
    expect(run.state.maxScore).toBe(2);
    expect(codeOf(() => run.answer('p2', true))).toBe('not_in_training');
  });

  it('takes answers in any order and lets them change until the end; the last one scores', () => {
    const run = new Run(scheme).draw('p1', 'p2', 'p3', 'p4');
    run.answer('p3', true).answer('p1', false).answer('p3', false).answer('p1', true).answer('p4', true, 1);
    expect(run.state.score).toBe(2);
    expect(run.state.answers.map((a) => [a.questionId, a.first])).toEqual([
      ['p3', true],
      ['p1', true],
      ['p3', false],
      ['p1', false],
      ['p4', true],
    ]);
    expect(countedAnswers(scheme, run.state).map((a) => [a.questionId, a.isCorrect])).toEqual([
      ['p3', false],
      ['p1', true],
      ['p4', true],
    ]);
    expect(run.state.pending.kind).toBe('paper');
  });

  it(`refuses a question's answer past ${MAX_ANSWERS_PER_QUESTION} and keeps the last one taken`, () => {
    const run = new Run(scheme).draw('p1', 'p2');
    for (let i = 0; i < MAX_ANSWERS_PER_QUESTION; i++) run.answer('p1', i % 2 === 1);
    expect(codeOf(() => run.answer('p1', false))).toBe('too_many_answers');
    expect(run.state.answers).toHaveLength(MAX_ANSWERS_PER_QUESTION);
    expect(run.state.score).toBe(1);
    run.answer('p2', true);
    expect(run.state.score).toBe(2);
  });

  it('counts a manual answer as 0 until a teacher judges it', () => {
    const run = new Run(scheme).draw('p1', 'p2').answer('p1', true).answer('p2', null);
    expect(run.state.score).toBe(1);
    expect(run.state.answers[1]).toMatchObject({ score: null, isCorrect: null, first: true });
  });

  it('ends on finish with the answers and score it has', () => {
    const run = new Run(scheme)
      .draw('p1', 'p2')
      .answer('p2', true)
      .at(30 * SECOND)
      .finish();
    expect(run.state).toMatchObject({ status: 'finished', endedAt: T0 + 30 * SECOND, score: 1, maxScore: 2 });
    expect(codeOf(() => run.answer('p1', true))).toBe('not_running');
  });

  it('expires at the scheme deadline', () => {
    const run = new Run(scheme).draw('p1', 'p2').answer('p1', true);
    const s = advanceTime(scheme, run.state, T0 + 601 * SECOND);
    expect(s).toMatchObject({ status: 'expired', endedAt: T0 + 600 * SECOND, score: 1 });
  });

  it("ends (finished) at its phase's deadline", () => {
    const s = paper(['p1']);
    s.phases[0].timeLimit = 60;
    const run = new Run(s).draw('p1');
    expect(advanceTime(s, run.state, T0 + 61 * SECOND)).toMatchObject({
      status: 'finished',
      endedAt: T0 + 60 * SECOND,
    });
  });

  it('finishes at once when none of its questions can be drawn', () => {
    expect(new Run(scheme).draw().state.status).toBe('finished');
  });

  it('takes no further draw', () => {
    const run = new Run(scheme).draw('p1');
    expect(codeOf(() => run.draw('p2'))).toBe('unexpected_draw');
  });

  it('replays to the same state', () => {
    const run = new Run(scheme).draw('p1', 'p2').answer('p2', false).answer('p2', true).finish();
    expect(run.replayed()).toEqual(run.state);
  });
});
