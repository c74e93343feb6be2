import { describe, expect, it } from 'vitest';
import { JudgeResult } from '../schemas/question.js';
import {
  judgeEnReading,
  judgeFillBlank,
  judgeMultipleChoice,
  judgeQuestion,
  judgeShortAnswer,
  judgeSingleChoice,
  judgeTranslation,
  judgeTrueFalse,
  type JudgeTarget,
} from './index.js';

const src = (answer: string[], explanation = '<p>解析</p>') => ({ answer, explanation });

describe('judgeSingleChoice', () => {
  const q = src(['B']);
  it.each([['B'], ['b'], ['Ｂ'], ['ｂ'], [' B '], ['B', 'B'], ['B', 'b', 'Ｂ']])('accepts %j', (...answer) => {
    const r = judgeSingleChoice(q, answer);
    expect(r).toMatchObject({ isCorrect: true, score: 1, pending: false, feedback: '回答正确' });
    expect(r.submitAnswer).toEqual(answer);
  });
  it.each([[[]], [['']], [['A']], [['A', 'B']], [['AB']], [['1']], [['BB', 'C']]])('rejects %j', (answer) => {
    expect(judgeSingleChoice(q, answer)).toMatchObject({
      isCorrect: false,
      score: 0,
      pending: false,
      feedback: '回答错误，正确答案是 B',
    });
  });
  it('carries the standard answer and the explanation', () => {
    const r = judgeSingleChoice(q, ['A']);
    expect(r.standardAnswer).toEqual(['B']);
    expect(r.explanation).toBe('<p>解析</p>');
    expect(() => JudgeResult.parse(r)).not.toThrow();
  });
});

describe('judgeMultipleChoice', () => {
  const q = src(['A', 'C']);
  it.each([[['A', 'C']], [['C', 'A']], [['c', 'a', 'A']], [['Ａ', 'ｃ']], [['AC']], [['C,A']], [['A、C']]])(
    'accepts %j',
    (answer) => {
      expect(judgeMultipleChoice(q, answer)).toMatchObject({ isCorrect: true, score: 1 });
    },
  );
  it.each([[['A']], [['A', 'B', 'C']], [['B']], [[]], [['', ' ']]])('is all-or-nothing: %j is wrong', (answer) => {
    expect(judgeMultipleChoice(q, answer)).toMatchObject({
      isCorrect: false,
      score: 0,
      feedback: '回答错误，正确答案是 A、C',
    });
  });
});

describe('judgeTrueFalse', () => {
  it.each([['T'], ['t'], ['true'], ['对'], ['正确'], ['√'], ['Ｔ'], ['T', 'true']])('accepts %j for T', (...answer) => {
    expect(judgeTrueFalse(src(['T']), answer)).toMatchObject({ isCorrect: true, score: 1 });
  });
  it.each([['F'], ['false'], ['错'], ['×'], ['ｆ']])('accepts %j for F', (answer) => {
    expect(judgeTrueFalse(src(['F']), [answer])).toMatchObject({ isCorrect: true, score: 1 });
  });
  it.each([[['F']], [['T', 'F']], [[]], [['']], [['yes']], [['A']]])('rejects %j for T', (answer) => {
    expect(judgeTrueFalse(src(['T']), answer)).toMatchObject({
      isCorrect: false,
      score: 0,
      feedback: '回答错误，正确答案是 对',
    });
  });
});

describe('judgeFillBlank', () => {
  const q = src(['went|had gone', 'New York | NY', '北京，上海']);
  it('accepts every alternative after trimming, width, case and whitespace normalisation', () => {
    expect(judgeFillBlank(q, ['WENT', ' new   york ', '北京,上海'])).toMatchObject({ isCorrect: true, score: 1 });
    expect(judgeFillBlank(q, ['had gone', 'ＮＹ', '北京，上海'])).toMatchObject({ isCorrect: true, score: 1 });
    expect(judgeFillBlank(q, ['Had\u3000Gone', 'ny', '  北京，上海\n'])).toMatchObject({ isCorrect: true });
  });
  it('scores the fraction of blanks right and names the answer', () => {
    const r = judgeFillBlank(q, ['went', 'LA', '北京']);
    expect(r.isCorrect).toBe(false);
    expect(r.score).toBeCloseTo(1 / 3);
    expect(r.feedback).toBe(
      '回答错误（答对 1/3 空），正确答案是 第 1 空：went 或 had gone；第 2 空：New York 或 NY；第 3 空：北京，上海',
    );
  });
  it('counts missing blanks as wrong and ignores extra entries', () => {
    expect(judgeFillBlank(q, ['went'])).toMatchObject({ isCorrect: false });
    expect(judgeFillBlank(q, ['went']).score).toBeCloseTo(1 / 3);
    expect(judgeFillBlank(q, ['went', 'NY', '北京，上海', 'extra'])).toMatchObject({ isCorrect: true, score: 1 });
  });
  it('judges an empty submission wrong with score 0', () => {
    for (const answer of [[], [''], ['', '', ''], [' ', '\u3000', '\t']])
      expect(judgeFillBlank(q, answer)).toMatchObject({ isCorrect: false, score: 0, pending: false });
  });
  it('matches blanks by position, not by content', () => {
    expect(judgeFillBlank(src(['a', 'b']), ['b', 'a'])).toMatchObject({ isCorrect: false, score: 0 });
  });
  it('shows one blank without a number', () => {
    expect(judgeFillBlank(src(['cat|kitten']), ['dog']).feedback).toBe('回答错误，正确答案是 cat 或 kitten');
  });
  it('does not accept the empty alternative of a malformed answer', () => {
    expect(judgeFillBlank(src(['a|']), [''])).toMatchObject({ isCorrect: false });
  });
});

describe('judgeTranslation', () => {
  const ref = 'I like reading books very much.';
  it('is correct at similarity ≥ 80 with score 1 and reports the similarity', () => {
    const r = judgeTranslation(src([ref]), ['i like  reading books very much']);
    expect(r).toMatchObject({ isCorrect: true, score: 1, pending: false });
    expect(r.similarity).toBeGreaterThanOrEqual(80);
    expect(r.feedback).toMatch(/^回答正确（相似度 \d+\.\d\d%）$/);
  });
  it('is wrong below 80 with score 0 and shows the reference', () => {
    const r = judgeTranslation(src([ref]), ['I love books.']);
    expect(r).toMatchObject({ isCorrect: false, score: 0 });
    expect(r.similarity).toBeLessThan(80);
    expect(r.feedback).toContain(`参考译文：${ref}`);
  });
  it('does not give 100 to an answer that merely contains the reference', () => {
    const r = judgeTranslation(src(['yes']), ['yes yes yes yes yes']);
    expect(r.isCorrect).toBe(false);
  });
  it('judges an empty answer wrong with similarity 0', () => {
    for (const answer of [[], [''], ['  ']])
      expect(judgeTranslation(src([ref]), answer)).toMatchObject({ isCorrect: false, score: 0, similarity: 0 });
  });
  it('works on Chinese and on full-width input', () => {
    expect(judgeTranslation(src(['我非常喜欢读书。']), ['我非常喜欢读书'])).toMatchObject({ isCorrect: true });
    expect(judgeTranslation(src(['Good morning']), ['Ｇｏｏｄ　ｍｏｒｎｉｎｇ'])).toMatchObject({ similarity: 100 });
  });
});

describe('judgeShortAnswer', () => {
  it('queues every answer, even an empty one, for a teacher', () => {
    for (const answer of [['一段论述'], []]) {
      const r = judgeShortAnswer(src(['参考答案']), answer);
      expect(r).toMatchObject({ isCorrect: null, score: 0, pending: true, feedback: '已提交，等待老师批改' });
      expect(r.standardAnswer).toEqual(['参考答案']);
    }
  });
});

const reading = {
  explanation: '<p>文章解析</p>',
  questionSub: [
    { questionSubId: 's1', type: 'singleChoice' as const, answer: ['A'], explanation: '第一题' },
    { questionSubId: 's2', type: 'trueFalse' as const, answer: ['F'] },
    { questionSubId: 's3', type: 'fillBlank' as const, answer: ['run|ran', 'fast'] },
    { questionSubId: 's4', type: 'translation' as const, answer: ['他跑得很快。'] },
  ],
};

describe('judgeEnReading', () => {
  it('is correct when every sub-question is right', () => {
    const r = judgeEnReading(reading, {
      subAnswers: { s1: ['a'], s2: ['错'], s3: ['RAN', 'fast'], s4: ['他跑得很快'] },
    });
    expect(r).toMatchObject({ isCorrect: true, score: 1, pending: false, feedback: '回答正确', standardAnswer: [] });
    expect(r.subResults?.map((s) => s.score)).toEqual([1, 1, 1, 1]);
    expect(r.subResults?.[0]).toMatchObject({ questionSubId: 's1', explanation: '第一题', submitAnswer: ['a'] });
    expect(() => JudgeResult.parse(r)).not.toThrow();
  });
  it('scores the fraction of sub-questions right; a partly right fillBlank counts as wrong', () => {
    const r = judgeEnReading(reading, {
      subAnswers: { s1: ['A'], s2: ['T'], s3: ['ran', 'slow'], s4: ['他跑得很快。'] },
    });
    expect(r).toMatchObject({ isCorrect: false, score: 0.5, feedback: '回答错误，答对 2/4 小题' });
    expect(r.subResults?.[2]).toMatchObject({ isCorrect: false, score: 0 });
  });
  it('judges missing sub-answers wrong and ignores unknown ids', () => {
    const r = judgeEnReading(reading, { subAnswers: { s1: ['A'], nope: ['B'] } });
    expect(r).toMatchObject({ isCorrect: false, score: 0.25 });
    expect(judgeEnReading(reading, {})).toMatchObject({ isCorrect: false, score: 0 });
  });
  it('leaves shortAnswer sub-questions pending and says so', () => {
    const q = {
      questionSub: [
        { questionSubId: 'a', type: 'singleChoice' as const, answer: ['B'] },
        { questionSubId: 'b', type: 'shortAnswer' as const, answer: ['参考'] },
      ],
    };
    const right = judgeEnReading(q, { subAnswers: { a: ['B'], b: ['我的看法'] } });
    expect(right).toMatchObject({ isCorrect: null, pending: true, score: 0.5 });
    expect(right.feedback).toBe('已提交，等待老师批改（已自动判分的 1 小题中答对 1 小题）');
    expect(right.subResults?.[1]).toMatchObject({ isCorrect: null, pending: true, score: 0 });
    // Once an auto-judged sub-question is wrong, the whole can no longer be right.
    expect(judgeEnReading(q, { subAnswers: { a: ['C'] } })).toMatchObject({ isCorrect: false, pending: true });
  });
  it('with judgeType manual leaves fillBlank and translation to the teacher but still judges choices', () => {
    const r = judgeEnReading({ ...reading, judgeType: 'manual' }, { subAnswers: { s1: ['A'], s2: ['F'] } });
    expect(r.subResults?.map((s) => s.isCorrect)).toEqual([true, true, null, null]);
    expect(r).toMatchObject({ isCorrect: null, pending: true, score: 0.5 });
  });
  it('is wrong with no sub-questions at all', () => {
    expect(judgeEnReading({ questionSub: [] }, {})).toMatchObject({ isCorrect: false, score: 0 });
  });
  it('judges only the sub-questions a teacher accepted (a pending one is neither asked nor counted)', () => {
    const q = {
      questionSub: [
        { questionSubId: 'a', type: 'singleChoice' as const, answer: ['B'], status: 'accepted' },
        { questionSubId: 'p', type: 'singleChoice' as const, answer: ['C'], status: 'pending' },
      ],
    };
    const r = judgeEnReading(q, { subAnswers: { a: ['B'] } });
    expect(r).toMatchObject({ isCorrect: true, score: 1 });
    expect(r.subResults?.map((s) => s.questionSubId)).toEqual(['a']);
  });
});

describe('judgeQuestion', () => {
  const q = (type: JudgeTarget['type'], answer: string[], judgeType: 'auto' | 'manual' = 'auto'): JudgeTarget => ({
    type,
    judgeType,
    answer,
    explanation: '',
  });
  it('dispatches by type', () => {
    expect(judgeQuestion(q('singleChoice', ['A']), { answer: ['a'] }).isCorrect).toBe(true);
    expect(judgeQuestion(q('multipleChoice', ['A', 'B']), { answer: ['A'] }).isCorrect).toBe(false);
    expect(judgeQuestion(q('trueFalse', ['T']), { answer: ['对'] }).isCorrect).toBe(true);
    expect(judgeQuestion(q('fillBlank', ['x|y']), { answer: ['Y'] }).isCorrect).toBe(true);
    expect(judgeQuestion(q('translation', ['hello world']), { answer: ['Hello world!'] }).isCorrect).toBe(true);
    expect(judgeQuestion(q('shortAnswer', ['ref'], 'manual'), { answer: ['x'] }).pending).toBe(true);
    expect(judgeQuestion({ ...q('enReading', []), questionSub: reading.questionSub }, {}).score).toBe(0);
  });
  it('treats a missing answer as empty (wrong, not an error)', () => {
    expect(judgeQuestion(q('singleChoice', ['A']), {})).toMatchObject({ isCorrect: false, submitAnswer: [] });
    expect(judgeQuestion({ type: 'enReading', answer: [] }, {})).toMatchObject({ isCorrect: false });
  });
  it('makes manual fillBlank and translation pending, but never choice or trueFalse', () => {
    expect(judgeQuestion(q('fillBlank', ['x'], 'manual'), { answer: ['x'] })).toMatchObject({ isCorrect: null });
    expect(judgeQuestion(q('translation', ['x'], 'manual'), { answer: ['x'] })).toMatchObject({ pending: true });
    expect(judgeQuestion(q('singleChoice', ['A'], 'manual'), { answer: ['A'] })).toMatchObject({ isCorrect: true });
    expect(judgeQuestion(q('shortAnswer', ['x'], 'auto'), { answer: ['x'] })).toMatchObject({ pending: true });
  });
  it('does not mutate its inputs', () => {
    const question = Object.freeze({ ...q('fillBlank', ['a']), answer: Object.freeze(['a']) });
    const answer = Object.freeze(['A']);
    const r = judgeQuestion(question, { answer });
    r.submitAnswer.push('changed');
    r.standardAnswer.push('changed');
    expect(answer).toEqual(['A']);
    expect(question.answer).toEqual(['a']);
  });
});
