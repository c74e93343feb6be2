// A training record as people read it: the question's text (excerpt, whole sanitised stem on 展开题目) and the
// answer in words — choice letters with the option's text, blanks one by one, a reading question per sub-question.
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import type { TrainingRecord } from '@edu/contract';
import { record as trainingRecord } from '../../test/trainings';
import { RecordAnswer, RecordStem } from './RecordView';

// The student pages' record fixture, as a choice question with its text and options.
const record = (over: Partial<TrainingRecord> = {}): TrainingRecord =>
  trainingRecord({
    questionId: '7',
    title: '',
    stem: '<p>下列哪个是水果？</p>',
    options: [
      { key: 'A', content: '<p>土豆</p>' },
      { key: 'B', content: '<p>苹果</p>' },
    ],
    ...over,
  });

describe('RecordStem', () => {
  it('shows the stem, not the question id; 展开题目 shows the whole stem, sanitised', async () => {
    const long = `<p>${'很长的题干'.repeat(30)}</p><p>第二段<img src="x" onerror="window.__pwned=1"></p><script>window.__pwned=1</script>`;
    const { container } = render(<RecordStem record={record({ stem: long })} />);
    expect(container.textContent).toContain('很长的题干');
    expect(container.textContent).not.toContain('#7');
    expect(container.textContent).not.toContain('第二段');
    fireEvent.click(screen.getByRole('button', { name: '展开题目' }));
    expect(await screen.findByText('第二段')).toBeTruthy();
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('[onerror]')).toBeNull();
    expect(screen.getByRole('button', { name: '收起题目' }).getAttribute('aria-expanded')).toBe('true');
  });

  it('the title wins; formulas are drawn by KaTeX, not shown as LaTeX', async () => {
    const { container, rerender } = render(<RecordStem record={record({ title: '名词辨析' })} />);
    expect(container.textContent).toContain('名词辨析');
    rerender(<RecordStem record={record({ stem: '<p>求 $\\frac{1}{2}$ 的倒数</p>' })} />);
    await screen.findAllByText('1');
    expect(container.querySelector('.katex')).not.toBeNull();
    expect(container.textContent).not.toContain('\\frac');
  });

  it('a record without text says so, with the id to report', () => {
    const { container } = render(<RecordStem record={record({ stem: '' })} />);
    expect(container.textContent).toBe('题目 #7（题目内容不可用）');
    expect(screen.queryByRole('button')).toBeNull();
  });
});

describe('RecordAnswer', () => {
  const text = (r: TrainingRecord) => render(<RecordAnswer record={r} />).container.textContent;

  it('a choice is its letter and the option’s text', () => {
    expect(text(record())).toBe('B．苹果');
    expect(text(record({ type: 'multipleChoice', answer: ['A', 'B'] }))?.replace(/\s+/g, '')).toBe('A．土豆B．苹果');
  });

  it('true/false as 对/错, blanks one by one, texts as written, nothing as （无）', () => {
    expect(text(record({ type: 'trueFalse', options: [], answer: ['F'] }))).toBe('错');
    expect(text(record({ type: 'fillBlank', options: [], answer: ['went', 'fast'] }))).toBe(
      '第 1 空：went；第 2 空：fast',
    );
    expect(text(record({ type: 'shortAnswer', options: [], answer: ['因为…'] }))).toBe('因为…');
    expect(text(record({ type: 'fillBlank', options: [], answer: [] }))).toBe('（无）');
  });

  it('a reading question answers per sub-question, each with its verdict', () => {
    const r = record({
      type: 'enReading',
      options: [],
      answer: [],
      subAnswers: [
        { questionSubId: 's1', title: '<p>Who is Tom?</p>', answer: ['C'], isCorrect: true },
        { questionSubId: 's2', title: 'Fill in', answer: ['playing'], isCorrect: false },
        { questionSubId: 's3', title: '', answer: [], isCorrect: null },
        { questionSubId: 's4', title: 'Tom is ten.', type: 'trueFalse', answer: ['T'], isCorrect: true },
        { questionSubId: 's5', title: 'Two blanks', type: 'fillBlank', answer: ['a', ''], isCorrect: false },
      ],
    });
    render(<RecordAnswer record={r} />);
    const subs = Array.from(document.querySelectorAll('.record-sub-answer')).map((e) => e.textContent);
    expect(subs).toEqual([
      '第 1 小题 Who is Tom?：C ✓',
      '第 2 小题 Fill in：playing ✗',
      '第 3 小题：（无） 待批改',
      '第 4 小题 Tom is ten.：对 ✓',
      '第 5 小题 Two blanks：第 1 空：a；第 2 空：（空） ✗',
    ]);
  });
});
