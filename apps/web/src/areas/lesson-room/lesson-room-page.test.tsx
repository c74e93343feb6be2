// The lesson room's page before and after the live lesson (docs/web.md "The lesson room"): an unknown lesson is the
// not-found page; a scheduled one waits with its time (北京时间) and gives its teacher 开始上课 (confirmed, then the
// open call); an ended one offers the area's replay; a cancelled one says so; a parent is not let in. The header's
// people mark a muted microphone and a shared screen, with labels.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { loginInfo } from '../../test/fixtures';
import { makeSession, renderApp } from '../../test/render';
import { cstMs, lessonDetail, LESSON_NOW } from '../../test/lessons';
import { buttonIn, openDialog } from '../../test/antd';
import { People } from './LessonRoomPage';

const STUDENT = ['edu:agency:demo:student'];
const TEACHER = ['edu:agency:demo:teacher'];
const location = () => screen.getByTestId('location').textContent;
const SOON = lessonDetail({ lessonId: 'l1', title: '数学一对一', startsAt: cstMs(2026, 1, 5, 10, 15), minutes: 45 });

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  vi.setSystemTime(LESSON_NOW);
});
afterEach(() => vi.useRealTimers());

describe('the lesson room page', () => {
  it('answers an unknown lesson with the not-found page', async () => {
    const s = await makeSession(loginInfo(STUDENT));
    renderApp(s.session, ['/student/eventutor/index/nope']);
    expect(await screen.findByText('页面不存在', {}, { timeout: 5000 })).toBeTruthy();
  });

  it('lets the student wait for a scheduled lesson, with its time in 北京时间', async () => {
    const s = await makeSession(loginInfo(STUDENT), {
      'GET /v1/lesson/l1': { ...SOON, viewerRole: 'student', editable: false },
    });
    renderApp(s.session, ['/student/webrtc/l1']);
    expect(await screen.findByText('课程尚未开始', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('上课时间：2026-01-05 周一 10:15–11:00（北京时间）')).toBeTruthy();
    expect(screen.getByText('请等待老师开始上课，开始后本页会自动进入课堂。')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '开始上课' })).toBeNull();
  });

  it('gives the teacher 开始上课, confirmed, which opens the lesson', async () => {
    const s = await makeSession(loginInfo(TEACHER), {
      'GET /v1/lesson/l1': { ...SOON, viewerRole: 'teacher', editable: false },
      'POST /v1/lesson/l1/open': { ...SOON, status: 'live' },
    });
    renderApp(s.session, ['/admin/eventutor/open/l1']);
    const open = await screen.findByRole('button', { name: '开始上课' }, { timeout: 5000 });
    fireEvent.click(open);
    const dialog = await openDialog('.ant-modal-confirm');
    expect(dialog.textContent).toContain('开始后学生即可进入课堂');
    fireEvent.click(buttonIn(dialog, '确定'));
    await waitFor(() => expect(s.calls.some((c) => c.method === 'POST' && c.path === '/v1/lesson/l1/open')).toBe(true));
  });

  it('holds 开始上课 back until 30 minutes before the start', async () => {
    const s = await makeSession(loginInfo(TEACHER), {
      'GET /v1/lesson/l1': { ...SOON, startsAt: cstMs(2026, 1, 5, 15), viewerRole: 'teacher', editable: false },
    });
    renderApp(s.session, ['/admin/eventutor/open/l1']);
    const open = await screen.findByRole('button', { name: '开始上课' }, { timeout: 5000 });
    expect((open as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('开课前 30 分钟起可以开始上课')).toBeTruthy();
  });

  it('links an ended lesson to its replay in the area', async () => {
    const s = await makeSession(loginInfo(STUDENT), {
      'GET /v1/lesson/l1': { ...SOON, status: 'ended', viewerRole: 'student', editable: false },
    });
    renderApp(s.session, ['/student/class/tldraw/l1']);
    fireEvent.click(await screen.findByRole('button', { name: '查看回放' }, { timeout: 5000 }));
    await waitFor(() => expect(location()).toBe('/student/eventutor/history/l1'));
  });

  it('says a cancelled lesson is cancelled, and keeps a parent out', async () => {
    const s = await makeSession(loginInfo(STUDENT), {
      'GET /v1/lesson/l1': { ...SOON, status: 'cancelled', cancelReason: '老师请假', viewerRole: 'student' },
    });
    const r = renderApp(s.session, ['/student/webrtc/l1']);
    expect(await screen.findByText('课程已取消', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('取消原因：老师请假')).toBeTruthy();
    r.unmount();
    const p = await makeSession(loginInfo(TEACHER), { 'GET /v1/lesson/l1': { ...SOON, viewerRole: 'parent' } });
    renderApp(p.session, ['/admin/webrtc/l1']);
    expect(await screen.findByText(/家长不能进入课堂/, {}, { timeout: 5000 })).toBeTruthy();
  });
});

describe('who is present', () => {
  it('marks a muted microphone and a shared screen beside the name, one’s own included', () => {
    const { container } = render(
      <People
        me={1}
        peers={[
          { userId: 1, name: '王老师', role: 'teacher', audio: false, video: true, screen: true },
          { userId: 2, name: '王小红', role: 'student', audio: true, video: false, screen: false },
          { userId: 3, name: '李主任', role: 'observer', audio: false, video: false, screen: false },
        ]}
      />,
    );
    const [teacher, student, observer] = Array.from(container.querySelectorAll<HTMLElement>('.lesson-room-person'));
    expect(teacher.textContent).toContain('王老师（我）');
    expect(within(teacher).getByLabelText('已静音')).toBeTruthy();
    expect(within(teacher).getByLabelText('正在共享屏幕')).toBeTruthy();
    expect(within(student).queryByLabelText('已静音')).toBeNull();
    expect(within(student).queryByLabelText('正在共享屏幕')).toBeNull();
    // An observer sends nothing: no mark.
    expect(within(observer).queryByLabelText('已静音')).toBeNull();
  });
});
