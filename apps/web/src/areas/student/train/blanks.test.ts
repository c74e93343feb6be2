// How many inputs a student gets for a fillBlank (AnswerForm's blankCount): the student's copy has no
// standard answer, so the stem has to tell.
import { describe, expect, it } from 'vitest';
import { blankCount } from '../../../components/question/AnswerForm';

describe('blankCount (student view)', () => {
  it('counts underscore blanks as authors type them, ignoring short ones and tags', () => {
    expect(blankCount('<p>方程 x² = 9 的根是 ____ 和 ____。</p>')).toBe(2);
    expect(blankCount('<p>Li Hua visited his ____ on Sunday.</p>')).toBe(1);
    expect(blankCount('<p>snake_case and a__b are no blanks, ___ is</p>')).toBe(1);
    expect(blankCount('<p>全角 ＿＿ 和 ＿＿＿</p>')).toBe(2);
    expect(blankCount('<p><a href="x___y">link</a> ____</p>')).toBe(1);
  });

  it('prefers blank markers, then the standard answer when it is known (staff preview)', () => {
    expect(blankCount('<p>I <span class="blank"></span> and <span class="blank"></span> ____</p>')).toBe(2);
    expect(blankCount('<p>____ ____ ____</p>', ['a', 'b'])).toBe(2);
  });

  it('gives one input when the stem marks nothing', () => {
    expect(blankCount('<p>Write the plural of “box”.</p>')).toBe(1);
    expect(blankCount('')).toBe(1);
  });
});
