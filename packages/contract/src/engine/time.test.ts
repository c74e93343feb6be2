import { describe, expect, it } from 'vitest';
import { EngineError, advanceTime, applyEvent } from './index.js';
import { Run, SECOND, T0, general, phase, point } from './test-support.js';

const codeOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    if (err instanceof EngineError) return err.code;
    throw err;
  }
  return null;
};

const loop = (name: string) => point(name, { onOK: name, onError: name, requireCorrect: 0 });

describe('scheme time limit', () => {
  const scheme = general([phase('P', [loop('A')])], { timeLimit: 60 });

  it('sets the deadline at start', () => {
    expect(new Run(scheme).state.schemeDeadline).toBe(T0 + 60 * SECOND);
  });

  it('expires the training at the deadline, keeping every answer', () => {
    const run = new Run(scheme).visit('q1', true).draw('q2');
    const s = advanceTime(scheme, run.state, T0 + 90 * SECOND);
    expect(s).toMatchObject({ status: 'expired', endedAt: T0 + 60 * SECOND, phase: null, pending: { kind: 'done' } });
    expect(s.answers).toEqual(run.state.answers);
    expect(s.score).toBe(1);
  });

  it('expires exactly at the deadline, not a millisecond before', () => {
    const run = new Run(scheme).draw('q1');
    expect(advanceTime(scheme, run.state, T0 + 60 * SECOND - 1)).toBe(run.state);
    expect(advanceTime(scheme, run.state, T0 + 60 * SECOND).status).toBe('expired');
  });

  it('refuses events once the deadline has passed', () => {
    const run = new Run(scheme).draw('q1').at(60 * SECOND);
    expect(codeOf(() => run.answer('q1', true))).toBe('not_running');
    expect(codeOf(() => run.finish())).toBe('not_running');
    expect(codeOf(() => run.draw('q2'))).toBe('not_running');
    expect(() => run.finish()).toThrow('训练时间已到，训练已结束');
  });
});

describe('phase time limits', () => {
  const scheme = general([
    phase('P1', [loop('A')], { timeLimit: 10 }),
    phase('P2', [loop('B')], { timeLimit: 20 }),
    phase('P3', [loop('C')], { timeLimit: 30 }),
    phase('P4', [loop('D')]),
  ]);

  it('moves to the next phase at the deadline, whose clock starts at that deadline', () => {
    const run = new Run(scheme).draw('q1');
    expect(run.state.phaseDeadline).toBe(T0 + 10 * SECOND);
    const s = advanceTime(scheme, run.state, T0 + 12 * SECOND);
    expect(s).toMatchObject({ phase: 'P2', point: 'B', phaseStartedAt: T0 + 10 * SECOND, status: 'running' });
    expect(s.phaseDeadline).toBe(T0 + 30 * SECOND);
    expect(s.pending).toMatchObject({ kind: 'draw', request: { phase: 'P2', point: 'B', exclude: ['q1'] } });
  });

  it('refuses an answer to a question of a phase whose time is up', () => {
    const run = new Run(scheme).draw('q1').at(10 * SECOND);
    expect(codeOf(() => run.answer('q1', true))).toBe('not_current');
  });

  it('skips several phases when their deadlines all passed', () => {
    const run = new Run(scheme).draw('q1');
    const s = advanceTime(scheme, run.state, T0 + 65 * SECOND);
    expect(s).toMatchObject({ phase: 'P4', point: 'D', phaseStartedAt: T0 + 60 * SECOND, phaseDeadline: null });
    expect(s.entries).toEqual({ 'P1/A': 1, 'P2/B': 1, 'P3/C': 1, 'P4/D': 1 });
  });

  it('applies the deadlines before the event: a draw arriving late goes to the phase of its time', () => {
    const run = new Run(scheme).at(31 * SECOND).draw('q1');
    expect(run.state.visit).toEqual({ phase: 'P3', point: 'C', n: 1, questionIds: ['q1'] });
  });

  it('finishes the training when the last phase with a limit runs out', () => {
    const s = general([phase('P1', [loop('A')], { timeLimit: 10 })]);
    const run = new Run(s).draw('q1');
    expect(advanceTime(s, run.state, T0 + 11 * SECOND)).toMatchObject({
      status: 'finished',
      endedAt: T0 + 10 * SECOND,
    });
  });

  it('lets the scheme deadline win when it comes first, or at the same moment', () => {
    for (const limit of [25, 30]) {
      const s = { ...scheme, timeLimit: limit };
      const run = new Run(s).draw('q1');
      expect(advanceTime(s, run.state, T0 + 100 * SECOND)).toMatchObject({
        status: 'expired',
        endedAt: T0 + limit * SECOND,
      });
    }
  });

  it('gives the same state whether time is advanced in steps or at once', () => {
    const run = new Run({ ...scheme, timeLimit: 50 }).draw('q1');
    const direct = advanceTime(run.scheme, run.state, T0 + 45 * SECOND);
    let stepped = run.state;
    for (const t of [5, 10, 11, 29, 30, 44, 45]) stepped = advanceTime(run.scheme, stepped, T0 + t * SECOND);
    expect(stepped).toEqual(direct);
  });

  it('starts a phase entered by @next with its full time', () => {
    const s = general([phase('P1', [point('A')], { timeLimit: 100 }), phase('P2', [point('B')], { timeLimit: 20 })]);
    const run = new Run(s).at(7 * SECOND).visit('q1', true);
    expect(run.state).toMatchObject({ phase: 'P2', phaseStartedAt: T0 + 7 * SECOND, phaseDeadline: T0 + 27 * SECOND });
    const after = applyEvent(s, run.state, { type: 'draw', at: T0 + 8 * SECOND, questionIds: ['q2'] });
    expect(after.phase).toBe('P2');
  });
});
