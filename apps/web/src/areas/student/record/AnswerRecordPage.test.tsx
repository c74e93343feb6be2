// One answer's page (/student/question/answer/record/:id) over a fake API: a marked answer shows the teacher's
// comment and annotations under the answer (docs/marking.md "What the student and the parent read"); an unmarked one
// shows neither.
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { AnswerRecordDetail } from '@edu/contract';
import { loginInfo, question } from '../../../test/fixtures';
import { makeSession, renderApp } from '../../../test/render';
import { STUDENT } from '../../../test/trainings';

const detail = (over: Partial<AnswerRecordDetail> = {}): AnswerRecordDetail => ({
  recordId: 'r1',
  questionId: 'q1',
  version: 1,
  trainId: 't1',
  trainTitle: '翻译练习',
  submission: { answer: ['I goes to', 'school'] },
  result: null,
  isCorrect: false,
  score: 0.5,
  mark: 1,
  verdict: 'partial',
  createTime: Date.now(),
  question: question({ type: 'translation', title: '翻译句子', question: '<p>我去上学。</p>', options: [] }),
  inWrongBook: false,
  ...over,
});

describe('student/question/answer/record/:id', () => {
  it("shows the teacher's comment and annotations under the answer, each highlighted and numbered", async () => {
    const s = await makeSession(loginInfo(STUDENT), {
      'GET /v1/answer/record/r1': detail({
        markComment: '注意主谓一致',
        markAnnotations: [
          { start: 10, end: 16, note: '' },
          { start: 2, end: 6, note: '主谓一致：go' },
        ],
      }),
    });
    renderApp(s.session, ['/student/question/answer/record/r1']);
    const notes = await screen.findByRole('group', { name: '老师批注' });
    expect([...notes.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['goes1', 'school2']);
    expect(
      within(notes)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['“goes”：主谓一致：go', '“school”']);
    expect(screen.getByText('老师评语：')).toBeTruthy();
    expect(screen.getByText('注意主谓一致')).toBeTruthy();
  });

  it('shows neither before the answer is marked', async () => {
    const s = await makeSession(loginInfo(STUDENT), { 'GET /v1/answer/record/r1': detail() });
    renderApp(s.session, ['/student/question/answer/record/r1']);
    expect(await screen.findByText('部分正确')).toBeTruthy();
    expect(screen.queryByRole('group', { name: '老师批注' })).toBeNull();
    expect(screen.queryByText('老师评语：')).toBeNull();
  });
});
