import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { judgeQuestion } from '@edu/contract';
import { answerText } from './AnswerText';
import { JudgeResultView } from './JudgeResultView';

describe('answerText', () => {
  it('shows answers as people read them, never the stored encoding', () => {
    expect(answerText('multipleChoice', ['A', 'C'])).toBe('A、C');
    expect(answerText('trueFalse', ['T'])).toBe('对');
    expect(answerText('trueFalse', ['false'], false)).toBe('错');
    expect(answerText('fillBlank', ['went|had gone'])).toBe('went / had gone');
    expect(answerText('fillBlank', ['went|had gone', '\\|x\\|'])).toBe('第 1 空：went / had gone；第 2 空：|x|');
    expect(answerText('fillBlank', ['went', ' '], false)).toBe('第 1 空：went；第 2 空：（空）');
    expect(answerText('translation', [])).toBe('（无）');
  });
});

const fill = { type: 'fillBlank' as const, answer: ['went|had gone', 'fast'], explanation: '<p>go 的过去式</p>' };

describe('JudgeResultView', () => {
  it('fillBlank: every accepted alternative is its own tag; the given answer and explanation are shown', () => {
    const { container } = render(
      <JudgeResultView type="fillBlank" result={judgeQuestion(fill, { answer: ['ＷＥＮＴ', 'slow'] })} />,
    );
    const tags = Array.from(container.querySelectorAll('.answer-alternative')).map((t) => t.textContent);
    expect(tags).toEqual(['went', 'had gone', 'fast']);
    expect(container.textContent).not.toContain('went|had gone');
    expect(screen.getByText('第 1 空：ＷＥＮＴ；第 2 空：slow')).toBeTruthy();
    expect(screen.getByText(/回答错误（答对 1\/2 空）/)).toBeTruthy();
    // Half the blanks is half the mark: partly right, not ✗ (docs/practice-engine.md "Marks").
    expect(container.querySelector('.ant-tag')?.textContent).toBe('部分正确');
    expect(screen.getByText('得分 50%')).toBeTruthy();
    expect(screen.getByText('go 的过去式')).toBeTruthy();
  });

  it('a right answer says 回答正确 once (the feedback only repeats the verdict)', () => {
    render(
      <JudgeResultView
        type="trueFalse"
        result={judgeQuestion({ type: 'trueFalse', answer: ['T'] }, { answer: ['对'] })}
      />,
    );
    expect(screen.getAllByText('回答正确')).toHaveLength(1);
    expect(screen.getByText('得分 100%')).toBeTruthy();
    expect(screen.getAllByText('对')).toHaveLength(2);
  });

  it('shortAnswer waits for the teacher and shows the reference answer', () => {
    const result = judgeQuestion(
      { type: 'shortAnswer', judgeType: 'manual', answer: ['先移项'] },
      { answer: ['我的答案'] },
    );
    render(<JudgeResultView type="shortAnswer" result={result} />);
    expect(screen.getByText('等待老师批改')).toBeTruthy();
    expect(screen.getByText('已提交，等待老师批改')).toBeTruthy();
    expect(screen.getByText('先移项')).toBeTruthy();
    expect(screen.getByText('参考答案')).toBeTruthy();
  });

  it('enReading: per sub-question results with blanks as tags', () => {
    const reading = {
      type: 'enReading' as const,
      answer: [],
      questionSub: [
        { questionSubId: 's1', type: 'fillBlank' as const, answer: ['friends|classmates'], explanation: '见第二句。' },
        { questionSubId: 's2', type: 'trueFalse' as const, answer: ['T'] },
      ],
    };
    const result = judgeQuestion(reading, { subAnswers: { s1: ['Friends'], s2: ['F'] } });
    const { container } = render(<JudgeResultView type="enReading" result={result} />);
    expect(container.querySelectorAll('.sub-result')).toHaveLength(2);
    expect(Array.from(container.querySelectorAll('.answer-alternative')).map((t) => t.textContent)).toEqual([
      'friends',
      'classmates',
    ]);
    expect(screen.getByText('回答错误，答对 1/2 小题')).toBeTruthy();
    expect(screen.getByText('见第二句。')).toBeTruthy();
  });
});
