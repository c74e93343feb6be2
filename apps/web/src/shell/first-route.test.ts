// The first route of a load (docs/web.md "Route preloading"): its read starts at once, and it settles only once
// its layout's and page's chunks are in, and the part its read calls for (the do-page's for anything but a running
// paper); a user who must change their password gets nothing started; a route of a lazily loaded table (the
// admin's) is found and started too.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { GraphDetail } from '@edu/contract';
import { createQueryClient } from '../app/providers';
import type { LazyPage } from '../app/lazy-page';
import { STUDENT_ROUTES } from '../areas/student/routes';
import { loginInfo } from '../test/fixtures';
import { makeSession } from '../test/render';
import { stem, STUDENT, training } from '../test/trainings';
import { TrainingOther } from '../areas/student/train/parts';
import { firstRoute } from './first-route';
import { LAYOUTS } from './layouts';
import { matchRouteDef } from './route-preload';

afterEach(() => {
  vi.restoreAllMocks();
});

const DO_PATH = '/student/train/t1/do';
const doPage = () => matchRouteDef(STUDENT_ROUTES, DO_PATH)!.def.page as LazyPage;

describe('firstRoute', () => {
  it("starts the page's read at once and settles once the layout's and the page's chunks are in", async () => {
    const { session, calls } = await makeSession(loginInfo(STUDENT), { 'GET /v1/train/t1': training() });
    let layoutIn: () => void = () => undefined;
    const layout = vi
      .spyOn(LAYOUTS.student.Layout, 'preload')
      .mockReturnValue(new Promise<void>((resolve) => (layoutIn = resolve)));
    const page = vi.spyOn(doPage(), 'preload');
    let settled = false;
    const started = firstRoute(session, createQueryClient(), DO_PATH).then(() => (settled = true));
    await vi.waitFor(() => expect(calls.filter((c) => c.path === '/v1/train/t1')).toHaveLength(1));
    await page.mock.results[0].value;
    expect(layout).toHaveBeenCalledTimes(1);
    expect(settled).toBe(false);
    layoutIn();
    await started;
    expect(settled).toBe(true);
  });

  it("loads the do-page's other part for a general training before it settles, not for a running paper", async () => {
    const general = await makeSession(loginInfo(STUDENT), { 'GET /v1/train/t1': training() });
    const part = vi.spyOn(TrainingOther, 'preload');
    await firstRoute(general.session, createQueryClient(), DO_PATH);
    expect(part).toHaveBeenCalledTimes(1);
    await part.mock.results[0].value;

    part.mockClear();
    const running = training({
      type: 'paper',
      judgeWay: null,
      question: null,
      paper: { questions: [stem('q1')], answers: {} },
    });
    const paper = await makeSession(loginInfo(STUDENT), { 'GET /v1/train/t1': running });
    await firstRoute(paper.session, createQueryClient(), DO_PATH);
    expect(part).not.toHaveBeenCalled();
  });

  it('starts nothing for a user who must change their password', async () => {
    const { session, calls } = await makeSession(loginInfo(STUDENT, ['demo'], { mustChangePassword: true }));
    const layout = vi.spyOn(LAYOUTS.student.Layout, 'preload');
    const page = vi.spyOn(doPage(), 'preload');
    await firstRoute(session, createQueryClient(), DO_PATH);
    expect(layout).not.toHaveBeenCalled();
    expect(page).not.toHaveBeenCalled();
    expect(calls.filter((c) => c.path.startsWith('/v1/train'))).toHaveLength(0);
  });

  it("finds a route of the admin's lazy table and starts its read", async () => {
    const detail: GraphDetail = {
      group: {
        id: '7',
        name: '初中英语时态',
        subjectId: 'en',
        gradeId: null,
        description: '',
        sort: 1,
        itemCount: 0,
        edgeCount: 0,
        createTime: 0,
        lastUpdate: 0,
      },
      items: [],
      edges: [],
    };
    const { session, calls } = await makeSession(loginInfo(['edu:knowledgraph:admin']), {
      'GET /v1/knowledgraph/group/7': detail,
    });
    const layout = vi.spyOn(LAYOUTS.admin.Layout, 'preload');
    await firstRoute(session, createQueryClient(), '/admin/knowledgraph/group/7/items');
    expect(layout).toHaveBeenCalledTimes(1);
    expect(calls.filter((c) => c.path === '/v1/knowledgraph/group/7')).toHaveLength(1);
  });
});
