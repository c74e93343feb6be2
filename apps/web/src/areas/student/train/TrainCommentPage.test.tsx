// student/train/comment/{id}/{from} (class comment) over a fake API: the overall comment and the comments on
// single answers beside the student's answer, empty states, the report's short form, and 返回 by `from`.
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import type { TrainingComment, TrainingComments, TrainingReport } from '@edu/contract';
import { loginInfo } from '../../../test/fixtures';
import { makeSession, renderApp } from '../../../test/render';
import { record, STUDENT, summary } from '../../../test/trainings';

const REPORT: TrainingReport = {
  training: { ...summary({}), student: '小明', durationSeconds: 125 },
  records: [record(), record({ recordId: 'r2', questionId: 'q2', title: '复数变化', isCorrect: false })],
  knowledgePoints: [],
};

const comment = (over: Partial<TrainingComment>): TrainingComment => ({
  commentId: 'c1',
  recordId: null,
  content: '这次进步很大，继续保持！',
  authorId: '3',
  author: '张老师',
  createTime: Date.UTC(2026, 0, 6),
  updateTime: Date.UTC(2026, 0, 6),
  editable: false,
  ...over,
});

const COMMENTS: TrainingComments = {
  trainId: 't1',
  commentable: true,
  canComment: false,
  overall: comment({}),
  records: [comment({ commentId: 'c2', recordId: 'r2', content: 'child 的复数是 children' })],
};

const EMPTY: TrainingComments = { ...COMMENTS, overall: null, records: [] };

describe('student/train/comment/{id}/{from}', () => {
  beforeAll(() => {
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  });

  it("shows the teacher's overall comment and the comment on an answer beside that answer", async () => {
    const s = await makeSession(loginInfo(STUDENT), {
      'GET /v1/train/report/t1': REPORT,
      'GET /v1/train/t1/comments': COMMENTS,
    });
    renderApp(s.session, ['/student/train/comment/t1/history']);
    expect(await screen.findByText('班级点评 · 名词专项')).toBeTruthy();
    expect(screen.getByTestId('comment-c1').textContent).toContain('这次进步很大，继续保持！');
    expect(screen.getByTestId('comment-c1').textContent).toContain('张老师');
    const item = screen.getByTestId('comment-c2').closest('li') as HTMLElement;
    expect(item.textContent).toContain('第 2 题');
    expect(item.textContent).toContain('复数变化');
    expect(item.textContent).toContain('你的作答：B');
    // Only commented answers are listed; nothing can be written here.
    expect(screen.queryByText('名词辨析')).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.getByText('返回').getAttribute('href')).toBe('/student/train/history');
  });

  it('says when the teachers have not commented yet', async () => {
    const s = await makeSession(loginInfo(STUDENT), {
      'GET /v1/train/report/t1': REPORT,
      'GET /v1/train/t1/comments': EMPTY,
    });
    renderApp(s.session, ['/student/train/comment/t1/report']);
    expect(await screen.findByText('老师还没有写总评')).toBeTruthy();
    expect(screen.getByText('还没有针对具体题目的点评')).toBeTruthy();
    expect(screen.getByText('返回').getAttribute('href')).toBe('/student/train/report/t1');
  });

  it('the report shows the overall comment and links to all comments', async () => {
    const s = await makeSession(loginInfo(STUDENT), {
      'GET /v1/train/report/t1': REPORT,
      'GET /v1/train/t1/comments': COMMENTS,
    });
    renderApp(s.session, ['/student/train/report/t1']);
    expect(await screen.findByText('这次进步很大，继续保持！')).toBeTruthy();
    expect(screen.getByText('另有 1 道题的点评')).toBeTruthy();
    expect(screen.getByText('查看全部点评').getAttribute('href')).toBe('/student/train/comment/t1/report');
  });
});
