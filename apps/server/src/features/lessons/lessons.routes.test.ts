// Lessons (docs/lessons.md) on the real database and a manual clock: scheduling one lesson and a weekly series,
// overlaps, moving and cancelling one or the following, the open window and who may open and close, the auto-end
// sweep, the lists of each role in their order and the week window, and the 404 matrix of "Who sees what".
import { SPEC_ROUTES, type Lesson, type LessonDetail, type LessonOptions, type Notice } from '@edu/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parentChildren, users } from '../../db/schema.js';
import { classMembers, classTeachers, classes } from '../../db/schema-classes.js';
import { lessonPresence, lessons } from '../../db/schema-lessons.js';
import { createTestApp, expectError, expectOk, type TestApp } from '../../test/test-app.js';
import { addUser } from '../../test/test-users.js';

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
/** The test clock's start, 2026-01-05 16:00 China Standard Time. */
const T0 = Date.UTC(2026, 0, 5, 8, 0, 0);
/** A day after T0 at a China Standard Time hour. */
const cst = (day: number, hour: number, minute = 0) => Date.UTC(2026, 0, 5 + day, hour - 8, minute);

let t: TestApp;
const tok: Record<string, string> = {};
const id: Record<string, number> = {};
let eventClass: number;
let ordinaryClass: number;
let otherLesson: number;

interface Page<T> {
  total: number;
  list: T[];
}

const call = <T>(method: 'GET' | 'PUT' | 'POST', url: string, who: string, body?: unknown, agency = 'demo') =>
  t.call<T>(method, url, {
    token: tok[who],
    agency,
    body: body === undefined ? undefined : { request: body },
  });

const fields = (over: Record<string, unknown> = {}) => ({
  classId: String(eventClass),
  teacherId: String(id.teacher),
  studentId: String(id.student),
  title: '英语辅导',
  startsAt: cst(1, 19),
  minutes: 60,
  ...over,
});

/**
 * The web routes whose `:id` is a lesson's id: the rooms, the replays and the parent's lesson page (docs/web.md
 * "Lesson lists and replay", "The lesson room"). `/admin/eventutor/index/:id` is not one: its id is a tutoring class.
 */
const LESSON_ID_ROUTES = new Set([
  '/admin/webrtc/:id',
  '/admin/eventutor/open/:id',
  '/admin/class/tldraw/:id',
  '/admin/eventutor/history/:id',
  '/student/eventutor/index/:id',
  '/student/eventutor/history/:id',
  '/student/webrtc/:id',
  '/student/class/tldraw/:id',
  '/parent/eventutor/index/:id',
  '/WTPteacher/webrtc/:id',
]);

/** The one route of the web's reference table (`SPEC_ROUTES`) a link opens, with its `:id`. */
const routeOf = (link: string) => {
  const hits = SPEC_ROUTES.flatMap(({ pattern }) => {
    const source = pattern
      .split('/')
      .map((part) => (part.startsWith(':') ? (part.endsWith('?') ? '([^/]*)' : '([^/]+)') : part))
      .join('/');
    const names = pattern.split('/').filter((part) => part.startsWith(':'));
    const m = new RegExp(`^${source}$`).exec(link);
    if (!m) return [];
    const at = names.findIndex((n) => n === ':id');
    return [{ pattern, id: at < 0 ? undefined : m[at + 1] }];
  });
  expect(hits, link).toHaveLength(1);
  return hits[0];
};

/** A notice's link opens a page of the lesson itself: a route taking a lesson id, with this lesson's. */
const expectLessonLink = (link: string, lessonId: string, pattern: string) => {
  const r = routeOf(link);
  expect(r.pattern).toBe(pattern);
  expect(LESSON_ID_ROUTES.has(r.pattern)).toBe(true);
  expect(r.id).toBe(lessonId);
};

const schedule = async (over: Record<string, unknown> = {}) =>
  expectOk(await call<Lesson[]>('PUT', '/v1/lesson', 'agency', fields(over)));

const status = async (lessonId: string | number) =>
  (
    await t.db
      .select()
      .from(lessons)
      .where(eq(lessons.id, Number(lessonId)))
  )[0];

const list = async (who: string, query = '', agency = 'demo') =>
  expectOk(await call<Page<Lesson>>('GET', `/v1/lesson/list?size=200${query}`, who, undefined, agency));

beforeAll(async () => {
  t = await createTestApp({ config: { tokenTtlSeconds: 90 * 24 * 3600, tokenIdleSeconds: 90 * 24 * 3600 } });
  const userId = async (username: string) =>
    (await t.db.select({ id: users.id }).from(users).where(eq(users.username, username)))[0].id;
  for (const u of ['agency', 'teacher', 'student', 'parent', 'tutor', 'other']) id[u] = await userId(u);
  id.student2 = await addUser(t, 'lesson-s2', '周同学', ['edu:agency:demo:student']);
  id.parent2 = await addUser(t, 'lesson-p2', '周同学家长', ['edu:parent']);
  id.teacher2 = await addUser(t, 'lesson-t2', '刘老师', ['edu:agency:demo:teacher']);
  id.trainAdmin = await addUser(t, 'lesson-ta', '训练管理员', ['edu:agency:demo:train:admin']);
  id.dual = await addUser(t, 'lesson-dual', '两机构老师', ['edu:agency:demo:teacher', 'edu:agency:other:admin']);
  id.otherStudent = await addUser(t, 'lesson-os', '外机构学生', ['edu:agency:other:student']);
  await t.db.insert(parentChildren).values({ parentId: id.parent2, childId: id.student2 });
  const [ev] = await t.db.select().from(classes).where(eq(classes.name, '英语提高班'));
  const [ord] = await t.db.select().from(classes).where(eq(classes.name, '初一（1）班'));
  eventClass = ev.id;
  ordinaryClass = ord.id;
  await t.db.insert(classMembers).values({ classId: eventClass, userId: id.student2 });
  // Another agency's tutoring class with a lesson of its own.
  const [oc] = await t.db
    .insert(classes)
    .values({ agencyId: 'other', kind: 'event', name: '外机构辅导班' })
    .returning({ id: classes.id });
  await t.db.insert(classTeachers).values({ classId: oc.id, userId: id.dual });
  await t.db.insert(classMembers).values({ classId: oc.id, userId: id.otherStudent });
  const [ol] = await t.db
    .insert(lessons)
    .values({
      agencyId: 'other',
      classId: oc.id,
      teacherId: id.dual,
      studentId: id.otherStudent,
      title: '外机构的课',
      startsAt: new Date(cst(3, 10)),
      minutes: 60,
    })
    .returning({ id: lessons.id });
  otherLesson = ol.id;
  const names = { student2: 'lesson-s2', parent2: 'lesson-p2', teacher2: 'lesson-t2', trainAdmin: 'lesson-ta' };
  for (const u of ['agency', 'teacher', 'student', 'parent', 'tutor', 'other']) tok[u] = await t.login(u);
  for (const [k, u] of Object.entries({ ...names, dual: 'lesson-dual' })) tok[k] = await t.login(u);
});
afterAll(() => t.close());

describe('scheduling', () => {
  it('offers the class teachers, the homework teachers of the agency and the members, to staff only', async () => {
    const o = expectOk(await call<LessonOptions>('GET', `/v1/lesson/options?classId=${eventClass}`, 'agency'));
    expect(o.teachers.map((p) => p.name).sort()).toEqual(['张老师', '王老师（作业批改）'].sort());
    expect(o.students.map((p) => p.name).sort()).toEqual(['周同学', '李小明'].sort());
    expectError(await call('GET', `/v1/lesson/options?classId=${eventClass}`, 'student'), 403);
    expectError(await call('GET', `/v1/lesson/options?classId=${eventClass}`, 'teacher2'), 404);
    expectError(await call('GET', `/v1/lesson/options?classId=${ordinaryClass}`, 'agency'), 404);
  });

  it('schedules one lesson and tells its teacher and student', async () => {
    const [l] = await schedule({ title: '第一课' });
    expect(l).toMatchObject({ status: 'scheduled', seriesId: null, viewerRole: 'observer', editable: true });
    expect(l).toMatchObject({ teacherName: '张老师', studentName: '李小明', className: '英语提高班' });
    const notes = async (who: string) =>
      expectOk(await t.call<Page<Notice>>('GET', '/v1/notice/list', { token: tok[who] })).list;
    const s = (await notes('student')).find((n) => n.kind === 'lesson_scheduled')!;
    expect(s).toMatchObject({ agencyId: 'demo', link: `/student/eventutor/index/${l.lessonId}` });
    expectLessonLink(s.link, l.lessonId, '/student/eventutor/index/:id');
    expect(s.body).toContain('2026-01-06 19:00（北京时间）');
    const tn = (await notes('teacher')).find((n) => n.kind === 'lesson_scheduled')!;
    // The teacher of the agency opens the lesson's room in the admin area, not the class's lessons (a class id).
    expect(tn.link).toBe(`/admin/eventutor/open/${l.lessonId}`);
    expectLessonLink(tn.link, l.lessonId, '/admin/eventutor/open/:id');
    expect(() =>
      expectLessonLink(`/admin/eventutor/index/${l.lessonId}`, l.lessonId, '/admin/eventutor/index/:id'),
    ).toThrow();
  });

  it('schedules a weekly series sharing the first lesson id', async () => {
    const series = await schedule({ title: '每周课', startsAt: cst(2, 19), weeks: 4 });
    expect(series.map((l) => l.startsAt)).toEqual([0, 1, 2, 3].map((w) => cst(2 + 7 * w, 19)));
    expect(new Set(series.map((l) => l.seriesId))).toEqual(new Set([series[0].lessonId]));
  });

  it('refuses an overlap of the teacher or of the student with 409 naming it', async () => {
    const r = await call(
      'PUT',
      '/v1/lesson',
      'agency',
      fields({ studentId: String(id.student2), startsAt: cst(1, 19, 30) }),
    );
    expectError(r, 409);
    expect(r.body.errmsg).toBe('张老师 在 2026-01-06 19:00（北京时间）已有课程「第一课」');
    const s = await call(
      'PUT',
      '/v1/lesson',
      'agency',
      fields({ teacherId: String(id.tutor), startsAt: cst(1, 18, 30) }),
    );
    expectError(s, 409);
    expect(s.body.errmsg).toContain('李小明 在 2026-01-06 19:00（北京时间）');
    // Back to back is no overlap.
    await schedule({ teacherId: String(id.tutor), startsAt: cst(1, 18), title: '紧挨着的课' });
  });

  it("links a homework teacher's notice to the lesson's room in the tutor's area", async () => {
    const own = (await list('tutor')).list.find((l) => l.title === '紧挨着的课')!;
    const notes = expectOk(await t.call<Page<Notice>>('GET', '/v1/notice/list', { token: tok.tutor })).list;
    const n = notes.find((x) => x.kind === 'lesson_scheduled' && x.link?.endsWith(`/${own.lessonId}`))!;
    expect(n.link).toBe(`/WTPteacher/webrtc/${own.lessonId}`);
    expectLessonLink(n.link, own.lessonId, '/WTPteacher/webrtc/:id');
  });

  it('books an hour once when two requests ask at the same time', async () => {
    const ask = () => call('PUT', '/v1/lesson', 'agency', fields({ startsAt: cst(6, 8), title: '抢时间' }));
    const answers = await Promise.all([ask(), ask()]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
  });

  it('schedules a series all or nothing', async () => {
    await schedule({ startsAt: cst(30, 10), title: '单独一节' });
    const before = (await list('tutor')).total;
    const r = await call(
      'PUT',
      '/v1/lesson',
      'agency',
      fields({ teacherId: String(id.tutor), startsAt: cst(16, 10), weeks: 3 }),
    );
    expectError(r, 409);
    expect(r.body.errmsg).toContain('2026-02-04 10:00（北京时间）已有课程「单独一节」');
    expect((await list('tutor')).total).toBe(before);
  });

  it('checks the class, the people, the time and the caller', async () => {
    expectError(await call('PUT', '/v1/lesson', 'agency', fields({ classId: String(ordinaryClass) })), 404);
    expectError(await call('PUT', '/v1/lesson', 'agency', fields({ teacherId: String(id.teacher2) })), 404);
    expectError(await call('PUT', '/v1/lesson', 'agency', fields({ studentId: String(id.otherStudent) })), 404);
    expectError(await call('PUT', '/v1/lesson', 'agency', fields({ teacherId: String(id.dual) })), 404);
    expectError(await call('PUT', '/v1/lesson', 'agency', fields({ startsAt: T0 - 2 * HOUR })), 400);
    expectError(await call('PUT', '/v1/lesson', 'agency', fields({ startsAt: T0 + 400 * DAY })), 400);
    expectError(await call('PUT', '/v1/lesson', 'agency', fields({ minutes: 10 })), 400);
    expectError(await call('PUT', '/v1/lesson', 'teacher', fields({ startsAt: cst(5, 8) })), 403);
    expectError(await call('PUT', '/v1/lesson', 'other', fields({ startsAt: cst(5, 8) }), 'other'), 404);
  });
});

describe('moving and cancelling', () => {
  let series: Lesson[];
  beforeAll(async () => {
    series = await schedule({ title: '调课系列', startsAt: cst(3, 8), weeks: 4, minutes: 45 });
  });

  it('moves one lesson, leaving the rest of its series', async () => {
    const r = expectOk(
      await call<Lesson[]>('POST', `/v1/lesson/${series[1].lessonId}`, 'agency', {
        title: '调课系列（改）',
        startsAt: cst(11, 9),
        minutes: 60,
        scope: 'one',
      }),
    );
    expect(r.map((l) => [l.lessonId, l.startsAt, l.minutes])).toEqual([[series[1].lessonId, cst(11, 9), 60]]);
    expect((await status(series[2].lessonId)).startsAt.getTime()).toBe(cst(17, 8));
    const n = expectOk(await t.call<Page<Notice>>('GET', '/v1/notice/list', { token: tok.student })).list;
    const moved = n.find((x) => x.kind === 'lesson_moved')!;
    expect(moved.body).toContain('改到 2026-01-16 09:00（北京时间）');
    expectLessonLink(moved.link, series[1].lessonId, '/student/eventutor/index/:id');
  });

  it('moves this lesson and the following ones by the same shift', async () => {
    const r = expectOk(
      await call<Lesson[]>('POST', `/v1/lesson/${series[2].lessonId}`, 'agency', {
        title: '调课系列',
        startsAt: cst(17, 9, 30),
        minutes: 45,
        scope: 'following',
      }),
    );
    expect(r.map((l) => l.startsAt)).toEqual([cst(17, 9, 30), cst(24, 9, 30)]);
    expect((await status(series[0].lessonId)).startsAt.getTime()).toBe(cst(3, 8));
    expect((await status(series[1].lessonId)).startsAt.getTime()).toBe(cst(11, 9));
  });

  it('refuses a move onto another lesson, and a caller who is not the agency admin', async () => {
    const body = { title: '撞课', startsAt: cst(1, 19), minutes: 30, scope: 'one' };
    expectError(await call('POST', `/v1/lesson/${series[0].lessonId}`, 'agency', body), 409);
    expectError(
      await call('POST', `/v1/lesson/${series[0].lessonId}`, 'teacher', { ...body, startsAt: cst(4, 8) }),
      403,
    );
    expectError(await call('POST', `/v1/lesson/${otherLesson}`, 'agency', { ...body, startsAt: cst(4, 8) }), 404);
  });

  it('cancels the following lessons, then one, and only scheduled ones', async () => {
    const r = expectOk(
      await call<Lesson[]>('POST', `/v1/lesson/${series[2].lessonId}/cancel`, 'agency', {
        reason: '学生请假',
        scope: 'following',
      }),
    );
    expect(r.map((l) => [l.lessonId, l.status, l.cancelReason])).toEqual([
      [series[2].lessonId, 'cancelled', '学生请假'],
      [series[3].lessonId, 'cancelled', '学生请假'],
    ]);
    expect((await status(series[0].lessonId)).status).toBe('scheduled');
    const one = expectOk(await call<Lesson[]>('POST', `/v1/lesson/${series[0].lessonId}/cancel`, 'agency', {}));
    expect(one.map((l) => l.status)).toEqual(['cancelled']);
    expectError(await call('POST', `/v1/lesson/${series[0].lessonId}/cancel`, 'agency', {}), 409);
    const move = { title: '不行', startsAt: cst(4, 8), minutes: 30, scope: 'one' };
    expectError(await call('POST', `/v1/lesson/${series[0].lessonId}`, 'agency', move), 409);
    const n = expectOk(await t.call<Page<Notice>>('GET', '/v1/notice/list', { token: tok.teacher })).list;
    const cancelled = n.find((x) => x.kind === 'lesson_cancelled' && x.body.includes('学生请假'))!;
    // The notice's subject is the lesson the change was made on (docs/notices.md).
    expectLessonLink(cancelled.link, series[2].lessonId, '/admin/eventutor/open/:id');
  });
});

describe('opening and closing', () => {
  it('opens from 30 minutes before the start until the end, for the lesson teacher only', async () => {
    const [l] = await schedule({ title: '今天的课', startsAt: t.clock.now() + 2 * HOUR, minutes: 45 });
    const open = (who: string) => call<Lesson>('POST', `/v1/lesson/${l.lessonId}/open`, who);
    const early = await open('teacher');
    expectError(early, 409);
    expect(early.body.errmsg).toContain('开课前 30 分钟起可以进入');
    t.clock.set(l.startsAt - 31 * MIN);
    expectError(await open('teacher'), 409);
    t.clock.set(l.startsAt - 30 * MIN);
    expectError(await open('student'), 403);
    expectError(await open('agency'), 403);
    expectError(await open('parent'), 403);
    expectError(await open('teacher2'), 404);
    expectError(await open('student2'), 404);
    expect(expectOk(await open('teacher'))).toMatchObject({ status: 'live', viewerRole: 'teacher' });
    expect(expectOk(await open('teacher')).status).toBe('live');
    const close = (who: string) => call<Lesson>('POST', `/v1/lesson/${l.lessonId}/close`, who);
    expectError(await close('student'), 403);
    expectError(await close('teacher2'), 404);
    t.clock.advance(40 * MIN);
    expect(expectOk(await close('teacher')).status).toBe('ended');
    expect(await status(l.lessonId)).toMatchObject({ status: 'ended', endedBy: 'teacher' });
    expect(expectOk(await close('teacher')).status).toBe('ended');
    expectError(await open('teacher'), 409);
    expectError(await call('POST', `/v1/lesson/${l.lessonId}/cancel`, 'agency', {}), 409);
  });

  it('refuses to open after the scheduled end, and to close a lesson not opened', async () => {
    const [l] = await schedule({ title: '错过的课', startsAt: t.clock.now() + HOUR, minutes: 30 });
    expectError(await call('POST', `/v1/lesson/${l.lessonId}/close`, 'teacher'), 409);
    t.clock.set(l.startsAt + 30 * MIN);
    const r = await call('POST', `/v1/lesson/${l.lessonId}/open`, 'teacher');
    expectError(r, 409);
    expect(r.body.errmsg).toContain('计划下课时间已过');
  });

  it('ends a lesson left open 30 minutes after its scheduled end, by the sweep', async () => {
    const [l] = await schedule({ title: '忘了下课', startsAt: t.clock.now() + 10 * MIN, minutes: 30 });
    const [missed] = await schedule({ title: '没上的课', startsAt: t.clock.now() + 2 * HOUR, minutes: 30 });
    expectOk(await call('POST', `/v1/lesson/${l.lessonId}/open`, 'teacher'));
    t.clock.set(l.startsAt + 30 * MIN + 29 * MIN);
    expect(await t.app.services.lessons.sweep()).toBe(0);
    expect((await status(l.lessonId)).status).toBe('live');
    t.clock.advance(MIN);
    const seen: unknown[] = [];
    t.app.services.lessons.onStatus = (e) => seen.push(e);
    expect(await t.app.services.lessons.sweep()).toBe(1);
    t.app.services.lessons.onStatus = undefined;
    expect(seen).toEqual([{ agencyId: 'demo', lessonId: Number(l.lessonId), status: 'ended' }]);
    expect(await status(l.lessonId)).toMatchObject({ status: 'ended', endedBy: 'auto' });
    t.clock.set(missed.startsAt + DAY);
    expect(await t.app.services.lessons.sweep()).toBe(0);
    expect((await status(missed.lessonId)).status).toBe('scheduled');
  });
});

describe('lists', () => {
  let live: Lesson;
  let mine2: Lesson;
  beforeAll(async () => {
    [live] = await schedule({ title: '正在上的课', startsAt: t.clock.now() + 5 * MIN, minutes: 60 });
    expectOk(await call('POST', `/v1/lesson/${live.lessonId}/open`, 'teacher'));
    [mine2] = await schedule({ studentId: String(id.student2), title: '周同学的课', startsAt: t.clock.now() + DAY });
  });

  /** Live first, then the scheduled ones still to end (next first), then the rest latest first. */
  const expectOrdered = (rows: Lesson[]) => {
    const now = t.clock.now();
    const group = (l: Lesson) =>
      l.status === 'live' ? 0 : l.status === 'scheduled' && l.startsAt + l.minutes * MIN > now ? 1 : 2;
    for (let i = 1; i < rows.length; i++) {
      const [a, b] = [rows[i - 1], rows[i]];
      expect(group(a)).toBeLessThanOrEqual(group(b));
      if (group(a) === group(b) && group(a) === 1) expect(a.startsAt).toBeLessThanOrEqual(b.startsAt);
      if (group(a) === group(b) && group(a) === 2) expect(a.startsAt).toBeGreaterThanOrEqual(b.startsAt);
    }
    expect(new Set(rows.map(group))).toEqual(new Set([0, 1, 2]));
  };

  it('shows agency staff every lesson of the agency, in order', async () => {
    const all = await list('agency');
    const count = (await t.db.select().from(lessons).where(eq(lessons.agencyId, 'demo'))).length;
    expect(all.total).toBe(count);
    expect(all.list[0].lessonId).toBe(live.lessonId);
    expectOrdered(all.list);
    expect(new Set(all.list.map((l) => l.viewerRole))).toEqual(new Set(['observer']));
    const ta = await list('trainAdmin');
    expect(ta.list.map((l) => l.lessonId)).toEqual(all.list.map((l) => l.lessonId));
    expect(ta.list.every((l) => !l.editable)).toBe(true);
    expect(all.list.filter((l) => l.status === 'scheduled').every((l) => l.editable)).toBe(true);
  });

  it('shows the student, the parent, the teachers only their own', async () => {
    const s = await list('student');
    expect(s.list.every((l) => l.studentId === String(id.student) && l.viewerRole === 'student')).toBe(true);
    expectOrdered(s.list);
    const p = await list('parent');
    expect(p.list.map((l) => l.lessonId)).toEqual(s.list.map((l) => l.lessonId));
    expect(p.list.every((l) => l.viewerRole === 'parent')).toBe(true);
    expect((await list('student2')).list.map((l) => l.lessonId)).toEqual([mine2.lessonId]);
    expect((await list('parent2')).list.map((l) => l.lessonId)).toEqual([mine2.lessonId]);
    const teacher = await list('teacher');
    expect(teacher.list.every((l) => l.teacherId === String(id.teacher) && l.viewerRole === 'teacher')).toBe(true);
    expect(teacher.list.map((l) => l.lessonId)).toContain(mine2.lessonId);
    const tutor = await list('tutor');
    expect(tutor.total).toBe(1);
    expect(tutor.list[0]).toMatchObject({ title: '紧挨着的课', viewerRole: 'teacher' });
    expect((await list('teacher2')).total).toBe(0);
    expect((await list('dual')).total).toBe(0);
    expect((await list('other', '', 'other')).list.map((l) => l.lessonId)).toEqual([String(otherLesson)]);
  });

  it('filters by status and class, and pages', async () => {
    const cancelled = await list('agency', '&status=cancelled');
    expect(cancelled.total).toBeGreaterThan(0);
    expect(cancelled.list.every((l) => l.status === 'cancelled')).toBe(true);
    expect((await list('agency', `&classId=${ordinaryClass}`)).total).toBe(0);
    const page = expectOk(await call<Page<Lesson>>('GET', '/v1/lesson/list?start=1&size=2', 'agency'));
    expect(page.list.map((l) => l.lessonId)).toEqual((await list('agency')).list.slice(1, 3).map((l) => l.lessonId));
  });

  it('answers a week window by start, up to 62 days', async () => {
    const w = await list('agency', `&from=${cst(1, 0)}&to=${cst(8, 0)}`);
    expect(w.list.length).toBeGreaterThan(2);
    expect(w.list.every((l) => l.startsAt >= cst(1, 0) && l.startsAt < cst(8, 0))).toBe(true);
    expect(w.list.map((l) => l.startsAt)).toEqual([...w.list.map((l) => l.startsAt)].sort((a, b) => a - b));
    const s = await list('student', `&from=${cst(1, 0)}&to=${cst(8, 0)}`);
    expect(s.list.every((l) => l.studentId === String(id.student))).toBe(true);
    const long = await call('GET', `/v1/lesson/list?from=${cst(0, 0)}&to=${cst(63, 0)}`, 'agency');
    expectError(long, 400);
    expect(long.body.errmsg).toContain('查询时间范围不能超过 62 天');
    expectError(await call('GET', `/v1/lesson/list?from=${cst(0, 0)}`, 'agency'), 400);
    expectError(await call('GET', `/v1/lesson/list?from=${cst(2, 0)}&to=${cst(1, 0)}`, 'agency'), 400);
  });
});

describe('who reaches a lesson', () => {
  let own: Lesson;
  let other: Lesson;
  beforeAll(async () => {
    [own] = await schedule({ title: '李小明的课', startsAt: t.clock.now() + 3 * DAY });
    [other] = await schedule({
      title: '周同学另一节',
      studentId: String(id.student2),
      startsAt: t.clock.now() + 4 * DAY,
    });
    await t.db.insert(lessonPresence).values({
      lessonId: Number(own.lessonId),
      userId: id.student,
      role: 'student',
      joinedAt: new Date(t.clock.now()),
    });
  });
  const get = (who: string, lessonId: string | number, agency = 'demo') =>
    call<LessonDetail>('GET', `/v1/lesson/${lessonId}`, who, undefined, agency);

  it('answers the participants, the staff and the linked parent with their part', async () => {
    const detail = expectOk(await get('student', own.lessonId));
    expect(detail).toMatchObject({ viewerRole: 'student', editable: false });
    expect(detail.presence).toEqual([
      { userId: String(id.student), name: '李小明', role: 'student', joinedAt: t.clock.now(), leftAt: null },
    ]);
    expect(expectOk(await get('teacher', own.lessonId)).viewerRole).toBe('teacher');
    expect(expectOk(await get('parent', own.lessonId)).viewerRole).toBe('parent');
    expect(expectOk(await get('trainAdmin', own.lessonId)).viewerRole).toBe('observer');
    expect(expectOk(await get('agency', own.lessonId))).toMatchObject({ viewerRole: 'observer', editable: true });
    expect(expectOk(await get('parent2', other.lessonId)).viewerRole).toBe('parent');
    expect(expectOk(await get('other', otherLesson, 'other')).viewerRole).toBe('observer');
  });

  it('answers 404 to everyone else', async () => {
    expectError(await get('student2', own.lessonId), 404); // another lesson's participant
    expectError(await get('student', other.lessonId), 404);
    expectError(await get('parent2', own.lessonId), 404); // a parent of another child
    expectError(await get('parent', other.lessonId), 404);
    expectError(await get('teacher2', own.lessonId), 404); // a teacher of the agency, not of this lesson
    expectError(await get('tutor', own.lessonId), 404);
    expectError(await get('other', own.lessonId, 'other'), 404); // another agency
    expectError(await get('agency', otherLesson), 404);
    expectError(await get('dual', own.lessonId, 'other'), 404); // two agencies, acting in the wrong one
    expectError(await get('dual', otherLesson, 'demo'), 404);
    expectError(await get('agency', 'abc'), 404);
    expectError(await get('agency', '999999999'), 404);
    expectError(await call('POST', `/v1/lesson/${otherLesson}/open`, 'dual'), 404);
    expectError(await call('POST', `/v1/lesson/${own.lessonId}/cancel`, 'other', {}, 'other'), 404);
    // A student naming an agency it may not act in is refused before any lesson is looked up.
    expectError(await get('student', own.lessonId, 'other'), 403);
  });

  it('gives the same seats to the socket through LessonAccess', async () => {
    const access = t.app.services.lessonAccess;
    const user = (k: string, roles: string[]) => ({ id: id[k], roles });
    expect(
      (await access.seatOf(user('dual', ['edu:agency:demo:teacher', 'edu:agency:other:admin']), 'other', otherLesson))
        ?.role,
    ).toBe('teacher');
    expect(
      await access.seatOf(user('dual', ['edu:agency:demo:teacher', 'edu:agency:other:admin']), 'demo', otherLesson),
    ).toBeNull();
    expect((await access.seatOf(user('parent', ['edu:parent']), 'demo', Number(own.lessonId)))?.role).toBe('parent');
    // A student who left the agency no longer takes part.
    expect(await access.seatOf(user('student', []), 'demo', Number(own.lessonId))).toBeNull();
    const seat = await access.seatOf(user('teacher', ['edu:agency:demo:teacher']), 'demo', Number(own.lessonId));
    expect(seat?.lesson).toMatchObject({
      id: Number(own.lessonId),
      agencyId: 'demo',
      status: 'scheduled',
      minutes: 60,
    });
    expect(seat?.lesson.startsAt).toBeInstanceOf(Date);
  });
});
