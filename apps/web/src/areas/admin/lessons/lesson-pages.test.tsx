// A tutoring class's lessons (admin/eventutor/index/{id}) on fake timers: the list with its statuses and links, the
// week view, 排课 with its checks, 调课 and 取消 with their scope; a teacher reads only. The class list links here.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { loginInfo } from '../../../test/fixtures';
import { openDialog, pickOption } from '../../../test/antd';
import { makeSession, renderApp } from '../../../test/render';
import { cstMs, eventClass, lesson, lessonPage, LESSON_NOW } from '../../../test/lessons';
import { envelope, type RecordedCall } from '../../../test/fake-api';

const ADMIN = ['edu:agency:demo:admin'];
const row = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;
const query = (c: RecordedCall) => Object.fromEntries(new URL(c.url, 'http://x').searchParams);

const LIVE = lesson({
  lessonId: 'l2',
  title: '英语一对一',
  startsAt: LESSON_NOW - 10 * 60_000,
  status: 'live',
  openedAt: LESSON_NOW - 9 * 60_000,
});
const NEXT = lesson({ lessonId: 'l1', title: '数学一对一', seriesId: 'l1' });
const ENDED = lesson({ lessonId: 'l3', title: '物理一对一', startsAt: cstMs(2026, 1, 3, 9), status: 'ended' });
const CANCELLED = lesson({
  lessonId: 'l4',
  title: '化学一对一',
  startsAt: cstMs(2026, 1, 7, 9),
  status: 'cancelled',
  editable: false,
  cancelReason: '老师请假',
});
const MISSED = lesson({ lessonId: 'l5', title: '语文一对一', startsAt: cstMs(2026, 1, 4, 9) });

function routes(over: Record<string, unknown> = {}) {
  return {
    'GET /v1/class/c1': eventClass(),
    'GET /v1/lesson/list': (c: RecordedCall) => {
      const q = query(c);
      // The week's window: the lessons of that week; otherwise the list in the server's order.
      if (q.from) return { json: envelope(lessonPage([NEXT, LIVE, CANCELLED].filter((l) => l.startsAt >= +q.from))) };
      return { json: envelope(lessonPage([LIVE, NEXT, CANCELLED, ENDED, MISSED])) };
    },
    'GET /v1/lesson/options': {
      teachers: [{ userId: 't1', name: '李老师', username: 'li' }],
      students: [{ userId: 's1', name: '王小明', username: 'wang' }],
    },
    ...over,
  };
}
beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  vi.setSystemTime(LESSON_NOW);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('admin/eventutor/index/{id}', () => {
  it('lists the lessons with their status, room and replay links and the admin actions', async () => {
    const s = await makeSession(loginInfo(ADMIN), routes());
    renderApp(s.session, ['/admin/eventutor/index/c1']);
    await screen.findByText('数学一对一班 · 辅导课程', {}, { timeout: 5000 });
    await screen.findByText('英语一对一');
    expect(within(row('英语一对一')).getByText('上课中')).toBeTruthy();
    expect(within(row('数学一对一')).getByText('未开始')).toBeTruthy();
    expect(within(row('数学一对一')).getByText('每周课')).toBeTruthy();
    expect(within(row('数学一对一')).getByText('2026-01-05 14:00–14:45')).toBeTruthy();
    expect(within(row('物理一对一')).getByText('已结束')).toBeTruthy();
    expect(within(row('化学一对一')).getByText('已取消')).toBeTruthy();
    // Never opened and its end has passed.
    expect(within(row('语文一对一')).getByText('未上课')).toBeTruthy();
    // Staff watch a live lesson; an ended one has its replay.
    expect(within(row('英语一对一')).getByRole('link', { name: '旁听' }).getAttribute('href')).toBe(
      '/admin/eventutor/open/l2',
    );
    expect(within(row('物理一对一')).getByRole('link', { name: '回放' }).getAttribute('href')).toBe(
      '/admin/eventutor/history/l3',
    );
    // Four hours ahead: not yet joinable; the admin may move or cancel it.
    expect(within(row('数学一对一')).queryByRole('link', { name: '旁听' })).toBeNull();
    expect(within(row('数学一对一')).getByText('调课')).toBeTruthy();
    expect(within(row('化学一对一')).queryByText('调课')).toBeNull();
    const list = s.calls.find((c) => c.path === '/v1/lesson/list')!;
    expect(query(list)).toMatchObject({ classId: 'c1', start: '0', size: '20' });
  });

  it('shows the week from Monday in 北京时间 and moves between weeks', async () => {
    const s = await makeSession(loginInfo(ADMIN), routes());
    renderApp(s.session, ['/admin/eventutor/index/c1']);
    fireEvent.click(await screen.findByRole('tab', { name: '周视图' }, { timeout: 5000 }));
    const block = await screen.findByRole('button', { name: /数学一对一 2026-01-05 周一 14:00–14:45 未开始/ });
    expect(within(screen.getByRole('gridcell', { name: '周一 01-05' })).getByText('数学一对一')).toBeTruthy();
    expect(screen.getByText('01-05 至 01-11（北京时间）')).toBeTruthy();
    const windowOf = () => query(s.calls.filter((c) => c.path === '/v1/lesson/list' && query(c).from).pop()!);
    expect(windowOf()).toMatchObject({ from: String(cstMs(2026, 1, 5)), to: String(cstMs(2026, 1, 12)) });
    // A block opens its facts and actions.
    fireEvent.click(block);
    expect(await screen.findByText('老师：李老师')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '下一周' }));
    await waitFor(() => expect(windowOf()).toMatchObject({ from: String(cstMs(2026, 1, 12)) }));
    expect(await screen.findByText('01-12 至 01-18（北京时间）')).toBeTruthy();
  });

  it('排课 checks the form, then schedules a weekly series in 北京时间', async () => {
    const s = await makeSession(loginInfo(ADMIN), routes({ 'PUT /v1/lesson': [NEXT, NEXT, NEXT, NEXT] }));
    renderApp(s.session, ['/admin/eventutor/index/c1']);
    fireEvent.click(await screen.findByRole('button', { name: /排课/ }, { timeout: 5000 }));
    const dialog = await openDialog();
    fireEvent.change(within(dialog).getByLabelText('时长（分钟）'), { target: { value: '300' } });
    fireEvent.change(within(dialog).getByLabelText('每周重复'), { target: { value: '30' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await within(dialog).findByText('请输入课程标题')).toBeTruthy();
    expect(within(dialog).getByText('请选择老师')).toBeTruthy();
    expect(within(dialog).getByText('请选择学生')).toBeTruthy();
    expect(within(dialog).getByText('时长不超过 240 分钟')).toBeTruthy();
    expect(within(dialog).getByText('每周重复最多 26 周')).toBeTruthy();
    expect(s.calls.some((c) => c.method === 'PUT')).toBe(false);

    await pickOption('老师', '李老师（li）', dialog);
    await pickOption('学生', '王小明（wang）', dialog);
    fireEvent.change(within(dialog).getByLabelText('课程标题'), { target: { value: '数学一对一' } });
    fireEvent.change(within(dialog).getByLabelText('时长（分钟）'), { target: { value: '60' } });
    fireEvent.change(within(dialog).getByLabelText('每周重复'), { target: { value: '4' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(s.calls.some((c) => c.method === 'PUT' && c.path === '/v1/lesson')).toBe(true));
    const sent = s.calls.find((c) => c.method === 'PUT')!.body as { request: Record<string, unknown> };
    // The next full hour after 10:00:30 北京时间.
    expect(sent.request).toEqual({
      classId: 'c1',
      teacherId: 't1',
      studentId: 's1',
      title: '数学一对一',
      startsAt: cstMs(2026, 1, 5, 11),
      minutes: 60,
      weeks: 4,
    });
    expect(await screen.findByText('已排 4 节课')).toBeTruthy();
  });

  it('调课 moves this lesson and the later ones of its series', async () => {
    const s = await makeSession(loginInfo(ADMIN), routes({ 'POST /v1/lesson/l1': [NEXT] }));
    renderApp(s.session, ['/admin/eventutor/index/c1']);
    await screen.findByText('数学一对一', {}, { timeout: 5000 });
    fireEvent.click(within(row('数学一对一')).getByText('调课'));
    const dialog = await openDialog();
    expect(within(dialog).getByLabelText<HTMLInputElement>('课程标题').value).toBe('数学一对一');
    fireEvent.change(within(dialog).getByLabelText('时长（分钟）'), { target: { value: '60' } });
    fireEvent.click(within(dialog).getByLabelText('此节及之后'));
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(s.calls.some((c) => c.method === 'POST' && c.path === '/v1/lesson/l1')).toBe(true));
    expect(s.calls.find((c) => c.method === 'POST')!.body).toEqual({
      request: { title: '数学一对一', startsAt: NEXT.startsAt, minutes: 60, scope: 'following' },
    });
    expect(await screen.findByText('已调课')).toBeTruthy();
  });

  it('取消 asks first, with a reason and the scope', async () => {
    const s = await makeSession(loginInfo(ADMIN), routes({ 'POST /v1/lesson/l1/cancel': [NEXT] }));
    renderApp(s.session, ['/admin/eventutor/index/c1']);
    await screen.findByText('数学一对一', {}, { timeout: 5000 });
    fireEvent.click(within(row('数学一对一')).getByText('取消课程'));
    const dialog = await openDialog();
    expect(within(dialog).getByText('取消课程「数学一对一」？')).toBeTruthy();
    expect(s.calls.some((c) => c.path.endsWith('/cancel'))).toBe(false);
    fireEvent.change(within(dialog).getByLabelText('取消原因'), { target: { value: '学生考试' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '取消课程' }));
    await waitFor(() => expect(s.calls.some((c) => c.path === '/v1/lesson/l1/cancel')).toBe(true));
    expect(s.calls.find((c) => c.path === '/v1/lesson/l1/cancel')!.body).toEqual({
      request: { reason: '学生考试', scope: 'one' },
    });
    expect(await screen.findByText('课程已取消')).toBeTruthy();
  });

  it('a teacher reads their lessons and enters the room; no scheduling', async () => {
    const mine = { viewerRole: 'teacher' as const, editable: false };
    const s = await makeSession(loginInfo(['edu:agency:demo:teacher']), {
      'GET /v1/class/c1': eventClass({ canManage: false }),
      'GET /v1/lesson/list': lessonPage([
        { ...LIVE, ...mine },
        { ...NEXT, ...mine },
      ]),
    });
    renderApp(s.session, ['/admin/eventutor/index/c1']);
    await screen.findByText('英语一对一', {}, { timeout: 5000 });
    expect(within(row('英语一对一')).getByRole('link', { name: '进入教室' }).getAttribute('href')).toBe(
      '/admin/eventutor/open/l2',
    );
    expect(screen.getByText('只有机构管理员可以排课、调课和取消课程')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /排课/ })).toBeNull();
    expect(within(row('数学一对一')).queryByText('调课')).toBeNull();
  });

  it('shows 暂无课程 and a failed read', async () => {
    const s = await makeSession(loginInfo(ADMIN), {
      'GET /v1/class/c1': eventClass(),
      'GET /v1/lesson/list': lessonPage([]),
    });
    renderApp(s.session, ['/admin/eventutor/index/c1']);
    expect(await screen.findByText('暂无课程', {}, { timeout: 5000 })).toBeTruthy();
    cleanup();
    const failed = await makeSession(loginInfo(ADMIN), {
      'GET /v1/lesson/list': lessonPage([]),
    });
    renderApp(failed.session, ['/admin/eventutor/index/c1']);
    expect(await screen.findByText('课程加载失败')).toBeTruthy();
  });
});

describe('the tutoring class list', () => {
  it('links each class to its lessons (课程)', async () => {
    const s = await makeSession(loginInfo(ADMIN), {
      'GET /v1/class/list': { total: 1, list: [eventClass()] },
    });
    renderApp(s.session, ['/admin/class/event/list']);
    await screen.findByText('数学一对一班', {}, { timeout: 5000 });
    expect(within(row('数学一对一班')).getByRole('link', { name: '课程' }).getAttribute('href')).toBe(
      '/admin/eventutor/index/c1',
    );
  });
});
