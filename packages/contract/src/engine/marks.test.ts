// Marks (docs/practice-engine.md "Marks"): a paper's marks per question, a general point's weight, partial credit,
// the verdict, the share, 正确率's credit and the wrong-answer book's rule.
import { describe, expect, it } from 'vitest';
import {
  countedAnswers,
  creditOf,
  entersWrongBook,
  pointMark,
  questionMark,
  shareOf,
  validateScheme,
  verdictOf,
  WRONG_BOOK_SHARE,
  type EngineScheme,
  type TrainingState,
} from './index.js';
import { Run, general, paper, phase, point } from './test-support.js';

/** A paper of three questions: an essay worth 15, a choice worth 2 (by `marks`), and one left at 1. */
const weighted = (): EngineScheme => {
  const s = paper(['essay', 'mc', 'tf']);
  s.phases[0].points[0].marks = { essay: 15, mc: 2 };
  return s;
};

describe('marks of a paper', () => {
  it('adds each question at its mark to maxScore', () => {
    const run = new Run(weighted()).draw('essay', 'mc', 'tf');
    expect(run.state.maxScore).toBe(18);
  });

  it('counts only the questions the service could draw', () => {
    expect(new Run(weighted()).draw('mc', 'tf').state.maxScore).toBe(3);
  });

  it("scores an auto-judged answer as the judge's share of the mark, and stores the mark with it", () => {
    const run = new Run(weighted()).draw('essay', 'mc', 'tf');
    run.answer('mc', true).answer('tf', false).answer('essay', false, 0.5);
    expect(run.state.answers.map((a) => [a.questionId, a.score, a.mark])).toEqual([
      ['mc', 2, 2],
      ['tf', 0, 1],
      ['essay', 7.5, 15],
    ]);
    expect(run.state.score).toBe(9.5);
  });

  it('the last answer of a question scores at its mark; a manual one counts 0 until marked', () => {
    const run = new Run(weighted()).draw('essay', 'mc', 'tf');
    run.answer('mc', false).answer('mc', true).answer('essay', null);
    expect(run.state.score).toBe(2);
    expect(countedAnswers(run.scheme, run.state).find((a) => a.questionId === 'essay')).toMatchObject({
      score: null,
      mark: 15,
    });
  });

  it('replays to the same state', () => {
    const run = new Run(weighted()).draw('essay', 'mc', 'tf').answer('essay', false, 0.8).answer('mc', true).finish();
    expect(run.replayed()).toEqual(run.state);
  });
});

describe('weights of a general scheme', () => {
  const scheme = general([
    phase('P', [
      point('A', { repeat: 2, requireCorrect: 1, mark: 3, onOK: 'B', onError: 'B' }),
      point('B', { repeat: 1, requireCorrect: 0, onOK: '@end', onError: '@end' }),
    ]),
  ]);

  it("gives each question the point's mark; a point without one gives 1", () => {
    const run = new Run(scheme).draw('a1', 'a2');
    expect(run.state.maxScore).toBe(6);
    run.answer('a1', true).answer('a2', false, 0.5);
    expect(run.state.score).toBe(4.5);
    run.draw('b1').answer('b1', true);
    expect(run.state).toMatchObject({ status: 'finished', score: 5.5, maxScore: 7 });
  });

  it('a partial answer is not right: the visit still needs right answers to pass', () => {
    const run = new Run(scheme).draw('a1', 'a2').answer('a1', false, 0.9).answer('a2', false, 0.9);
    expect(run.state.passed['P/A']).toBe(false);
  });
});

describe('pointMark and questionMark', () => {
  it('take the question’s own mark, then the point’s, then 1', () => {
    expect(pointMark({ marks: { q: 15 }, mark: 2 }, 'q')).toBe(15);
    expect(pointMark({ marks: { q: 15 }, mark: 2 }, 'r')).toBe(2);
    expect(pointMark({}, 'q')).toBe(1);
    expect(pointMark(undefined, 'q')).toBe(1);
    expect(questionMark(weighted(), '试卷', '卷面', 'essay')).toBe(15);
    expect(questionMark(weighted(), '试卷', '没有', 'essay')).toBe(1);
  });

  it('count a mark that is not one (0, negative, past 100, not a half) as 1', () => {
    for (const bad of [0, -2, 101, 0.3, Number.NaN]) expect(pointMark({ mark: bad, marks: { q: bad } }, 'q')).toBe(1);
  });
});

describe('verdict, share, credit and the wrong-answer book', () => {
  it('reads full marks as correct, nothing as wrong, anything between as partial', () => {
    expect(verdictOf(true, 1)).toBe('correct');
    expect(verdictOf(false, 0.8)).toBe('partial');
    expect(verdictOf(false, 0)).toBe('wrong');
    expect(verdictOf(null, null)).toBeNull();
  });

  it('takes the share of the mark, 1 for an older answer without a mark', () => {
    expect(shareOf(12, 15)).toBe(0.8);
    expect(shareOf(0.5, undefined)).toBe(0.5);
    expect(shareOf(null, 15)).toBeNull();
  });

  it('sums shares into the credit 正确率 reads', () => {
    const answers = [
      { score: 12, isCorrect: false, mark: 15 },
      { score: 1, isCorrect: true, mark: 1 },
      { score: null, isCorrect: null, mark: 1 },
      { score: 0.5, isCorrect: false },
    ];
    expect(creditOf(answers)).toBe(2.3);
  });

  it(`puts an answer below ${WRONG_BOOK_SHARE * 100} % of its mark in the book, at or above it not`, () => {
    expect(entersWrongBook(false, 0)).toBe(true);
    expect(entersWrongBook(false, 0.59)).toBe(true);
    expect(entersWrongBook(false, 0.6)).toBe(false);
    expect(entersWrongBook(false, 0.8)).toBe(false);
    expect(entersWrongBook(true, 1)).toBe(false);
    expect(entersWrongBook(null, null)).toBe(false);
  });

  it('a state stored before marks (answers without mark) reads every question as 1', () => {
    const run = new Run(paper(['p1', 'p2'])).draw('p1', 'p2').answer('p1', false, 0.5).answer('p2', true);
    const old = structuredClone<TrainingState>(run.state);
    for (const a of old.answers) delete a.mark;
    expect(creditOf(countedAnswers(run.scheme, old))).toBe(1.5);
    expect(old.score).toBe(1.5);
  });
});

describe('validateScheme and marks', () => {
  it('accepts marks in halves from 0.5 to 100 on the listed questions', () => {
    const s = weighted();
    s.phases[0].points[0].marks = { essay: 100, mc: 0.5, tf: 2.5 };
    expect(validateScheme(s)).toEqual([]);
  });

  it('refuses a mark out of range or not a half, and a mark for a question not on the list', () => {
    const s = weighted();
    s.phases[0].points[0].marks = { essay: 0, mc: 1.25, zz: 2 };
    s.phases[0].points[0].mark = 101;
    expect(validateScheme(s)).toEqual([
      { field: 'phases[0].points[0].mark', message: '分值必须是 0.5 到 100 之间、0.5 的整数倍' },
      { field: 'phases[0].points[0].marks.essay', message: '分值必须是 0.5 到 100 之间、0.5 的整数倍' },
      { field: 'phases[0].points[0].marks.mc', message: '分值必须是 0.5 到 100 之间、0.5 的整数倍' },
      { field: 'phases[0].points[0].marks.zz', message: '题目「zz」不在题目列表中，不能设分值' },
    ]);
  });
});
