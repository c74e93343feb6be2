// The student's lessons (student/webrtc) and a lesson's replay page on fake timers: the next or live lesson's card
// with 进入课堂, the list, the ended ones with 回放, the week on a phone as cards; and the replay page's facts.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { loginInfo } from '../../../test/fixtures';
import { makeSession, renderApp } from '../../../test/render';
import { phoneWidth } from '../../../test/phone-width';
import { envelope, type RecordedCall } from '../../../test/fake-api';
import { cstMs, lesson, lessonDetail, lessonPage, LESSON_NOW } from '../../../test/lessons';

const STUDENT = ['edu:agency:demo:student'];
const location = () => screen.getByTestId('location').textContent;
const params = (c: RecordedCall) => Object.fromEntries(new URL(c.url, 'http://x').searchParams);
/** The lesson's card in the tab shown (the other tabs stay in the page, hidden). */
function card(title: string): HTMLElement {
  const found = screen
    .queryAllByText(title)
    .map((e) => e.closest('.lesson-item'))
    .find((e) => e?.closest('[role=tabpanel]')?.getAttribute('aria-hidden') === 'false');
  if (!found) throw new Error(`no card ${title} in the tab shown`);
  return found as HTMLElement;
}

const mine = { viewerRole: 'student' as const, editable: false };
const LIVE = lesson({
  ...mine,
  lessonId: 'l2',
  title: '英语一对一',
  startsAt: LESSON_NOW - 5 * 60_000,
  status: 'live',
});
const LATER = lesson({ ...mine, lessonId: 'l1', title: '数学一对一', startsAt: cstMs(2026, 1, 8, 19) });
const ENDED = lesson({
  ...mine,
  lessonId: 'l3',
  title: '物理一对一',
  startsAt: cstMs(2026, 1, 3, 9),
  status: 'ended',
  openedAt: cstMs(2026, 1, 3, 9, 2),
  closedAt: cstMs(2026, 1, 3, 9, 44),
});

function listOf(all: ReturnType<typeof lesson>[]) {
  return (c: RecordedCall) => {
    const q = params(c);
    let list = all;
    if (q.status) list = list.filter((l) => l.status === q.status);
    if (q.from) list = list.filter((l) => l.startsAt >= +q.from && l.startsAt < +q.to);
    return { json: envelope(lessonPage(list.slice(+q.start, +q.start + +q.size), list.length)) };
  };
}

let restore: (() => void) | null = null;
beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  vi.setSystemTime(LESSON_NOW);
});
afterEach(() => {
  restore?.();
  restore = null;
  vi.useRealTimers();
});

describe('student/webrtc', () => {
  it('puts the live lesson on top with 进入课堂 into its room', async () => {
    const s = await makeSession(loginInfo(STUDENT), { 'GET /v1/lesson/list': listOf([LIVE, LATER, ENDED]) });
    renderApp(s.session, ['/student/webrtc']);
    const top = (await screen.findByText('正在上课', {}, { timeout: 5000 })).closest('.ant-card') as HTMLElement;
    expect(within(top).getByText('英语一对一')).toBeTruthy();
    expect(within(top).getByText('老师：李老师 · 数学一对一班')).toBeTruthy();
    fireEvent.click(within(top).getByRole('button', { name: '进入课堂' }));
    await waitFor(() => expect(location()).toBe('/student/eventutor/index/l2'));
  });

  it('shows the next lesson with the time until it, to enter from 30 minutes before', async () => {
    const s = await makeSession(loginInfo(STUDENT), { 'GET /v1/lesson/list': listOf([LATER, ENDED]) });
    renderApp(s.session, ['/student/webrtc']);
    const top = (await screen.findByText('下一节课', {}, { timeout: 5000 })).closest('.ant-card') as HTMLElement;
    expect(within(top).getByText('2026-01-08 周四 19:00–19:45（北京时间）')).toBeTruthy();
    expect(within(top).getByText('3 天后开始')).toBeTruthy();
    expect(within(top).getByRole<HTMLButtonElement>('button', { name: '进入课堂' }).disabled).toBe(true);
    expect(within(top).getByText('开课前 30 分钟可进入')).toBeTruthy();
  });

  it('lists the ended lessons with 回放', async () => {
    const s = await makeSession(loginInfo(STUDENT), { 'GET /v1/lesson/list': listOf([LATER, ENDED]) });
    renderApp(s.session, ['/student/webrtc']);
    fireEvent.click(await screen.findByRole('tab', { name: '已结束' }, { timeout: 5000 }));
    await waitFor(() => expect(s.calls.some((c) => params(c).status === 'ended')).toBe(true));
    const item = await waitFor(() => card('物理一对一'));
    expect(within(item).getByText('已结束')).toBeTruthy();
    fireEvent.click(within(item).getByRole('button', { name: '回放' }));
    await waitFor(() => expect(location()).toBe('/student/eventutor/history/l3'));
  });

  it('says 暂无课程 with nothing scheduled, and shows a failed read with 重试', async () => {
    const s = await makeSession(loginInfo(STUDENT), { 'GET /v1/lesson/list': lessonPage([]) });
    renderApp(s.session, ['/student/webrtc']);
    expect(await screen.findByText('暂无课程', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('近期没有安排课程')).toBeTruthy();
  });

  it('shows a failed read with 重试', async () => {
    const s = await makeSession(loginInfo(STUDENT), {});
    renderApp(s.session, ['/student/webrtc']);
    expect(await screen.findByText('课程加载失败', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('button', { name: '重试' })).toBeTruthy();
  });

  it('on a phone, the week is a list of days with their lessons as cards', async () => {
    restore = phoneWidth();
    const s = await makeSession(loginInfo(STUDENT), { 'GET /v1/lesson/list': listOf([LIVE, LATER, ENDED]) });
    renderApp(s.session, ['/student/webrtc']);
    fireEvent.click(await screen.findByRole('tab', { name: '周视图' }, { timeout: 5000 }));
    const thursday = await screen.findByRole('region', { name: '周四 01-08' });
    expect(within(thursday).getByText('数学一对一')).toBeTruthy();
    expect(screen.getByRole('region', { name: '周一 01-05' })).toBeTruthy();
    expect(screen.queryByRole('grid')).toBeNull();
  });
});

describe('student/eventutor/history/{id}', () => {
  it('shows the facts beside the replay: times, people, who was in the room when', async () => {
    const s = await makeSession(loginInfo(STUDENT), {
      'GET /v1/lesson/l3': lessonDetail({
        ...ENDED,
        presence: [
          {
            userId: 't1',
            name: '李老师',
            role: 'teacher',
            joinedAt: cstMs(2026, 1, 3, 9, 1),
            leftAt: cstMs(2026, 1, 3, 9, 44),
          },
          { userId: 's1', name: '王小明', role: 'student', joinedAt: cstMs(2026, 1, 3, 9, 3), leftAt: null },
        ],
      }),
      'GET /v1/lesson/l3/replay': {
        lessonId: 'l3',
        status: 'ended',
        startsAt: ENDED.startsAt,
        openedAt: ENDED.openedAt,
        closedAt: ENDED.closedAt,
        lastSeq: 0,
        snapshots: [],
        snapshot: null,
        changes: [],
        nextAfterSeq: null,
        presence: [],
      },
    });
    renderApp(s.session, ['/student/eventutor/history/l3']);
    expect(await screen.findByText('课堂回放：物理一对一', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('2026-01-03 周六 09:00–09:45')).toBeTruthy();
    expect(screen.getByText('2026-01-03 09:02 – 09:44')).toBeTruthy();
    expect(screen.getByText('进入 01-03 09:01:00 · 离开 01-03 09:44:00')).toBeTruthy();
    expect(screen.getByText('进入 01-03 09:03:00 · 未离开')).toBeTruthy();
    expect(await screen.findByText('这节课没有板书记录')).toBeTruthy();
    expect(screen.getByRole('link', { name: '返回我的辅导课' }).getAttribute('href')).toBe('/student/webrtc');
  });

  it('says a lesson not yet ended has no replay, and another lesson is not found', async () => {
    const s = await makeSession(loginInfo(STUDENT), { 'GET /v1/lesson/l1': lessonDetail(LATER) });
    renderApp(s.session, ['/student/eventutor/history/l1']);
    expect(await screen.findByText('课程结束后才能回放', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('未开课')).toBeTruthy();
    expect(s.calls.some((c) => c.path.endsWith('/replay'))).toBe(false);
  });

  it('answers 课程不存在或无权查看 for a lesson the student cannot see', async () => {
    const s = await makeSession(loginInfo(STUDENT), {});
    renderApp(s.session, ['/student/eventutor/history/l9']);
    expect(await screen.findByText('课程不存在或无权查看', {}, { timeout: 5000 })).toBeTruthy();
  });
});
