import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { splitAlternatives } from '@edu/contract';
import { BlanksEditor, joinAlternatives, nextAlternatives, splitTyped } from './BlanksEditor';

describe('fill-blank alternatives', () => {
  it('splits typed text at unescaped bars only, keeping `\\|` for the change handler', () => {
    expect(splitTyped('went | had gone|')).toEqual(['went', 'had gone']);
    expect(splitTyped('\\|x\\||abs')).toEqual(['\\|x\\|', 'abs']);
  });

  it('reads new text as alternatives (`\\|` is a literal bar) and keeps existing tags as they are', () => {
    expect(nextAlternatives([], ['went', 'had gone'])).toEqual(['went', 'had gone']);
    expect(nextAlternatives([], ['\\|x\\|'])).toEqual(['|x|']);
    // An existing `|x|` tag is not split again; repeats and blanks go.
    expect(nextAlternatives(['|x|'], ['|x|', 'abs', 'abs', ' '])).toEqual(['|x|', 'abs']);
  });

  it('stores alternatives the way the judge reads them', () => {
    const stored = joinAlternatives(['went', '|x|']);
    expect(stored).toBe('went|\\|x\\|');
    expect(splitAlternatives(stored)).toEqual(['went', '|x|']);
  });
});

function Harness({ initial }: { initial: string[] }) {
  const [answer, setAnswer] = useState(initial);
  return (
    <>
      <BlanksEditor answer={answer} onChange={setAnswer} errors={{}} prefix="" />
      <output data-testid="answer">{JSON.stringify(answer)}</output>
    </>
  );
}

const stored = () => JSON.parse(screen.getByTestId('answer').textContent ?? '[]') as string[];
const tags = (n: number) =>
  Array.from(
    screen
      .getByLabelText(`第 ${n} 空`)
      .closest('.ant-select')
      ?.querySelectorAll('.ant-select-selection-item-content') ?? [],
  ).map((e) => e.textContent);

describe('BlanksEditor', () => {
  it('shows each alternative of a stored blank as its own tag, never the raw `a|b`', () => {
    render(<Harness initial={['went|had gone', '\\|x\\|']} />);
    expect(tags(1)).toEqual(['went', 'had gone']);
    expect(tags(2)).toEqual(['|x|']);
    expect(screen.queryByText('went|had gone')).toBeNull();
  });

  it('typing `a|b` adds two alternatives; Enter adds the last one; no list pops up over the next blank', () => {
    render(<Harness initial={['', '']} />);
    const input = screen.getByLabelText('第 1 空');
    fireEvent.change(input, { target: { value: 'went|walked|' } });
    expect(stored()).toEqual(['went|walked', '']);
    fireEvent.change(input, { target: { value: 'gone' } });
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13, which: 13 });
    expect(stored()).toEqual(['went|walked|gone', '']);
    expect(tags(1)).toEqual(['went', 'walked', 'gone']);
    expect(document.querySelector('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')).toBeNull();
  });

  it('a typed `\\|` is a literal bar, stored escaped', () => {
    render(<Harness initial={['']} />);
    const input = screen.getByLabelText('第 1 空');
    fireEvent.change(input, { target: { value: '\\|x\\|' } });
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13, which: 13 });
    expect(stored()).toEqual(['\\|x\\|']);
    expect(tags(1)).toEqual(['|x|']);
  });

  it('adds and removes blanks', () => {
    render(<Harness initial={['went']} />);
    fireEvent.click(screen.getByRole('button', { name: /添加一空/ }));
    expect(stored()).toEqual(['went', '']);
    fireEvent.click(screen.getByLabelText('删除第 1 空'));
    expect(stored()).toEqual(['']);
  });
});
