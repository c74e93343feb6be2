// admin/train/comment/{id}/{from}/{route} over a fake API: writing the overall comment (empty text refused
// before any call), commenting on one answer, deleting after confirmation, read-only while the training
// runs, and 返回 leading to the page named by `from`.
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { TrainingComment, TrainingComments, TrainingReport } from '@edu/contract';
import { button, buttonIn, openDialog } from '../../../test/antd';
import { envelope, type RecordedCall } from '../../../test/fake-api';
import { loginInfo } from '../../../test/fixtures';
import { makeSession, renderApp } from '../../../test/render';
import { commentBackPath } from './TrainingCommentPage';

const STAFF = ['edu:agency:demo:teacher'];

const record = (recordId: string, title: string, isCorrect: boolean): TrainingReport['records'][number] => ({
  recordId,
  questionId: `8${recordId.slice(1)}`,
  version: 1,
  phase: '练习',
  point: '基础',
  title,
  type: 'singleChoice',
  stem: `<p>${title}：下列哪个词是复数？</p>`,
  options: [
    { key: 'A', content: '<p>box</p>' },
    { key: 'B', content: '<p>boxes</p>' },
  ],
  answer: ['B'],
  subAnswers: [],
  isCorrect,
  score: isCorrect ? 1 : 0,
  first: true,
  createTime: Date.UTC(2026, 0, 5, 8, 1),
});

const report = (status: 'finished' | 'running' = 'finished'): TrainingReport => ({
  training: {
    trainId: '301',
    schemeId: '7',
    title: '名词专项',
    type: 'general',
    status,
    answered: 2,
    correct: 1,
    score: 1,
    maxScore: 2,
    startTime: Date.UTC(2026, 0, 5, 8),
    endTime: status === 'running' ? null : Date.UTC(2026, 0, 5, 8, 10),
    student: '学生一',
    durationSeconds: 600,
  },
  records: [record('r1', '名词辨析', true), { ...record('r2', '', false), stem: '<p>复数变化：选出正确的复数</p>' }],
  knowledgePoints: [],
});

const comment = (over: Partial<TrainingComment>): TrainingComment => ({
  commentId: 'c1',
  recordId: null,
  content: '整体不错',
  authorId: '3',
  author: '张老师',
  createTime: Date.UTC(2026, 0, 6),
  updateTime: Date.UTC(2026, 0, 6),
  editable: true,
  ...over,
});

const comments = (over: Partial<TrainingComments> = {}): TrainingComments => ({
  trainId: '301',
  commentable: true,
  canComment: true,
  overall: null,
  records: [],
  ...over,
});

/** A fake comments store: `routes` read it, and PUT changes it and answers it, as the server does; `get` reads it. */
function store(initial: TrainingComments) {
  let current = initial;
  const routes = {
    'GET /v1/train/301/comments': () => ({ json: envelope(current) }),
    'PUT /v1/train/301/comment': (c: RecordedCall) => {
      const { recordId = null, content } = (c.body as { request: { recordId?: string | null; content: string } })
        .request;
      const made = comment({ commentId: `c-${recordId ?? 'all'}`, recordId, content });
      current = recordId
        ? { ...current, records: [...current.records.filter((x) => x.recordId !== recordId), made] }
        : { ...current, overall: made };
      return { json: envelope(current) };
    },
  };
  return { routes, get: () => current };
}

describe('admin/train/comment/{id}/{from}/{route}', () => {
  it('writes the overall comment, refusing empty text before any call', async () => {
    const fake = store(comments());
    const s = await makeSession(loginInfo(STAFF), { 'GET /v1/train/report/301': report(), ...fake.routes });
    renderApp(s.session, ['/admin/train/comment/301/report/301']);
    const box = await screen.findByLabelText('总体点评内容');
    fireEvent.click(button('保存点评'));
    expect(await screen.findByText('请输入点评内容')).toBeTruthy();
    expect(s.calls.some((c) => c.method === 'PUT')).toBe(false);

    fireEvent.change(box, { target: { value: '  审题要仔细\n单位别漏写  ' } });
    fireEvent.click(button('保存点评'));
    await waitFor(() => expect(fake.get().overall?.content).toBe('审题要仔细\n单位别漏写'));
    await waitFor(() => expect(screen.queryByLabelText('总体点评内容')).toBeNull());
    expect(screen.getByTestId('comment-c-all').textContent).toContain('审题要仔细');
    expect(screen.getByText('已点评 0 / 2 题')).toBeTruthy();
  });

  it('comments on one answer and deletes a comment after confirmation', async () => {
    const fake = store(comments({ overall: comment({}) }));
    const s = await makeSession(loginInfo(STAFF), {
      'GET /v1/train/report/301': report(),
      ...fake.routes,
      'DELETE /v1/train/comment/c1': () => ({ json: envelope(comments()) }),
    });
    renderApp(s.session, ['/admin/train/comment/301/stats/11']);
    expect(await screen.findByText('整体不错')).toBeTruthy();
    expect(screen.getByText('第 2 题')).toBeTruthy();

    fireEvent.click(screen.getAllByText('写点评')[1]);
    fireEvent.change(screen.getByLabelText('第 2 题点评内容'), { target: { value: '复数要加 es' } });
    fireEvent.click(button('保存点评'));
    expect(await screen.findByText('已点评 1 / 2 题')).toBeTruthy();
    expect(screen.getByTestId('comment-c-r2').textContent).toContain('复数要加 es');
    expect(s.calls.find((c) => c.method === 'PUT')?.body).toEqual({
      request: { recordId: 'r2', content: '复数要加 es' },
    });

    fireEvent.click(screen.getAllByText('删除')[0].closest('button')!);
    const dialog = await openDialog();
    expect(dialog.textContent).toContain('删除这条点评？');
    fireEvent.click(buttonIn(dialog, '删除'));
    await waitFor(() => expect(screen.queryByText('整体不错')).toBeNull());
    expect(s.calls.some((c) => c.method === 'DELETE' && c.path === '/v1/train/comment/c1')).toBe(true);
    // A teacher may not open 学生统计 (docs/routes.md): 返回 leads to the report instead.
    expect(screen.getByText('返回').getAttribute('href')).toBe('/admin/train/report/301');
  });

  it('shows each answer’s question and answer in words, linked to the read-only preview', async () => {
    const s = await makeSession(loginInfo(STAFF), {
      'GET /v1/train/report/301': report(),
      ...store(comments()).routes,
    });
    renderApp(s.session, ['/admin/train/comment/301/report/301']);
    const second = await screen.findByText('复数变化：选出正确的复数');
    expect(second.closest('a')?.getAttribute('href')).toBe('/admin/train/question/82/preview');
    expect(screen.getAllByText('名词辨析')[0].closest('a')?.getAttribute('href')).toBe(
      '/admin/train/question/81/preview',
    );
    expect(Array.from(document.querySelectorAll('.record-choice')).map((e) => e.textContent)).toEqual([
      'B．boxes',
      'B．boxes',
    ]);
    expect(screen.queryByText(/题目 \d/)).toBeNull();
  });

  it('an agency admin sent from 学生统计 goes back there', async () => {
    const s = await makeSession(loginInfo(['edu:agency:demo:admin']), {
      'GET /v1/train/report/301': report(),
      ...store(comments()).routes,
    });
    renderApp(s.session, ['/admin/train/comment/301/stats/11']);
    await screen.findByText('复数变化：选出正确的复数');
    expect(screen.getByText('返回').getAttribute('href')).toBe('/admin/user/student/11/stats');
  });

  it('offers no writing while the training runs, nor on comments of other teachers', async () => {
    const s = await makeSession(loginInfo(STAFF), {
      'GET /v1/train/report/301': report('running'),
      'GET /v1/train/301/comments': comments({ commentable: false }),
    });
    renderApp(s.session, ['/admin/train/comment/301/report/301']);
    expect(await screen.findByText(/训练尚未结束/)).toBeTruthy();
    expect(screen.queryByLabelText('总体点评内容')).toBeNull();
    expect(screen.queryByText('写点评')).toBeNull();

    const other = await makeSession(loginInfo(STAFF), {
      'GET /v1/train/report/301': report(),
      'GET /v1/train/301/comments': comments({ overall: comment({ author: '赵老师', editable: false }) }),
    });
    renderApp(other.session, ['/admin/train/comment/301/report/301']);
    expect(await screen.findByText(/赵老师/)).toBeTruthy();
    expect(screen.queryByText('修改')).toBeNull();
  });

  it('返回 leads to the page the teacher came from', () => {
    expect(commentBackPath('301', 'report', '301')).toBe('/admin/train/report/301');
    expect(commentBackPath('301', 'stats', '11')).toBe('/admin/user/student/11/stats');
    expect(commentBackPath('301', 'dashboard', '7')).toBe('/admin/train/7/dashboard');
    expect(commentBackPath('301', 'group', '7')).toBe('/admin/train/7/dashboard/group');
    expect(commentBackPath('301', 'elsewhere', 'x')).toBe('/admin/train/report/301');
  });
});
